"""The conflict board in WebKitGTK (what a referee on an iPhone relies on): a fresh
profile sets up the warehouse crew, starts the conflict, logs two actions, undoes
one, reloads, and finds the conflict kept as it was: one line in the log, the
undone action waiting to be redone, the same lines CPython replays from the
saved log. The same story runs in Chromium in ``tests/browser/test_board.py``.
"""
from __future__ import annotations

import base64
import json

from rules_core.api import call
from tests.browser.pages import as_page, wait_engine
from tests.browser.webkit.board_page import CONFLICTS, W, log_lines, saved, simple, start_warehouse, wait_log


def test_a_conflict_logged_and_undone_is_kept_across_a_reload(wk, wk_server):
    wk.goto(wk_server.url + CONFLICTS)
    start_warehouse(wk)

    simple(wk, "Gatto", "looks for a way round")
    simple(wk, "Jade", "calls the others")
    two = log_lines(wk)
    assert len(two) == 2 and "Gatto" in two[0] and "Jade" in two[1]

    wk.click(f'{W} [data-act="undo"]')
    wait_log(wk, 1)
    assert log_lines(wk) == two[:1]
    kept = saved(wk)
    assert len(kept["events"]) == 1 and len(kept["redo"]) == 1

    wk.reload()
    wait_engine(wk)
    wait_log(wk, 1)
    assert log_lines(wk) == two[:1]
    assert saved(wk) == kept
    replayed = call("board.replay", {"setup": kept["setup"], "events": kept["events"]})
    assert replayed["ok"], replayed
    assert log_lines(wk) == [e["text"] for e in replayed["result"]["entries"]]

    wk.click(f'{W} [data-act="redo"]')  # the undone action came through the reload too
    wait_log(wk, 2)
    assert log_lines(wk) == two


def chip(name: str, value: str) -> str:
    """The chip (a label round a radio) a finger taps for `name` = `value`."""
    return f'{W} label:has(> input[name="{name}"][value="{value}"])'


def test_an_attack_logged_in_the_table_view_on_a_phone_sized_window(webkit, wk_server):
    """The table view in WebKit on a phone-sized window: it takes the whole window, an attack is
    tapped from who acts to Log it (chips, a die, the absorb choice) with nothing typed, the logged
    line shows on the screen, and Close returns to the page."""
    wk = as_page(webkit())
    wk.driver.set_window_size(360, 740)
    wk.goto(wk_server.url + CONFLICTS)
    # (the smallest window WebKitGTK's MiniBrowser opens is 447 px wide: a large phone's width)
    assert wk.js("() => innerWidth") <= 450, "the window is not phone-sized"
    start_warehouse(wk)
    wk.click(f'{W} [data-act="table-open"]')
    wk.wait("(sel) => document.querySelector(sel).classList.contains('is-table')", W, what="the table view")
    assert wk.js("(sel) => { const r = document.querySelector(sel).getBoundingClientRect();"
                 " return r.top === 0 && r.left === 0 && r.width === innerWidth && r.height === innerHeight; }", W)

    for name, value in (("actor", "Rook"), ("kind", "attack"), ("target", "Gatto")):
        if name == "kind":
            wk.click(f'{W} [data-act="kind"][data-kind="attack"]')
        else:
            wk.click(chip(name, value))
    wk.click(f'{W} [data-act="die-total"][data-value="1"]')  # the table's dice show +1: the skill's rating came with the actor
    wk.wait("(sel) => !!document.querySelector(sel)", f'{W} [data-panel] input[name="absorb"]', what="how Gatto absorbs")
    wk.wait("(sel) => document.querySelector(sel)?.checked", f'{W} [data-panel] input[name="absorb"]',
            what="the only way to absorb a hit of 3, chosen by the rules")
    wk.click(f'{W} [data-panel] [data-key="log"]')
    wait_log(wk, 1)
    kept = saved(wk)
    assert kept["events"][0]["kind"] == "attack" and kept["events"][0]["target"] == "Gatto"
    replayed = call("board.replay", {"setup": kept["setup"], "events": kept["events"]})
    assert replayed["ok"], replayed
    line = replayed["result"]["entries"][0]["text"]
    assert log_lines(wk) == [line]
    assert wk.js("(sel) => { const e = document.querySelector(sel); const r = e.getBoundingClientRect();"
                 " return !e.hidden && r.top >= 0 && r.bottom <= innerHeight; }", f'{W} [data-out="last"]')
    assert line in wk.text(f'{W} [data-out="last"]')

    wk.click(f'{W} [data-act="table-close"]')
    wk.wait("(sel) => !document.querySelector(sel).classList.contains('is-table')", W, what="the page again")


def test_log_it_tapped_while_the_note_keeps_the_focus_logs_once_and_says_nothing_went_wrong(wk, wk_server):
    """An iPhone's tap leaves the focus in the text field: Log it is clicked while the note still has it."""
    wk.goto(wk_server.url + CONFLICTS)
    wk.js("() => { window.__errors = []; addEventListener('error', (e) => __errors.push(String(e.message)));"
          " addEventListener('unhandledrejection', (e) => __errors.push(String(e.reason))); }")
    wait_engine(wk)
    wk.wait("(sel) => !!document.querySelector(sel + ' [data-act=example], ' + sel + ' [data-out=exchange]')", W, what="the board")
    if not wk.js("(sel) => !!document.querySelector(sel + ' [data-out=exchange]')", W):
        start_warehouse(wk)
    wk.click(f'{W} [data-act="kind"][data-kind="simple"]')
    wk.wait("(sel) => !!document.querySelector(sel)", f'{W} [data-panel="simple"]', what="the Simple action form")
    wk.fill(f'{W} [data-panel] [name="note"]', "ducks")
    n = len(log_lines(wk))
    wk.js("(sel) => { const note = document.querySelector(sel + ' [data-panel] [name=note]'); note.focus();"
          " document.querySelector(sel + ' [data-panel] [data-key=log]').click(); }", W)  # the focus stays in the note
    wait_log(wk, n + 1)
    assert log_lines(wk)[-1].endswith("simple action — ducks")
    assert wk.js("() => window.__errors") == []
    assert not wk.js("(sel) => [...document.querySelectorAll(sel + ' [data-out=notice]')].map((e) => e.textContent).join(' ')", W)


def test_a_board_link_answered_is_forgotten_and_one_back_leaves(wk, wk_server):
    """Issue 64 item 5 (Chromium: tests/browser/test_links_forgotten.py): a shared board lands on its offer in
    the table view; once opened, a tap logged, the phone's Back leaves the page, the offer never drawn again."""
    setup = call("board.example", {"name": "warehouse crew"})["result"]["setup"]
    code = base64.urlsafe_b64encode(json.dumps({"format": "conflict-table/board", "version": 1, "setup": setup,
                                                "events": [], "redo": []}).encode()).decode().rstrip("=")
    wk.goto(wk_server.url + "404.html")  # a page before the link in this tab's history
    wk.goto(wk_server.url + CONFLICTS + "#board=" + code)
    wait_engine(wk)
    wk.wait("(sel) => !!document.querySelector(sel)", f'{W} [data-act="open-shared"]', what="the link's offer")
    wk.click(f'{W} [data-act="open-shared"]')
    wk.wait_text(f'{W} [data-out="notice"]', "Opened the shared board")
    simple(wk, "Gatto", "a tap")
    assert "#board=" not in wk.js("() => location.href")
    wk.driver.back()
    wk.wait("() => location.pathname.endsWith('404.html')", what="Back to leave the board's page")
