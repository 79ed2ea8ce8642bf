"""The conflict board in WebKitGTK, driven as a referee taps it (``PageLike``, ``devtools/drivers.py``): the
warehouse crew set up and started, a Simple action logged, and the log as the page shows and stores it.
"""
from __future__ import annotations

import json

from tests.browser.pages import wait_engine

CONFLICTS = "edgerunner/conflicts/"
W = '.calc[data-calc="board"]'
KEY = "conflict-table[/]:board"
LOG = f'{W} [data-out="log"] li'


def log_lines(wk) -> list[str]:
    return wk.js("(sel) => [...document.querySelectorAll(sel)].map(li => li.innerText)", LOG)


def wait_log(wk, n: int):
    wk.wait("([sel, n]) => document.querySelectorAll(sel).length === n", [LOG, n], what=f"{n} lines in the log")


def simple(wk, actor: str, note: str):
    """Open the Simple action form, choose who acts, say what they do, log it."""
    n = len(log_lines(wk))
    wk.click(f'{W} [data-act="kind"][data-kind="simple"]')
    wk.wait("(sel) => !!document.querySelector(sel)", f'{W} [data-panel="simple"]', what="the Simple action form")
    wk.click(f'{W} [data-panel="simple"] [name="actor"][value="{actor}"]')  # who acts: one tap on their name
    wk.fill(f'{W} [data-panel="simple"] [name="note"]', note)
    wk.click(f'{W} [data-panel] [data-key="log"]')
    wait_log(wk, n + 1)


def start_warehouse(wk):
    """Once the engine is ready: the warehouse crew (the example) set up and started."""
    wait_engine(wk)
    wk.wait("(sel) => !!document.querySelector(sel)", f'{W} [data-act="example"]', what="the board's setup")
    wk.click(f'{W} [data-act="example"]')
    wk.wait("(sel) => document.querySelector(sel)?.value === 'Gatto'", f'{W} [name="actors.0.name"]',
            what="the warehouse crew in the setup")
    wk.click(f'{W} button[type="submit"]')
    wk.wait("(sel) => !!document.querySelector(sel)", f'{W} [data-out="exchange"]', what="the conflict to start")


def saved(wk) -> dict:
    return json.loads(wk.js("(k) => localStorage.getItem(k)", KEY))
