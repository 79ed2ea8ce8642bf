"""The morale tracker at the table (issue 34 §1): its table view on a 360×740 phone by touch. One tap
opens it; whose turn it is, who acts, their events and the event's form up to its button stand on the
first screen; an attack takes six taps and nothing typed, a test event two; the logged line shows; the
saved log replays in CPython to what the screen says; a reload keeps the view, Close leaves it; axe
finds nothing and a keyboard does the same."""
from __future__ import annotations

import json

import pytest

from rules_core.api import call
from tests.browser.morale_page import KEY, TABLE, WIDGET
from tests.browser.support import NO_WORKER, axe, in_view

SETUP = {"edition": "2023", "teams": [{"name": "Wolves", "captain": "Ada", "members": ["Ada", "Bo"]},
                                      {"name": "Crows", "captain": "Cy", "members": ["Cy", "Di"]}]}
FRESH = {"format": "conflict-table/morale", "version": 1, "events": [], "redo": [], "setup": SETUP}
SCROLLED = "() => [...document.querySelectorAll('*')].reduce((n, e) => n + e.scrollTop, scrollY)"


@pytest.fixture()
def phone(phones, server):
    page = phones(bypass_csp=True, scripts=(  # axe-core is injected as a script
        NO_WORKER, f"origin === 'null' || localStorage.getItem('{KEY}') ||"  # (about:blank keeps no storage)
        f" localStorage.setItem('{KEY}', {json.dumps(json.dumps(FRESH))})"))
    page.goto(server.url + TABLE)
    page.locator(f'{WIDGET} [data-act="table-open"]').wait_for()
    return page


def log_lines(page) -> list[str]:
    return page.locator(f'{WIDGET} [data-out="log"] li').all_inner_texts()


def replayed(page) -> list[str]:
    kept = json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))
    reply = call("morale.replay", {"setup": kept["setup"], "events": kept["events"]})
    assert reply["ok"], reply
    return [e["text"] for e in reply["result"]["log"]]


def test_an_attack_in_six_taps_and_a_test_in_two_without_scrolling(phone):
    w = phone.locator(WIDGET)
    w.locator('[data-act="table-open"]').tap()
    w.locator("xpath=.").and_(phone.locator(".is-table")).wait_for()
    assert phone.url.endswith("#morale-table")
    assert not phone.evaluate("document.querySelector('.md-header').checkVisibility()")  # the page is out of the way
    before = phone.evaluate(SCROLLED)
    taps = ['[data-act="choose"][data-member="Ada"]', '[data-act="event"][data-kind="attack"][data-member="Ada"]',
            '[data-panel] [data-act="pick"][data-name="defender"][data-value="Di"]',
            '[data-panel] [data-act="pick"][data-name="effort"][data-value="3"]',
            '[data-panel] [data-act="pick"][data-name="defender_effort"][data-value="1"]',
            '[data-panel] button[type="submit"]']
    for sel in taps:
        control = w.locator(sel)
        control.wait_for()
        assert in_view(control), f"{sel} is not on the first screen"
        control.tap()
    phone.wait_for_function("(s) => document.querySelectorAll(s).length === 1", arg=f'{WIDGET} [data-out="log"] li')
    assert phone.evaluate(SCROLLED) == before
    last = w.locator('[data-out="last"]')
    assert in_view(last) and "Ada hit Di (3 vs 1)" in last.inner_text()
    assert log_lines(phone) == replayed(phone)
    # The defender's team's morale on the scoreboard, as the rules say (2023: a landed attack costs 1).
    assert w.locator('.morale__tablescore [data-team="Crows"] [data-out="board-morale"]').get_attribute("data-value") == "-1"

    for sel in ('[data-act="choose"][data-member="Bo"]', '[data-act="event"][data-kind="success"][data-member="Bo"]'):
        assert in_view(w.locator(sel))
        w.locator(sel).tap()
    phone.wait_for_function("(s) => document.querySelectorAll(s).length === 2", arg=f'{WIDGET} [data-out="log"] li')
    assert "Bo succeeded" in w.locator('[data-out="last"]').inner_text()
    assert log_lines(phone) == replayed(phone) and phone.evaluate(SCROLLED) == before

    phone.reload()  # the view is an address: a reload keeps it
    phone.locator(f"{WIDGET}.is-table [data-act='table-close']").wait_for()
    w.locator('[data-act="table-close"]').tap()
    phone.wait_for_function("(s) => !document.querySelector(s).classList.contains('is-table')", arg=WIDGET)
    assert "#morale-table" not in phone.url
    assert len(log_lines(phone)) == 2


def test_a_number_past_the_picks_is_typed_and_a_wrong_one_is_said_beside_it(phone):
    w = phone.locator(WIDGET)
    w.locator('[data-act="table-open"]').tap()
    w.locator('[data-act="choose"][data-member="Cy"]').tap()
    w.locator('[data-act="event"][data-kind="attack"][data-member="Cy"]').tap()
    w.locator('[data-panel] [name="effort"]').fill("9")
    w.locator('[data-panel] [name="defender_effort"]').fill("-2")
    w.locator('[data-panel] button[type="submit"]').tap()
    error = w.locator('[data-panel] [data-field="defender_effort"] > .calc__error')
    error.wait_for()
    assert error.inner_text() and w.locator('[data-panel] [name="effort"]').input_value() == "9"  # nothing typed is lost
    assert log_lines(phone) == []


def test_axe_finds_nothing_in_the_table_view_and_a_keyboard_logs_an_event(phone):
    w = phone.locator(WIDGET)
    w.locator('[data-act="table-open"]').focus()
    phone.keyboard.press("Enter")
    phone.locator(f"{WIDGET}.is-table").wait_for()
    w.locator('[data-act="choose"][data-member="Ada"]').focus()
    phone.keyboard.press("Enter")
    w.locator('[data-act="event"][data-kind="attack"][data-member="Ada"]').focus()
    phone.keyboard.press("Enter")
    w.locator("[data-panel]").wait_for()
    axe(phone, "the morale tracker's table view with an attack open", include=WIDGET)
    for name, value in (("defender", "Cy"), ("effort", "4"), ("defender_effort", "2")):
        w.locator(f'[data-panel] [data-act="pick"][data-name="{name}"][data-value="{value}"]').focus()
        phone.keyboard.press("Enter")
    w.locator('[data-panel] button[type="submit"]').focus()
    phone.keyboard.press("Enter")
    phone.wait_for_function("(s) => document.querySelectorAll(s).length === 1", arg=f'{WIDGET} [data-out="log"] li')
    assert "Ada hit Cy (4 vs 2)" in w.locator('[data-out="last"]').inner_text()
