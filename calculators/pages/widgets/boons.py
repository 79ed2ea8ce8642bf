"""Boon free dice (Gauntlet Forge, docs/gauntlet-forge/boons-and-banes.md#boon-calculator).

Static content: the free-dice table for ratings 1…12, from ``rules_core``.
In the browser: a rating → free dice, what using and spending it does, and
the odds of a roll without it, with its free dice, and spending it.

Options: :data:`OPTIONS`.
"""
from __future__ import annotations

from . import _html as h
from .base import Option, Widget, check_options, known, result, typed

OPTIONS = {
    "rating": Option(7, "the boon's rating the form starts with"),
    "pool": Option(3, "the dice in the pool, for the odds"),
    "difficulty": Option(2, "the roll's difficulty, for the odds"),
    "target": Option(5, "the face a die hits on (2 to 6), for the odds"),
    "up_to": Option(12, "the last rating in the free-dice table"),
}


def render(wid: str, options: dict) -> str:
    opts = check_options("boons", options, OPTIONS)
    rows = result("boons", "boons.table", {"up_to": opts["up_to"]})["rows"]
    static = h.table(
        ["Boon rating", "Free dice"],
        [[r["rating"], r["free_dice"] or "–"] for r in rows],
        caption="Free dice of an extraordinary boon (rating 3 or more): the same in every edition (2023, 2022 and the wiki)",
        cls="calc__table calc__table--free-dice",
    )
    form = (
        '<fieldset class="calc__group"><legend>The boon</legend>'
        + h.number_field(wid, "rating", "Rating", opts["rating"], hint="a whole number, 1 or more")
        + h.checkbox(wid, "enduring", "Enduring (loses 1 rating when used, instead of vanishing)")
        + "</fieldset>"
        + '<output class="calc__result" data-out="boon" aria-live="polite"></output>'
        + '<fieldset class="calc__group"><legend>Odds of a roll</legend>'
        + h.number_field(wid, "pool", "Dice in the pool", opts["pool"])
        + h.number_field(wid, "difficulty", "Difficulty", opts["difficulty"])
        + h.number_field(wid, "target", "A die hits on", opts["target"], hint="2 to 6; usually 5")
        + "</fieldset>"
        + '<output class="calc__result" data-out="odds" aria-live="polite"></output>'
    )
    # What boons/index.js asks first: the boon (enduring unticked) and the odds of the form's roll.
    rating = typed(opts["rating"])
    first = [
        ("boons.free_dice", {"rating": rating, "enduring": False}),
        ("boons.odds", {**{k: typed(opts[k]) for k in ("pool", "difficulty", "target")}, "rating": rating}),
    ]
    return h.widget(wid, "boons", title="Boon free dice", static=static, form=form, options=opts,
                    known=known(first))


WIDGET = Widget(
    name="boons", title="Boon free dice", render=render, options=OPTIONS, api="boons",
    bench={"field": 'input[name="rating"]', "values": [str(v) for v in range(1, 13)], "out": '[data-out="boon"]'},
)
