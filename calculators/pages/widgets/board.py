"""Conflict board (Edgerunner, docs/edgerunner/conflicts.md#board): a whole conflict from one phone.

Static content, from ``rules_core`` at build time, useful before the engine
is ready and without JavaScript: the map drawn (the border calculator's SVG,
``borders.diagram``) with its zones in words, and a short summary of what the
board logs (docs/edgerunner/conflicts.md#actions).

In the browser (``calculators/browser/widgets/board.js`` and its parts in
``board/``): set up sides, actors and things on a map (or load the warehouse
crew), see every actor as a token in their zone, log each action from a short
form, undo and redo, keep the conflict on the device, export and import it,
share it by link, print it. Every state comes from ``board.replay`` /
``board.apply`` / ``board.preview``; the page computes no rule.

Options: :data:`OPTIONS`.
"""
from __future__ import annotations

from html import escape

from .. import maps
from . import _html as h
from .base import Option, Widget, check_options, result
from .borders import svg

OPTIONS = {"map": Option("warehouse", "the map a new conflict starts on: a file name in docs/maps/ without .yml")}

SUMMARY = [
    ("Exchanges", "every actor still in acts once per exchange, in the order the table picks; the board "
                  "shows who has acted and who has not, and the exchange ends when all have (or when you end it)."),
    ("Rolls", "skill + four Fate dice − the initiative bid + 2 for each aspect invoked gives the shifts; "
              "type the dice or take them from the dice roller."),
    ("Move", "the zones the shifts reach are lit before you choose; for the others the board names what is short."),
    ("Attack", "the shifts hit one track of the target, who absorbs with consequences and invokes; "
               "what is left marks a box or takes them out."),
    ("Defense, maneuver, recovery", "a new threshold while the defender continues; an aspect with its free "
                                    "invokes; boxes cleared, box k for k shifts."),
    ("Taking back and keeping", "every event can be undone and redone; the conflict stays on this device, offline too, "
                      "and travels as a file or a link."),
]


def _title(data: dict) -> str:
    return data.get("name") or "Map"


def static(wid: str, data: dict) -> str:
    """The map drawn and in words, and what the board does (its rules in short)."""
    checked = result("board", "borders.check", {"map": data})
    drawing = result("board", "borders.diagram", {"map": data})
    words = "".join(f"<li>{escape(line)}</li>" for line in checked["text"]) or "<li>No borders.</li>"
    summary = "".join(f"<li><strong>{escape(k)}:</strong> {escape(v)}</li>" for k, v in SUMMARY)
    return (
        f'<figure class="bmap-figure board-map" tabindex="0">{svg(drawing, wid + "-static", "Board map: " + _title(data))}'
        f'<figcaption>{escape(_title(data))}: the map a new conflict starts on.</figcaption></figure>'
        f'<p class="bmap-words__zones"><strong>Zones:</strong> {escape(", ".join(checked["zones"]))}.</p>'
        f'<ul class="bmap-words">{words}</ul>'
        f'<details class="board__summary" open><summary>What the board does</summary><ul>{summary}</ul></details>'
    )


def render(wid: str, options: dict) -> str:
    opts = check_options("board", options, OPTIONS)
    examples = maps.load_all()
    data = maps.load_named(opts["map"])
    js_options = {
        "map": opts["map"],
        "maps": [{"id": name, "title": _title(m), "map": m} for name, m in examples.items()],
    }
    form = f'<div {h.attrs(class_="board__app", data_board_app=True)}></div>'
    return h.widget(wid, "board", title="Conflict board", static=static(wid, data), form=form, options=js_options)


WIDGET = Widget(
    name="board", title="Conflict board", render=render, options=OPTIONS, api="board", apis=("borders",),
    # The sheet's taps: an attack's dice total tapped, each answered by board.sheet (benchmarks/engine_parts/common.py
    # keeps a conflict with one event logged and an attack being composed on it)
    bench={"taps": ['[data-act="die-total"][data-value="1"]', '[data-act="die-total"][data-value="3"]',
                    '[data-act="die-total"][data-value="-2"]', '[data-act="die-total"][data-value="0"]'],
           "out": '[data-out="preview"]'},
)
