"""The morale tracker's part of ``benchmarks/table_taps.py``, at 360×740 by touch in its table view
(``#morale-table``), for each edition: every kind of event, from choosing who acts (a tap only when the
sheet has not chosen them: it offers the first of the team whose turn it is still to act) to its line
logged; a whole round of two teams of three; a break of morale through to the team's result; an attack
whose both pools are rolled in the event (the dice roller's own draw, seeded). Also the same attack on the
page, out of the table view. Each row: taps, typed characters, pixels scrolled (the page and every
scrolling box), milliseconds."""
from __future__ import annotations

import json
import time

from devtools.server import wait_engine

M = '.calc[data-calc="morale"]'
KEY = "conflict-table[/]:morale"
WOLVES = ["Ada", "Bo", "Eve"]
CROWS = ["Cy", "Di", "Fay"]


def setup(edition: str) -> dict:
    """Wolves (Ada, Bo, Eve) against Crows (Cy, Di, Fay); in the wiki, Approach 3 and 2 with one success each."""
    if edition == "wiki":
        return {"edition": "wiki", "teams": [
            {"name": "Wolves", "captain": "Ada", "approach": 3, "members": [{"name": n, "successes": 1} for n in WOLVES]},
            {"name": "Crows", "captain": "Cy", "approach": 2, "members": [{"name": n, "successes": 1} for n in CROWS]}]}
    return {"edition": edition, "teams": [{"name": "Wolves", "captain": "Ada", "members": WOLVES},
                                          {"name": "Crows", "captain": "Cy", "members": CROWS}]}


def kept(edition: str) -> str:
    return json.dumps({"format": "conflict-table/morale", "version": 2, "setup": setup(edition), "events": [], "redo": []})


class Table:
    """A phone with the tracker's table view open on a fresh conflict of `edition`."""

    def __init__(self, browser, url: str, referee, phone: dict, edition: str, *, table: bool = True):
        self.ctx = browser.new_context(viewport=phone, has_touch=True, is_mobile=True)
        self.ctx.add_init_script("delete Navigator.prototype.serviceWorker;")
        self.ctx.add_init_script(f"localStorage.setItem('{KEY}', {json.dumps(kept(edition))})")
        self.page = self.ctx.new_page()
        self.page.set_default_timeout(60_000)
        self.page.goto(url + "table/" + ("#morale-table" if table else ""))
        wait_engine(self.page)
        if table:
            self.page.locator(f"{M}.is-table").wait_for()
        self.w = self.page.locator(M)
        self.settle()
        self.ref = referee(self.page)

    def close(self):
        self.ctx.close()

    def settle(self):
        """The rules' answer to the last tap is drawn."""
        self.page.wait_for_function("(s) => document.querySelector(s)?.dataset.busy === 'false'", arg=f"{M} .morale__sheet")

    def logged(self) -> int:
        return self.page.evaluate(f"document.querySelectorAll('{M} [data-out=\"log\"] li').length")

    def tap(self, selector: str):
        self.ref.tap(self.w.locator(selector))
        self.settle()

    def event(self, label: str, kind: str, who: str, *, team: bool = False, picks=(), rolls=(), reset: bool = True) -> dict:
        """One event: who acts (unless chosen already), its kind, its chips and rolls, then its button (when it
        asks anything); until its line is logged."""
        if reset:
            self.ref.reset()
        n = self.logged()
        if not team:
            chip = self.w.locator(f'[data-act="choose"][data-member="{who}"]')
            if chip.count() and chip.get_attribute("aria-pressed") != "true":
                self.tap(f'[data-act="choose"][data-member="{who}"]')
        by = "team" if team else "member"
        self.tap(f'[data-act="event"][data-kind="{kind}"][data-{by}="{who}"]')
        # The event either logs at once (nothing to ask) or opens its panel: wait for whichever it does.
        self.page.wait_for_function("([s, p, n]) => document.querySelectorAll(s).length > n || document.querySelector(p)",
                                    arg=[f'{M} [data-out="log"] li', f"{M} [data-panel]", n])
        self.settle()
        if self.logged() == n:
            for name, value in picks:
                self.tap(f'[data-panel] [data-act="pick"][data-name="{name}"][data-value="{value}"]')
            for name, value in rolls:
                self.tap(f'[data-panel] [data-act="roll"][data-name="{name}"][data-value="{value}"]')
            if self.logged() == n:
                self.tap('[data-panel] button[type="submit"]')
        self.page.wait_for_function("([s, n]) => document.querySelectorAll(s).length > n", arg=[f'{M} [data-out="log"] li', n])
        self.settle()
        last = self.w.locator('[data-out="log"] li').first.inner_text()
        return {"step": label, "kind": kind, "taps": self.ref.taps, "typed": self.ref.typed, "scroll_px": self.ref.scroll,
                "ms": round((time.perf_counter() - (self.ref.start or time.perf_counter())) * 1000), "logged": last}


# Each edition's conflict, event after event, every kind among them (kind, who, team?, picks), ending with a
# break of morale and the team's result. 2023: Crows fall below 0, fail the keep-morale test, nobody enters.
EVENTS = {
    "2023": [
        ("success", "Ada", False, []), ("failure", "Bo", False, []),
        ("attack", "Eve", False, [("defender", "Cy"), ("effort", 3), ("defender_effort", 1)]),
        ("advantage", "Ada", False, [("margin", 2)]), ("leave", "Bo", False, []),
        ("end_turn", "Wolves", True, []),
        ("last_stand", "Di", False, []), ("overwhelmed", "Fay", False, []), ("perish", "Di", False, []),
        ("adjust", "Crows", True, [("amount", 1)]),
        ("end_turn", "Crows", True, [("effort", 0)]), ("concede", "Crows", True, []),
    ],
    "2022": [
        ("success", "Ada", False, [("margin", 2)]), ("failure", "Bo", False, [("margin", 1)]),
        ("attack", "Eve", False, [("defender", "Cy"), ("effort", 4), ("defender_effort", 1), ("reduce", "stress")]),
        ("attack", "Ada", False, [("defender", "Di"), ("effort", 3), ("defender_effort", 1)]),
        ("advantage", "Eve", False, [("margin", 2)]), ("leave", "Bo", False, []),
        ("end_turn", "Wolves", True, []),
        ("last_stand", "Di", False, []), ("overwhelmed", "Fay", False, []), ("perish", "Di", False, []),
        ("adjust", "Crows", True, [("amount", 1)]),
        ("end_turn", "Crows", True, [("effort", 0)]), ("concede", "Crows", True, []),
    ],
    "wiki": [
        ("attack", "Ada", False, [("defender", "Cy"), ("effort", 3), ("defender_effort", 1)]),
        ("advantage", "Bo", False, [("margin", 2)]), ("leave", "Eve", False, []),
        ("end_turn", "Wolves", True, []),
        ("last_stand", "Di", False, []), ("perish", "Di", False, []),
        ("adjust", "Crows", True, [("amount", -1)]), ("end_turn", "Crows", True, []),
        ("attack", "Ada", False, [("defender", "Fay"), ("effort", 4), ("defender_effort", 1)]),
        ("concede", "Crows", True, []),
    ],
}

# A round of 2 × 3 members: each member one event, each team's turn ended (2023).
ROUND = [
    ("attack", "Ada", False, [("defender", "Cy"), ("effort", 3), ("defender_effort", 1)]), ("success", "Bo", False, []),
    ("failure", "Eve", False, []), ("end_turn", "Wolves", True, []),
    ("attack", "Cy", False, [("defender", "Ada"), ("effort", 3), ("defender_effort", 2)]), ("success", "Di", False, []),
    ("advantage", "Fay", False, [("margin", 2)]), ("end_turn", "Crows", True, []),
]


def morale(browser, url: str, referee, phone: dict) -> list[dict]:
    rows = []
    for edition, events in EVENTS.items():
        t = Table(browser, url, referee, phone, edition)
        try:
            for kind, who, team, picks in events:
                label = f"morale {edition}: {kind}" + (" (disposed)" if ("reduce", "stress") in picks else "") + (
                    " (keep morale)" if kind == "end_turn" and picks else "")
                rows.append({**t.event(label, kind, who, team=team, picks=picks), "edition": edition, "group": "event"})
            over = t.w.locator('[data-out="outcome"]').first.inner_text()
            rows.append({"step": f"morale {edition}: the result", "kind": "result", "taps": 0, "typed": 0, "scroll_px": 0, "ms": 0,
                         "logged": over, "edition": edition, "group": "result"})
        finally:
            t.close()
    # A whole round, its taps summed.
    t = Table(browser, url, referee, phone, "2023")
    try:
        t.ref.reset()
        for kind, who, team, picks in ROUND:
            row = t.event(f"morale round: {who or ''} {kind}", kind, who, team=team, picks=picks, reset=False)
        rows.append({**row, "step": "morale 2023: a round of 2 × 3", "kind": "round", "group": "round"})
        # A rolled attack: both pools rolled in the event (4 dice and 3), the dice roller's own draw.
        rows.append({**t.event("morale 2023: a rolled attack", "attack", "Bo", picks=[("defender", "Cy")],
                               rolls=[("effort", 4), ("defender_effort", 3)]), "group": "rolled"})
    finally:
        t.close()
    # The same attack on the page, out of the table view.
    t = Table(browser, url, referee, phone, "2023", table=False)
    try:
        t.w.locator('[data-act="event"][data-kind="attack"]').first.scroll_into_view_if_needed()
        rows.append({**t.event("morale page: Ada attacks Di", "attack", "Ada", picks=[("defender", "Di"), ("effort", 3), ("defender_effort", 1)]),
                     "group": "page"})
    finally:
        t.close()
    return rows


def summary(rows: list[dict]) -> dict:
    """The figures table_taps.py's last line adds."""
    events = [r for r in rows if r["group"] == "event"]
    attacks = [r for r in events if r["kind"] == "attack"]
    tests = [r for r in events if r["kind"] in ("success", "failure")]
    page = [r for r in rows if r["group"] == "page"]
    return {
        "morale_event_taps_max": max(r["taps"] for r in events),
        "morale_round_taps": next(r["taps"] for r in rows if r["group"] == "round"),
        "morale_rolled_attack_taps": next(r["taps"] for r in rows if r["group"] == "rolled"),
        "morale_scroll_px_max": max(r["scroll_px"] for r in rows if r["group"] in ("event", "round", "rolled")),
        "morale_attack_taps": max(r["taps"] for r in attacks), "morale_attack_typed": max(r["typed"] for r in attacks),
        "morale_test_taps": max(r["taps"] for r in tests), "morale_scroll_px": max(r["scroll_px"] for r in events),
        "morale_page_attack_taps": page[0]["taps"], "morale_page_attack_typed": page[0]["typed"],
        "morale_page_scroll_px": page[0]["scroll_px"],
    }
