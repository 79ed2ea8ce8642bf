"""Dice roller for both games (docs/table.md#dice), whose result feeds the calculators.

Static content: how often each total of four Fate dice comes up, and how
often a d6 hits per target number, from ``rules_core`` (readable without
JavaScript).

In the browser (``assets/calc/widgets/dice/index.js``): Edgerunner's skill + 4dF − bid,
or Gauntlet Forge's pool of d6 (boons' dice, target number, difficulty).
**Roll** draws the faces from the browser's cryptographic generator; or the
player types the dice they rolled by hand. ``rules_core`` scores them
(``dice.roll_fate``, ``dice.roll_pool``): faces, total, and the exact chance
of doing at least this well. "Use this result" hands the shifts, effort or
margin to another calculator on the same page (``assets/handoff.js``).

Options: :data:`OPTIONS`.
"""
from __future__ import annotations

from html import escape

from . import _html as h
from .base import Option, Widget, check_choice, check_options, result

GAMES = {"edgerunner": "Edgerunner: skill + 4dF", "gauntlet-forge": "Gauntlet Forge: d6 pool"}
OPTIONS = {
    "game": Option("edgerunner", "the game shown first: edgerunner or gauntlet-forge"),
    "skill": Option(3, "Edgerunner: the skill the form starts with"),
    "bid": Option(0, "Edgerunner: the initiative bid the form starts with"),
    "pool": Option(3, "Gauntlet Forge: the attribute's dice"),
    "boon_dice": Option(0, "Gauntlet Forge: dice from boons"),
    "target": Option(5, "Gauntlet Forge: the face a die hits on (2 to 6)"),
    "difficulty": Option(1, "Gauntlet Forge: the roll's difficulty"),
}


def _result(name: str, payload: dict) -> dict:
    return result("dice", name, payload)


def _static() -> str:
    rows = _result("dice.fate_distribution", {})["rows"]
    fate = h.table(
        ["4dF total", "Ways of 81", "Chance"],
        [[f"{r['total']:+d}" if r["total"] else "0", r["ways"], r["probability"]["percent"]] for r in rows],
        caption="Four Fate dice: how often each total comes up",
        cls="calc__table dice__table",
    )
    hit = [[t, _result("dice.pool_odds", {"pool": 1, "difficulty": 1, "target": t})["probability"]["exact"]]
           for t in range(2, 7)]
    pool = h.table(["A die hits on", "Chance per die"], hit,
                   caption="Gauntlet Forge: one d6's chance to hit", cls="calc__table dice__table")
    return ('<details class="dice__odds"><summary>How often each result comes up</summary>'
            f'<div class="dice__static">{fate}{pool}</div></details>')


def _games(wid: str, value: str) -> str:
    items = "".join(
        f'<label class="dice__choice" for="{wid}-game-{key}">'
        f'<input {h.attrs(type="radio", id=f"{wid}-game-{key}", name="game", value=key, checked=(key == value))}>'
        f"<span>{escape(text)}</span></label>"
        for key, text in GAMES.items()
    )
    return f'<fieldset class="dice__games"><legend>Game</legend>{items}</fieldset>'


def render(wid: str, options: dict) -> str:
    opts = check_options("dice", options, OPTIONS)
    check_choice("dice", "game", opts["game"], GAMES)
    # Every default must be one the rules accept (a typo in a page fails the build).
    _result("dice.fate_odds", {"skill": opts["skill"], "bid": opts["bid"], "difficulty": 0})
    _result("dice.pool_odds", {"pool": opts["pool"] + opts["boon_dice"], "difficulty": opts["difficulty"],
                               "target": opts["target"]})
    form = (
        _games(wid, opts["game"])
        + '<fieldset class="calc__group" data-game="edgerunner"><legend>Edgerunner roll</legend>'
        + h.number_field(wid, "skill", "Skill", opts["skill"])
        + h.number_field(wid, "bid", "Initiative bid", opts["bid"], hint="subtracted; 0 if none")
        + h.text_field(wid, "fate_faces", "The four dice", "",
                       hint="Roll below, or type what you rolled: + 0 − (e.g. +0--)")
        + "</fieldset>"
        + '<fieldset class="calc__group" data-game="gauntlet-forge"><legend>Gauntlet Forge roll</legend>'
        + h.number_field(wid, "pool", "Dice in the pool", opts["pool"], hint="the attribute's rating")
        + h.number_field(wid, "boon_dice", "Dice from boons", opts["boon_dice"], hint="spent or free dice; 0 if none")
        + h.number_field(wid, "target", "A die hits on", opts["target"], hint="2 to 6; usually 5")
        + h.number_field(wid, "difficulty", "Difficulty", opts["difficulty"])
        + h.text_field(wid, "pool_faces", "The dice", "",
                       hint="Roll below, or type what you rolled: digits 1 to 6 (e.g. 6 5 2 1)")
        + "</fieldset>"
        + '<div class="calc__buttons dice__buttons">'
          '<button type="button" class="calc__primary dice__roll" data-act="roll">Roll the dice</button>'
          '<button type="button" data-act="clear">Clear</button></div>'
        + '<output class="calc__result dice__result" data-out="roll" aria-live="polite"></output>'
        + '<div class="dice__use" data-out="use" role="group" aria-label="Use this result" hidden></div>'
        + '<p class="dice__note" data-out="note" role="status"></p>'
    )
    return h.widget(wid, "dice", title="Dice roller", static=_static(), form=form, options=opts)


WIDGET = Widget(
    name="dice", title="Dice roller", render=render, options=OPTIONS, api="dice", apis=("rolls",),
    bench={"field": 'input[name="fate_faces"]', "values": ["+0--", "++00", "----", "+-+-", "0000"],
           "out": '[data-out="roll"]'},
)
