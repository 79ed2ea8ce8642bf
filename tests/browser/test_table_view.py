"""The conflict board at the table (issue 31): the table view on a 360×740 phone by touch, and
the defects a referee met there — an attack that took its target out by itself, an action lost
to a visit elsewhere, a maneuver on a border put on a zone, an unnamed side, an exchange that
would not end and said nothing. Every state is checked against the saved log replayed by
rules_core in CPython (tests/browser/test_board.py's Board).
"""
from __future__ import annotations

import pytest

from tests.browser.board_page import CONFLICTS, CREW, TABLE, WIDGET, Board
from tests.browser.support import NO_WORKER, PHONE, answers_held, axe, in_view
from tests.browser.waits import engine_barrier, frames

PHONE_OPTIONS = {"bypass_csp": True}  # the module's shared phone: axe-core is injected as a script
PHONE_SCRIPTS = [NO_WORKER]  # and the offline copy's bar kept away from the table view's Log it


@pytest.fixture(scope="module")
def ref(shared_phone, server):
    page = shared_phone
    b = Board(page, touch=True)
    b.open(server.url + TABLE)
    return b


def fresh(b: Board, setup=CREW):
    # the board is drawn (the play view or the setup), not still opening its saved conflict
    b.page.wait_for_function("(s) => !!document.querySelector(s + ' [data-out=exchange], ' + s + ' [name=map-choice]')", arg=WIDGET)
    if not b.w.locator('[data-out="exchange"]').count() or b.w.locator('[data-out="log"] li').count():
        b.set_up(setup)
        b.start()


def warehouse(b: Board):
    """The warehouse crew (the example), started."""
    if b.w.locator('[data-act="new"]').count():
        b.w.locator('[data-act="new"]').first.evaluate("e => e.click()")
    b.press(b.w.locator('[data-act="example"]'))
    b.page.wait_for_function("(s) => document.querySelector(s).value === 'Gatto'", arg=f'{WIDGET} [name="actors.0.name"]')
    b.start()


def test_one_tap_opens_the_table_view_and_close_returns(ref, server):
    b = ref
    fresh(b)
    b.page.evaluate("scrollTo(0, 0)")
    b.press(b.page.locator('a[href$="#table-view"]').first)
    b.page.wait_for_function("(s) => document.querySelector(s).classList.contains('is-table')", arg=WIDGET)
    # The whole screen: the site's header is covered, the exchange and the tabs are on screen.
    assert in_view(b.w.locator("h3").first) and in_view(b.w.locator('[data-act="tab"][data-tab="log"]'))
    assert b.page.evaluate("document.elementFromPoint(180, 10).closest('.calc') !== null")
    assert b.page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    # The map fits the phone's width.
    box = b.w.locator(".board__map").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    b.press(b.w.locator('[data-act="table-close"]'))
    b.page.wait_for_function("(s) => !document.querySelector(s).classList.contains('is-table')", arg=WIDGET)
    assert TABLE in b.page.url and "#table-view" not in b.page.url  # (the theme may track the heading in the hash)


def test_the_page_behind_the_table_view_is_out_of_the_way_and_close_returns_to_the_board(ref):
    """While the view is open the page's text is not drawn behind it (a tap lays out the board alone);
    Close brings the referee back to where they were on the page, at the board's button."""
    b = ref
    fresh(b)
    opener = b.w.locator('[data-act="table-open"]')
    opener.scroll_into_view_if_needed()
    where = b.page.evaluate("scrollY")
    assert where > 1000  # the board stands far down the page
    b.w.evaluate("e => { e.__same = true; }")  # gone if the page were drawn afresh
    b.press(opener)
    b.page.wait_for_function("(s) => document.querySelector(s).classList.contains('is-table')", arg=WIDGET)
    assert b.page.evaluate("!document.querySelector('.md-content__inner > h1').checkVisibility()"
                           " && !document.querySelector('.md-header').checkVisibility()")
    b.press(b.w.locator('[data-act="table-close"]'))
    b.page.wait_for_function("(s) => !document.querySelector(s).classList.contains('is-table')", arg=WIDGET)
    assert abs(b.page.evaluate("scrollY") - where) < 50 and in_view(opener)
    assert b.w.evaluate("e => e.__same === true"), "Close drew the whole page afresh"


def test_an_attack_from_who_acts_to_log_it_without_scrolling(ref):
    """Who acts, Attack, the target, the dice, how the target absorbs, Log it: each a tap on the
    first screen, and the logged line shows on it."""
    b = ref
    fresh(b)
    b.press(b.w.locator('[data-act="table-open"]'))
    b.page.wait_for_function("(s) => document.querySelector(s).classList.contains('is-table')", arg=WIDGET)
    scrolled = "() => [...document.querySelectorAll('*')].reduce((n, e) => n + e.scrollTop, scrollY)"
    before = b.page.evaluate(scrolled)
    taps = [
        b.w.locator('[data-who] input[name="actor"][value="Hargan"]'),
        b.w.locator('[data-act="kind"][data-kind="attack"]'),
        b.w.locator('[data-panel] input[name="target"][value="Gatto"]'),
        b.w.locator('[data-act="die-total"][data-value="1"]'),  # the table's dice show +1: one tap
    ]
    for control in taps:
        control.wait_for()
        assert in_view(control.locator("xpath=..") if control.get_attribute("type") == "radio" else control)
        control.tap()
    b.w.locator('[data-panel] [name="skill"]').fill("Firearms")  # (CREW has no skills in its setup: typed)
    b.w.locator('[data-panel] [name="rating"]').fill("1")
    absorb = b.w.locator('[data-panel] input[name="absorb"]').first
    absorb.wait_for()
    absorb.tap()
    log = b.w.locator('[data-panel] [data-key="log"]')
    assert in_view(log)
    n = len(b.log())
    log.tap()
    b.wait_log(n + 1)
    assert b.page.evaluate(scrolled) == before
    last = b.w.locator('[data-out="last"]')
    assert in_view(last) and "Hargan" in last.inner_text()
    b.check_shown()
    b.press(b.w.locator('[data-act="table-close"]'))


def test_an_absorb_choice_the_new_roll_no_longer_offers_is_asked_again(ref):
    """Defect 1: Rook attacks Gatto on Cool, rating 2; an absorb option chosen, then the dice
    change: the choice goes, and Log it asks for one instead of taking Gatto out silently."""
    b = ref
    warehouse(b)
    panel = b.action("attack", actor="Rook", target="Gatto", track="cool", skill="Fight", rating=2, faces="0000")
    first = panel.locator('[name="absorb"]').first
    first.wait_for()
    b.press(first)
    was = first.get_attribute("value")
    b.fill(faces="+++0")  # three more shifts: other ways, two of them (a severe, or a mild and a moderate)
    b.page.wait_for_function("([s, v]) => ![...document.querySelectorAll(s)].some((e) => e.checked && e.value === v)",
                             arg=[f'{WIDGET} [data-panel] [name="absorb"]', was])
    n = len(b.log())
    b.log_it(expect_line=False)
    b.error("absorb").wait_for()
    assert "absorbs" in b.error("absorb").inner_text()
    assert len(b.log()) == n and not b.state()["state"]["actors"][0]["out"]
    b.press(panel.locator('[name="absorb"]').first)
    b.log_it()
    gatto = next(a for a in b.check_shown()["actors"] if a["name"] == "Gatto")
    assert not gatto["out"]




def test_a_tap_before_the_rules_answer_the_new_roll_takes_nobody_out(ref):
    """Found in CI (WebKit, a loaded machine): the dice changed, the absorb options on the screen
    still answered the old roll, a tap chose one and Log it logged it. While the rules have not
    answered the sheet as it is, its absorb options can't be chosen, and Log it waits for the
    answer: the choice the new roll no longer offers is asked again, and Gatto is not taken out."""
    b = ref
    warehouse(b)
    panel = b.action("attack", actor="Rook", target="Gatto", track="cool", skill="Fight", rating=2, faces="0000")
    options = panel.locator('[name="absorb"]')
    options.first.wait_for()
    n = len(b.log())
    with answers_held(b.page, "board.sheet"):  # the answer to the new roll comes after the next taps
        b.fill(faces="+++0", held=True)  # three more shifts: other ways, not yet known
        assert panel.locator('[data-field="absorb"]').get_attribute("aria-busy") == "true"
        b.press(options.first)  # the old roll's way, tapped: it waits for the new answer, which does not offer it
        b.log_it(expect_line=False, held=True)  # tapped before the answer: it waits for it
        engine_barrier(b.page)  # what Log it would have logged is answered and drawn by now
        assert len(b.log()) == n
    b.error("absorb").wait_for()
    assert "absorbs" in b.error("absorb").inner_text()
    assert len(b.log()) == n and not b.state()["state"]["actors"][0]["out"]
    b.press(options.first)
    b.log_it()
    assert not next(a for a in b.check_shown()["actors"] if a["name"] == "Gatto")["out"]


def test_an_absorb_option_chosen_by_keyboard_while_the_rules_look_again_keeps_the_focus(ref, server):
    """Another tab logs while this one's attack form is open: the rules look at the form again, and
    until they answer its absorb options wait (disabled). A keyboard user who chose an option
    in that moment lost the focus to the page; it comes back to the option chosen."""
    b = ref
    warehouse(b)
    panel = b.action("attack", actor="Rook", target="Gatto", track="cool", skill="Fight", rating=2, faces="+++0")
    option = panel.locator('[name="absorb"]').first
    option.wait_for()  # 5 shifts against a threshold of 2: a severe consequence, or a mild and a moderate
    assert not option.is_checked()
    n = len(b.log())
    other = b.page.context.new_page()
    with answers_held(b.page, "board.sheet"):
        other.set_viewport_size({"width": 1280, "height": 800})
        tab = Board(other)
        tab.open(server.url + CONFLICTS)
        if tab.w.locator("[data-panel]").count():  # the form this tab left open (the sheet is kept) goes
            tab.cancel()
        tab.act("simple", actor="Jade", note="from the other tab")
        b.wait_log(n + 1)  # the news is in: the form is asked about again, and the answer held
        option.focus()
        b.page.keyboard.press("Space")  # chosen by keyboard: the choice waits for the rules' answer
        assert panel.locator('[data-field="absorb"]').get_attribute("aria-busy") == "true"
    other.close()
    b.page.wait_for_function("() => document.activeElement?.name === 'absorb'", timeout=5_000)
    assert option.evaluate("(e) => e === document.activeElement && e.checked && !e.disabled")
    b.cancel()


def test_a_taken_out_is_named_on_the_log_button(ref):
    b = ref
    warehouse(b)
    b.action("attack", actor="Rook", target="Gatto", track="cool", skill="Fight", rating=8, faces="++++")
    b.page.wait_for_function("(s) => /Gatto is taken out/.test(document.querySelector(s).textContent)",
                             arg=f'{WIDGET} [data-panel] [data-key="log"]')
    b.cancel()


def test_a_chip_tapped_shows_as_chosen_while_the_rules_answer_is_on_its_way(ref):
    """On a slow phone the sheet's answer to a tap comes a moment later. Before, the chip tapped went back
    to what the last answer chose until then (Rook tapped, Gatto still shown acting): a tap that seemed
    not to take. It shows as chosen at once, and the answer, when it comes, agrees."""
    b = ref
    warehouse(b)
    panel = b.action("attack")
    rook = panel.locator('[name="actor"][value="Rook"]')
    chosen = 'e => e.checked && e.closest("label").classList.contains("is-on")'
    assert not rook.evaluate(chosen)
    with answers_held(b.page, "board.sheet"):
        b.press(rook)
        b.page.wait_for_function("() => window.__answersAsked > 0")
        frames(b.page, 2)
        assert rook.evaluate(chosen), "shown at once"
    b.answered()
    assert rook.evaluate(chosen), "the rules' answer"
    b.cancel()


def test_a_filled_in_action_survives_another_page_a_reload_and_a_change_of_kind(ref, server):
    """Defect 2: the action being composed is kept (the keeper's board:action)."""
    b = ref
    fresh(b)
    b.action("attack", actor="Hargan", target="Gatto", skill="Firearms", rating=3, faces="+0-0")
    b.page.goto(server.url)  # another page (the home page), then back
    b.open(server.url + TABLE)
    panel = b.w.locator('[data-panel="attack"]')
    panel.wait_for()
    assert panel.locator('[name="rating"]').input_value() == "3"
    assert panel.locator('[name="faces"]').input_value() == "+0-0"
    assert panel.locator('[name="target"][value="Gatto"]').is_checked()
    b.page.reload()
    b.open(b.page.url)
    assert b.w.locator('[data-panel="attack"] [name="skill"]').input_value() == "Firearms"
    # Another kind keeps the fields the two share.
    b.press(b.w.locator('[data-act="kinds"]'))
    b.press(b.w.locator('[data-act="kind"][data-kind="defense"]'))
    panel = b.w.locator('[data-panel="defense"]')
    panel.wait_for()
    b.answered()  # the defense's sheet is the rules' answer: its target chips come with it
    assert panel.locator('[name="rating"]').input_value() == "3"
    assert panel.locator('[name="target"][value="Gatto"]').is_checked()
    b.cancel()


def test_undo_puts_the_undone_action_back_in_the_sheet(ref):
    b = ref
    fresh(b)
    b.act("simple", actor="Gatto", note="checks the door")
    b.press(b.w.locator('[data-act="undo"]'))
    panel = b.w.locator('[data-panel="simple"]')
    panel.wait_for()
    assert panel.locator('[name="note"]').input_value() == "checks the door"
    assert panel.locator('[name="actor"][value="Gatto"]').is_checked()
    b.log_it()
    assert "checks the door" in b.log()[-1]


def test_a_maneuver_on_a_border_lands_on_the_border(ref):
    """Defect 3: 'Placed on: a border' offers the borders only, and the aspect goes on the border."""
    b = ref
    fresh(b)
    b.action("maneuver", actor="Gatto", aspect="Tripwire", on="border", skill="Crafts", rating=2, faces="0000")
    which = b.w.locator('[data-panel] [name="which"]')
    assert all(v.startswith("[") for v in which.evaluate_all("es => es.map((e) => e.value)"))  # borders only
    b.press(which.first)
    b.log_it()
    aspect = next(a for a in b.check_shown()["aspects"] if a["name"] == "Tripwire")
    assert aspect["on"] == "border" and len(aspect["target"]) == 2


def test_an_actor_on_an_unnamed_side_is_told_at_the_side(ref):
    """Defect 4: an unnamed side shows as unnamed in every actor's list, and Start names the side."""
    b = ref
    b.set_up(CREW)
    b.w.locator('[name="sides.1"]').fill("")  # Hargan's side loses its name
    assert "unnamed" in b.w.locator('[name="actors.1.side"] option:checked').inner_text()
    b.press(b.w.locator('button[type="submit"]'))
    error = b.w.locator('[data-field="sides[1]"] .calc__error, [data-field="sides.1"] .calc__error')
    error.first.wait_for()
    b.w.locator('[name="sides.1"]').fill("Gang")
    b.start()


def test_end_of_exchange_with_nobody_acted_says_why(ref):
    """Defect 5."""
    b = ref
    b.set_up(CREW)
    b.start()
    b.press(b.w.locator('[data-act="kind"][data-kind="end_exchange"]'))
    said = b.w.locator(".board__kindnote")  # beside the kinds, where it was tapped
    said.wait_for()
    assert "Nobody has acted in exchange 1 yet." in said.inner_text()
    assert b.log() == []


def test_a_named_consequence_shows_on_the_card_and_can_be_invoked(ref):
    """RULES.md §7 At the table: a consequence taken may be named; the card shows it, and it is
    offered among the aspects to invoke (paid at the table)."""
    b = ref
    warehouse(b)
    panel = b.action("attack", actor="Rook", target="Gatto", track="cool", skill="Fight", rating=2, faces="+000")
    option = panel.locator('[name="absorb"][value=\'["mild"]\']')
    option.wait_for()
    b.press(option)
    b.fill(**{"named.mild": "Cracked ribs"})
    b.log_it()
    gatto = next(a for a in b.check_shown()["actors"] if a["name"] == "Gatto")
    assert any(c.get("label") == "Cracked ribs" for c in gatto["consequences"])
    assert "Cracked ribs" in b.w.locator('[data-actor="Gatto"]').inner_text()
    b.action("simple", actor="Jade")
    b.cancel()
    b.action("attack", actor="Jade", target="Rook", skill="Fight", rating=2, faces="0000")
    assert b.w.locator('[data-panel] [name="invokes"][value="Cracked ribs"]').count() == 1
    b.cancel()


def test_an_aspect_with_boxes_is_attacked_off_the_board(ref):
    """RULES.md §7: "Cluttered aisles" was placed with 1 free invoke, so it has 1 stress box; a hit of
    2 shifts goes past it and the aspect leaves the board. Log it says so."""
    b = ref
    warehouse(b)
    panel = b.action("attack", actor="Jade", target="Cluttered aisles", skill="Fight", rating=2, faces="0000")
    assert panel.locator('[name="track"]').count() == 0  # an aspect has one track: nothing to choose
    b.page.wait_for_function("(s) => /Cluttered aisles is removed/.test(document.querySelector(s).textContent)",
                             arg=f'{WIDGET} [data-panel] [data-key="log"]')
    assert panel.locator('[name="absorb"]').count() == 0  # no way to absorb a hit past its one box (§3c)
    assert "No way to absorb enough" in panel.locator('[data-out="absorb"]').inner_text()
    b.log_it()
    assert all(a["name"] != "Cluttered aisles" for a in b.check_shown()["aspects"])


def test_a_beaten_border_is_set_by_who_beat_it_and_undone_like_any_event(ref):
    """RULES.md §7 Things: the loading door lock stands for the border Middle – East end; once
    Hargan beats it he may set that border's pass value, as an event of the log."""
    b = ref
    warehouse(b)
    lock = next(t for t in b.state()["state"]["things"] if t["name"] == "Loading door lock")
    assert lock["border"] == ["Middle", "East end"]
    assert b.w.locator('[data-act="kind"][data-kind="redefine_border"]').count() == 0  # not beaten yet
    panel = b.action("attack", actor="Hargan", target="Loading door lock", skill="Firearms", rating=4, faces="++++")
    panel.locator('[data-key="log"]').wait_for()
    b.page.wait_for_function("(s) => /is beaten/.test(document.querySelector(s).textContent)", arg=f'{WIDGET} [data-panel] [data-key="log"]')
    b.log_it()
    b.action("redefine_border", actor="Hargan", thing="Loading door lock", **{"pass": 1})
    b.log_it()
    s = b.check_shown()
    assert s["passes"] == [{"between": ["Middle", "East end"], "pass": 1, "by": "Hargan"}]
    assert "now 1" in b.w.locator('[data-out="passes"]').inner_text()
    b.press(b.w.locator('[data-act="undo"]'))
    b.page.wait_for_function("(s) => !document.querySelector(s)", arg=f'{WIDGET} [data-out="passes"]')
    assert b.state()["state"]["passes"] == []
    b.cancel()


def test_the_setup_takes_the_party_the_stress_calculator_holds(ref):
    """Issue 31: where the party roster already holds the characters, the setup takes them in one tap
    (player characters on one side, opponents on the other; the taken out are left out)."""
    b = ref
    roster = {"current": "c1", "people": [
        {"id": "c1", "name": "Gatto", "side": "pc", "standing": "in", "traits": []},
        {"id": "c2", "name": "Jade", "side": "pc", "standing": "in", "traits": []},
        {"id": "c3", "name": "Hargan", "side": "opponent", "standing": "in", "traits": []},
        {"id": "c4", "name": "Vex", "side": "opponent", "standing": "taken_out", "traits": []}]}
    b.page.evaluate("(r) => localStorage.setItem('conflict-table[/]:stress:roster', JSON.stringify(r))", roster)
    if b.w.locator('[data-act="new"]').count():
        b.w.locator('[data-act="new"]').first.evaluate("e => e.click()")
    b.press(b.w.locator('[data-act="party"]'))
    assert [b.w.locator(f'[name="actors.{i}.name"]').input_value() for i in range(3)] == ["Gatto", "Jade", "Hargan"]
    assert b.w.locator('[name="actors.3.name"]').count() == 0
    sides = [b.w.locator(f'[name="sides.{i}"]').input_value() for i in range(2)]  # (named ones are kept)
    assert b.w.locator('[name="actors.2.side"] option:checked').inner_text() == sides[1]
    b.start()
    assert [a["side"] for a in b.state()["state"]["actors"]] == [sides[0], sides[0], sides[1]]


def test_axe_finds_nothing_in_the_table_view_and_it_works_by_keyboard(ref):
    b = ref
    fresh(b)
    b.press(b.w.locator('[data-act="table-open"]'))
    b.page.wait_for_function("(s) => document.querySelector(s).classList.contains('is-table')", arg=WIDGET)
    b.action("attack", actor="Gatto", target="Hargan", skill="Shoot", rating=2, faces="+-0+")
    b.w.locator('[data-panel] [name="absorb"]').first.wait_for()
    axe(b.page, "the table view with an attack open", include=WIDGET)
    b.cancel()
    for tab in ("cards", "log", "tools"):
        b.press(b.w.locator(f'[data-act="tab"][data-tab="{tab}"]'))
        axe(b.page, f"the table view's {tab} tab", include=WIDGET)
    # By keyboard: the play tab, a kind, its sheet, Escape closes the sheet.
    b.w.locator('[data-act="tab"][data-tab="play"]').focus()
    b.page.keyboard.press("Enter")
    b.w.locator('[data-act="kind"][data-kind="simple"]').focus()
    b.page.keyboard.press("Enter")
    note = b.w.locator('[data-panel] [name="note"]')
    note.focus()
    b.page.keyboard.type("hides")
    n = len(b.log())
    b.page.keyboard.press("Enter")  # submits the sheet: Log it
    b.wait_log(n + 1)
    assert "hides" in b.log()[-1]
    b.press(b.w.locator('[data-act="table-close"]'))


def test_printing_the_board_prints_the_board_only_on_two_pages_at_most(ref):
    """Print from the board's tools: map, tracks, aspects and a 10-event log, on at most 2 A4 pages."""
    b = ref
    b.set_up(CREW)
    b.start()
    for i in range(10):
        b.act("simple", actor=b.state()["state"]["to_act"][0] if b.state()["state"]["to_act"] else "Gatto", note=f"step {i}")
    pages = b.printed()
    text = "\n".join(pages)
    assert len(pages) <= 2, len(pages)
    assert "step 9" in text and "Cool" in text and "West end" in text
    assert "Boons" not in text and "Log it" not in text and "Keep and share" not in text  # nothing else, no controls


def test_the_phones_back_closes_the_table_view(ref):
    """Back (the phone's own button) leaves the table view for the page, the conflict kept.
    Last in this file: the theme may draw the page afresh on Back."""
    b = ref
    fresh(b)
    n = len(b.log())
    b.press(b.w.locator('[data-act="table-open"]'))
    b.page.wait_for_function("(s) => document.querySelector(s).classList.contains('is-table')", arg=WIDGET)
    assert b.page.url.endswith("#table-view")
    b.page.go_back()
    b.page.wait_for_function("(s) => !!document.querySelector(s + ' [data-out=exchange]')"
                             " && !document.querySelector(s).classList.contains('is-table')", arg=WIDGET)
    assert TABLE in b.page.url and "#table-view" not in b.page.url  # (the theme may track the heading in the hash)
    b.page.wait_for_function("([s, n]) => document.querySelectorAll(s).length === n", arg=[f'{WIDGET} [data-out="log"] li', n])
