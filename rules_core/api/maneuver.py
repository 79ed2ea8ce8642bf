"""Calculator for maneuver free invokes (docs/edgerunner/conflicts.md#maneuver)."""
from __future__ import annotations

from .. import maneuver
from . import fields as f


def free_invokes(p: dict) -> dict:
    """Input: ``shifts`` (−20…99). Output: ``placed``, ``free_invokes``, ``stress_boxes``."""
    f.only(p, "shifts")
    shifts = f.integer(p, "shifts", "The shifts", low=-20, high=99)
    n = maneuver.free_invokes(shifts)
    return {"placed": maneuver.placed(shifts), "free_invokes": n, "stress_boxes": n}


CALCULATORS = {
    "maneuver.free_invokes": free_invokes,
}
"""This module's calculators (name → handler); :mod:`rules_core.api` gathers every module's."""
