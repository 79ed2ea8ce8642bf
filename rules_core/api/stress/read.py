"""Reading the stress calculators' input: boxes, slots and tracks, checked once.

Rules: docs/gauntlet-forge/stress-and-wounds.md#wound-boxes (six boxes a
slot), docs/gauntlet-forge/stress-and-wounds.md#conditions-wiki (six
condition slots) and docs/edgerunner/stress.md#taking-a-hit (a track, its
consequences, a defense's threshold).

* :data:`MAX_STRESS` — the most stress (or shifts) one calculation takes.
* ``_read_wounds``, ``_read_track``, ``_flags`` — the wound boxes, a track,
  a row of true/false boxes or slots.
* ``_defense`` — the threshold a defense action sets, less the range.
* ``_index``, ``_number`` — box and slot numbers (the API counts from 1).
"""
from __future__ import annotations

from ... import tracks, wounds
from ...boosts import CONSEQUENCES
from ...errors import RulesError
from .. import fields as f

__docformat__ = "google"

MAX_STRESS = 99


def _flags(value, key: str, what: str, size: int) -> tuple[bool, ...]:
    if value is None:
        return (False,) * size
    if not isinstance(value, list) or len(value) != size or not all(isinstance(v, bool) for v in value):
        raise RulesError(f"{what} must be a list of {size} true/false values.", field=key, code="invalid")
    return tuple(value)


def _index(number: int | None) -> int | None:
    """A box or slot number as the API takes it (1 is the first) → its position in the rules' tuples."""
    return None if number is None else number - 1


def _number(index: int | None) -> int | None:
    """A position in the rules' tuples → the box or slot number the API gives (1 is the first)."""
    return None if index is None else index + 1


def _read_wounds(p: dict) -> wounds.Wounds:
    raw = f.mapping(p, "wounds", "The wound boxes", default={})
    with f.within("wounds"):
        f.only(raw, *wounds.SLOTS)
        return wounds.Wounds(**{
            slot: _flags(raw.get(slot), slot, f"The {slot} boxes", len(wounds.BOXES)) for slot in wounds.SLOTS
        })


def _read_track(p: dict) -> tracks.Track:
    raw = f.mapping(p, "track", "The track")
    with f.within("track"):
        f.only(raw, "name", "threshold", "marked", "consequences", "taken")
        threshold = f.integer(raw, "threshold", "The threshold", low=0, high=50)
        marked = {
            f.check_integer(box, "A marked box", field=f"marked[{i}]", low=1, high=MAX_STRESS)
            for i, box in enumerate(f.sequence(raw, "marked", "The marked boxes", default=[], max_length=100))
        }
        values = dict(CONSEQUENCES)
        overrides = f.mapping(raw, "consequences", "The consequence values", default={})
        for name, value in overrides.items():
            f.name_in(name, CONSEQUENCES, "A consequence slot", field=f"consequences.{name}")
            values[name] = f.check_integer(value, f"The {name} consequence", field=f"consequences.{name}", low=1, high=20)
        taken = f.sequence(raw, "taken", "The consequences taken", default=[], max_length=3)
        for i, name in enumerate(taken):
            f.name_in(name, CONSEQUENCES, "A consequence slot", field=f"taken[{i}]")
    return tracks.Track(threshold, frozenset(marked), tuple(values.items()), frozenset(taken))


def _defense(p: dict) -> int | None:
    defense = f.optional_integer(p, "defense_shifts", "The defense shifts", low=-20, high=60)
    if defense is None:
        f.optional_integer(p, "range", "The range", low=0, high=50)  # unused, but a bad one is still said
        return None
    distance = f.integer(p, "range", "The range", low=0, high=50, default=0)
    return tracks.defense_threshold(defense, distance)
