"""The table's calculators as a player drives them on a phone, for the tests of the party and of share
links: the stress calculator's roster (``open_table``, ``party``, ``people``, ``box``, ``rename``), the
border map (``open_borders``, ``add_zone``), the boon odds and the dice roller (``open_widget``,
``fill_boon``), their share links (``share_link``, ``share_widget``, ``packed``, ``roster_code``) and the wait
until every check of the address is made (``CHECKED``)."""
from __future__ import annotations

import base64
import json

from playwright.sync_api import expect

from rules_core.api import call
from tests.browser.support import wait_engine

TABLE = "table/"
MORALE_PAGE = "gauntlet-forge/conflicts/"
STRESS = '.calc[data-calc="stress"]'


def open_table(page, server, hash_=""):
    if hash_:
        page.goto("about:blank")
        page.goto(server.url + TABLE + hash_)
    elif not page.url.startswith(server.url + TABLE):
        page.goto(server.url + TABLE)
    wait_engine(page)
    w = page.locator(STRESS).first
    w.locator('[data-panel="wounds"] [data-out="answer"] .calc__answer').wait_for(state="attached")
    return w


def party(w):
    return w.locator(".calc-stress__party")


def people(w):
    return party(w).locator(".calc-stress__people button")


def box(w, slot, n):
    """Wound box number n (1 is the first) of a slot."""
    return w.locator(f'[data-panel="wounds"] [data-slot="{slot}"] [data-box="{n}"]')


def rename(w, name):
    field = party(w).locator('[name="party-name"]')
    field.fill(name)
    field.press("Tab")
    expect(people(w).filter(has_text=name)).to_have_attribute("aria-pressed", "true")


def marked_character(w, name: str, track: str, n: int) -> None:
    """Name the roster's character and tap box ``n`` of ``track``: a roster with something to keep."""
    rename(w, name)
    box(w, track, n).click()
    expect(box(w, track, n)).to_have_attribute("aria-pressed", "true")


def share_link(w):
    party(w).get_by_role("button", name="Share link").click()
    link = party(w).locator("input.calc-share__link")
    expect(link).to_be_visible()
    return link.input_value()


BORDERS_PAGE = "edgerunner/conflicts/"
BORDERS = '.calc[data-calc="borders"]'
MAP_KEY = "conflict-table[/]:borders"


def open_borders(page, server, hash_=""):
    page.goto("about:blank")
    page.goto(server.url + BORDERS_PAGE + hash_)
    wait_engine(page)
    w = page.locator(BORDERS)
    expect(w.locator('input[name="new-zone"]')).to_be_enabled()
    w.locator('[data-out="saved"]').wait_for(state="attached")
    return w


def add_zone(w, name):
    w.locator('input[name="new-zone"]').fill(name)
    w.locator('[data-act="add-zone"]').click()
    expect(w.locator('[data-out="saved"]')).to_contain_text("Zone added")


BOONS = '.calc[data-calc="boons"]'
DICE = '.calc[data-calc="dice"]'


def open_widget(page, server, selector, hash_=""):
    page.goto("about:blank")
    page.goto(server.url + TABLE + hash_)
    wait_engine(page)
    w = page.locator(selector).first
    expect(w.locator(".calc__form")).to_be_visible()
    return w


def field(w, name):
    return w.locator(f'[name="{name}"]')


def fill_boon(w, rating, pool, difficulty, target, enduring=False):
    for name, value in (("rating", rating), ("pool", pool), ("difficulty", difficulty), ("target", target)):
        field(w, name).fill(str(value))
    field(w, "enduring").set_checked(enduring)
    free = call("boons.free_dice", {"rating": rating, "enduring": enduring})["result"]
    odds = call("boons.odds", {"rating": rating, "pool": pool, "difficulty": difficulty, "target": target})["result"]
    boon = w.locator('[data-out="boon"]')
    expect(boon).to_contain_text(f"stays at rating {rating}" if free["extraordinary"] else "No free dice")
    spent = free["spend"]  # the answer to the last box ticked (enduring), not to the one before it
    expect(boon).to_contain_text("then it vanishes" if spent["vanishes"] else f"then it drops to rating {spent['rating_after']}")
    expect(w.locator('[data-out="odds"]')).to_contain_text(odds["spending"]["probability"]["percent"])
    return w.locator('[data-out="boon"]').text_content(), w.locator('[data-out="odds"]').text_content()


def share_widget(w, name):
    w.get_by_role("button", name="Share link").click()
    box = w.locator('[data-out="share"] input.calc-share__link')
    expect(box).to_be_visible()
    link = box.input_value()
    assert f"#{name}=" in link
    return link


def boon_fields(w):
    return {n: field(w, n).input_value() for n in ("rating", "pool", "difficulty", "target")} | {
        "enduring": field(w, "enduring").is_checked()}


def packed(name, fields):
    data = {"format": f"conflict-table/{name}", "version": 1, "fields": fields}
    return f"#{name}=" + base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")


# Every check of the address anchor.js was asked for (at each page shown, and 600 ms later) is made.
CHECKED = "() => window.calcAnchors?.due >= 2 && calcAnchors.checked === calcAnchors.due"


def roster_code(**person) -> str:
    """A stress roster of one person (Ada, ``person`` on top) as a link's ``#stress=`` code."""
    one = {"id": "c1", "name": "Ada", "side": "pc", "standing": "in", "traits": [], "states": {}, **person}
    data = {"format": "conflict-table/stress", "version": 1, "current": "c1", "people": [one]}
    return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")
