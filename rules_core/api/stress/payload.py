"""The stress calculators' results as plain data (what the page draws).

Rules: docs/gauntlet-forge/stress-and-wounds.md#wound-boxes (a slot's
severity) and docs/edgerunner/stress.md#taking-a-hit (a hit on a track).
The Edgerunner board writes its hits the same way (:func:`_hit_payload`).
"""
from __future__ import annotations

from ... import tracks, wounds
from ...boosts import CONSEQUENCES
from .words import _hit_message

__docformat__ = "google"


def _wounds_payload(w: wounds.Wounds) -> dict:
    return {slot: list(w.slot(slot)) for slot in wounds.SLOTS}


def _severity_payload(w: wounds.Wounds) -> dict:
    return {
        slot: {"level": w.severity(slot), "name": wounds.SEVERITIES[w.severity(slot)]}
        for slot in wounds.SLOTS
    }


def _track_payload(t: tracks.Track) -> dict:
    return {
        "threshold": t.threshold,
        "marked": sorted(t.marked),
        "consequences": dict(t.consequences),
        "taken": [c for c in CONSEQUENCES if c in t.taken],
    }


def _hit_payload(r: tracks.HitResult) -> dict:
    return {
        "shifts": r.shifts,
        "stress": r.stress,
        "consequences": list(r.consequences),
        "invokes": r.invokes,
        "threshold": r.threshold,
        "box": r.box,
        "would_mark": r.would_mark,
        "rolled_up_from": r.rolled_up_from,
        "taken_out": r.taken_out,
        "message": _hit_message(r),
        "track": _track_payload(r.track),
    }


def _boxes_payload(track: tracks.Track, r: tracks.HitResult) -> list[dict]:
    """The boxes a sheet shows for a hit: up to the threshold in force, the track's own and its highest
    mark. A box above the threshold in force can't be marked by a hit (docs/edgerunner/stress.md#taking-a-hit)."""
    count = max(track.threshold, r.threshold, *track.marked, 0)
    return [
        {"box": n, "marked": n in track.marked, "above": n > r.threshold, "target": n == r.box}
        for n in range(1, count + 1)
    ]
