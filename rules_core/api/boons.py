"""Calculators for boons and banes (docs/gauntlet-forge/boons-and-banes.md#boons)."""
from __future__ import annotations

from .. import boons, dice
from ..errors import RulesError
from . import fields as f
from ._convert import probability

MAX_RATING = 100


def _rating(p: dict, key: str = "rating") -> int:
    """A boon's rating, checked once here (the core's :class:`~rules_core.boons.Boon` trusts it).

    Ruling: a rating is a whole number of 1 or more; 0 or less is no boon at all.
    """
    value = f.integer(p, key, "The rating", high=MAX_RATING)
    if value < 1:
        raise RulesError("A boon's rating is at least 1 (a rating of 0 or less means there is no boon).",
                         field=key, code="too_small")
    return value


def _dice(n: int) -> str:
    return "die" if n == 1 else "dice"


def free_dice(p: dict) -> dict:
    """A boon's free dice, and what using or spending it does.

    Input: ``rating`` (1…100), ``enduring`` (default false).
    Output: ``free_dice``, ``extraordinary``, and two outcomes, each
    {dice, rating_after, vanishes}: ``use_free_dice`` (the boon stays) and
    ``spend`` (normal: vanishes; enduring: −1, vanishing at 0); in words,
    ``verdict`` (the free dice per roll), ``why`` (said after it) and ``ways``
    (what using and spending it do, one sentence each).
    """
    f.only(p, "rating", "enduring")
    boon = boons.Boon(_rating(p), f.boolean(p, "enduring", "Enduring"))
    free, _ = boons.use_free_dice(boon)
    dice_added, after = boons.spend(boon)
    ways = [f"Use its free dice: +{free} on a roll; the boon stays at rating {boon.rating}."] if free else []
    then = "then it vanishes" if after is None else f"then it drops to rating {after.rating}"
    spend = f"Spend it{' (enduring)' if boon.enduring else ''}"
    ways.append(f"{spend}: +{dice_added} {_dice(dice_added)} on one roll, {then}.")
    return {
        "rating": boon.rating,
        "enduring": boon.enduring,
        "free_dice": free,
        "extraordinary": free > 0,
        "use_free_dice": {"dice": free, "rating_after": boon.rating, "vanishes": False},
        "spend": {
            "dice": dice_added,
            "rating_after": after.rating if after else None,
            "vanishes": after is None,
        },
        "verdict": f"{free} free {_dice(free)} per roll" if free else "No free dice",
        "why": "an extraordinary boon." if free else f"free dice start at rating {boons.EXTRAORDINARY_FROM}.",
        "ways": ways,
    }


def table(p: dict) -> dict:
    """The free-dice table.

    Input: ``up_to`` (the last rating, 1…100, default 12).
    Output: ``rows``: [{rating, free_dice}] for ratings 1…``up_to``.
    """
    f.only(p, "up_to")
    up_to = f.integer(p, "up_to", "The last rating", low=1, high=MAX_RATING, default=12)
    return {"rows": [{"rating": r, "free_dice": d} for r, d in boons.free_dice_table(up_to)]}


def odds(p: dict) -> dict:
    """Chance of success without the boon, with its free dice, and spending it.

    Input: ``pool`` (0…100), ``difficulty`` (0…100), ``rating`` (1…100),
    ``target`` (2…6, default 5).
    Output: ``without``, ``with_free_dice`` (the boon's free dice added) and
    ``spending`` (its rating added), each {pool, probability}.
    """
    f.only(p, "pool", "difficulty", "rating", "target")
    pool = f.integer(p, "pool", "The pool", low=0, high=100)
    difficulty = f.integer(p, "difficulty", "The difficulty", low=0, high=100)
    rating = _rating(p)
    target = f.integer(p, "target", "The target number", low=2, high=6, default=dice.DEFAULT_TARGET)
    o = boons.odds(pool, difficulty, rating, target=target)
    free = boons.free_dice(rating)
    return {
        "without": {"pool": pool, "probability": probability(o.without)},
        "with_free_dice": {"pool": pool + free, "probability": probability(o.free_dice)},
        "spending": {"pool": pool + rating, "probability": probability(o.spending)},
    }


def bane_difficulty(p: dict) -> dict:
    """Uncontested test against someone with a bane: its rating adds to the difficulty.

    Input: ``difficulty`` (0…100), ``rating`` (the bane's, 1…100).
    Output: ``difficulty`` (the test's new difficulty).
    """
    f.only(p, "difficulty", "rating")
    difficulty = f.integer(p, "difficulty", "The difficulty", low=0, high=100)
    return {"difficulty": boons.bane_difficulty(difficulty, _rating(p))}


CALCULATORS = {
    "boons.free_dice": free_dice,
    "boons.table": table,
    "boons.odds": odds,
    "boons.bane_difficulty": bane_difficulty,
}
"""This module's calculators (name → handler); :mod:`rules_core.api` gathers every module's."""
