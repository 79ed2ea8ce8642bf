"""The checks every browser leg runs (golden cases through the page, a result
and a field error in each calculator), as functions of a ``PageLike``.

The drivers (``as_page``, ``PageLike``, ``wait_engine``: one way to drive a
page in Playwright and in selenium) live in ``devtools/drivers.py``, shared
with the benchmarks; they are imported here for the tests.
"""
from __future__ import annotations

import json
from pathlib import Path

from devtools.drivers import PageLike, PlaywrightPage, SeleniumPage, as_page, wait_engine  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]


# ---------------------------------------------------------------- the checks both legs run

# Each calculator page, and the calculators on it (widget kind, model).
CALCULATOR_PAGES = {
    "gauntlet-forge/boons-and-banes/": ["boons"],
    "gauntlet-forge/stress-and-wounds/": ["stress"],
    "gauntlet-forge/conflicts/": ["morale", "dice"],
    "edgerunner/stress/": ["stress"],
    "edgerunner/conflicts/": ["dice", "borders"],
    "table/": ["dice", "boons", "stress", "morale", "borders"],
}
# The golden case files each kind of calculator answers from.
CASE_FILES = {"boons": ["boons.json"], "stress": ["wounds.json", "conditions.json", "tracks.json"],
              "morale": ["morale.json"], "borders": ["borders.json"], "dice": ["rolls.json"]}


def golden_cases(kinds) -> list[dict]:
    cases = []
    for kind in dict.fromkeys(kinds):
        for name in CASE_FILES[kind]:
            cases += json.loads((ROOT / "tests" / "cases" / name).read_text(encoding="utf-8"))
    return cases


def golden_failures(page, cases) -> dict[str, list[str]]:
    """Ask the page's engine every case; the cases whose reply is wrong (none, when all is well)."""
    from tests.golden import check
    replies = as_page(page).js(
        "async (cases) => { const out = [];"
        " for (const c of cases) out.push(await window.calcEngine.call(c.call, c.input ?? {}));"
        " return out; }", cases)
    assert len(replies) == len(cases)
    problems = {c["id"]: check(c, lambda name, payload, r=reply: r) for c, reply in zip(cases, replies)}
    return {k: v for k, v in problems.items() if v}


def result_and_field_error(page, kind: str, index: int):
    """In the ``index``-th calculator of the page (of kind ``kind``): a good value gives a result,
    a bad one a message beside its field. Returns (result text, error text)."""
    p = as_page(page)
    p.js("(i) => document.querySelectorAll('.calc[data-calc]').forEach((e, n) => e.dataset.calcIndex = n)", index)
    root = f'.calc[data-calc-index="{index}"]'
    assert p.js("(sel) => document.querySelector(sel).dataset.calc", root) == kind
    p.wait("(sel) => { const f = document.querySelector(sel + ' .calc__form'); return !!f && !f.hidden"
           " && f.offsetParent !== null; }", root, what=f"the {kind} calculator's form to be shown")
    if kind == "boons":
        field, good, bad, shows, says = "rating", 7, "abc", ('[data-out="boon"]', "3 free dice"), "whole number"
    elif kind == "stress":
        panel = p.js("(sel) => { const p = [...document.querySelectorAll(sel + ' [data-panel]')]"
                     ".find((e) => !e.hidden && e.offsetParent !== null); return p.dataset.panel; }", root)
        root = f'{root} [data-panel="{panel}"]'
        field = "shifts" if panel == "track" else "stress"
        good, bad, says = 1, "abc", "whole number"
        shows = ('[data-out="answer"]', {"track": "1 stress marks box 1", "wounds": "box", "conditions": "condition"}[panel])
    elif kind == "dice":  # the Gauntlet Forge pool: typed faces give an effort, a face past 6 a message
        p.js("(sel) => { const r = document.querySelector(sel + ' input[name=game][value=gauntlet-forge]');"
             " r.click(); }", root)
        p.wait("(sel) => document.querySelector(sel + ' [name=pool]').offsetParent !== null", root,
               what="the pool fields to be shown")
        p.fill(f'{root} [name="pool"]', 2)
        field, good, bad, shows, says = "pool_faces", "6 5", "x6 5", ('[data-out="roll"]', "Effort 2"), "not a d6 face"
    elif kind == "borders":
        p.select(f'{root} select[name="mode"]', "shifts")
        field, good, bad, shows, says = "shifts", 3, "abc", ('[data-out="reach"]', "3 shifts"), "whole number"
    elif kind == "morale":
        return _morale_result_and_error(p, root)
    else:
        raise ValueError(kind)
    p.fill(f'{root} [name="{field}"]', good)
    result = p.wait_text(f"{root} {shows[0]}", shows[1])
    p.fill(f'{root} [name="{field}"]', bad)
    error = p.wait_text(f'{root} [data-field="{field}"] .calc__error', says)
    if kind != "dice":  # (emptying the dice field, as a typing player does first, clears the roll: nothing to keep)
        assert shows[1] in p.text(f"{root} {shows[0]}")  # the last good result stays
    return result, error


def _morale_result_and_error(p: PageLike, root: str):
    """The tracker: a setup naming one participant twice is refused beside the second name; the
    same setup with its own names starts the conflict and shows each team's morale."""
    if p.js("(sel) => !!document.querySelector(sel + ' [data-act=new]')", root):
        p.click(f'{root} [data-act="new"]')  # a conflict is running (saved by an earlier visit): start another
    names = p.js("(sel) => [...document.querySelectorAll(sel + ' fieldset.morale__setup-team input')]"
                 ".map((e) => e.name).filter((n) => /^teams\\[\\d+\\](\\.members\\[\\d+\\])?\\.name$/.test(n))", root)
    assert {"teams[0].members[0].name", "teams[1].members[0].name"} <= set(names), names
    for i, name in enumerate(names):
        p.fill(f'{root} [name="{name}"]', f"Name {i}")
    twice = "teams[1].members[0].name"
    p.fill(f'{root} [name="{twice}"]', p.js("(sel) => document.querySelector(sel).value", f'{root} [name="teams[0].members[0].name"]'))
    p.click(f'{root} button[type="submit"]')
    error = p.wait_text(f'{root} [data-field="{twice}"] .calc__error', "appears twice")
    p.fill(f'{root} [name="{twice}"]', "Someone else")
    p.click(f'{root} button[type="submit"]')
    # A conflict set aside and a new one replayed: on a slow machine (WebKit after a reload) this
    # has taken over 30 s, so wait as long as the engine's own start may take.
    result = p.wait_text(f'{root} .morale__team [data-out="morale"]', "", timeout=90)
    return result, error


def follow_link(page, selector: str, path_part: str) -> None:
    """Click a link handled by Material's instant navigation (a Playwright page)
    and return once the new page's content is in place.

    The address changes before the content does, and many elements (a
    calculator, its answer) exist on both pages; so wait for the article's
    heading to change, not for an element the old page already has.
    """
    before = page.evaluate("() => document.querySelector('article h1')?.textContent ?? ''")
    page.click(selector)
    page.wait_for_url(lambda url: path_part in url, wait_until="commit")
    page.wait_for_function(
        "before => { const h = document.querySelector('article h1');"
        " return !!h && h.textContent !== before && document.readyState === 'complete'; }",
        arg=before)


def search(page, words: str) -> None:
    """Open Material's search, type ``words`` into it and wait for a visible result.

    Material closes search 125 ms after every navigation ("always close drawer
    and search on navigation", bundle.ts) and opens it again only when the
    field *gains* focus. Right after ``follow_link`` on a loaded machine that
    timer can fire after the click, leaving the field focused and search
    closed; a player then taps the field again, so this does the same: leave
    the field and tap it once more, up to three times.
    """
    field = page.locator(".md-search__input")
    for attempt in range(3):
        field.click()
        page.wait_for_function("() => document.activeElement?.classList.contains('md-search__input')")
        if attempt == 0:
            field.press_sequentially(words, delay=20)
        opened = page.wait_for_function(
            "() => !document.getElementById('__search').checked ? 'closed'"
            " : [...document.querySelectorAll('.md-search-result__item')]"
            "     .some(li => li.offsetParent !== null) ? 'shown' : false",
            timeout=30_000).json_value()
        if opened == "shown":
            return
        page.evaluate("() => document.activeElement?.blur()")
    raise AssertionError(f"Material's search stayed closed after three taps on its field ({words!r})")
