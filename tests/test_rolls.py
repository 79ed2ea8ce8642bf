"""Rolls scored from their faces, against brute force over every roll (RULES.md §1)."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from rules_core import rolls


@pytest.mark.parametrize("target", [2, 4, 5, 6])
def test_pool_chance_at_least_counts_every_roll_as_good_or_better(target):
    every = list(product(range(1, 7), repeat=3))
    effort = lambda faces: sum(f >= target for f in faces)  # noqa: E731
    for faces in every:
        better = sum(effort(other) >= effort(faces) for other in every)
        assert rolls.pool_roll(list(faces), target=target).chance_at_least == Fraction(better, len(every))


@pytest.mark.parametrize("skill,bid", [(0, 0), (3, 1), (-2, 0)])
def test_fate_chance_at_least_counts_every_roll_as_good_or_better(skill, bid):
    every = list(product((-1, 0, 1), repeat=4))
    for faces in every:
        mine = rolls.fate_roll(skill, list(faces), bid=bid)
        better = sum(skill + sum(other) - bid >= mine.shifts for other in every)
        assert mine.chance_at_least == Fraction(better, 81)
