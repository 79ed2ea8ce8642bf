"""Dice of both games, with exact odds.

Rules: docs/edgerunner/conflicts.md#rolling-shifts (Fate dice),
docs/gauntlet-forge/boons-and-banes.md#dice (success pools).

==========================  =====================================================
``fate_distribution(n)``    ways to roll each total on n Fate dice (4dF: 1 4 10 16 19 16 10 4 1)
``fate_total(faces)``       the total of the faces rolled (``"+0--"``, ``"⊞⊡⊟⊟"``, ``[1, 0, -1, -1]``)
``shifts(skill, faces)``    Edgerunner: skill + faces − initiative bid
``chance_fate_at_least``    P(skill + 4dF − bid ≥ target), exact
``hits_distribution``       Gauntlet Forge: P(k hits) on n d6 hitting on t+
``chance_of_success``       P(effort ≥ difficulty), exact
==========================  =====================================================

All probabilities are :class:`fractions.Fraction`; the API turns them into
floats and "n/d" strings at the edge.

>>> fate_distribution(4)[0], sum(fate_distribution(4).values())
(19, 81)
>>> shifts(3, "⊞⊡⊟⊟")           # Gatto's Athletics roll (seed 000)
2
>>> chance_of_success(3, 1)      # 3 dice, one hit needed on 5+
Fraction(19, 27)
"""
from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb

from .errors import RulesError, shown

__docformat__ = "google"

FATE_FACES = {
    "+": 1, "⊞": 1, "p": 1,
    "0": 0, "⊡": 0, " ": 0, "b": 0,
    "-": -1, "−": -1, "⊟": -1, "m": -1,
}
"""Symbols accepted for one Fate die: plus, blank and minus."""

DEFAULT_TARGET = 5
"""A Gauntlet Forge die is a hit on 5 or more unless the reader sets another."""


@cache
def _fate_counts(dice: int) -> tuple[tuple[int, int], ...]:
    counts = {0: 1}
    for _ in range(dice):
        nxt: dict[int, int] = {}
        for total, ways in counts.items():
            for face in (-1, 0, 1):
                nxt[total + face] = nxt.get(total + face, 0) + ways
        counts = nxt
    return tuple(sorted(counts.items()))


def fate_distribution(dice: int = 4, /) -> dict[int, int]:
    """Number of ways to roll each total on ``dice`` Fate dice (out of 3**dice).

    Rule: dice.fate — four dice, each −1, 0 or +1.

    >>> fate_distribution(4)
    {-4: 1, -3: 4, -2: 10, -1: 16, 0: 19, 1: 16, 2: 10, 3: 4, 4: 1}
    """
    return dict(_fate_counts(dice))


def fate_total(faces, /) -> int:
    """Sum of the Fate dice rolled (``faces`` as :func:`fate_values` reads them).

    >>> fate_total("⊞⊡⊟⊟"), fate_total([1, 1, 0, 1])
    (-1, 3)
    """
    return sum(fate_values(faces))


def fate_values(faces, /) -> tuple[int, ...]:
    """The four Fate dice as −1/0/+1 values.

    Args:
        faces: A string of symbols (``+ 0 -`` or ``⊞ ⊡ ⊟``) or a sequence of
            −1/0/+1 values, four of them.

    This check stays in the core: the dice notation (the symbols, four dice)
    is the game's (docs/table.md#dice), read the same way by the calculators,
    the build's worked examples and the tests; the boundary
    (:mod:`rules_core.api.dice`, :mod:`rules_core.api.rolls`) only says the
    dice are missing, and leaves their reading here, once.

    >>> fate_values("+0--")
    (1, 0, -1, -1)
    """
    if isinstance(faces, str):
        symbols = [c for c in faces if not c.isspace() and c != ","]
        try:
            values = [FATE_FACES[c] for c in symbols]
        except KeyError as missing:
            raise RulesError(
                f"{shown(missing.args[0])} is not a Fate die face. Use + (plus), 0 (blank) or − (minus).",
                field="faces", code="invalid",
            ) from None
    elif isinstance(faces, (list, tuple)):
        values = list(faces)
        if any(type(v) is not int or v not in (-1, 0, 1) for v in values):
            raise RulesError("Each Fate die shows −1, 0 or +1.", field="faces", code="invalid")
    else:
        raise RulesError("Enter the four dice as symbols, e.g. +0-- or ⊞⊡⊟⊟.", field="faces", code="invalid")
    if len(values) != 4:
        raise RulesError(
            f"A Fate roll has four dice; {len(values)} given.", field="faces", code="invalid"
        )
    return tuple(values)


def shifts(skill: int, faces, /, bid: int = 0) -> int:
    """Edgerunner: the shifts a roll yields.

    Rule: dice.fate — skill + the four faces, minus any initiative bid. The
    result against 0 is the number of shifts (negative means failure).

    >>> shifts(3, "+0--")
    2
    >>> shifts(3, "+0--", bid=1)
    1
    """
    return skill + fate_total(faces) - bid


def chance_fate_at_least(skill: int, target: int, /, bid: int = 0) -> Fraction:
    """P(skill + 4dF − bid ≥ target), exact.

    >>> chance_fate_at_least(3, 6)      # needs +3 or +4 on the dice
    Fraction(5, 81)
    """
    need = target - skill + bid
    ways = sum(w for total, w in _fate_counts(4) if total >= need)
    return Fraction(ways, 81)


@cache
def hits_distribution(pool: int, target: int = DEFAULT_TARGET, /) -> tuple[Fraction, ...]:
    """Gauntlet Forge: P(exactly k hits) for k = 0…pool, each d6 hitting on ``target``+.

    Rule: dice.pool — binomial with p = (7 − target) / 6.

    >>> [str(p) for p in hits_distribution(2)]
    ['4/9', '4/9', '1/9']
    """
    p = Fraction(7 - target, 6)
    return tuple(comb(pool, k) * p**k * (1 - p) ** (pool - k) for k in range(pool + 1))


def chance_of_success(pool: int, difficulty: int, /, target: int = DEFAULT_TARGET) -> Fraction:
    """P(effort ≥ difficulty) rolling ``pool`` dice hitting on ``target``+.

    A difficulty of 0 or less always succeeds; more than the pool never does.

    >>> chance_of_success(2, 3)
    Fraction(0, 1)
    >>> chance_of_success(4, 0)
    Fraction(1, 1)
    """
    if difficulty <= 0:
        return Fraction(1)
    dist = hits_distribution(pool, target)
    return sum(dist[difficulty:], Fraction(0))
