"""Edgerunner maneuvers: placing an aspect, and its free invokes.

Rules: docs/edgerunner/conflicts.md#maneuver. The target number is 0: with 0 shifts the aspect is
placed with no free invoke; the first shift buys one, two more a second, three
more a third (1 / 3 / 6 shifts). The free invokes are also the new aspect's
stress boxes. A roll of −1 or less places nothing.

>>> [free_invokes(s) for s in (0, 1, 2, 3, 5, 6, 9)]
[0, 1, 1, 2, 2, 3, 3]
"""
from __future__ import annotations

__docformat__ = "google"

STEPS = (1, 3, 6)
"""Shifts needed for the first, second and third free invoke."""


def placed(shifts: int, /) -> bool:
    """The aspect is placed with 0 shifts or more."""
    return shifts >= 0


def free_invokes(shifts: int, /) -> int:
    """Free invokes (and stress boxes) a maneuver of ``shifts`` buys."""
    return sum(shifts >= step for step in STEPS)
