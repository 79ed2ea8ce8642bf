"""Issue 32 §1, at random: one conflict open in two tabs, both logging and undoing for a minute, often
within milliseconds of each other (a Log it in one tab and a Log it or an Undo in the other, clicked
back to back). Then: no event either tab made is lost (each one logged is in the final log unless an
Undo took exactly one event out, or the rules refused it when the two tabs' logs merged and its tab said
so, naming it), none appears twice, the order of logging holds, and both tabs show
what storage holds, line for line as CPython replays it. The seed is printed with any failure;
BOARD_TABS_SECONDS and BOARD_TABS_SEED change the length and the draw."""
from __future__ import annotations

import contextlib
import json
import os
import random
import time

import pytest
from playwright.sync_api import TimeoutError

from tests.browser.board_page import KEY, WIDGET, Board
from tests.browser.board_tabs_page import both_show, notes, two_tabs
from tests.browser.waits import frames, next_millisecond, steady

started_tabs = pytest.fixture(two_tabs, name="tabs")  # a window each: both at full speed, their taps closest
SECONDS = float(os.environ.get("BOARD_TABS_SECONDS", "20"))
UNDO = '[data-act="undo"]'
LOG_IT = '[data-panel] [data-key="log"]'
ANNOUNCE = f'{WIDGET} [data-out="announce"]'


def simple_by_one_offered(b: Board, r: random.Random, note: str) -> None:
    """A Simple action opened and filled by one of the actors its sheet offers. (The exchange line and the sheet
    may be a moment apart when the other tab's log has just arrived: a referee taps what the sheet offers.)"""
    if b.w.locator("[data-panel]").count():
        b.cancel()  # (an Undo's action put back in the sheet)
    panel = b.action("simple")
    offered = panel.locator('[name="actor"]:not([disabled])')
    offered.first.wait_for(state="attached")
    b.fill(actor=r.choice(offered.evaluate_all("es => es.map((e) => e.value)")), note=note)


def enabled(b: Board, selector: str) -> bool:
    button = b.w.locator(selector)
    return button.count() == 1 and button.is_enabled()


def click_now(b: Board, selector: str) -> None:
    """Click without waiting for what it does: the other tab's click follows within a few milliseconds.
    The line the tab last said aloud is noted first: what this click makes it say is a new line (undone())."""
    b.w.locator(selector).evaluate("(e, live) => { window.__lastSaid = document.querySelector(live).firstElementChild; e.click(); }",
                                   ANNOUNCE)


def undone(b: Board) -> bool:
    """The tab's Undo is done: True when it undid; False when another tab's change came first and the
    two can't both stand (the other tab's is shown, and the tab says this Undo was not made)."""
    try:
        b.page.wait_for_function("live => { const line = document.querySelector(live).firstElementChild;"
                                 " return line !== window.__lastSaid && /^Undone: |was not made/.test(line.textContent); }",
                                 arg=ANNOUNCE, timeout=15_000)
    except TimeoutError:
        raise AssertionError(f"an Undo neither undid nor said why; the tab says: {b.page.locator(ANNOUNCE).text_content()!r}") from None
    return b.page.locator(ANNOUNCE).text_content().startswith("Undone: ")


def settled(b: Board, note: str) -> bool:
    """The tab's Log it is done: True when logged (its form closed); False when the rules refused it —
    the other tab's tap came first (the same actor acted) — said beside the form, the typed note kept."""
    panel = b.w.locator("[data-panel]")
    try:
        b.page.wait_for_function("([p, e]) => !document.querySelector(p) || !!document.querySelector(e)",
                                 arg=[f'{WIDGET} [data-panel]', f'{WIDGET} [data-panel] :is(.calc__error, .calc__form-error):not([hidden])'],
                                 timeout=15_000)
    except TimeoutError:
        said = panel.inner_text() if panel.count() else ""
        where = b.page.evaluate("""w => ({notice: document.querySelector(w + ' [data-out="notice"]')?.innerText,
            spoken: document.querySelector(w + ' [data-out="announce"]')?.textContent, sheet: Object.entries(localStorage).filter(([k]) => k.endsWith(':board:action')).map(([, v]) => v)[0],
            note: document.querySelector(w + ' [data-panel] [name="note"]')?.value,
            actor: document.querySelector(w + ' [data-panel] [name="actor"]:checked')?.value,
            engine: window.calcEngine && [window.calcEngine.status, window.calcEngine.stats.restarts, window.calcEngine.stats.stalls]})""", WIDGET)
        raise AssertionError(f"a Log it neither logged nor said why; the form says: {said[-300:]!r}; the page: {where}") from None
    if not panel.count():
        return True
    assert panel.locator('[name="note"]').input_value() == note, "a refused Log it lost what was typed"
    b.cancel()
    return False


def quiet(tabs: list[Board]) -> list[str]:
    """The notes of the stored log once both tabs read the same one and it has not changed for 0.3 s: the
    last tap's write, and any merge it set off in the other tab, have reached both (a write reaches the
    other tab's storage a moment after it is made)."""
    def look():
        now = [b.page.evaluate("(k) => window.__stored(k)", KEY) for b in tabs]
        return now[0] if now[0] == now[1] else object()  # (two tabs that differ are not settled)
    with contextlib.suppress(AssertionError):  # still moving after 15 s: the checks below say how
        steady(look, times=4, every=0.1, timeout=15, what="both tabs to read the same log for 0.3 s")
    return notes(tabs[0])


def refused_late(tabs: list[Board]) -> list[str]:
    """The notes of events logged and then refused when the two tabs' logs merged (both tabs logged the same
    actor's turn, neither having heard of the other's), as the stored log lists them (`refused`), less those an
    Undo took out too (counted as undone)."""
    named = {}  # id → note, from every log either tab stored
    for b in tabs:
        for key, text, _ in b.page.evaluate("window.__writes ?? []"):
            if key == KEY:
                log = json.loads(text)
                named.update(zip(log["ids"], (e.get("note") for e in log["events"])))
    stored = json.loads(tabs[0].page.evaluate("(k) => window.__stored(k)", KEY))
    undone = set(stored["dropped"]) | set(stored["redoIds"])
    return [named[i] for i in stored.get("refused", []) if i not in undone]


def story(tabs: list[Board], trail: list[tuple[float, str]]) -> str:
    """Every tap and every write of the conflict by either tab, in the order they happened (a failure's story).
    A write is told by what it changed in the stored log since the write before it (from either tab):
    "tab 2 stored +t2-128 +t2-127" brought t2-127 back, "-t1-124" took it out; the last log is told whole."""
    writes = []
    for i, b in enumerate(tabs):
        with contextlib.suppress(Exception):
            for key, text, at in b.page.evaluate("window.__writes ?? []"):
                if key == KEY:
                    writes.append((at, i + 1, [e.get("note") for e in json.loads(text)["events"]]))
    lines = list(trail)
    before: list = []
    for at, tab, log in sorted(writes):
        change = [f"-{n}" for n in before if n not in log] + [f"+{n}" for n in log if n not in before]
        lines.append((at, f"  tab {tab} stored {' '.join(change) or '(no change)'}"))
        before = log
    for i, b in enumerate(tabs):
        with contextlib.suppress(Exception):
            lines += [(0.0, f"  tab {i + 1} said: {text}") for text in b.page.evaluate("window.__said")]
    told = "\n".join(f"{at % 100_000:10.1f} {what}" for at, what in sorted(lines))
    return f"{told}\nlast stored: {before}"


def test_two_tabs_logging_and_undoing_at_random_lose_nothing_and_keep_the_order(tabs):
    seed = int(os.environ.get("BOARD_TABS_SEED", random.randrange(1 << 30)))
    r = random.Random(seed)
    *tabs, errors = tabs  # HOLD only reads storage as it is here (nothing is held)

    trail: list[tuple[float, str]] = []  # (when, what) of every tap, for the story a failure tells
    made: list[str] = []  # every note logged, in the order the Log it taps were made
    undos = 0  # Undo taps made on a log the tab showed as not empty
    refused = 0  # Log it and Undo taps refused and said (the other tab's tap came first, and both can't stand)
    n = 0
    end = time.monotonic() + SECONDS
    try:
        while time.monotonic() < end:
            # One or two taps at once: each tab that takes part logs (its form filled first) or undoes.
            movers = r.sample(tabs, r.choice([1, 2]))
            plan = []
            for b in movers:
                undo = r.random() < 0.35 and enabled(b, UNDO) and not any(p[1] == "undo" for p in plan)
                if undo:
                    plan.append((b, "undo", None))
                else:
                    n += 1
                    note = f"t{tabs.index(b) + 1}-{n:03d}"
                    simple_by_one_offered(b, r, note)  # as a referee would: one the sheet offers (still to act, as this tab knows)
                    plan.append((b, "log", note))
            for b, kind, note in plan:  # back to back: a few milliseconds apart
                trail.append((time.time() * 1000, f"tab {tabs.index(b) + 1}: {kind} {note or ''}"))
                click_now(b, UNDO if kind == "undo" else LOG_IT)
                if kind == "log":
                    made.append(note)
                else:
                    undos += 1
                next_millisecond(b.page)  # an event is timed to the millisecond: two taps in one have no order to keep
                if r.random() < 0.5:
                    frames(b.page, r.randint(0, 2))  # up to two frames (about 30 ms) before the other tab's tap
            for b, kind, note in plan:
                if kind == "log" and not settled(b, note):
                    made.remove(note)  # refused, and said: the other tab's tap took that actor's turn
                    refused += 1
                elif kind == "undo" and not undone(b):
                    undos -= 1  # not made, and said: the other tab's log can't stand without the event
                    refused += 1
            frames(b.page, r.randint(0, 9))  # a referee's pace: up to nine frames (about 150 ms) before the next taps

        final = quiet(tabs)
        late = refused_late(tabs)
        assert len(final) == len(set(final)), f"an event appears twice: {final}"
        assert set(final) <= set(made), f"an event nobody logged: {set(final) - set(made)}"
        assert len(made) - len(final) == undos + len(late), (
            f"{len(made)} logged, {undos} undone, {len(late)} refused after logging, {len(final)} kept: "
            "an event was lost (or an Undo took two)")
        for note in late:  # said in the tab that logged it, by its note
            said = tabs[int(note[1]) - 1].page.evaluate("window.__said")
            assert any(f"“{note}” was not kept" in text for text in said), f"{note} was refused unsaid: {said}"
        assert final == [m for m in made if m in final], "the order of logging does not hold"
        both_show(tabs[0], tabs[1], final)
        assert errors == []
        print(f"seed {seed}: {len(made)} logged, {refused} refused and said at the form, {len(late)} refused after"
              f" logging and said, {undos} undone, {len(final)} kept")
    except AssertionError as failure:
        raise AssertionError(f"{failure} (BOARD_TABS_SEED={seed}, {len(made)} logged, {undos} undone)\n"
                             f"made: {made}\n{story(tabs, trail)}") from None
