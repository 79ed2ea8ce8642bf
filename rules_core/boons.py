"""Gauntlet Forge boons and banes (all editions).

Rules: docs/gauntlet-forge/boons-and-banes.md#boons.

* **Using** a boon adds dice equal to its rating to one roll. A normal boon
  then vanishes; an **enduring** one loses 1 rating instead (and vanishes at 0).
* An **extraordinary** boon (rating 3 or more) also gives **free dice** on a
  roll without being used: ``(rating − 1) // 2`` of them. Taking the free dice
  degrades nothing, not even an enduring boon.
* A **bane** is the same thing on the other side: its rating in dice for the
  opponent, or, on an uncontested test, added to the difficulty.

Don't confuse *using the free dice* (the boon stays as it is) with *spending the
boon* (all its rating in dice, then it vanishes or degrades).

>>> free_dice(7)
3
>>> spend(Boon(3, enduring=True))      # the dragon's bane, used once
(3, Boon(rating=2, enduring=True))
>>> spend(Boon(2))                     # Cyrene's boon: 2 dice, then gone
(2, None)
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from .dice import DEFAULT_TARGET, chance_of_success

__docformat__ = "google"

EXTRAORDINARY_FROM = 3
"""The lowest rating that gives free dice."""


@dataclass(frozen=True, slots=True)
class Boon:
    """A boon or bane: a rating of 1 or more, normal or enduring.

    A trusted value: the rating is checked once, where plain data comes in
    (:mod:`rules_core.api.boons`; Ruling: a rating of 0 or less is no boon at all)."""

    rating: int
    enduring: bool = False


def free_dice(rating: int, /) -> int:
    """Free dice an extraordinary boon of this rating adds to a roll.

    Rule: boons.extraordinary — ``max(0, (rating − 1) // 2)``.

    >>> [free_dice(r) for r in range(1, 10)]
    [0, 0, 1, 1, 2, 2, 3, 3, 4]
    """
    return max(0, (rating - 1) // 2)


def is_extraordinary(rating: int, /) -> bool:
    """True when the boon gives free dice (rating ≥ 3)."""
    return free_dice(rating) > 0


def free_dice_table(up_to: int = 12, /) -> list[tuple[int, int]]:
    """(rating, free dice) for ratings 1…``up_to``: the table in seed 002, extended."""
    return [(r, free_dice(r)) for r in range(1, up_to + 1)]


def use_free_dice(boon: Boon, /) -> tuple[int, Boon]:
    """Take an extraordinary boon's free dice: the boon is left unchanged."""
    return free_dice(boon.rating), boon


def spend(boon: Boon, /) -> tuple[int, Boon | None]:
    """Use the boon itself: dice equal to its rating, then it vanishes or degrades.

    Rule: boons.use, boons.enduring. Returns the dice added and the boon
    afterwards (``None`` once it has vanished).

    >>> spend(Boon(1, enduring=True))
    (1, None)
    """
    if not boon.enduring or boon.rating == 1:
        return boon.rating, None
    return boon.rating, replace(boon, rating=boon.rating - 1)


def bane_difficulty(difficulty: int, bane_rating: int, /) -> int:
    """Uncontested test against someone with a bane: the bane's rating adds to the difficulty."""
    return difficulty + bane_rating


@dataclass(frozen=True, slots=True)
class BoonOdds:
    """Chances of success for one roll, three ways."""

    without: Fraction
    free_dice: Fraction
    spending: Fraction


def odds(pool: int, difficulty: int, rating: int, /, target: int = DEFAULT_TARGET) -> BoonOdds:
    """P(success) for a pool without the boon, with only its free dice, and spending it.

    Rule: boons.odds — the pool is ``pool``, ``pool + free dice`` and
    ``pool + rating`` dice; success is effort ≥ ``difficulty``.

    >>> o = odds(2, 3, 2)        # Cyrene: difficulty 3, her boon of 2
    >>> o.without, o.free_dice, o.spending
    (Fraction(0, 1), Fraction(0, 1), Fraction(1, 9))
    """
    extra = free_dice(rating)
    return BoonOdds(
        without=chance_of_success(pool, difficulty, target),
        free_dice=chance_of_success(pool + extra, difficulty, target),
        spending=chance_of_success(pool + rating, difficulty, target),
    )
