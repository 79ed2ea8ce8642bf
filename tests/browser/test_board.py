"""The conflict board in the browser: a short conflict played on a 360 px phone by
touch, the same by keyboard alone, reload, undo/redo, a share link opened in a
second browser context (the receiver's own board set aside and brought back),
offline, bad input beside its field, and axe-core on each state. Every state the
page shows is checked against the saved log replayed by rules_core in CPython.
"""
from __future__ import annotations

import json

import pytest

from tests.browser.board_page import CONFLICTS, CREW, KEY, PHONE, TABLE, WIDGET, Board
from tests.browser.support import QUOTA, ROOT, axe, phone_context, wait_engine

PHONE_OPTIONS = {"bypass_csp": True}  # the module's shared phone: axe-core is injected as a script


@pytest.fixture(scope="module")
def phone(shared_phone, server):
    b = Board(shared_phone, touch=True)
    b.open(server.url + CONFLICTS)
    return b


def small_text(page) -> list[str]:
    """Every piece of text in the board drawn under 12 CSS px (visible elements only)."""
    return page.evaluate("""(sel) => [...document.querySelector(sel).querySelectorAll('*')].filter(e =>
        [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()) && e.getClientRects().length &&
        parseFloat(getComputedStyle(e).fontSize) < 12).map(e => e.tagName + ': ' + e.textContent.trim().slice(0, 30))""", WIDGET)


def test_the_map_and_the_rules_summary_are_there_before_the_engine(browser, server):
    ctx = browser.new_context(java_script_enabled=False, viewport=PHONE)
    page = ctx.new_page()
    page.goto(server.url + CONFLICTS)
    w = page.locator(WIDGET)
    assert w.locator(".calc__static svg .bmap__zone").count() == 3
    assert "West end" in w.locator(".calc__static").inner_text()
    assert "What the board does" in w.locator(".board__summary").inner_text()
    ctx.close()


def test_a_short_conflict_on_a_phone_by_touch(phone):
    b = phone
    b.set_up(CREW)
    b.start()
    s = b.check_shown()
    assert s["exchange"] == 1 and sorted(s["to_act"]) == ["Gatto", "Hargan"]
    # One colour AND one shape per side: Gatto's and Hargan's tokens differ in both, and each is a tap target.
    tokens = {n: b.w.locator(f'.board__map [data-token="{n}"]') for n in ("Gatto", "Hargan")}
    shapes = {n: t.locator("[aria-hidden]").inner_text() for n, t in tokens.items()}
    fills = {n: t.evaluate("e => getComputedStyle(e).backgroundColor") for n, t in tokens.items()}
    assert shapes["Gatto"] != shapes["Hargan"] and fills["Gatto"] != fills["Hargan"]
    for t in tokens.values():
        box = t.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, box
    assert small_text(b.page) == []
    assert b.page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]

    # Gatto (Athletics 3, ⊞⊡⊟⊟) moves: 2 shifts, the middle is 1 short, shown before he chooses, and not offered.
    panel = b.action("move", actor="Gatto", skill="Athletics", rating=3, faces="+0--")
    reach = panel.locator('[data-reach="Middle"]')
    b.page.wait_for_function("el => el.textContent.includes('1 short')", arg=reach.element_handle())
    assert panel.locator('[name="zone"][value="Middle"]').is_disabled()
    assert panel.locator('[name="zone"][value="West end"]').count() == 0  # his own zone is no destination
    assert b.w.locator('[data-panel] [name="rating"]').input_value() == "3"  # kept as typed
    b.fill(rating=4)  # 3 shifts: the middle is reached
    b.page.wait_for_function("el => el.textContent.includes('reached')", arg=reach.element_handle())
    b.log_it()
    assert "Gatto" in b.log()[-1] and "Middle" in b.log()[-1]
    b.check_shown()

    # Hargan's 1-shift hit on Gatto's Cool: the absorb options are offered; absorbing nothing marks box 1.
    panel = b.action("attack", actor="Hargan", target="Gatto", track="cool", skill="Firearms", rating=1, faces=0)
    panel.locator('[name="absorb"]').first.wait_for()
    b.press(panel.locator('[name="absorb"][value="[]"]'))
    b.log_it()
    s = b.check_shown()
    assert s["actors"][0]["tracks"]["cool"]["marked"] == [1]
    assert b.w.locator('[data-actor="Gatto"] [data-track="Cool"] .is-marked').count() == 1
    b.act("simple", actor="Gatto", note="ducks behind a crate")
    assert b.check_shown()["exchange"] == 2
    b.act("end_exchange")
    assert "Exchange 2" in b.w.locator('[data-out="exchange"]').inner_text() or b.check_shown()["closed"]


def test_every_kind_of_action_through_its_form(phone):
    """The warehouse crew plays one of each: maneuver, move, attack, defense, recovery, continue, compel,
    concession; after each, the page shows what CPython replays from the saved log."""
    b = phone
    if b.w.locator('[data-act="new"]').count():
        b.press(b.w.locator('[data-act="new"]'))
    b.press(b.w.locator('[data-act="example"]'))
    b.page.wait_for_function("(s) => document.querySelector(s).value === 'Gatto'", arg=f'{WIDGET} [name="actors.0.name"]')
    b.start()
    typed = {"faces": 0}
    b.act("maneuver", actor="Jade", aspect="Smoke everywhere", on="zone", which="Middle", skill="Stealth", rating=3, **typed)
    assert "Smoke everywhere (2 free invokes)" in b.w.locator('[data-out="where"]').inner_text()
    b.check_shown()
    b.act("move", actor="Gatto", skill="Athletics", rating=3, **typed, zone="Middle")
    b.check_shown()
    panel = b.action("attack", actor="Rook", target="Gatto", track="cool", skill="Fight", rating=2, **typed)
    panel.locator('[name="absorb"]').first.wait_for()
    b.press(panel.locator('[name="absorb"]').first)  # how the target absorbs is always the referee's choice
    b.log_it()
    assert b.check_shown()["actors"][0]["tracks"]["cool"]["marked"] == [2]
    b.act("defense", actor="Hargan", target="Rook", track="cool", skill="Firearms", rating=3, **typed)
    assert "defense by Hargan" in b.w.locator('[data-actor="Rook"] [data-track="Cool"]').inner_text()
    b.check_shown()
    panel = b.action("recovery", actor="Jade", target="Gatto", track="cool", skill="Empathy", rating=3, **typed)
    panel.locator('[name="boxes"][value="2"]').wait_for()
    assert panel.locator('[name="boxes"][value="2"]').is_checked()
    b.log_it()
    assert b.check_shown()["actors"][0]["tracks"]["cool"]["marked"] == []
    b.act("continue", actor="Hargan")
    b.act("compel", actor="Rook", aspect="Hot-headed")
    assert "compelled" in b.log()[-1]
    b.act("concession", side="Crew", story="they slip away")
    s = b.check_shown()
    assert s["over"] and s["winner"] == "Hargan's gang"
    assert "Hargan's gang win" in b.w.locator('[data-out="over"]').inner_text()
    assert "is-closed" in b.w.locator('[data-act="kind"][data-kind="move"]').get_attribute("class")
    assert "is-closed" in b.w.locator('[data-act="kind"][data-kind="end"]').get_attribute("class")  # over: nothing left to end (issue 32)
    b.press(b.w.locator('[data-act="kind"][data-kind="move"]'))
    assert "The conflict is over" in b.w.locator(".board__kindnote").inner_text()  # a tap says why


def test_a_damaged_saved_board_is_set_aside_not_lost(phone):
    b = phone
    b.page.evaluate(f"localStorage.setItem('{KEY}', '{{\"format\": \"conflict-table/board\", \"setup\": 3')")
    b.page.reload()
    wait_engine(b.page)
    notice = b.w.locator('[data-out="notice"]')
    notice.wait_for()
    assert "could not be used" in notice.inner_text()
    assert b.w.locator('[data-out="asides"]').is_visible()
    kept = b.page.evaluate(f"localStorage.getItem('{KEY}:set-aside')")
    assert '\\"setup\\": 3' in kept  # the damaged text itself, kept
    b.w.locator("#" + b.w.get_attribute("id") + "-setup-title").wait_for()


def test_an_imported_map_that_strands_an_actor_is_told_beside_the_actor(phone):
    b = phone
    if b.w.locator('[data-act="new"]').count():
        b.press(b.w.locator('[data-act="new"]'))
    b.set_up(CREW)
    b.w.locator('[name="map-file"]').set_input_files(ROOT / "docs" / "maps" / "slope.yml")
    b.w.locator('[name="actors.0.zone"] option[value="Hilltop"]').wait_for(state="attached")
    b.press(b.w.locator('button[type="submit"]'))
    b.error("actors.0.zone").wait_for()
    assert "West end" in b.error("actors.0.zone").inner_text()
    assert b.w.locator('[name="actors.0.name"]').input_value() == "Gatto"  # the rest is kept
    b.w.locator('[name="actors.0.zone"]').select_option("Hilltop")
    b.w.locator('[name="actors.1.zone"]').select_option("Foot of the slope")
    b.start()
    assert b.check_shown()["exchange"] == 1


def test_a_setup_is_saved_and_reused(phone):
    b = phone
    if b.w.locator('[data-act="new"]').count():
        b.press(b.w.locator('[data-act="new"]'))
    b.set_up(CREW)
    b.w.locator('[name="setup-name"]').fill("Rooftop")
    b.press(b.w.locator('[data-act="save-setup"]'))
    b.w.locator('[data-act="load-setup"][data-name="Rooftop"]').wait_for()
    b.w.locator('[name="actors.0.name"]').fill("Somebody else")
    b.press(b.w.locator('[data-act="load-setup"][data-name="Rooftop"]'))
    assert b.w.locator('[name="actors.0.name"]').input_value() == "Gatto"
    assert b.w.locator('[name="sides.1"]').input_value() == "Gang"


def test_a_roll_from_the_dice_roller_fills_the_open_action(phone):
    """Gatto's roll typed in the roller above (Athletics 3, ⊞⊡⊟⊟), then Use this result: the move's
    rating and four dice are filled, and the board shows its 2 shifts."""
    b = phone
    if not b.w.locator('[data-out="exchange"]').count():
        b.set_up(CREW)
        b.start()
    panel = b.action("move", actor=b.state()["state"]["to_act"][0])
    roller = b.page.locator('.calc[data-calc="dice"]').first
    roller.get_by_label("Skill", exact=True).fill("3")
    roller.get_by_label("The four dice").fill("+0--")
    use = roller.get_by_role("button", name="Use this result in the conflict board's open action")
    use.wait_for()
    b.press(use)
    assert panel.locator('[name="rating"]').input_value() == "3"
    assert panel.locator('[name="faces"]').input_value() == "+0--"
    b.page.wait_for_function("el => el.textContent.startsWith('2 shifts')", arg=panel.locator('[data-out="preview"]').element_handle())
    b.cancel()


def test_print_shows_the_map_tracks_aspects_and_log_without_the_controls(phone):
    b = phone
    if not b.w.locator('[data-out="log"] li').count():
        b.set_up(CREW)
        b.start()
        b.act("simple", actor="Gatto", note="looks around")
    b.page.emulate_media(media="print")
    try:
        for part in (".board__map", '[data-out="actors"]', '[data-out="where"]', '[data-out="log"]'):
            assert b.w.locator(part).is_visible(), part
        for control in ('[data-act="kind"]', '[data-act="undo"]', '[data-act="share"]'):
            assert not b.w.locator(control).first.is_visible(), control
    finally:
        b.page.emulate_media(media="screen")


def test_two_tabs_share_one_conflict_and_a_full_storage_loses_nothing_kept(browser, server):
    ctx = browser.new_context(service_workers="block")
    ctx.add_init_script(QUOTA)
    one, two = Board(ctx.new_page()), Board(ctx.new_page())
    for b in (one, two):
        b.page.set_default_timeout(30_000)
    one.open(server.url + CONFLICTS)
    one.set_up(CREW)
    one.start()
    two.open(server.url + CONFLICTS)
    two.w.locator('[data-out="exchange"]').wait_for()
    one.act("simple", actor="Gatto", note="from the first tab")
    two.wait_log(1)  # the other tab hears of it
    two.act("simple", actor="Hargan", note="from the second tab")
    one.wait_log(2)
    assert one.log() == two.log()
    assert len(one.saved()["events"]) == 2
    one.check_shown()
    one.page.evaluate("window.__quota = window.__used()")  # the storage is full
    one.act("simple", actor="Gatto", note="not kept")
    assert len(one.log()) == 3  # shown in this tab, though not kept
    one.w.locator('[data-out="notice"]').get_by_text("would not keep the conflict").wait_for()
    assert len(one.saved()["events"]) == 2  # the last kept conflict is intact
    ctx.close()


def test_export_then_import_a_file_and_a_bad_file_is_told(phone, tmp_path):
    b = phone
    if not b.w.locator('[data-out="log"] li').count():
        b.set_up(CREW)
        b.start()
        b.act("simple", actor="Gatto", note="looks around")
    exported = b.log()
    with b.page.expect_download() as got:
        b.press(b.w.locator('[data-act="export"]'))
    path = tmp_path / "board.json"
    got.value.save_as(path)
    assert json.loads(path.read_text())["format"] == "conflict-table/board"
    b.act("end_exchange") if b.state()["state"]["acted"] else b.act("simple", actor="Hargan", note="more")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "conflict-table/board", "setup": {}, "events": []}')
    b.w.locator('[data-act="import"]').set_input_files(bad)
    b.error("import").wait_for()
    assert "can't be used" in b.error("import").inner_text()
    assert len(b.log()) == len(exported) + 1  # nothing replaced
    b.w.locator('[data-act="import"]').set_input_files(path)
    b.wait_log(len(exported))
    assert b.log() == exported
    b.check_shown()


def test_undo_and_redo_every_event(phone):
    b = phone
    if not b.w.locator('[data-out="log"] li').count():
        b.set_up(CREW)
        b.start()
        b.act("simple", actor="Gatto", note="looks around")
    before = b.log()
    b.press(b.w.locator('[data-act="undo"]'))
    b.wait_log(len(before) - 1)
    assert b.log() == before[:-1]
    assert len(b.saved()["events"]) == len(before) - 1
    b.check_shown()
    b.press(b.w.locator('[data-act="redo"]'))
    b.wait_log(len(before))
    assert b.log() == before
    b.check_shown()


def test_an_undone_move_comes_back_in_its_form_with_its_reach_in_the_same_draw(phone):
    """Undo puts the action back in its form to mend: the zones' reach is there as the log loses its
    line, not one draw later (board.at previews the undone action in the same call)."""
    b = phone
    b.set_up(CREW)
    b.start()
    b.act("move", actor="Gatto", skill="Athletics", rating=4, faces="+0--", zone="Middle")
    b.page.evaluate("""(sel) => {
        window.seenAtUndo = null;
        const w = document.querySelector(sel);
        const lines = () => w.querySelectorAll('[data-out="log"] li').length;
        const n = lines();
        const obs = new MutationObserver(() => {
            if (lines() >= n) return;
            obs.disconnect();
            window.seenAtUndo = w.querySelector('[data-panel="move"] [data-reach="Middle"]')?.textContent ?? "(no form)";
        });
        obs.observe(w, { childList: true, subtree: true, characterData: true });
    }""", WIDGET)
    b.press(b.w.locator('[data-act="undo"]'))
    b.page.wait_for_function("window.seenAtUndo !== null")
    assert "reached" in b.page.evaluate("window.seenAtUndo")
    assert b.w.locator('[data-panel="move"] [name="zone"][value="Middle"]').is_checked()


def test_an_undo_with_an_action_form_open_looks_at_the_form_again(phone):
    """An undone End of exchange has no form to come back in: the action form left open stays,
    and its preview (shifts, range) is worked out again on the conflict as it now stands."""
    b = phone
    b.set_up(CREW)
    b.start()
    b.act("simple", actor="Gatto", note="waits")
    b.act("end_exchange")
    b.action("attack", actor="Hargan", target="Gatto", track="cool", skill="Firearms", rating=2, faces="+0--")
    line = b.w.locator('[data-panel="attack"] [data-out="preview"]')
    b.page.wait_for_function("el => el.textContent.includes('Range to the target')", arg=line.element_handle())
    n = len(b.log())
    b.press(b.w.locator('[data-act="undo"]'))
    b.wait_log(n - 1)
    b.page.wait_for_function("el => el.textContent.includes('Range to the target')", arg=line.element_handle(), timeout=10_000)
    assert b.w.locator('[data-panel="attack"] [name="rating"]').input_value() == "2"


def test_a_reload_keeps_the_conflict(phone, server):
    b = phone
    if not b.w.locator('[data-out="log"] li').count():
        b.set_up(CREW)
        b.start()
        b.act("simple", actor="Gatto", note="looks around")
    before = b.log()
    b.page.reload()
    wait_engine(b.page)
    b.w.locator('[data-out="exchange"]').wait_for()
    assert b.log() == before
    b.check_shown()


def test_bad_input_is_told_beside_its_field_and_kept(phone):
    b = phone
    b.set_up({"sides": ["Crew", "Gang"], "actors": [
        {"name": "Gatto", "side": "Crew", "zone": "West end", "cool": 2},
        {"name": "Gatto", "side": "Gang", "zone": "East end", "cool": 2}]})
    b.press(b.w.locator('button[type="submit"]'))
    b.error("actors.1.name").wait_for()
    assert "Gatto" in b.error("actors.1.name").inner_text()
    assert b.w.locator('[name="actors.1.name"]').input_value() == "Gatto"
    assert b.w.locator('[name="actors.1.name"]').get_attribute("aria-invalid") == "true"


def test_a_mistake_in_an_action_is_told_while_typing_and_goes_when_mended(phone):
    """The rating typed out of range is named beside its field before "Log it"; a field not yet
    reached (the target) is not scolded; mending the rating clears the message and the action logs."""
    b = phone
    b.set_up({"sides": ["Crew", "Gang"], "actors": [
        {"name": "Gatto", "side": "Crew", "zone": "West end", "cool": 2},
        {"name": "Hargan", "side": "Gang", "zone": "Middle", "cool": 2}]})
    b.start()
    b.action("attack", actor="Gatto", skill="Fight", rating=99)
    b.error("rating").wait_for()
    assert "at most 30" in b.error("rating").inner_text()
    assert b.w.locator('[data-panel] [name="rating"]').get_attribute("aria-invalid") == "true"
    assert b.error("target").is_hidden()  # not typed in yet: nothing said
    b.fill(rating=2)
    b.page.wait_for_function("(e) => e.hidden", arg=b.error("rating").element_handle())
    assert b.w.locator('[data-panel] [name="rating"]').get_attribute("aria-invalid") is None
    b.fill(target="Hargan", track="cool", faces=0)  # the dice are the referee's: never preset
    b.w.locator('[data-panel] [name="absorb"]').first.wait_for()
    b.press(b.w.locator('[data-panel] [name="absorb"]').first)
    b.log_it()
    assert "Gatto" in b.log()[-1]


def test_the_whole_conflict_by_keyboard_alone(browser, server):
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    b = Board(page)
    b.open(server.url + TABLE)

    def tab_to(selector: str):
        for _ in range(400):
            if page.evaluate("(s) => !!document.activeElement?.matches(s)", f"{WIDGET} {selector}"):
                return
            page.keyboard.press("Tab")
        pytest.fail(f"Tab never reached {selector}")

    tab_to('[data-act="example"]')
    page.keyboard.press("Enter")
    page.wait_for_function("(s) => document.querySelector(s).value !== ''", arg=f'{WIDGET} [name="actors.0.name"]')
    tab_to('button[type="submit"]')
    page.keyboard.press("Enter")
    b.w.locator('[data-out="exchange"]').wait_for()
    first = b.state()["state"]["to_act"][0]
    tab_to('[data-kind="simple"]')
    page.keyboard.press("Enter")
    b.w.locator('[data-panel="simple"]').wait_for()
    tab_to('[data-panel] [name="actor"]')
    assert page.evaluate("document.activeElement.value") == first
    tab_to('[data-panel] [name="note"]')
    page.keyboard.type("checks the door")
    page.keyboard.press("Enter")  # submits the form
    b.wait_log(1)
    assert first in b.log()[0]
    b.check_shown()
    tab_to('[data-kind="end_exchange"]')
    page.keyboard.press("Enter")
    b.wait_log(2)
    tab_to('[data-act="undo"]')
    page.keyboard.press("Enter")
    b.wait_log(1)
    assert page.evaluate("document.activeElement.dataset.act") == "undo"  # focus stays for the next press
    page.keyboard.press("Enter")
    b.wait_log(0)
    assert page.evaluate("document.activeElement.dataset.act") == "redo"  # nothing left to undo
    page.keyboard.press("Enter")
    b.wait_log(1)
    b.check_shown()
    ctx.close()


def test_a_share_link_opens_the_board_on_another_phone_and_keeps_theirs(browser, server):
    sender_ctx = phone_context(browser)
    sender = Board(sender_ctx.new_page(), touch=True)
    sender.page.set_default_timeout(30_000)
    sender.open(server.url + CONFLICTS)
    sender.set_up(CREW)
    sender.start()
    sender.act("simple", actor="Gatto", note="waves")
    sender.press(sender.w.locator('[data-act="share"]'))
    link = sender.w.locator('[data-out="share"] input').input_value()
    assert "#board=" in link

    receiver_ctx = phone_context(browser)
    receiver = Board(receiver_ctx.new_page(), touch=True)
    receiver.page.set_default_timeout(30_000)
    receiver.open(server.url + CONFLICTS)
    receiver.set_up({"sides": ["Owls", "Cats"], "actors": [
        {"name": "Ash", "side": "Owls", "zone": "Middle", "cool": 2}, {"name": "Cy", "side": "Cats", "zone": "Middle", "cool": 2}]})
    receiver.start()
    receiver.act("simple", actor="Ash", note="hoots")
    mine = receiver.log()

    receiver.page.goto("about:blank")
    receiver.page.goto(link)  # the link opened afresh, as from a message
    wait_engine(receiver.page)
    notice = receiver.w.locator('[data-out="notice"]')
    notice.locator('[data-act="open-shared"]').wait_for()
    assert receiver.log() == mine  # checked and offered first: nothing replaced yet
    receiver.press(notice.locator('[data-act="open-shared"]'))
    notice.get_by_text("Opened the shared board").wait_for()
    assert receiver.log() == sender.log()
    receiver.check_shown()
    receiver.press(notice.locator('[data-act="bring-back"]'))
    receiver.page.wait_for_function("(s) => document.querySelector(s)?.innerText.includes('hoots')", arg=f'{WIDGET} [data-out="log"]')
    assert receiver.log() == mine
    sender_ctx.close()
    receiver_ctx.close()


def test_it_works_offline_after_one_visit(browser, server):
    ctx = browser.new_context(service_workers="allow", viewport=PHONE)
    page = ctx.new_page()
    page.set_default_timeout(120_000)
    page.goto(server.url + CONFLICTS)
    page.wait_for_function("() => window.calcOffline && window.calcOffline.status === 'ready'", timeout=180_000)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    ctx.set_offline(True)
    b = Board(page)
    b.open(server.url + CONFLICTS)
    b.set_up(CREW)
    b.start()
    b.act("simple", actor="Hargan", note="lights a cigarette")
    b.check_shown()
    ctx.close()


def test_axe_finds_nothing_on_each_state(phone):
    b = phone
    b.set_up(CREW)
    axe(b.page, "the board's setup", include=WIDGET)
    b.start()
    axe(b.page, "the board in play", include=WIDGET)
    b.action("attack", actor="Gatto", target="Hargan", rating=2)
    axe(b.page, "the attack form", include=WIDGET)
    b.cancel()
