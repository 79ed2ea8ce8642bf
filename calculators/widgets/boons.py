"""Boon free dice (Gauntlet Forge, docs/gauntlet-forge/boons-and-banes.md#boon-calculator).

Static content: the free-dice table for ratings 1…12, from ``rules_core``.
In the browser: a rating → free dice, what using and spending it does, and
the odds of a roll without it, with its free dice, and spending it.

Options: ``rating`` (default 7), ``pool`` (3), ``difficulty`` (2),
``target`` (5), ``up_to`` (the table's last rating, 12).
"""
from __future__ import annotations

from rules_core.api import call

from . import _html as h

DEFAULTS = {"rating": 7, "pool": 3, "difficulty": 2, "target": 5, "up_to": 12}


def _result(name: str, payload: dict) -> dict:
    reply = call(name, payload)
    if not reply["ok"]:
        raise h.WidgetError(f"boons widget: {reply['error']['message']}")
    return reply["result"]


def render(wid: str, options: dict) -> str:
    unknown = set(options) - set(DEFAULTS)
    if unknown:
        raise h.WidgetError(f"boons widget: unknown option {sorted(unknown)[0]!r} (options: {', '.join(DEFAULTS)})")
    opts = {**DEFAULTS, **options}
    rows = _result("boons.table", {"up_to": opts["up_to"]})["rows"]
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
    return h.widget(wid, "boons", title="Boon free dice", static=static, form=form, options=opts)
