"""The morale tracker in the browser: whole conflicts in every edition driven
through the buttons (each step's morale worked out by hand from RULES.md §4,
and the saved log replayed by rules_core in CPython to the same numbers),
undo/redo, reload, export → import, a damaged saved state, bad input, a phone
and a keyboard. One page (and engine) serves the module; the phone gets its own.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules_core.api import call
from tests.browser.morale_page import ASIDE, CONFLICTS, KEY, TABLE, WIDGET, WOLVES_CROWS, Tracker
from tests.browser.pages import follow_link
from tests.browser.support import wait_engine
from tests.browser.waits import scrolled


@pytest.fixture(scope="module")
def morale_page(shared_page, server):
    page = shared_page
    page.goto(server.url + CONFLICTS)
    wait_engine(page)
    page.locator(f"{WIDGET} .morale__heading").wait_for()
    return page


@pytest.fixture
def tracker(morale_page):
    t = Tracker(morale_page)
    notice = t.w.locator('[data-out="notice"] [data-act="dismiss"]')
    if notice.is_visible():
        notice.click()
    return t




def ensure_wolves_and_crows(t: Tracker):
    """A 2023 conflict of Wolves and Crows with one event logged (kept when there is one already)."""
    if not (t.button("attack", "Ada").count() and t.button("advantage", "Bo").count() and t.log()):
        t.begin("2023", WOLVES_CROWS)
        t.act("failure", "Bo")


def replayed_morale(saved: dict) -> list[dict]:
    """Each step's morale, as rules_core in CPython replays the saved log."""
    reply = call("morale.replay", {"setup": saved["setup"], "events": saved["events"]})
    assert reply["ok"], reply
    return [entry["morale"] for entry in reversed(reply["result"]["log"])]


def run_steps(t: Tracker, steps):
    expected = []
    for kind, who, fields, morale in steps:
        t.act(kind, who, **fields)
        assert t.morale() == morale, (kind, who, t.log()[0])
        expected.append(morale)
    assert replayed_morale(t.saved()) == expected  # the same log, replayed in CPython


# ------------------------------------------------------------ whole conflicts


def test_a_whole_2023_conflict(tracker):
    t = tracker
    t.begin("2023", WOLVES_CROWS)
    assert t.morale() == {"Wolves": 0, "Crows": 0}
    assert "Turn: Wolves" in t.w.locator('[data-out="turn"]').inner_text()
    assert t.fact("Wolves", "captain") == "Ada"
    W, C = "Wolves", "Crows"
    run_steps(t, [
        ("success", "Bo", {}, {W: 1, C: 0}),                                          # +1
        ("attack", "Ada", dict(defender="Cy", effort=5, defender_effort=2), {W: 2, C: -1}),     # attacker succeeded, defender failed
        ("end_turn", W, {}, {W: 2, C: -1}),                                           # not broken: no test
        ("attack", "Di", dict(defender="Bo", effort=3, defender_effort=3), {W: 3, C: -2}),      # tie: the defender wins
        ("failure", "Di", {}, {W: 3, C: -3}),
    ])
    assert t.fact(C, "broken-morale") == "rating 3"
    assert t.fact(C, "keep-morale") == "due at the end of its turn: difficulty 3, +1 per helper"
    assert t.fact(W, "keep-morale") == "not due"

    # The keep-morale test shows its difficulty before the roll: 3, +1 helper = 4; effort 4 keeps morale.
    t.button("end_turn", C).click()
    difficulty = t.w.locator('[data-out="difficulty"]')
    assert difficulty.inner_text().startswith("Difficulty 3")
    t.fill_panel(helpers=1)
    t.page.wait_for_function("el => el.textContent.startsWith('Difficulty 4')", arg=difficulty.element_handle())
    t.fill_panel(effort=4)
    t.w.locator('.morale__panel button[type="submit"]').click()
    t.wait_log(6)
    assert "kept morale (4 vs difficulty 4)" in t.log()[0]
    assert "Round 2. Turn: Wolves" in t.w.locator('[data-out="turn"]').inner_text()

    t.act("advantage", "Eve", margin=2)                                               # + margin
    assert t.morale() == {W: 5, C: -3}
    t.act("end_turn", W)
    t.act("leave", "Cy")                                                              # captain: − 1 remaining (Di, the only one)
    assert t.morale() == {W: 5, C: -4}
    assert t.fact(C, "captain") == "Di"
    t.act("end_turn", C, effort=1)                                                    # 1 < 4: morale breaks
    assert "MORALE BROKE" in t.log()[0]
    # Di may still enter a Last Stand: nobody has won yet, and the tracker says what Crows may do
    outcome = t.w.locator('[data-out="outcome"]')
    assert outcome.inner_text() == "Crows' morale broke: Di may enter their Last Stand now. If not, Crows loses the conflict."
    assert "won" not in outcome.inner_text()
    assert t.w.locator(f'.morale__team[data-team="{C}"] [data-out="badge"]').inner_text() == "Last Stand or lose"
    assert t.w.locator(f'.morale__team[data-team="{W}"] [data-out="badge"]').inner_text() == "Fighting"
    assert t.button("attack", "Ada").count() == 0  # the others wait for Crows' choice
    assert t.button("concede", C).inner_text().startswith("Nobody enters a Last Stand")

    t.act("last_stand", "Di")                                                         # a Last Stand keeps Crows in
    assert t.w.locator('[data-out="outcome"]').count() == 0
    assert t.fact(C, "last-stand") == "Di"
    assert t.w.locator(f'.morale__team[data-team="{C}"] [data-out="badge"]').inner_text() == "Morale broken"
    t.act("attack", "Bo", defender="Di", effort=4, defender_effort=1, absorbed="yes")  # 2023: asked, a wound box took it
    assert t.morale() == {W: 6, C: -5}
    t.act("perish", "Di")                                                             # perishing costs no morale
    assert t.morale() == {W: 6, C: -5}
    assert t.w.locator('[data-out="outcome"]').inner_text().startswith("Wolves won")
    assert replayed_morale(t.saved())[-1] == {W: 6, C: -5}
    assert len(t.saved()["events"]) == 13


def test_a_whole_2022_conflict(tracker):
    t = tracker
    t.begin("2022", [{"name": "Lions", "members": ["Leo", "Mia"]}, {"name": "Bears", "members": ["Ned", "Ola"]}])
    L, B = "Lions", "Bears"
    run_steps(t, [
        ("success", "Leo", dict(margin=2), {L: 2, B: 0}),                             # + margin
        ("failure", "Mia", dict(margin=3), {L: -1, B: 0}),                            # − margin
        ("attack", "Leo", dict(defender="Ned", effort=5, defender_effort=2), {L: 2, B: -3}),    # both teams move by 3
        ("end_turn", L, {}, {L: 2, B: -3}),
        ("attack", "Ned", dict(defender="Mia", effort=1, defender_effort=4), {L: 5, B: -6}),
        # disposed against: the defense reduces the stress, so Lions lose the full effort 4
        ("attack", "Ola", dict(defender="Leo", effort=4, defender_effort=1, disposed=True, reduce="stress"), {L: 1, B: -3}),
        ("end_turn", B, dict(effort=3), {L: 1, B: -3}),                               # 3 ≥ difficulty 3: kept
        ("advantage", "Mia", dict(margin=2), {L: 3, B: -3}),
        ("end_turn", L, {}, {L: 3, B: -3}),
        ("end_turn", B, dict(helpers=1, effort=2), {L: 3, B: -3}),                    # 2 < 3 + 1: broken
    ])
    assert "MORALE BROKE (2 vs difficulty 4)" in t.log()[0]
    outcome = t.w.locator('[data-out="outcome"]')
    assert outcome.inner_text() == ("Bears' morale broke: Ned and Ola may each enter their Last Stand now. "
                                    "If nobody does, Bears loses the conflict.")
    t.act("concede", B)                                                               # nobody enters: now it is decided
    assert t.log()[0] == "Nobody of Bears entered a Last Stand: Bears loses"
    assert outcome.inner_text() == "Lions won the conflict."
    assert t.w.locator(f'.morale__team[data-team="{B}"] [data-out="badge"]').inner_text() == "Lost"
    assert replayed_morale(t.saved())[-1] == {L: 3, B: -3}


def test_a_whole_wiki_conflict(tracker):
    t = tracker
    t.start("wiki", [
        {"name": "Raiders", "approach": 2, "members": [{"name": "Rex", "successes": 3}, {"name": "Sal", "successes": 1, "vigor": True}]},
        {"name": "Guards", "approach": 3, "members": [
            {"name": "Tom", "successes": 2, "perfect_defense": True},
            {"name": "Uma", "successes": 4, "perfect_defense": True, "intuition": True},
            {"name": "Vic", "successes": 1}]},
    ])
    # Raiders 2 + 3 + 1·2 (Vigor) = 7; Guards 3 + Uma 4 + Vic 1 = 8 (Tom's 2 < Rex's 3 against a perfect defense);
    # Tom 2 + Uma's 4 (Intuition) = 6 > Rex's 3: Guards act first.
    preview = t.w.locator('[data-out="preview"]')
    t.page.wait_for_function("el => el.textContent.includes('Raiders 7, Guards 8')", arg=preview.element_handle())
    assert "Turn order: Guards, Raiders" in preview.inner_text()
    t.w.locator('button[type="submit"]').click()
    t.w.locator(".morale__team").first.wait_for()
    assert t.morale() == {"Raiders": 7, "Guards": 8}
    assert t.w.locator('[data-out="turn-order"] li').all_inner_texts() == ["Guards", "Raiders"]
    assert t.button("success", "Rex").count() == 0  # wiki tests don't move morale
    R, G = "Raiders", "Guards"
    run_steps(t, [
        ("attack", "Uma", dict(defender="Rex", effort=5, defender_effort=2), {R: 4, G: 8}),     # only the loser loses
        ("end_turn", G, {}, {R: 4, G: 8}),
        ("attack", "Rex", dict(defender="Vic", effort=4, defender_effort=1, disposed=True), {R: 4, G: 4}),  # perfect defense: all 4
        ("advantage", "Sal", dict(margin=2), {R: 6, G: 4}),
        ("leave", "Sal", dict(successes=2), {R: 4, G: 4}),                            # surrender on own turn: its successes
        ("end_turn", R, {}, {R: 4, G: 4}),
        ("attack", "Tom", dict(defender="Rex", effort=6, defender_effort=0), {R: 0, G: 4}),     # stops at 0
    ])
    # Rex's failed defense brought Raiders to 0: Rex may enter a Last Stand, so nobody has won yet
    assert t.w.locator('[data-out="outcome"]').inner_text() == (
        "Raiders' morale fell to 0: Rex may enter their Last Stand now. If not, Raiders loses the conflict.")
    t.act("last_stand", "Rex")
    assert t.w.locator('[data-out="outcome"]').count() == 0
    assert t.fact(R, "last-stand") == "Rex"
    t.act("perish", "Rex")
    assert t.morale() == {R: 0, G: 4}
    assert t.w.locator('[data-out="outcome"]').inner_text().startswith("Guards won")


def test_overwhelmed_members_retire_and_leave(tracker):
    """RULES.md §3a ruling: overwhelmed in a conflict, a character retires at once and leaves it."""
    t = tracker
    t.begin("2023", WOLVES_CROWS)
    W, C = "Wolves", "Crows"
    assert t.button("overwhelmed", "Bo").inner_text().startswith("Overwhelmed (retires)")
    t.act("overwhelmed", "Bo")                                                        # a member: −1
    assert t.morale() == {W: -1, C: 0}
    assert t.log()[0] == "Bo was overwhelmed and retired, leaving the conflict: Wolves 0 → −1, BROKEN MORALE 1"
    bo = t.w.locator('.morale__member[data-member="Bo"]')
    assert bo.locator('[data-out="member-status"]').inner_text() == "overwhelmed: retired"
    assert bo.locator("button").count() == 0
    t.act("overwhelmed", "Ada")                                                       # the captain: − 1 remaining (Eve, the only one)
    assert t.morale() == {W: -2, C: 0}
    assert t.fact(W, "captain") == "Eve"
    assert replayed_morale(t.saved()) == [{W: -1, C: 0}, {W: -2, C: 0}]


def test_2022_disposition_is_asked_the_right_way_round(tracker):
    t = tracker
    t.begin("2022", [{"name": "Lions", "members": ["Leo", "Mia"]}, {"name": "Bears", "members": ["Ned", "Ola"]}])
    t.button("attack", "Ola").click()
    label = t.w.locator('.morale__panel [data-field="reduce"]').inner_text()
    assert "defended with the attribute the attacker's attribute is disposed against" in label
    assert "Vigor" in label and "Reason" in label
    t.w.locator('[data-act="cancel"]').click()


# ------------------------------------------------------------ undo, redo, reload


def test_undo_and_redo(tracker):
    t = tracker
    t.begin("2023", WOLVES_CROWS)
    t.act("failure", "Bo")
    t.act("failure", "Ada")
    t.act("attack", "Cy", defender="Bo", effort=4, defender_effort=1)
    assert t.morale() == {"Wolves": -3, "Crows": 1}
    t.w.locator('[data-act="undo"]').click()
    t.wait_log(2)
    assert t.morale() == {"Wolves": -2, "Crows": 0}
    assert t.w.locator('[data-out="announce"]').inner_text().startswith("Undone: Cy hit Bo")
    t.w.locator('[data-act="undo"]').click()
    t.wait_log(1)
    assert t.morale() == {"Wolves": -1, "Crows": 0}
    assert t.w.locator('[data-act="redo"]').inner_text() == "Redo (2)"
    t.w.locator('[data-act="redo"]').click()
    t.wait_log(2)
    assert t.morale() == {"Wolves": -2, "Crows": 0}
    assert t.saved()["redo"] == [{"kind": "attack", "member": "Cy", "defender": "Bo", "effort": 4, "defender_effort": 1}]
    t.act("success", "Di")  # a new event clears what could be redone
    assert t.w.locator('[data-act="redo"]').is_disabled()
    assert t.morale() == {"Wolves": -2, "Crows": 1}
    while t.log():
        n = len(t.log())
        t.w.locator('[data-act="undo"]').click()
        t.page.wait_for_function("n => document.querySelectorAll('.morale__log li').length === n", arg=n - 1)
    assert t.morale() == {"Wolves": 0, "Crows": 0}
    undo = t.w.locator('[data-act="undo"]')  # nothing left to undo here, but the start itself (it replaced a conflict)
    assert undo.is_disabled() or undo.inner_text() == "Undo (bring back the conflict before)"


def test_the_conflict_survives_a_reload(tracker):
    t = tracker
    t.begin("2022", [{"name": "Lions", "members": ["Leo", "Mia"]}, {"name": "Bears", "members": ["Ned"]}])
    t.act("success", "Leo", margin=3)
    t.act("failure", "Ned", margin=2)
    t.act("advantage", "Mia", margin=1)
    t.w.locator('[data-act="undo"]').click()
    t.wait_log(2)
    t.page.reload()
    wait_engine(t.page)
    t.w.locator(".morale__team").first.wait_for()
    assert t.morale() == {"Lions": 3, "Bears": -2}
    assert len(t.log()) == 2
    assert t.fact("Bears", "keep-morale").startswith("due at the end of its turn: difficulty 2")
    t.w.locator('[data-act="redo"]').click()  # the redo stack was kept too
    t.wait_log(3)
    assert t.morale() == {"Lions": 4, "Bears": -2}


# ------------------------------------------------------------ files, damaged state


def test_export_then_import_round_trip(tracker, tmp_path):
    t = tracker
    t.begin("2023", WOLVES_CROWS)
    t.act("success", "Bo")
    t.act("attack", "Di", defender="Eve", effort=2, defender_effort=4)
    t.act("leave", "Eve")
    before = (t.morale(), t.log())
    with t.page.expect_download() as info:
        t.w.locator('[data-act="export"]').click()
    exported = tmp_path / "conflict.json"
    info.value.save_as(exported)
    data = json.loads(exported.read_text())
    assert data["format"] == "conflict-table/morale" and len(data["events"]) == 3
    assert data == t.saved()

    t.begin("2022", [{"name": "Lions", "members": ["Leo"]}, {"name": "Bears", "members": ["Ned"]}])
    t.act("success", "Leo", margin=1)
    with t.page.expect_file_chooser() as chooser:
        t.w.locator(".morale__file").click()
    chooser.value.set_files(exported)
    t.wait_log(3)
    assert (t.morale(), t.log()) == before
    assert t.saved()["events"] == data["events"]
    aside = json.loads(t.page.evaluate(f"localStorage.getItem('{ASIDE}')"))
    assert json.loads(aside[-1]["text"])["setup"]["edition"] == "2022"  # the replaced conflict was kept

    # A file whose log no longer replays is refused beside the import button; nothing changes.
    broken = dict(data, events=data["events"] + [{"kind": "failure", "member": "Zed"}])
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(broken))
    with t.page.expect_file_chooser() as chooser:
        t.w.locator(".morale__file").click()
    chooser.value.set_files(bad)
    t.error("import").wait_for()
    assert "Zed" in t.error("import").inner_text()
    assert (t.morale(), t.log()) == before


def test_a_damaged_saved_state_is_set_aside(tracker):
    t = tracker
    t.begin("2023", WOLVES_CROWS)
    t.act("failure", "Bo")
    garbage = '{"format": "conflict-table/morale", "setup": {'
    t.page.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEY, garbage])
    # Another page with the tracker opens the same saved conflict (Material's instant navigation).
    follow_link(t.page, f'a[href$="{TABLE}"] >> nth=0', f"/{TABLE}")
    t = Tracker(t.page)
    notice = t.w.locator('[data-out="notice"]', has_text="could not be opened")
    notice.wait_for()
    assert "not readable JSON" in notice.inner_text() and "set aside" in notice.inner_text()
    assert t.page.evaluate(f"localStorage.getItem('{KEY}')") is None
    aside = json.loads(t.page.evaluate(f"localStorage.getItem('{ASIDE}')"))
    assert aside[-1]["text"] == garbage
    with t.page.expect_download() as info:
        notice.locator("button", has_text="Download it").click()
    assert Path(info.value.path()).read_text(encoding="utf-8") == garbage

    # A new conflict can start; the set-aside copy stays.
    t.begin("2023", [{"name": "Owls", "members": ["Oz"]}, {"name": "Cats", "members": ["Kit"]}])
    t.act("success", "Oz")
    assert t.morale() == {"Owls": 1, "Cats": 0}
    assert t.w.locator('[data-out="asides"]').is_visible()
    assert json.loads(t.page.evaluate(f"localStorage.getItem('{ASIDE}')"))[-1]["text"] == garbage

    # A log that no longer replays (someone who isn't in the conflict) is set aside too.
    foreign = json.dumps({"setup": t.saved()["setup"], "events": [{"kind": "success", "member": "Nobody"}]})
    t.page.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEY, foreign])
    t.page.go_back()
    t.page.wait_for_url(lambda url: f"/{CONFLICTS}" in url)
    t = Tracker(t.page)
    t.w.locator('[data-out="notice"]', has_text="Nobody").wait_for()  # (the old page's notice may linger a moment)
    assert json.loads(t.page.evaluate(f"localStorage.getItem('{ASIDE}')"))[-1]["text"] == foreign

    # And so is another tool's data under the same key (the wrong shape).
    other = json.dumps({"format": "dice-roller/history", "rolls": [3, 5]})
    t.page.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEY, other])
    t.page.go_forward()
    t.page.wait_for_url(lambda url: f"/{TABLE}" in url)
    t = Tracker(t.page)
    t.w.locator('[data-out="notice"]', has_text="dice-roller/history file, not a morale conflict").wait_for()
    assert [a["text"] for a in json.loads(t.page.evaluate(f"localStorage.getItem('{ASIDE}')"))] [-3:] == [garbage, foreign, other]
    t.w.locator('[data-out="notice"] [data-act="dismiss"]').click()
    t.w.locator('[data-act="aside-discard"]').click()  # asks first
    assert t.page.evaluate(f"localStorage.getItem('{ASIDE}')") is not None
    t.w.locator('[data-act="aside-discard-yes"]').click()
    assert t.page.evaluate(f"localStorage.getItem('{ASIDE}')") is None
    t.page.go_back()  # the rest of the module runs on the conflicts page
    t.page.wait_for_url(lambda url: f"/{CONFLICTS}" in url)
    Tracker(t.page).w.locator("fieldset.morale__setup-team").first.wait_for()


# ------------------------------------------------------------ bad input, keyboard


@pytest.mark.parametrize("bad, words", [("abc", "whole number"), ("-2", "at least 0"), ("", "Enter the attacker's effort")])
def test_bad_effort_is_explained_beside_the_field(tracker, bad, words):
    t = tracker
    ensure_wolves_and_crows(t)
    log = t.log()
    t.button("attack", "Ada").click()
    t.fill_panel(defender="Cy", effort=bad, defender_effort=1)
    t.w.locator('.morale__panel button[type="submit"]').click()
    error = t.error("effort")
    error.wait_for()
    assert words in error.inner_text()
    assert t.w.locator('.morale__panel [name="effort"]').get_attribute("aria-invalid") == "true"
    assert t.log() == log  # nothing logged, nothing lost
    t.w.locator('.morale__panel [data-act="cancel"]').click()


@pytest.mark.parametrize("bad, words", [("x", "whole number"), ("-1", "at least 0"), ("", "Enter the margin")])
def test_bad_margin_is_explained_beside_the_field(tracker, bad, words):
    t = tracker
    ensure_wolves_and_crows(t)
    log = t.log()
    t.button("advantage", "Bo").click()
    t.fill_panel(margin=bad)
    t.w.locator('.morale__panel button[type="submit"]').click()
    t.error("margin").wait_for()
    assert words in t.error("margin").inner_text()
    assert t.log() == log
    t.fill_panel(margin=2)  # a good value is logged and clears the message
    t.w.locator('.morale__panel button[type="submit"]').click()
    t.wait_log(len(log) + 1)
    assert "Vigor advantage (margin 2)" in t.log()[0]


def test_duplicate_names_in_the_setup_are_explained_and_the_conflict_is_kept(tracker):
    t = tracker
    ensure_wolves_and_crows(t)
    morale, log = t.morale(), t.log()
    t.start("2023", [{"name": "Wolves", "members": ["Ada", "Bo"]}, {"name": "Crows", "members": ["Bo", "Cy"]}])
    t.w.locator('button[type="submit"]').click()
    error = t.error("teams[1].members[0].name")
    error.wait_for()
    assert "'Bo' appears twice" in error.inner_text()
    assert t.w.locator('[name="teams[1].members[0].name"]').get_attribute("aria-invalid") == "true"
    t.w.locator('[data-act="back"]').click()
    assert (t.morale(), t.log()) == (morale, log)


def tab_to(page, selector: str, most: int = 30):
    """Tab on until the focus is on `selector` (a keyboard alone goes there)."""
    for _ in range(most):
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def test_keyboard_only(tracker):
    t = tracker
    page = t.page
    t.begin("2023", WOLVES_CROWS)
    t.button("failure", "Ada").focus()
    page.keyboard.press("Tab")                      # on to Ada's Attack
    assert page.evaluate("document.activeElement.dataset.key") == "event:attack:Ada"
    page.keyboard.press("Enter")                    # opens the event, focus on its title ("Attack: Ada")
    t.w.locator(".morale__panel").wait_for()
    assert page.evaluate("document.activeElement.textContent") == "Attack: Ada"
    page.keyboard.press("Escape")                   # closes it, back on the button
    t.w.locator(".morale__panel").wait_for(state="detached")
    t.settle()  # the kinds are drawn again with the rules' answer
    assert page.evaluate("document.activeElement.dataset.key") == "event:attack:Ada"
    page.keyboard.press("Space")
    t.w.locator(".morale__panel").wait_for()
    for name, value in (("defender", "Di"), ("effort", "4"), ("defender_effort", "1")):
        t.settle()
        tab_to(page, f'[data-act="pick"][data-name="{name}"][data-value="{value}"]')
        page.keyboard.press("Enter")
        t.w.locator(f'[data-act="pick"][data-name="{name}"][data-value="{value}"][aria-pressed="true"]').wait_for()
    tab_to(page, '[data-key="panel-submit"]')
    page.keyboard.press("Enter")                    # logs it
    t.wait_log(1)
    assert t.log()[0].startswith("Ada hit Di (4 vs 1)")
    assert t.morale() == {"Wolves": 1, "Crows": -1}
    assert t.w.locator('[data-out="announce"]').inner_text() == t.log()[0]
    # the focus on the same kind of event for the one who acts next (Bo: Ada has acted)
    page.wait_for_function("() => document.activeElement.dataset.key === 'event:attack:Bo'")


# ------------------------------------------------------------ without JavaScript


def test_without_javascript_the_worked_examples_remain(browser, server):
    context = browser.new_context(java_script_enabled=False, service_workers="block")
    page = context.new_page()
    page.goto(server.url + CONFLICTS)
    widget = page.locator(WIDGET)
    assert widget.locator(".calc__form").is_hidden()
    assert "needs JavaScript" in widget.locator(".calc__status").inner_text()
    widget.locator("summary").click()  # the worked examples are folded away
    table = widget.locator("table.morale__moves")
    assert table.locator("thead th").all_inner_texts() == ["A member of your team…", "2023", "2022", "wiki"]
    rows = {r[0]: r[1:] for r in (row.locator("td").all_inner_texts() for row in table.locator("tbody tr").all())}
    # RULES.md §4: a won attack is +1/−1 in 2023, the difference both ways in 2022 (lead's reading), only the loser in the wiki.
    assert rows["Attacks and wins, effort 5 against 2"] == ["+1 / −1", "+3 / −3", "0 / −3"]
    assert rows["Attacks, a tie at 3"] == ["−1 / +1", "0 / 0", "0 / 0"]
    assert rows["Succeeds on a test (margin 2)"] == ["+1 / 0", "+2 / 0", "—"]
    assert rows["The captain leaves (2 members remain)"] == ["−2 / 0"] * 3
    # RULES.md §3a ruling: overwhelmed in a conflict, they retire and leave it (no such thing in the wiki)
    assert rows["Is overwhelmed by stress: retires at once and leaves"] == ["−1 / 0", "−1 / 0", "—"]
    assert rows["Gains a Vigor advantage (margin 3)"] == ["+3 / 0", "+3 / 0", "+3 / 0"]  # wiki morale can rise too
    assert rows["Morale at the start (wiki: Approach 2, positioning 3 and 1)"] == ["0", "0", "6"]
    context.close()


# ------------------------------------------------------------ phone, share link


def test_phone_360_px(tracker):
    """The shared page at a phone's width (its engine is already running)."""
    t = tracker
    page = t.page
    page.set_viewport_size({"width": 360, "height": 740})
    try:
        def check_targets(selector):
            # once the rules' last answer is drawn, every box read at one moment (a redraw between two
            # reads would leave an element counted and gone)
            t.settle()
            boxes = t.w.locator(selector).evaluate_all(
                "els => els.map(e => e.getBoundingClientRect()).filter(r => r.width && r.height)"
                ".map(r => ({x: r.x, width: r.width, height: r.height}))")
            assert boxes, selector
            for box in boxes:
                assert box["height"] >= 44 and box["width"] >= 44, (selector, box)
                assert box["x"] >= 0 and box["x"] + box["width"] <= 360, (selector, box)

        t.start("2023", [{"name": "Wolves", "members": ["Ada", "Bo"]}, {"name": "Crows", "members": ["Cy"]}])
        check_targets("input[type=text], select, button, .morale__file, .morale__captain-pick label")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        t.w.locator('button[type="submit"]').click()
        t.w.locator(".morale__team").first.wait_for()
        check_targets("button, .morale__file")
        t.act("failure", "Bo")
        assert t.morale() == {"Wolves": -1, "Crows": 0}
        t.button("attack", "Cy").click()
        t.w.locator('.morale__panel [data-field="defender_effort"]').wait_for()
        check_targets(".morale__panel input[type=text], .morale__panel select, .morale__panel button")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        t.w.locator('.morale__panel [data-act="cancel"]').click()
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})


def test_phone_scoreboard_stays_in_view_and_the_cards_hold_no_buttons(tracker):
    """At 360 × 740 the scoreboard (every team's morale, broken or not, whose turn, the keep-morale
    difficulty due) stays on screen, below the site's header, while the player scrolls to the last
    team; the cards hold no buttons (a member's events are in the event sheet, once they are chosen)."""
    t = tracker
    page = t.page
    page.set_viewport_size({"width": 360, "height": 740})
    try:
        t.begin("2023", [{"name": "Wolves", "members": ["Ada", "Bo", "Eve", "Fay"]},
                         {"name": "Crows", "members": ["Cy", "Di", "Gus", "Hal"]},
                         {"name": "Owls", "members": ["Ike", "Jo", "Kit"]}])
        t.act("failure", "Ada")
        t.act("failure", "Bo")                       # Wolves at −2: BROKEN MORALE 2, keep-morale due
        board = t.w.locator('[data-out="scoreboard"]')
        rows = {r.get_attribute("data-team"): r.inner_text() for r in board.locator("li").all()}
        assert set(rows) == {"Wolves", "Crows", "Owls"}
        assert "−2" in rows["Wolves"] and "BROKEN MORALE 2" in rows["Wolves"] and "difficulty 2" in rows["Wolves"]
        assert "0" in rows["Crows"] and "BROKEN" not in rows["Crows"]
        assert "Wolves" in board.locator(".morale__board-round").inner_text()   # whose turn
        # only the one chosen's events show, not 3 × 4 rows of buttons; the cards hold none
        assert not t.w.locator('[data-key="event:attack:Cy"]').is_visible()
        assert t.w.locator(".morale__team button").count() == 0
        header = page.locator(".md-header").bounding_box()
        for target in ('.morale__team[data-team="Crows"] .morale__member[data-member="Hal"]',
                       '.morale__team[data-team="Owls"] .morale__member[data-member="Kit"]', f'{WIDGET} .morale__log-section :is(h3, h4, h5, h6)'):
            page.locator(target).scroll_into_view_if_needed()
            scrolled(page)  # the sticky scoreboard is drawn where the scroll stopped
            box = board.bounding_box()
            assert page.evaluate("window.scrollY") > 500, "the tracker should be long enough to scroll"
            assert box["y"] >= header["y"] + header["height"] - 1 and box["y"] + box["height"] <= 740, box
            assert box["height"] < 150, box  # compact: the cards stay visible under it
        t.act("failure", "Kit")
        assert "−1" in board.locator('li[data-team="Owls"]').inner_text()
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})


def test_a_vigor_advantage_reminds_to_log_the_test(tracker):
    t = tracker
    ensure_wolves_and_crows(t)
    t.button("advantage", "Eve").click()
    assert "Success or Failure" in t.w.locator('.morale__panel [data-out="note"]').inner_text()
    t.fill_panel(margin=2)
    count = len(t.log())
    t.w.locator('.morale__panel button[type="submit"]').click()
    t.wait_log(count + 1)
    assert "Success or Failure" in t.w.locator('[data-out="announce"]').inner_text()


def test_share_link_opens_the_conflict(tracker):
    t = tracker
    t.begin("2022", [{"name": "Lions", "members": ["Leo", "Mia"]}, {"name": "Bears", "members": ["Ned"]}])
    t.act("success", "Leo", margin=2)
    t.act("adjust", "Bears", amount=-2, note="prelude")  # a GM correction
    assert "corrected by hand (prelude)" in t.log()[0]
    shared = (t.morale(), t.log())
    t.w.locator('[data-act="share"]').click()
    link = t.w.locator('[data-out="share"] input').input_value()  # under the Share button
    assert "#morale=" in link
    t.act("failure", "Mia", margin=1)  # the conflict moves on; the link keeps the moment it was made
    t.page.evaluate("link => { location.hash = new URL(link).hash; }", link)
    t.w.locator('[data-out="notice"]', has_text="Lions against Bears, 2 logged").wait_for()
    assert t.page.locator(f"{WIDGET}.is-table").count() == 1  # a link lands on its offer, in the table view
    t.w.locator('[data-act="open-shared"]').click()
    t.wait_log(2)
    assert (t.morale(), t.log()) == shared
    assert "#morale=" not in t.page.url
    t.w.locator('[data-act="table-close"]').click()


def test_a_tap_sends_one_event_not_the_whole_log(tracker):
    """After the start's replay, each logged event, undo and redo go to the engine as
    the token, the length and the event (rules_core.api.morale.apply): never the log
    again (issue 23); what the player sees is the same (the other tests)."""
    t = tracker
    t.begin("2023", WOLVES_CROWS)
    t.page.evaluate("""() => {
        window.__moraleCalls = [];
        const post = window.__moralePost = Worker.prototype.postMessage;
        Worker.prototype.postMessage = function (message, ...rest) {
            if (message && message.request) {
                const { name, payload } = JSON.parse(message.request);
                if (name.startsWith("morale.")) window.__moraleCalls.push({ name, keys: Object.keys(payload).sort() });
            }
            return post.call(this, message, ...rest);
        };
    }""")
    try:
        t.act("failure", "Bo")
        t.act("failure", "Ada")
        t.w.locator('[data-act="undo"]').click()
        t.wait_log(1)
        t.w.locator('[data-act="redo"]').click()
        t.wait_log(2)
        calls = t.page.evaluate("window.__moraleCalls")
    finally:
        t.page.evaluate("() => { Worker.prototype.postMessage = window.__moralePost; }")
    assert t.morale() == {"Wolves": -2, "Crows": 0}
    taps = [c for c in calls if c["name"] == "morale.apply"]
    assert [c["keys"] for c in taps] == [["event", "length", "token"], ["event", "length", "token"],
                                         ["length", "token"], ["event", "length", "token"]], calls
    assert not any("events" in c["keys"] for c in calls if c["name"] in ("morale.apply", "morale.replay")), calls
