"""Calculators for the dice of both games (docs/edgerunner/conflicts.md#rolling-shifts,
docs/gauntlet-forge/boons-and-banes.md#dice)."""
from __future__ import annotations

from .. import dice
from ..errors import RulesError
from . import fields as f
from ._convert import probability


def fate_roll_input(p: dict, *, or_else: str = "") -> tuple[int, object, int]:
    """A roll of skill + 4dF − bid as a payload gives it, checked: ``(skill, faces, bid)``.

    The faces are checked by whoever scores them; ``or_else`` ends the message
    asking for them (", or roll them here" where the page can roll).
    """
    f.only(p, "skill", "faces", "bid")
    skill = f.integer(p, "skill", "The skill", low=-10, high=30)
    bid = f.integer(p, "bid", "The bid", low=0, high=30, default=0)
    faces = p.get("faces")
    if faces is None or faces == "":
        raise RulesError(f"Enter the four dice, e.g. +0-- or ⊞⊡⊟⊟{or_else}.", field="faces", code="required")
    return skill, faces, bid


def fate_shifts(p: dict) -> dict:
    """Edgerunner: the shifts of a roll.

    Input: ``skill`` (−10…30), ``faces`` (four symbols ``+ 0 -`` or ``⊞ ⊡ ⊟``),
    ``bid`` (initiative bid, 0…30, default 0).
    Output: ``dice`` (the faces' total), ``shifts`` (skill + dice − bid).
    """
    skill, faces, bid = fate_roll_input(p)
    total = dice.fate_total(faces)
    return {"dice": total, "shifts": skill + total - bid}


def fate_odds(p: dict) -> dict:
    """Edgerunner: chance that skill + 4dF − bid reaches a difficulty (a number of shifts).

    Input: ``skill``, ``difficulty`` (the shifts to reach, −20…60), ``bid`` (default 0).
    Output: ``probability`` ({exact, value, percent}) and ``needed`` (the
    dice total needed).
    """
    f.only(p, "skill", "difficulty", "bid")
    skill = f.integer(p, "skill", "The skill", low=-10, high=30)
    difficulty = f.integer(p, "difficulty", "The difficulty", low=-20, high=60)
    bid = f.integer(p, "bid", "The bid", low=0, high=30, default=0)
    return {
        "probability": probability(dice.chance_fate_at_least(skill, difficulty, bid=bid)),
        "needed": difficulty - skill + bid,
    }


def fate_distribution(p: dict) -> dict:
    """The 4dF distribution.

    Input: nothing.
    Output: ``rows``: [{total, ways, probability}] for totals −4…+4 (ways out of 81).
    """
    f.only(p)
    from fractions import Fraction

    return {
        "rows": [
            {"total": t, "ways": w, "probability": probability(Fraction(w, 81))}
            for t, w in dice.fate_distribution(4).items()
        ]
    }


def pool_odds(p: dict) -> dict:
    """Gauntlet Forge: chance of effort ≥ difficulty.

    Input: ``pool`` (0…100 dice), ``difficulty`` (0…100), ``target`` (2…6,
    default 5: a die hits on this or more).
    Output: ``probability``, and ``distribution``: P(exactly k hits) per k.
    """
    f.only(p, "pool", "difficulty", "target")
    pool = f.integer(p, "pool", "The pool", low=0, high=100)
    difficulty = f.integer(p, "difficulty", "The difficulty", low=0, high=100)
    target = f.integer(p, "target", "The target number", low=2, high=6, default=dice.DEFAULT_TARGET)
    return {
        "probability": probability(dice.chance_of_success(pool, difficulty, target)),
        "distribution": [probability(x) for x in dice.hits_distribution(pool, target)],
    }


CALCULATORS = {
    "dice.fate_shifts": fate_shifts,
    "dice.fate_odds": fate_odds,
    "dice.fate_distribution": fate_distribution,
    "dice.pool_odds": pool_odds,
}
"""This module's calculators (name → handler); :mod:`rules_core.api` gathers every module's."""
