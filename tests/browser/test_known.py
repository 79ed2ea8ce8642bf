"""The build's answers for each calculator's form as the page first shows it (issue 35).

The build works out, with rules_core, what every calculator asks for its form as a fresh page shows it
(``data-known``, ``calculators/browser/known.js``). On "At the table", where every calculator is, none
of those questions reaches the engine: its first moments are the player's. And the build's answers
are the engine's: Pyodide gives the same reply to each.
"""
from __future__ import annotations

import json

from tests.browser.support import wait_engine

TABLE = "table/"


def test_no_calculator_asks_the_engine_for_its_form_as_first_shown_and_the_answers_are_the_engines(page, server):
    page.goto(server.url + TABLE)
    known = page.evaluate("() => [...document.querySelectorAll('.calc[data-known]')].map((r) => [r.dataset.calc, r.dataset.known])")
    answers = [(calc, *entry) for calc, text in known for entry in json.loads(text)]
    assert {calc for calc, *_ in answers} == {"boons", "borders", "stress"}, known
    # every one of them is taken as the calculators mount, and only then is anything counted
    page.wait_for_function("n => window.calcKnown && window.calcKnown.answered >= n", arg=len(answers))
    wait_engine(page)
    assert page.evaluate("window.calcEngine.stats.sent") == 0
    for calc, name, payload, reply in answers:
        engine = page.evaluate("([name, payload]) => window.calcEngine.call(name, payload)", [name, payload])
        engine.pop("id")  # the worker's number for the call
        assert engine == reply, f"{calc}: {name} {payload}"
    assert page.evaluate("window.calcKnown.answered") == len(answers)
