"""One roll of either game: the faces come in, the result goes out.

Rules: docs/edgerunner/conflicts.md#rolling-shifts and
docs/gauntlet-forge/boons-and-banes.md#dice. The randomness lives outside (the page draws the faces
from the browser's cryptographic generator, or the player types the dice
they rolled by hand); everything here is deterministic, so a roll is
checked like any other golden case.

==========================  =====================================================
``fate_roll``               Edgerunner: skill + 4dF − bid → shifts, and the exact
                            chance of rolling at least that many
``pool_faces``              Gauntlet Forge: the d6 faces typed (``"6 5 2 1"``)
``pool_roll``               the hits (effort), success against a difficulty, the
                            margin, and the exact chance of at least that effort
==========================  =====================================================

>>> r = fate_roll(3, "⊞⊡⊟⊟")          # Gatto's Athletics roll (seed 000)
>>> r.shifts, r.chance_at_least
(2, Fraction(22, 27))
>>> p = pool_roll([6, 5, 2, 1], difficulty=1)
>>> p.effort, p.success, p.margin, p.chance_at_least
(2, True, 1, Fraction(11, 27))
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from . import dice
from .errors import RulesError

__docformat__ = "google"

MAX_POOL = 60
"""The most d6 one roll may hold (a page draws and shows each one)."""

FATE_SYMBOLS = {1: "⊞", 0: "⊡", -1: "⊟"}


@dataclass(frozen=True, slots=True)
class FateRoll:
    """An Edgerunner roll: skill + four Fate dice − the initiative bid."""

    skill: int
    bid: int
    faces: tuple[int, ...]
    dice: int
    shifts: int
    chance_at_least: Fraction
    """P(skill + 4dF − bid ≥ this roll's shifts): how often a roll does at least this well."""


def fate_roll(skill: int, faces, /, bid: int = 0) -> FateRoll:
    """Score one Edgerunner roll.

    Rule: dice.fate — the shifts are skill + the faces' total − bid.

    Args:
        skill: The skill rolled.
        faces: Four Fate dice, as symbols (``"+0--"``, ``"⊞⊡⊟⊟"``) or −1/0/+1 values.
        bid: The initiative bid subtracted from the roll.

    >>> fate_roll(0, [1, 1, 1, 1]).chance_at_least     # only ++++ reaches +4
    Fraction(1, 81)
    >>> fate_roll(2, "----", bid=1).shifts
    -3
    """
    values = dice.fate_values(faces)
    total = sum(values)
    shifts = skill + total - bid
    return FateRoll(skill, bid, values, total, shifts, dice.chance_fate_at_least(skill, shifts, bid=bid))


def pool_faces(faces, /) -> tuple[int, ...]:
    """The d6 faces of a Gauntlet Forge roll, as typed or drawn.

    Args:
        faces: A list of whole numbers 1…6, or text: the digits with or
            without spaces or commas (``"6 5 2 1"``, ``"6,5,2,1"``, ``"6521"``).

    This check stays in the core: the d6 notation (digits 1 to 6, as typed or
    drawn) is the game's (docs/table.md#dice), read once here; the boundary
    (:mod:`rules_core.api.rolls`) only says the dice are missing.

    >>> pool_faces("6 5, 2 1"), pool_faces("6521"), pool_faces([3, 4])
    ((6, 5, 2, 1), (6, 5, 2, 1), (3, 4))
    """
    if isinstance(faces, str):
        values = []
        for c in faces:
            if c.isspace() or c in ",;/":
                continue
            if c not in "123456":
                raise RulesError(
                    f"“{c}” is not a d6 face. Type the dice as digits 1 to 6, e.g. 6 5 2 1.",
                    field="faces", code="invalid",
                )
            values.append(int(c))
    elif isinstance(faces, (list, tuple)):
        values = list(faces)
        if any(type(v) is not int or not 1 <= v <= 6 for v in values):
            raise RulesError("Each die shows a whole number from 1 to 6.", field="faces", code="invalid")
    else:
        raise RulesError("Type the dice as digits 1 to 6, e.g. 6 5 2 1.", field="faces", code="invalid")
    if not values:
        raise RulesError("Type the dice you rolled, e.g. 6 5 2 1.", field="faces", code="required")
    if len(values) > MAX_POOL:
        raise RulesError(f"A roll can hold at most {MAX_POOL} dice ({len(values)} given).", field="faces",
                         code="too_large")
    return tuple(values)


@dataclass(frozen=True, slots=True)
class PoolRoll:
    """A Gauntlet Forge roll: each die at or above the target number is a hit."""

    faces: tuple[int, ...]
    hits: tuple[bool, ...]
    target: int
    effort: int
    difficulty: int
    success: bool
    margin: int
    """Effort − difficulty: the excess on a success, the shortfall (negative) on a failure."""
    chance_at_least: Fraction
    """P(effort ≥ this roll's effort) on as many dice."""
    chance_of_success: Fraction
    """P(effort ≥ difficulty) on as many dice, before rolling."""


def pool_roll(faces, /, target: int = dice.DEFAULT_TARGET, difficulty: int = 0) -> PoolRoll:
    """Score one Gauntlet Forge roll.

    Rule: dice.pool — each die showing ``target`` or more is a hit; the hits
    are the effort; the test succeeds when effort ≥ difficulty.

    >>> r = pool_roll("4 4 4", target=4, difficulty=3)
    >>> r.effort, r.success, r.chance_at_least
    (3, True, Fraction(1, 8))
    >>> pool_roll("1 2", difficulty=1).margin
    -1
    """
    values = pool_faces(faces)
    hits = tuple(v >= target for v in values)
    effort = sum(hits)
    return PoolRoll(
        faces=values, hits=hits, target=target, effort=effort, difficulty=difficulty,
        success=effort >= difficulty, margin=effort - difficulty,
        chance_at_least=dice.chance_of_success(len(values), effort, target),
        chance_of_success=dice.chance_of_success(len(values), difficulty, target),
    )
