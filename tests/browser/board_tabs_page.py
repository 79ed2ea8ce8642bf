"""One board open in two tabs of one browser (issue 32): the held pair (``support.HOLD`` in both tabs),
its fixture ``two_tabs``, and the checks that storage and both screens hold the same log.
"""
from __future__ import annotations

import contextlib
import json

from playwright.sync_api import TimeoutError

from tests.browser.board_page import CONFLICTS, KEY, WIDGET, Board
from tests.browser.support import HOLD

CREW4 = {"sides": ["Crew", "Gang"], "actors": [
    {"name": "Gatto", "side": "Crew", "zone": "West end", "cool": 2},
    {"name": "Jade", "side": "Crew", "zone": "West end", "cool": 2},
    {"name": "Hargan", "side": "Gang", "zone": "East end", "cool": 3},
    {"name": "Rook", "side": "Gang", "zone": "East end", "cool": 2},
]}


def hold(b: Board, news_only: bool = False):
    b.page.evaluate("([k, n]) => window.__hold(k, n)", [KEY, news_only])


def release(b: Board):
    b.page.evaluate("window.__release()")


def notes(b: Board) -> list[str]:
    """The notes of the stored log, in order, as storage holds it (not as a held tab reads it)."""
    return [e.get("note") for e in json.loads(b.page.evaluate("(k) => window.__stored(k)", KEY))["events"]]


def written(b: Board) -> list[list[str]]:
    """The notes of each log this tab stored, in order."""
    return [[e.get("note") for e in json.loads(t)["events"]]
            for k, t, _ in b.page.evaluate("window.__writes ?? []") if k == KEY]


def wait_stored(b: Board, want: list[str]):
    with contextlib.suppress(TimeoutError):
        b.page.wait_for_function("([k, want]) => JSON.stringify(JSON.parse(window.__stored(k)).events.map((e) => e.note ?? null))"
                                 " === JSON.stringify(want)", arg=[KEY, want], timeout=15_000)
    assert notes(b) == want, "the stored log"


def wait_shown(b: Board, want: list[str]):
    """The tab shows exactly these notes' lines (each line of a simple action ends with its note)."""
    with contextlib.suppress(TimeoutError):
        b.page.wait_for_function("([sel, want]) => { const got = [...document.querySelectorAll(sel)].map((li) => li.textContent);"
                                 " return got.length === want.length && got.every((t, i) => t.includes(want[i])); }",
                                 arg=[f'{WIDGET} [data-out="log"] li', want], timeout=15_000)
    assert [next((n for n in want if line.endswith(n)), line) for line in b.log()] == want, "the log the tab shows"


def both_show(one: Board, two: Board, want: list[str]):
    """Storage holds `want`; both tabs show it, line for line as CPython replays the stored log."""
    wait_stored(one, want)
    for b in (one, two):
        wait_shown(b, want)
    replayed = [e["text"] for e in one.state()["entries"]]
    assert one.log() == replayed and two.log() == replayed


def simple(b: Board, actor: str, note: str):
    """A Simple action opened and filled, not yet logged (an Undo's action put back in the form is cancelled first)."""
    if b.w.locator("[data-panel]").count():
        b.cancel()  # (gone before the kind is tapped: Undo's action may be a Simple action too)
    b.action("simple", actor=actor, note=note)


def log_it(b: Board):
    b.press(b.w.locator('[data-panel] [data-key="log"]'))
    b.w.locator("[data-panel]").wait_for(state="detached")


def form(b: Board) -> dict:
    """What the open form holds: its kind and each filled field (a radio by its checked value)."""
    return b.w.locator("[data-panel]").evaluate("""p => {
      const out = { kind: p.dataset.panel };
      for (const e of p.querySelectorAll("input, select, textarea")) {
        if ((e.type === "radio" || e.type === "checkbox") ? e.checked : e.value !== "") out[e.name] = e.value;
      }
      return out;
    }""")


def held_pair(browser, timeout: int):
    """Two tabs of one browser, HOLD in both: (the context, tab 1, tab 2, the uncaught errors of the browser's
    pages not yet checked: conftest.py's page_errors checks them again after the test)."""
    ctx = browser.new_context(service_workers="block")
    ctx.add_init_script(HOLD)
    one, two = Board(ctx.new_page()), Board(ctx.new_page())
    errors = browser.page_errors
    for b in (one, two):
        b.page.set_default_timeout(timeout)
    return ctx, one, two, errors


def two_tabs(browser, server):
    """One conflict (CREW4) started in tab 1 and open in tab 2 of one browser, HOLD in both: yields
    (one, two, errors); the browser's context is closed after.
    Each tab has a window of its own, where it draws at full speed (``support.in_own_window``)."""
    ctx, one, two, errors = held_pair(browser, 30_000)
    one.open(server.url + CONFLICTS)
    one.set_up(CREW4)
    one.start()
    two.open(server.url + CONFLICTS)
    two.w.locator('[data-out="exchange"]').wait_for()
    yield one, two, errors
    ctx.close()
