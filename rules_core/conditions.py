"""Gauntlet Forge ``wiki`` edition: stress into condition slots.

Rules: docs/gauntlet-forge/stress-and-wounds.md#conditions-wiki.

* Six condition slots of any type, rated 1, 1, 1, 2, 2, 3.
* Suffering *s* stress takes a condition into an empty slot rated ≥ *s*
  (Ruling: the lowest such slot unless the player picks another; seed 004: 2
  stress may go into a 2 or a 3). The condition's rating is the slot's.
* No slot is big enough: the largest empty slot absorbs its rating and the
  rest becomes a new (or replaced) trait of rating *s* − that rating; with no
  empty slot at all the trait takes all *s*. Then: surrender or Last Stand.
* In a Last Stand, any stress means perishing.

>>> r = absorb(Conditions(), 2)
>>> r.outcome, r.slot, r.rating
('condition', 3, 2)
>>> r = absorb(Conditions(), 5)
>>> r.outcome, r.rating, r.trait, r.choice
('overflow', 3, 2, ('surrender', 'last_stand'))
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import RulesError

__docformat__ = "google"

RATINGS = (1, 1, 1, 2, 2, 3)
"""Ratings of the six condition slots, in order."""
CHOICE = ("surrender", "last_stand")


@dataclass(frozen=True, slots=True)
class Conditions:
    """Which of the six slots hold a condition."""

    filled: tuple[bool, ...] = (False,) * len(RATINGS)

    def fill(self, slot: int) -> Conditions:
        return Conditions(tuple(f or i == slot for i, f in enumerate(self.filled)))

    def empty_slots(self) -> list[int]:
        return [i for i, f in enumerate(self.filled) if not f]


@dataclass(frozen=True, slots=True)
class ConditionResult:
    """What suffering stress did.

    ``outcome``: ``"none"`` (no stress), ``"condition"`` (slot ``slot`` took it
    all), ``"overflow"`` (slot ``slot`` took its rating, a trait the rest),
    ``"trait"`` (no empty slot: a trait took it all) or ``"perishes"``.
    """

    outcome: str
    stress: int
    slot: int | None
    rating: int
    absorbed: int
    trait: int
    choice: tuple[str, ...]
    conditions: Conditions
    alternatives: tuple[int, ...]

    @property
    def unabsorbed(self) -> int:
        return self.stress - self.absorbed - self.trait


def absorb(conditions: Conditions, stress: int, *, last_stand: bool = False, slot: int | None = None) -> ConditionResult:
    """Suffer ``stress`` in the wiki edition.

    Rule: stress.conditions.

    Args:
        conditions: The slots already filled.
        stress: Stress suffered, 0 or more.
        last_stand: Whether the participant is in their Last Stand.
        slot: Put the condition in this empty slot (0–5) rather than the lowest that fits.
    """
    empty = conditions.empty_slots()
    fitting = [i for i in empty if RATINGS[i] >= stress]
    if slot is not None and slot not in fitting:
        raise RulesError(
            f"Slot {slot + 1} can't take {stress} stress: pick an empty slot rated {stress} or more.",
            field="slot", code="invalid",
        )
    if stress == 0:
        return ConditionResult("none", 0, None, 0, 0, 0, (), conditions, ())
    if last_stand:
        return ConditionResult("perishes", stress, None, 0, 0, 0, (), conditions, ())
    if fitting:
        at = fitting[0] if slot is None else slot
        others = tuple(i for i in fitting if i != at)
        return ConditionResult("condition", stress, at, RATINGS[at], stress, 0, (), conditions.fill(at), others)
    if empty:
        at = max(empty, key=lambda i: (RATINGS[i], -i))
        rating = RATINGS[at]
        return ConditionResult("overflow", stress, at, rating, rating, stress - rating, CHOICE, conditions.fill(at), ())
    return ConditionResult("trait", stress, None, 0, 0, stress, CHOICE, conditions, ())
