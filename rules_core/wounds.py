"""Gauntlet Forge wound boxes (editions ``2023`` and ``2022``).

Rules: docs/gauntlet-forge/stress-and-wounds.md#wound-boxes.

* Three wound slots — physical, mental, social — each with six stress boxes of
  capacity 1, 1, 1, 2, 2, 3.
* Suffering *s* stress of a type marks **one** empty box of that slot with
  capacity ≥ *s*; stress is never split. Ruling: the lowest such box, unless
  the player picks a larger empty one.
* A slot's severity is the capacity of its highest marked box: none, minor,
  moderate, major.
* No box can take it (*s* ≥ 4, or the fitting boxes are full): spend Favor equal
  to *s* for a new trait of rating *s* that absorbs it. Without the Favor the
  character is overwhelmed; outside a conflict, they retire. Ruling: in a
  conflict they retire too, at once, and so leave it (their team's morale
  drops as for anyone leaving: the morale tracker's ``overwhelmed`` event).
* In a conflict, after gaining that trait: surrender or enter the Last Stand.
* In a Last Stand — ``2023``: no fitting box means the character perishes;
  ``2022``: any stress at all means they perish.

>>> w = Wounds()
>>> r = absorb(w, 2, "physical", favor=0)
>>> r.outcome, r.box, r.wounds.severity("physical")
('marked', 3, 2)
>>> absorb(w, 4, "mental", favor=5, in_conflict=True).choice
('surrender', 'last_stand')
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .editions import EDITIONS as ALL_EDITIONS
from .editions import WIKI
from .errors import RulesError

__docformat__ = "google"

EDITIONS = tuple(e for e in ALL_EDITIONS if e != WIKI)
"""Wound boxes exist in 2023 and 2022 (the wiki uses conditions)."""
SLOTS = ("physical", "mental", "social")
BOXES = (1, 1, 1, 2, 2, 3)
"""Capacities of the six boxes of every slot, in order."""
SEVERITIES = ("none", "minor", "moderate", "major")
CHOICE = ("surrender", "last_stand")

_EMPTY = (False,) * len(BOXES)


@dataclass(frozen=True, slots=True)
class Wounds:
    """Which boxes are marked, per slot (a tuple of six booleans each)."""

    physical: tuple[bool, ...] = _EMPTY
    mental: tuple[bool, ...] = _EMPTY
    social: tuple[bool, ...] = _EMPTY

    def slot(self, slot: str) -> tuple[bool, ...]:
        """The boxes of ``slot`` (one of :data:`SLOTS`: the boundary checked it)."""
        return getattr(self, slot)

    def mark(self, slot: str, box: int) -> Wounds:
        boxes = list(self.slot(slot))
        boxes[box] = True
        return replace(self, **{slot: tuple(boxes)})

    def severity(self, slot: str) -> int:
        """Capacity of the highest marked box of the slot: 0 none … 3 major."""
        return max((cap for cap, m in zip(BOXES, self.slot(slot)) if m), default=0)

    def fitting_boxes(self, slot: str, stress: int) -> list[int]:
        """Empty boxes (indices 0–5) of the slot that can take ``stress``, lowest first."""
        return [i for i, (cap, m) in enumerate(zip(BOXES, self.slot(slot))) if not m and cap >= stress]


@dataclass(frozen=True, slots=True)
class WoundResult:
    """What suffering stress did.

    ``outcome`` is one of:

    * ``"none"`` — no stress, nothing happens;
    * ``"marked"`` — box ``box`` (0–5) of the slot took it;
    * ``"trait"`` — no box fits, Favor ``favor_spent`` bought a trait of rating
      ``trait``; in a conflict ``choice`` is then surrender or Last Stand;
    * ``"overwhelmed"`` — no box fits and too little Favor (in a conflict);
    * ``"retired"`` — the same outside a conflict;
    * ``"perishes"`` — the Last Stand ends in death (or exile, madness, …).
    """

    outcome: str
    slot: str
    stress: int
    box: int | None
    absorbed: int
    trait: int
    favor_spent: int
    choice: tuple[str, ...]
    wounds: Wounds
    alternatives: tuple[int, ...]
    """Other empty boxes that could take the stress instead of ``box``."""

    @property
    def unabsorbed(self) -> int:
        return self.stress - self.absorbed - self.trait


def absorb(
    wounds: Wounds,
    stress: int,
    slot: str,
    *,
    favor: int = 0,
    in_conflict: bool = True,
    last_stand: bool = False,
    edition: str = "2023",
    box: int | None = None,
) -> WoundResult:
    """Suffer ``stress`` of type ``slot``.

    Rule: stress.wounds.

    Args:
        wounds: The boxes already marked.
        stress: Stress suffered, 0 or more.
        slot: ``"physical"``, ``"mental"`` or ``"social"``.
        favor: Favor the character can spend.
        in_conflict: Whether this happens in a conflict.
        last_stand: Whether the character is in their Last Stand (conflict only).
        edition: ``"2023"`` (default) or ``"2022"``.
        box: Mark this empty box (0–5) instead of the lowest that fits.

    ``slot`` and ``edition`` are trusted (checked once, in
    :mod:`rules_core.api.stress`); what is checked here are rules: a Last
    Stand only in a conflict, a chosen box that can take the stress.
    """
    if last_stand and not in_conflict:
        raise RulesError("A Last Stand only happens in a conflict.", field="last_stand", code="invalid")
    fitting = wounds.fitting_boxes(slot, stress)
    if box is not None and box not in fitting:
        raise RulesError(
            f"Box {box + 1} can't take {stress} stress: pick an empty box of capacity {stress} or more.",
            field="box", code="invalid",
        )

    def result(outcome, *, at=None, absorbed=0, trait=0, spent=0, choice=(), after=wounds):
        others = tuple(i for i in fitting if i != at) if at is not None else ()
        return WoundResult(outcome, slot, stress, at, absorbed, trait, spent, choice, after, others)

    if stress == 0:
        return result("none")
    if last_stand and edition == "2022":
        return result("perishes")
    if fitting:
        at = fitting[0] if box is None else box
        return result("marked", at=at, absorbed=stress, after=wounds.mark(slot, at))
    if last_stand:
        return result("perishes")
    if favor >= stress:
        return result("trait", trait=stress, spent=stress, choice=CHOICE if in_conflict else ())
    return result("overwhelmed" if in_conflict else "retired")
