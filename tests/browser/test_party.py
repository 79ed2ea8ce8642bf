"""The whole party (issue 16 items 2, 3): the stress calculator's roster of
characters kept across a reload, the morale tracker's members picked from it,
and the roster shared as a link opened on another phone (a second browser
context), with the receiver's own roster set aside, never overwritten.
On a 360 x 740 phone."""
from __future__ import annotations

import base64
import json

from playwright.sync_api import expect

from rules_core.api import call
from tests.browser.party_page import (
    BOONS,
    BORDERS,
    DICE,
    MAP_KEY,
    MORALE_PAGE,
    STRESS,
    add_zone,
    boon_fields,
    box,
    field,
    fill_boon,
    marked_character,
    open_borders,
    open_table,
    open_widget,
    packed,
    party,
    people,
    rename,
    share_link,
    share_widget,
)
from tests.browser.support import PHONE, axe, wait_engine

expect.set_options(timeout=20_000)


def test_two_characters_stress_survives_a_reload(phones, server):
    page = phones()
    w = open_table(page, server)
    expect(people(w)).to_have_count(1)
    rename(w, "Ada")
    box(w, "physical", 1).click()
    expect(box(w, "physical", 1)).to_have_attribute("aria-pressed", "true")
    party(w).get_by_role("button", name="Add opponent").click()
    expect(people(w)).to_have_count(2)
    rename(w, "Grim")
    party(w).locator('[name="party-standing"]').select_option("taken_out")
    party(w).locator('[name="party-trait"]').fill("Broken arm")
    party(w).get_by_role("button", name="Add trait").click()
    expect(box(w, "physical", 1)).to_have_attribute("aria-pressed", "false")  # the opponent starts empty
    box(w, "mental", 2).click()
    expect(box(w, "mental", 2)).to_have_attribute("aria-pressed", "true")

    page.reload()
    w = open_table(page, server)
    expect(people(w)).to_have_count(2)
    grim = people(w).filter(has_text="Grim")
    expect(grim).to_have_attribute("aria-pressed", "true")
    expect(grim).to_contain_text("taken out")
    expect(party(w).locator(".calc-stress__traits")).to_contain_text("Broken arm")
    expect(box(w, "mental", 2)).to_have_attribute("aria-pressed", "true")
    expect(box(w, "physical", 1)).to_have_attribute("aria-pressed", "false")
    people(w).filter(has_text="Ada").click()  # one tap
    expect(box(w, "physical", 1)).to_have_attribute("aria-pressed", "true")
    expect(box(w, "mental", 2)).to_have_attribute("aria-pressed", "false")
    expect(party(w).locator(".calc-stress__traits")).not_to_contain_text("Broken arm")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_an_old_single_character_state_becomes_a_roster_of_one(phones, server):
    page = phones()
    open_table(page, server)
    box_state = {"wounds": {s: [i == 2 for i in range(6)] for s in ("physical", "mental", "social")},
                 "favor": 1, "in_conflict": True, "last_stand": False}
    page.evaluate("""s => localStorage.setItem("conflict-table[/]:stress:wounds",
                         JSON.stringify({state: s, history: [], future: []}))""", box_state)
    page.reload()
    w = open_table(page, server)
    expect(people(w)).to_have_count(1)
    expect(box(w, "social", 3)).to_have_attribute("aria-pressed", "true")


def test_a_shared_roster_opens_on_another_phone_and_sets_the_receivers_aside(phones, server):
    a = phones()
    w = open_table(a, server)
    marked_character(w, "Ada", "physical", 4)
    link = share_link(w)
    assert "#stress=" in link

    b = phones()  # another phone: its own roster, which must not be lost
    wb = open_table(b, server)
    marked_character(wb, "Bo", "social", 1)
    b.goto("about:blank")
    b.goto(link)  # the link opened afresh, as on a phone
    wb = open_table(b, server)
    notice = party(wb).locator('[data-out="party-notice"]')
    expect(notice).to_contain_text("This link carries a roster of 1 character")
    expect(people(wb).filter(has_text="Bo")).to_have_count(1)  # nothing replaced before asking
    party(wb).get_by_role("button", name="Open it").click()
    expect(people(wb).filter(has_text="Ada")).to_have_attribute("aria-pressed", "true")
    expect(people(wb)).to_have_count(1)
    expect(box(wb, "physical", 4)).to_have_attribute("aria-pressed", "true")
    expect(box(wb, "social", 1)).to_have_attribute("aria-pressed", "false")
    expect(party(wb).locator('[data-out="asides"]')).to_contain_text("Set aside")
    aside = b.evaluate('JSON.parse(localStorage.getItem("conflict-table[/]:stress:roster:set-aside"))')
    kept = json.loads(aside[0]["text"])
    assert [p["name"] for p in kept["people"]] == ["Bo"]
    assert kept["people"][0]["states"]["wounds"]["state"]["wounds"]["social"][0] is True
    assert "#stress=" not in b.url


def test_a_damaged_or_unsound_link_gives_a_message_and_loses_nothing(phones, server):
    page = phones()
    w = open_table(page, server)
    marked_character(w, "Bo", "social", 1)
    before = page.evaluate("JSON.stringify(Object.entries(localStorage).sort())")

    w = open_table(page, server, "#stress=z.AAAAthis-is-not-deflate")
    expect(party(w).locator('[data-out="party-notice"]')).to_contain_text("can't be read")
    expect(people(w).filter(has_text="Bo")).to_have_count(1)

    # Readable, but the rules refuse it (Favor below zero): the message is beside the import, nothing changes.
    empty = [False] * 6
    bad = {"format": "conflict-table/stress", "version": 1, "current": "c1", "people": [
        {"id": "c1", "name": "Eve", "side": "pc", "standing": "in", "traits": [],
         "states": {"wounds": {"state": {"wounds": {"physical": empty, "mental": empty, "social": empty},
                                         "favor": -3, "in_conflict": True, "last_stand": False}}}}]}
    code = base64.urlsafe_b64encode(json.dumps(bad).encode()).decode().rstrip("=")
    w = open_table(page, server, "#stress=" + code)
    party(w).get_by_role("button", name="Open it").click()
    error = party(w).locator('[data-field="party-import"] .calc__error')
    expect(error).to_be_visible()
    expect(error).to_contain_text("can't be used")
    expect(people(w).filter(has_text="Bo")).to_have_count(1)
    expect(box(w, "social", 1)).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("JSON.stringify(Object.entries(localStorage).sort())") == before


def test_morale_members_can_be_picked_from_the_roster(phones, server):
    page = phones()
    w = open_table(page, server)
    rename(w, "Ada")
    party(w).get_by_role("button", name="Add character").click()
    rename(w, "Bo")
    page.goto(server.url + MORALE_PAGE)
    wait_engine(page)
    morale = page.locator('.calc[data-calc="morale"]')
    member = morale.locator('input[name="teams[0].members[0].name"]')
    expect(member).to_be_visible()
    list_id = member.get_attribute("list")
    assert list_id
    names = page.evaluate("id => [...document.getElementById(id).options].map(o => o.value)", list_id)
    assert names == ["Ada", "Bo"]
    member.fill("Ada")
    expect(member).to_have_value("Ada")


def test_a_shared_border_map_opens_on_another_phone_and_sets_the_receivers_aside(phones, server):
    a = phones()
    w = open_borders(a, server)
    add_zone(w, "Harbor")
    w.locator('[name="mode"]').select_option("shifts")
    w.locator('[name="shifts"]').fill("3")
    w.get_by_role("button", name="Share link").click()
    link = w.locator('[data-out="share"] input').input_value()
    assert "#borders=" in link
    shared_map = a.evaluate(f"JSON.parse(localStorage.getItem('{MAP_KEY}'))")

    b = phones()
    wb = open_borders(b, server)
    add_zone(wb, "Mill")
    mine = b.evaluate(f"localStorage.getItem('{MAP_KEY}')")
    b.goto("about:blank")
    b.goto(link)
    wait_engine(b)
    wb = b.locator(BORDERS)
    expect(wb.locator('[data-out="share"]')).to_contain_text("This link carries")
    assert b.evaluate(f"localStorage.getItem('{MAP_KEY}')") == mine  # nothing replaced before asking
    wb.get_by_role("button", name="Open it").click()
    expect(wb.locator('[data-out="saved"]')).to_contain_text("Opened the shared map")
    assert b.evaluate(f"JSON.parse(localStorage.getItem('{MAP_KEY}'))") == shared_map
    expect(wb.locator('[name="shifts"]')).to_have_value("3")
    aside = b.evaluate(f"JSON.parse(localStorage.getItem('{MAP_KEY}:set-aside'))")
    assert [item["text"] for item in aside] == [mine] and "Mill" in mine
    expect(wb.locator('[data-out="asides"]')).to_contain_text("Set aside")


def test_a_border_link_made_before_the_destination_was_renamed_still_opens_its_move(phones, server):
    """Links carrying the move's zone as "target" (before the API said "destination") keep it."""
    old = {"format": "conflict-table/border-map", "version": 1,
           "map": {"name": "Three rooms", "zones": ["Hall", "Study", "Cellar"],
                   "borders": [{"between": ["Hall", "Study"], "pass": 1}, {"between": ["Study", "Cellar"], "pass": 2}]},
           "move": {"start": "Study", "target": "Hall", "mode": "shifts", "shifts": "2"}}
    code = base64.urlsafe_b64encode(json.dumps(old).encode()).decode().rstrip("=")
    page = phones()
    w = open_borders(page, server, "#borders=" + code)
    expect(w.locator('[data-out="share"]')).to_contain_text("Three rooms")
    w.get_by_role("button", name="Open it").click()
    expect(w.locator('[data-out="saved"]')).to_contain_text("Opened the shared map")
    expect(w.locator('select[name="start"]')).to_have_value("Study")
    expect(w.locator('select[name="destination"]')).to_have_value("Hall")
    expect(w.locator('[data-out="destination"]')).to_contain_text("Hall is within reach (cost 1)")


def test_a_damaged_border_link_gives_a_message_and_loses_nothing(phones, server):
    page = phones()
    w = open_borders(page, server)
    add_zone(w, "Mill")
    mine = page.evaluate(f"localStorage.getItem('{MAP_KEY}')")
    w = open_borders(page, server, "#borders=z.broken")
    expect(w.locator('[data-out="share"]')).to_contain_text("can't be read")
    assert page.evaluate(f"localStorage.getItem('{MAP_KEY}')") == mine


def test_the_party_and_its_share_notices_have_no_axe_violations(phones, server):
    """axe-core on the party's controls, a damaged link's message and an import's error
    (a context that lets axe's script in: the site's CSP blocks injected scripts)."""
    page = phones(bypass_csp=True)
    w = open_table(page, server)
    rename(w, "Ada")
    party(w).get_by_role("button", name="Add opponent").click()
    party(w).locator('[name="party-trait"]').fill("Scar")
    party(w).get_by_role("button", name="Add trait").click()
    party(w).get_by_role("button", name="Share link").click()
    expect(party(w).locator("input.calc-share__link")).to_be_visible()
    axe(page, "the stress roster with a share link", include=STRESS)
    party(w).locator('[name="party-trait"]').fill("")
    party(w).get_by_role("button", name="Add trait").click()
    expect(party(w).locator('[data-field="party-trait"] .calc__error')).to_be_visible()
    w = open_table(page, server, "#stress=z.broken")
    expect(party(w).locator('[data-out="party-notice"]')).to_contain_text("can't be read")
    axe(page, "the stress roster after a damaged link", include=STRESS)


# ------------------------------------------------------------ the boon odds and the dice roller (share.js shareForm)

def test_a_shared_boon_opens_on_another_phone_with_the_same_odds_and_keeps_the_receivers(phones, server):
    a = phones()
    w = open_widget(a, server, BOONS)
    shown = fill_boon(w, rating=4, pool=5, difficulty=3, target=4, enduring=True)
    link = share_widget(w, "boons")

    b = phones()  # another phone opening the link, whose player types their own boon before opening it
    wb = open_widget(b, server, BOONS, "#" + link.split("#", 1)[1])
    notice = wb.locator('[data-out="share"]')
    expect(notice).to_contain_text("This link carries a boon and its roll")
    mine = fill_boon(wb, rating=9, pool=2, difficulty=1, target=6)
    before = boon_fields(wb)
    notice.get_by_role("button", name="Open it").click()
    expect(notice).to_contain_text("Opened the shared boon and its roll; yours is kept")
    expect(wb.locator('[data-out="boon"]')).to_have_text(shown[0])
    expect(wb.locator('[data-out="odds"]')).to_have_text(shown[1])
    assert boon_fields(wb) == {"rating": "4", "pool": "5", "difficulty": "3", "target": "4", "enduring": True}
    assert "#boons=" not in b.url
    notice.get_by_role("button", name="Bring mine back").click()
    expect(wb.locator('[data-out="boon"]')).to_have_text(mine[0])
    expect(wb.locator('[data-out="odds"]')).to_have_text(mine[1])
    assert boon_fields(wb) == before


def test_a_shared_roll_opens_in_a_second_browser_with_the_same_dice_and_result(phones, server):
    a = phones()
    w = open_widget(a, server, DICE)
    w.locator('input[name="game"][value="gauntlet-forge"]').check()
    for name, value in (("pool", 4), ("boon_dice", 1), ("target", 5), ("difficulty", 2)):
        field(w, name).fill(str(value))
    w.get_by_role("button", name="Roll the dice").click()
    result = w.locator('[data-out="roll"]')
    expect(result).to_contain_text("Effort")
    faces = field(w, "pool_faces").input_value()
    scored = call("dice.roll_pool", {"pool": 4, "boon_dice": 1, "target": 5, "difficulty": 2, "faces": faces})["result"]
    expect(result).to_contain_text(f"Effort {scored['effort']}")
    shown = result.text_content()
    link = share_widget(w, "dice")

    b = phones()  # a fresh phone opening the link
    b.goto(link)
    wait_engine(b)
    wb = b.locator(DICE).first
    notice = wb.locator('[data-out="share"]')
    expect(notice).to_contain_text("This link carries a roll")
    expect(wb.locator('[data-out="roll"]')).to_have_text("")  # nothing filled in before asking
    notice.get_by_role("button", name="Open it").click()
    expect(wb.locator('[data-out="roll"]')).to_have_text(shown)
    expect(field(wb, "pool_faces")).to_have_value(faces)
    expect(wb.locator('[data-game="gauntlet-forge"]')).to_be_visible()
    expect(wb.locator('[data-game="edgerunner"]')).to_be_hidden()
    assert "#dice=" not in b.url


def test_a_damaged_or_unsound_boon_or_roll_link_gives_a_message_and_loses_nothing(phones, server):
    page = phones()
    w = open_widget(page, server, BOONS, "#boons=z.AAAAthis-is-not-deflate")
    notice = w.locator('[data-out="share"]')
    expect(notice).to_contain_text("can't be read")
    expect(notice).to_contain_text("Nothing was changed")
    assert boon_fields(w) == {"rating": "7", "pool": "3", "difficulty": "2", "target": "5", "enduring": False}
    assert "#boons=" not in page.url
    # Not this calculator's fields (a checkbox given text).
    w = open_widget(page, server, BOONS, packed("boons", {"rating": "3", "enduring": "yes", "pool": "3", "difficulty": "2", "target": "5"}))
    expect(notice).to_contain_text("can't be read (its field “enduring” holds no value a field can take)")
    # Readable, but the rules refuse it (a rating below 1): said on opening, and the player's own boon stays.
    w = open_widget(page, server, BOONS, packed("boons", {"rating": "-2", "enduring": False, "pool": "3", "difficulty": "2", "target": "5"}))
    expect(notice).to_contain_text("This link carries a boon")
    mine = fill_boon(w, rating=9, pool=2, difficulty=1, target=6)
    before = boon_fields(w)
    notice.get_by_role("button", name="Open it").click()
    expect(notice).to_contain_text("The shared boon and its roll can't be used")
    expect(notice).to_contain_text("at least 1")
    expect(notice).to_contain_text("Nothing was changed")
    assert boon_fields(w) == before
    expect(w.locator('[data-out="boon"]')).to_have_text(mine[0])

    w = open_widget(page, server, DICE, packed("dice", {
        "game": "gauntlet-forge", "skill": "3", "bid": "0", "fate_faces": "", "pool": "2", "boon_dice": "0",
        "target": "5", "difficulty": "1", "pool_faces": "6 7"}))
    field(w, "skill").fill("2")
    field(w, "fate_faces").fill("+0-0")
    expect(w.locator('[data-out="roll"]')).to_contain_text("2 shifts")
    dice_notice = w.locator('[data-out="share"]')
    dice_notice.get_by_role("button", name="Open it").click()
    expect(dice_notice).to_contain_text("The shared roll can't be used")
    expect(dice_notice).to_contain_text("“7” is not a d6 face")
    expect(field(w, "fate_faces")).to_have_value("+0-0")
    expect(w.locator('[data-out="roll"]')).to_contain_text("2 shifts")
    expect(w.locator('[data-game="edgerunner"]')).to_be_visible()


def test_a_refused_link_takes_its_offer_away(phones, server):
    """Issue 32 §5: a link the rules refuse (a standing the roster does not know) is said beside the import,
    and its offer and Open it go: the link is forgotten, nothing changes."""
    page = phones()
    w = open_table(page, server)
    marked_character(w, "Bo", "social", 1)
    before = page.evaluate("JSON.stringify(Object.entries(localStorage).sort())")
    empty = [False] * 6
    bad = {"format": "conflict-table/stress", "version": 1, "current": "c1", "people": [
        {"id": "c1", "name": "Eve", "side": "pc", "standing": "constructor", "traits": [],
         "states": {"wounds": {"state": {"wounds": {"physical": empty, "mental": empty, "social": empty},
                                         "favor": 0, "in_conflict": True, "last_stand": False}}}}]}
    code = base64.urlsafe_b64encode(json.dumps(bad).encode()).decode().rstrip("=")
    w = open_table(page, server, "#stress=" + code)
    party(w).get_by_role("button", name="Open it").click()
    error = party(w).locator('[data-field="party-import"] .calc__error')
    expect(error).to_contain_text("can't be used")
    expect(party(w).get_by_role("button", name="Open it")).to_have_count(0)
    expect(party(w).get_by_role("button", name="Keep mine")).to_have_count(0)
    expect(party(w).locator('[data-out="party-notice"]')).not_to_contain_text("This link carries")
    assert "#stress=" not in page.url
    expect(people(w).filter(has_text="Bo")).to_have_count(1)
    assert page.evaluate("JSON.stringify(Object.entries(localStorage).sort())") == before
