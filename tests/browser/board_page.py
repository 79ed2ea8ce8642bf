"""The conflict board's page object: ``Board`` drives the board the way a referee does (set up, act,
log, read what is shown against the saved log replayed in CPython), and the names the board's tests
share (its pages, its root's selector, its storage key, the warehouse crew)."""
from __future__ import annotations

import json

from rules_core.api import call
from tests.browser.support import PHONE, printed, wait_engine

CONFLICTS = "edgerunner/conflicts/"
TABLE = "table/"
WIDGET = '.calc[data-calc="board"]'
KEY = "conflict-table[/]:board"
CREW = {"sides": ["Crew", "Gang"], "actors": [
    {"name": "Gatto", "side": "Crew", "zone": "West end", "cool": 2},
    {"name": "Hargan", "side": "Gang", "zone": "East end", "cool": 3},
]}


class Board:
    """Drives the board the way a referee does; `touch` taps instead of clicking."""

    def __init__(self, page, touch: bool = False):
        self.page = page
        self.w = page.locator(WIDGET).first
        self.touch = touch

    def press(self, locator):
        (locator.tap if self.touch else locator.click)()  # each scrolls the control into view first

    def cancel(self):
        """Cancel the open sheet and wait until it is gone (the close is the rules' answer: until it comes,
        the sheet and its Cancel are still on the page, and a test that looked now would find them)."""
        self.press(self.w.locator('[data-panel] [data-act="cancel"]'))
        self.w.locator("[data-panel]").wait_for(state="detached")

    def open(self, url: str):
        self.page.goto(url)
        wait_engine(self.page)
        self.page.locator(f"{WIDGET} [data-board-app] h3").first.wait_for()

    def saved(self) -> dict:
        return json.loads(self.page.evaluate(f"localStorage.getItem('{KEY}')"))

    def log(self) -> list[str]:
        return self.w.locator('[data-out="log"] li').all_inner_texts()

    def wait_log(self, n: int):
        self.page.wait_for_function("([sel, n]) => document.querySelectorAll(sel).length === n",
                                    arg=[f'{WIDGET} [data-out="log"] li', n])

    def error(self, field: str):
        return self.w.locator(f'[data-field="{field}"] > .calc__error')

    def set_up(self, setup: dict):
        """Fill the setup form from scratch: sides, then actors (name, side, zone, Cool threshold)."""
        if self.w.locator('[data-act="new"]').count():
            self.press(self.w.locator('[data-act="new"]'))
        self.w.locator('[name="map-choice"]').select_option("warehouse")
        while self.w.locator('[data-act="remove"][data-what="thing"]').count():  # no things (an example's)
            self.press(self.w.locator('[data-act="remove"][data-what="thing"]').first)
        for i, side in enumerate(setup["sides"]):
            self.w.locator(f'[name="sides.{i}"]').fill(side)
        while self.w.locator('[data-act="remove"][data-what="actor"]').count() > len(setup["actors"]):
            self.press(self.w.locator('[data-act="remove"][data-what="actor"]').last)
        while self.w.locator('[data-act="remove"][data-what="actor"]').count() < len(setup["actors"]):
            self.press(self.w.locator('[data-act="add"][data-what="actor"]'))
        for i, actor in enumerate(setup["actors"]):
            self.w.locator(f'[name="actors.{i}.name"]').fill(actor["name"])
            self.w.locator(f'[name="actors.{i}.side"]').select_option(actor["side"])
            self.w.locator(f'[name="actors.{i}.zone"]').select_option(actor["zone"])
            self.w.locator(f'[name="actors.{i}.cool"]').fill(str(actor["cool"]))

    def start(self):
        self.press(self.w.locator('button[type="submit"]'))
        self.w.locator('[data-out="exchange"]').wait_for()

    def answered(self):
        """Wait until the sheet shows the rules' answer to every tap so far (the board is not asking), as a
        referee sees it before the next tap. A tap's answer can reorder the choices under the next one:
        the targets for Jade are Hargan, Rook, Gatto and for Rook Gatto, Jade, Hargan, so a tap on the
        third chip aimed before Rook's answer came lands on Hargan once it has."""
        self.page.wait_for_function("(sel) => document.querySelector(sel)?.dataset.busy !== 'true'",
                                    arg=f"{WIDGET} .board__play")

    def action(self, kind: str, **fields):
        """Open an action's form and fill it (a name that ends in a radio or checkbox value: `zone=Middle`)."""
        self.press(self.w.locator(f'[data-act="kind"][data-kind="{kind}"]'))
        panel = self.w.locator(f'[data-panel="{kind}"]')
        panel.wait_for()
        self.answered()
        self.fill(**fields)
        return panel

    def fill(self, *, held: bool = False, **fields):
        """Fill the open sheet field by field, each tap's answer drawn before the next (``answered``);
        held: the test holds the rules' answers back (``answers_held``), so none is waited for."""
        panel = self.w.locator("[data-panel]")
        for name, value in fields.items():
            name = name.replace("__", ".")
            box = panel.locator(f'[name="{name}"]')
            box.first.evaluate("e => { const d = e.closest('details'); if (d) d.open = true; }")  # folded parts open first
            if box.count() > 1 or box.first.get_attribute("type") in ("radio", "checkbox"):
                box = panel.locator(f'[name="{name}"][value="{value}"]')
                self.press(box)
            elif box.evaluate("e => e.tagName") == "SELECT":
                box.select_option(str(value))
            else:
                box.fill(str(value))
            if not held:
                self.answered()

    def log_it(self, expect_line: bool = True, held: bool = False):
        """Tap Log it once the sheet shows the rules' answer to the taps before it (``answered``), as a
        referee reads the button's words first: the answer can change them, and the button's size with
        them, under a tap aimed a moment before. held: the test holds the answers back (``fill``)."""
        if not held:
            self.answered()
        n = len(self.log())
        self.press(self.w.locator('[data-panel] [data-key="log"]'))
        if expect_line:
            self.wait_log(n + 1)
            if not held:
                self.answered()  # the sheet closes with the rules' answer, which comes just after the line

    def act(self, kind: str, **fields):
        if kind == "end_exchange":
            n = len(self.log())
            self.press(self.w.locator('[data-act="kind"][data-kind="end_exchange"]'))
            return self.wait_log(n + 1)
        self.action(kind, **fields)
        self.log_it()

    def printed(self, board_only: bool = True) -> list[str]:
        """Each page's text of the page printed on A4: the board alone, as its own Print button prints it,
        or (board_only False) the whole page, as the browser's own Print does."""
        if board_only:
            self.page.evaluate("document.documentElement.classList.add('board-printing')")
        try:
            return printed(self.page)
        finally:
            self.page.evaluate("document.documentElement.classList.remove('board-printing')")

    def state(self) -> dict:
        """The saved conflict replayed in CPython: what the page must be showing."""
        saved = self.saved()
        reply = call("board.replay", {"setup": saved["setup"], "events": saved["events"]})
        assert reply["ok"], reply
        return reply["result"]

    def check_shown(self):
        """The page shows the state CPython replays from the saved log: log lines, exchange, zones, out."""
        result = self.state()
        assert self.log() == [e["text"] for e in result["entries"]]
        s = result["state"]
        assert self.w.locator("h3").first.inner_text() == f"Exchange {s['exchange']}"
        for actor in s["actors"]:
            zone = self.w.locator(f'.board__map .bmap__zone:has([data-token="{actor["name"]}"])').get_attribute("data-zone")
            assert zone == actor["zone"], actor["name"]
            card = self.w.locator(f'[data-actor="{actor["name"]}"]').inner_text()
            assert ("Taken out." in card) == actor["out"], card
        return s


__all__ = ["CONFLICTS", "CREW", "KEY", "PHONE", "TABLE", "WIDGET", "Board"]
