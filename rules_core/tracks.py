"""Edgerunner stress tracks: Cool, Humanity, Reputation.

Rules: docs/edgerunner/stress.md#taking-a-hit.

* Each track has a **threshold** (entered by the reader: character creation
  gives 2 + the track's stress skill, the stress-track page says 0) and boxes
  numbered 1, 2, 3, …
* A hit of *n* shifts may first be reduced: each **consequence** taken absorbs
  its value (mild 1, moderate 2, severe 4 by default, each slot once, upgrades
  may raise them); each aspect **invoked** takes off 2.
* What remains, *m* ≥ 1, marks box *m*. Ruling (Fate heritage): if box *m* is
  already marked, the next higher unmarked box is marked instead ("roll-up").
* If that box is above the threshold, the character is **taken out** and the
  box is not marked.
* A **defense** replaces the threshold with its shifts (minus range) while it is
  continued; boxes already marked above a lowered threshold stay marked.
* **Recovery**: clearing box *k* costs *k* shifts; any set of marked boxes whose
  numbers sum to no more than the shifts may be cleared. Consequences stay.

>>> t = Track(threshold=3, marked=frozenset({2}))
>>> r = hit(t, 2)
>>> r.box, r.rolled_up_from, r.taken_out
(3, 2, False)
>>> hit(r.track, 2).taken_out        # 2 rolls up past 3: out
True
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .boosts import CONSEQUENCES, INVOKE_VALUE, Cover, cover
from .errors import RulesError, shown

__docformat__ = "google"

TRACKS = ("cool", "humanity", "reputation")


@dataclass(frozen=True, slots=True)
class Track:
    """One stress track.

    Attributes:
        threshold: The highest box that can be marked.
        marked: Numbers of the marked boxes.
        consequences: Value of every consequence slot (overridable for upgrades).
        taken: Consequence slots already taken (each slot once).
    """

    threshold: int = 2
    marked: frozenset[int] = frozenset()
    consequences: tuple[tuple[str, int], ...] = tuple(CONSEQUENCES.items())
    taken: frozenset[str] = frozenset()

    def value(self, consequence: str) -> int:
        return dict(self.consequences)[consequence]

    def free_consequences(self) -> dict[str, int]:
        return {name: v for name, v in self.consequences if name not in self.taken}

    def box_for(self, stress: int) -> int:
        """The box ``stress`` would mark: box ``stress`` or the next unmarked above it."""
        box = stress
        while box in self.marked:
            box += 1
        return box


@dataclass(frozen=True, slots=True)
class HitResult:
    """What a hit did.

    ``stress`` is what was left after consequences and invokes; ``box`` the box
    marked (``None`` when nothing was left, or when taken out — see
    ``would_mark``); ``rolled_up_from`` is the box first aimed at when it was
    already marked.
    """

    shifts: int
    stress: int
    consequences: tuple[str, ...]
    invokes: int
    threshold: int
    box: int | None
    would_mark: int | None
    rolled_up_from: int | None
    taken_out: bool
    track: Track


def hit(track: Track, shifts: int, *, consequences=(), invokes: int = 0, defense: int | None = None) -> HitResult:
    """Take a hit of ``shifts`` on ``track``.

    Rule: stress.track.

    Args:
        track: The track before the hit.
        shifts: Shifts of the attack, 0 or more.
        consequences: Names of the consequence slots taken to reduce it.
        invokes: Aspects invoked to reduce it, 2 each.
        defense: A defense in effect: its shifts replace the threshold.
    """
    taken = tuple(consequences)
    free = track.free_consequences()
    for name in taken:
        if name not in dict(track.consequences):
            raise RulesError(f"There is no {shown(name)} consequence slot.", field="consequences", code="unknown")
        if name not in free:
            raise RulesError(
                f"The {name} consequence is already taken: each slot can be used once.",
                field="consequences", code="invalid",
            )
    if len(set(taken)) != len(taken):
        raise RulesError("Each consequence slot can be taken once.", field="consequences", code="invalid")
    threshold = track.threshold if defense is None else defense
    stress = shifts - sum(free[c] for c in taken) - INVOKE_VALUE * invokes
    after = replace(track, taken=track.taken | set(taken))
    if stress <= 0:
        return HitResult(shifts, max(stress, 0), taken, invokes, threshold, None, None, None, False, after)
    box = track.box_for(stress)
    rolled = stress if box != stress else None
    if box > threshold:
        return HitResult(shifts, stress, taken, invokes, threshold, None, box, rolled, True, after)
    after = replace(after, marked=after.marked | {box})
    return HitResult(shifts, stress, taken, invokes, threshold, box, box, rolled, False, after)


def reduction_needed(track: Track, shifts: int, *, defense: int | None = None) -> int:
    """How much a hit must be reduced so that it does not take the character out.

    The hit may leave at most the highest unmarked box within the threshold
    (any less rolls up to a box no higher); with none free, it must be cut to 0.
    """
    threshold = track.threshold if defense is None else defense
    room = max((b for b in range(1, threshold + 1) if b not in track.marked), default=0)
    return max(0, shifts - room)


def absorb_options(track: Track, shifts: int, *, invokes: int = 0, defense: int | None = None) -> list[tuple[Cover, HitResult]]:
    """The cheapest ways to stay in against a hit (fewest and mildest consequences, then fewest invokes).

    Rule: stress.track.options. Each option comes with the hit it leads to.
    An empty list means nothing available is enough: the hit takes the
    character out whatever they do (short of conceding).
    """
    need = reduction_needed(track, shifts, defense=defense)
    return [
        (c, hit(track, shifts, consequences=c.consequences, invokes=c.invokes, defense=defense))
        for c in cover(need, track.free_consequences(), invokes=invokes)
    ]


@dataclass(frozen=True, slots=True)
class Recovery:
    """What a recovery roll can clear.

    ``clearable``: marked boxes cheap enough on their own; ``suggested``: the
    set clearing the most boxes (ties: the larger total); ``chosen_cost``:
    cost of the chosen set.
    """

    shifts: int
    clearable: tuple[int, ...]
    suggested: tuple[int, ...]
    chosen: tuple[int, ...]
    chosen_cost: int
    track: Track


def recovery(track: Track, shifts: int, chosen=None) -> Recovery:
    """Clear boxes with a recovery roll of ``shifts``.

    Rule: stress.track.recovery — box *k* costs *k*.

    Args:
        track: The track.
        shifts: The recovery roll's shifts.
        chosen: Box numbers to clear; ``None`` takes the suggested set.

    >>> r = recovery(Track(threshold=5, marked=frozenset({1, 2, 3, 5})), 5)
    >>> r.clearable, r.suggested
    ((1, 2, 3, 5), (2, 3))
    """
    marked = sorted(track.marked)
    suggested = _best_set(marked, shifts)
    if chosen is None:
        chosen = suggested
    chosen = tuple(sorted(set(chosen)))
    for box in chosen:
        if box not in track.marked:
            raise RulesError(f"Box {box} is not marked, so there is nothing to clear.", field="chosen", code="invalid")
    cost = sum(chosen)
    if cost > shifts:
        raise RulesError(
            f"Clearing box{'es' if len(chosen) > 1 else ''} {', '.join(map(str, chosen))} costs {cost} "
            f"shift{'s' if cost != 1 else ''}; the roll has {shifts}.",
            field="chosen", code="too_large",
        )
    return Recovery(
        shifts,
        tuple(b for b in marked if b <= shifts),
        suggested,
        chosen,
        cost,
        replace(track, marked=track.marked - set(chosen)),
    )


def _best_set(boxes: list[int], budget: int) -> tuple[int, ...]:
    """Most boxes with sum ≤ budget, ties broken by the larger sum (exact, by DP)."""
    best: dict[int, tuple[int, tuple[int, ...]]] = {0: (0, ())}  # sum -> (count, set)
    for box in boxes:
        for total, (count, chosen) in list(best.items()):
            new = total + box
            if new > budget:
                continue
            if new not in best or best[new][0] < count + 1:
                best[new] = (count + 1, chosen + (box,))
    total, (count, chosen) = max(best.items(), key=lambda kv: (kv[1][0], kv[0]))
    return tuple(sorted(chosen))


def defense_threshold(shifts: int, distance: int = 0) -> int:
    """The threshold a defense sets: its shifts minus the range to the target, never below 0.

    Rule: stress.track.defense.

    >>> defense_threshold(4, 1)
    3
    """
    return max(0, shifts - distance)
