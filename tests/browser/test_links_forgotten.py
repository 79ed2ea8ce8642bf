"""A link handled once is forgotten (issue 64 item 5): land on a calculator's share link, answer its
offer (Open it, or Keep mine), use the calculator, press the phone's Back: the browser leaves the page.
Before, the conflict board landed on its offer in the table view, pushed over the link's own entry:
Back drew the view again with the same offer (Open it then set the played board aside again), and
only the third Back left. Every widget's links go through share.js and tableview.js: each is tried.
On a 360 x 740 phone, in Chromium (WebKit: webkit/test_webkit_board.py).
"""
from __future__ import annotations

import base64
import json

import pytest
from playwright.sync_api import expect

from rules_core.api import call
from tests.browser.board_page import CONFLICTS, KEY, WIDGET, Board
from tests.browser.keeping_page import SMALL
from tests.browser.party_page import BOONS, CHECKED, DICE, TABLE, fill_boon, open_widget, roster_code, share_widget
from tests.browser.support import wait_engine
from tests.browser.waits import engine_barrier, frames

BORDERS_PAGE = "edgerunner/conflicts/"
MORALE_PAGE = "gauntlet-forge/conflicts/"


def code_of(value) -> str:
    return base64.urlsafe_b64encode(json.dumps(value).encode()).decode().rstrip("=")


def board_link() -> str:
    setup = call("board.example", {"name": "warehouse crew"})["result"]["setup"]
    return "#board=" + code_of({"format": "conflict-table/board", "version": 1, "setup": setup, "events": [], "redo": []})


BORDER_MAP = {"format": "conflict-table/border-map", "version": 1,
              "map": {"name": "Three rooms", "zones": ["Hall", "Study", "Cellar"],
                      "borders": [{"between": ["Hall", "Study"], "pass": 1}, {"between": ["Study", "Cellar"], "pass": 2}]},
              "move": {"start": "Study", "destination": "Hall", "mode": "shifts", "shifts": "2"}}


def land(page, url: str):
    """The link opened afresh, as from a message: one page before it in the tab's history."""
    page.goto("about:blank")
    page.goto(url)
    wait_engine(page)


def back_leaves(page):
    """One Back leaves the page, and no offer was drawn again on the way."""
    page.go_back()
    page.wait_for_url("about:blank")


@pytest.mark.parametrize("answer", ["open-shared", "keep-mine"])
def test_a_board_link_answered_in_the_table_view_is_gone_from_the_history(phones, server, answer):
    page = phones()
    page.goto(server.url + CONFLICTS)  # a conflict played here before (Keep mine keeps it)
    setup = call("board.example", {"name": "warehouse crew"})["result"]["setup"]
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEY, json.dumps(
        {"format": "conflict-table/board", "version": 1, "setup": setup, "events": [{"kind": "simple", "actor": "Jade"}], "redo": []})])
    land(page, server.url + CONFLICTS + board_link())
    b = Board(page)
    notice = b.w.locator('[data-out="notice"]')
    b.press(notice.locator(f'[data-act="{answer}"]'))
    expect(notice).to_contain_text("Opened the shared board" if answer == "open-shared" else "yours is as it was")
    b.act("simple", actor="Gatto", note="a tap")
    assert "#board=" not in page.url
    back_leaves(page)


def test_a_board_link_offer_not_yet_answered_survives_a_reload_in_the_table_view(phones, server):
    """The table view takes the link's place in the history, carrying the link until it is answered."""
    page = phones()
    land(page, server.url + CONFLICTS + board_link())
    b = Board(page)
    b.w.locator('[data-out="notice"] [data-act="open-shared"]').wait_for()
    page.reload()
    wait_engine(page)
    notice = b.w.locator('[data-out="notice"]')
    b.press(notice.locator('[data-act="open-shared"]'))
    expect(notice).to_contain_text("Opened the shared board")
    expect(page.locator(f"{WIDGET}.is-table")).to_have_count(1)
    back_leaves(page)


def in_table_view_over_a_link(page, server):
    """The morale tracker's page landed on from a link: its offer, drawn in the table view, which took the
    link's place in the address (the link rides in the entry's state until it is answered)."""
    land(page, server.url + MORALE_PAGE + "#morale=" + code_of(SMALL))
    w = page.locator('.calc[data-calc="morale"]')
    expect(w.locator('[data-act="open-shared"]')).to_be_visible()
    page.wait_for_function("() => location.hash === '#morale-table'")
    return w


def reloaded(page):
    """A reload, once the page's own checks of its address are done (anchor.js: two after each page)."""
    page.reload()
    wait_engine(page)
    page.wait_for_function(CHECKED)


def test_a_reload_in_the_morale_table_view_over_a_link_keeps_the_view_its_address_and_the_offer(phones, server):
    """Before, the page's check of stray anchors took #morale-table (no heading carries it on this page) out
    of the address; the offer then opened the view again with a second entry in the history, whose address
    the check took out once more: the view open on a plain address, and Back drew the page under it."""
    page = phones()
    w = in_table_view_over_a_link(page, server)
    entries = page.evaluate("history.length")
    reloaded(page)
    expect(w.locator('[data-act="open-shared"]')).to_be_visible()
    assert page.evaluate("[location.hash, history.length]") == ["#morale-table", entries]
    expect(page.locator('.calc[data-calc="morale"].is-table')).to_have_count(1)
    w.locator('[data-act="open-shared"]').click()
    expect(w.locator('[data-out="log"] li')).to_have_count(1)
    back_leaves(page)


def test_a_link_not_yet_answered_survives_two_reloads_of_the_table_view_on_a_slow_link(phones, server):
    """The theme writes the scroll offset as the entry's whole state soon after a page starts; on a slow link
    it did so before share.js, which keeps the link's marks through such writes, had arrived: the first
    reload still offered the link (early.js had read it), the second had lost it. The marks are kept from
    the page's first script on (early.js)."""
    page = phones()
    w = in_table_view_over_a_link(page, server)

    def slow(route):  # the calculators' shared modules on a slow link: they arrive after the theme's first write
        page.wait_for_function("() => history.state !== null && typeof history.state === 'object' && 'y' in history.state")
        route.continue_()
    page.route("**/chunks/glue.js", slow)
    for _ in range(2):
        reloaded(page)
        expect(w.locator('[data-act="open-shared"]')).to_be_visible()
    w.locator('[data-act="open-shared"]').click()
    expect(w.locator('[data-out="log"] li')).to_have_count(1)

@pytest.mark.parametrize("widget", ["stress", "borders", "morale", "boons", "dice"])
def test_every_widgets_link_once_answered_one_back_leaves(phones, server, widget):
    page = phones()
    if widget == "stress":
        land(page, server.url + TABLE + "#stress=" + roster_code())
        page.locator('.calc-stress__party [data-act="open-shared"]').click()
        expect(page.locator(".calc-stress__people button", has_text="Ada")).to_have_count(1)
    elif widget == "borders":
        land(page, server.url + BORDERS_PAGE + "#borders=" + code_of(BORDER_MAP))
        w = page.locator('.calc[data-calc="borders"]')
        w.locator('[data-act="open-shared"]').click()
        expect(w.locator('[data-out="saved"]')).to_contain_text("Opened the shared map")
    elif widget == "morale":
        land(page, server.url + MORALE_PAGE + "#morale=" + code_of(SMALL))
        w = page.locator('.calc[data-calc="morale"]')
        w.locator('[data-act="open-shared"]').click()
        expect(w.locator('[data-out="log"] li')).to_have_count(1)
    else:
        selector = BOONS if widget == "boons" else DICE
        w = open_widget(page, server, selector)
        if widget == "boons":
            fill_boon(w, rating=4, pool=5, difficulty=3, target=4)
        link = share_widget(w, widget)
        land(page, link)
        w = page.locator(selector).first
        w.locator('[data-out="share"]').get_by_role("button", name="Keep mine").click()
        expect(w.locator('[data-out="share"]')).to_contain_text("yours is as it was")
    page.wait_for_function("(n) => !location.hash.startsWith(`#${n}=`)", arg=widget)  # (said a moment before it is forgotten)
    back_leaves(page)


def test_a_link_answered_after_another_fragment_was_pushed_over_it_is_not_offered_again_by_back(phones, server):
    """The player follows a heading's link on the page before answering a roll's link: the link's entry
    lies under the heading's. Back to it clears it, and offers nothing; the next Back leaves."""
    page = phones()
    w = open_widget(page, server, DICE)
    link = share_widget(w, "dice")
    land(page, link)
    w = page.locator(DICE).first
    notice = w.locator('[data-out="share"]')
    expect(notice).to_contain_text("This link carries a roll")
    anchor = page.locator("article h2[id]").first.get_attribute("id")
    page.evaluate("(id) => { location.hash = id; }", anchor)  # a heading's link followed: a new entry
    page.wait_for_function("(id) => location.hash === '#' + id", arg=anchor)
    notice.get_by_role("button", name="Keep mine").click()
    expect(notice).to_contain_text("yours is as it was")
    page.go_back()
    page.wait_for_function("() => !location.hash.startsWith('#dice=')")
    engine_barrier(page)  # an offer drawn again would come with the rules' check of the link, drawn by now
    frames(page, 2)
    expect(notice).not_to_contain_text("This link carries")
    back_leaves(page)


def test_the_same_link_opened_afresh_after_it_was_handled_is_offered_again(phones, server):
    """Forgetting a handled link is for the history's entries only: the same link tapped again later (in a
    message, say) is a new request, offered as any link."""
    page = phones()
    url = server.url + MORALE_PAGE + "#morale=" + code_of(SMALL)
    land(page, url)
    w = page.locator('.calc[data-calc="morale"]')
    w.locator('[data-act="open-shared"]').click()
    expect(w.locator('[data-out="log"] li')).to_have_count(1)
    page.wait_for_function("() => !location.hash.startsWith('#morale=')")  # handled: gone from the address
    page.evaluate("(h) => { location.hash = h; }", "#morale=" + code_of(SMALL))  # tapped again on this page: a new entry
    expect(w.locator('[data-out="notice"]')).to_contain_text("This link carries a conflict")
    land(page, url)  # and opened afresh, as from a message
    expect(w.locator('[data-act="open-shared"]')).to_be_visible()
    page.reload()  # not answered yet: this entry's link was never handled, though the same link was
    wait_engine(page)
    expect(w.locator('[data-act="open-shared"]')).to_be_visible()
