"""The stress absorption calculator in the browser: wound boxes (2023, 2022),
wiki conditions and Edgerunner tracks, on the built site.

Most tests share one page, ``table/``, whose stress widget holds all three
models behind its model switch; a per-test fixture picks the model and puts
the panel back to empty through its own Reset button. The page is reloaded once (persistence and damaged storage);
the phone test and the no-JavaScript test open their own contexts.
"""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser.stress_page import (
    KEY,
    TABLE,
    TRACK_PAGE,
    WIDGETS,
    WOUNDS_PAGE,
    answer,
    boxes,
    expect_answer,
    fill,
    fresh,
    open_table,
    open_widget,
    stored,
    stress_widgets,
)
from tests.browser.support import wait_engine

expect.set_options(timeout=15_000)


@pytest.fixture(scope="module")
def table_page(shared_page, server):
    return open_table(shared_page, server)


# ---------------------------------------------------------------- the model switch


def test_the_model_switch_shows_one_model_and_every_panel_is_live(table_page):
    page = table_page
    widget = stress_widgets(page).nth(0)
    open_widget(page, "wounds")
    track = widget.locator('[data-panel="track"]')
    expect(track).to_be_hidden()  # not the model shown
    assert "2 stress marks box 2" in track.locator('[data-out="answer"]').text_content()  # computed all the same
    panel = open_widget(page, "track")
    expect(widget.locator('[data-panel="wounds"]')).to_be_hidden()
    expect(widget.locator('.calc-stress__static[data-model="track"]')).to_be_visible()
    fill(panel, "shifts", 1)
    expect_answer(panel, "1 stress marks box 1.")


# ---------------------------------------------------------------- Gauntlet Forge wound boxes


def test_2_stress_on_an_empty_physical_slot_marks_the_first_2_box(table_page):
    panel = fresh(table_page, "wounds", stress=2, type="physical", edition="2023")
    expect_answer(panel, "The fourth physical box (capacity 2) takes the 2 stress. Physical wounds: moderate.")
    expect(boxes(panel, "physical").nth(3)).to_have_class(re.compile("calc-stress__box--target"))
    expect(panel.locator('[data-out="picks"]')).to_contain_text("Box 5 (capacity 2)")
    panel.locator('[data-act="apply"]').click()
    expect(boxes(panel, "physical").nth(3)).to_have_attribute("aria-pressed", "true")
    expect(panel.locator('[data-slot="physical"] [data-out="severity"]')).to_have_text("moderate")
    assert stored(table_page, "wounds")["state"]["wounds"]["physical"] == [False, False, False, True, False, False]
    # the same hit again takes the other 2-box; undo puts the boxes back
    expect_answer(panel, "The fifth physical box")
    panel.locator('[data-act="undo"]').click()
    expect(boxes(panel, "physical").nth(3)).to_have_attribute("aria-pressed", "false")
    expect(panel.locator('[data-out="log"]')).to_contain_text("Undone: The fourth physical box")
    expect(panel.locator('[data-slot="physical"] [data-out="severity"]')).to_have_text("none")


def test_picking_a_larger_box(table_page):
    panel = fresh(table_page, "wounds", stress=2, type="mental")
    panel.locator('[data-out="picks"] button', has_text="Box 6 (capacity 3)").click()
    expect_answer(panel, "The sixth mental box (capacity 3) takes the 2 stress. Mental wounds: major.")
    expect(boxes(panel, "mental").nth(5)).to_have_class(re.compile("target"))
    panel.locator('[data-act="apply"]').click()
    expect(boxes(panel, "mental").nth(5)).to_have_attribute("aria-pressed", "true")
    expect(panel.locator('[data-slot="mental"] [data-out="severity"]')).to_have_text("major")


def test_tapping_boxes_marks_and_clears_them(table_page):
    panel = fresh(table_page, "wounds", stress=1, type="social")
    box = boxes(panel, "social").nth(0)
    box.click()
    expect(box).to_have_attribute("aria-pressed", "true")
    expect_answer(panel, "The second social box")
    expect(panel.locator('[data-slot="social"] [data-out="severity"]')).to_have_text("minor")
    box.click()
    expect(box).to_have_attribute("aria-pressed", "false")
    expect_answer(panel, "The first social box")


def test_4_stress_with_favor_buys_a_trait_then_surrender_or_last_stand(table_page):
    panel = fresh(table_page, "wounds", stress=4, type="physical", favor=5)
    expect_answer(panel, "Spend 4 Favor for a new trait rated 4")
    expect_answer(panel, "Then choose: surrender, or enter your Last Stand.")
    choices = panel.locator('[data-out="choices"] button')
    expect(choices).to_have_text(["Surrender", "Enter the Last Stand"])
    expect(panel.locator('[data-act="apply"]')).to_be_hidden()
    choices.nth(1).click()
    expect(panel.locator('[name="last_stand"]')).to_be_checked()
    expect(panel.locator('[name="favor"]')).to_have_value("1")
    expect(panel.locator('[data-out="log"]')).to_contain_text("Then: Enter the Last Stand.")
    state = stored(table_page, "wounds")["state"]
    assert state["favor"] == 1 and state["last_stand"] is True
    # now in the Last Stand (2023), 4 stress fits no box: the character perishes
    expect_answer(panel, "In a Last Stand no empty physical box can take 4 stress: the character perishes.")
    expect(panel.locator('[data-act="apply"]')).to_be_disabled()


def test_4_stress_without_favor_overwhelmed_in_a_conflict_retired_outside(table_page):
    panel = fresh(table_page, "wounds", stress=4, type="social", favor=3)
    expect_answer(panel, "3 Favor is not enough for a trait (4 needed): the character is overwhelmed: they retire at once "
                         "and leave the conflict. Their team's morale drops by 1, or, if they were the captain, by the "
                         "number of members still in the team.")
    expect(panel.locator('[data-act="apply"]')).to_be_disabled()
    fill(panel, "in_conflict", False)
    expect_answer(panel, "outside a conflict, the character retires.")
    assert stored(table_page, "wounds")["state"]["in_conflict"] is False


def test_last_stand_2023_a_fitting_box_is_marked_none_left_perishes(table_page):
    panel = fresh(table_page, "wounds", stress=3, type="physical", edition="2023", last_stand=True)
    expect_answer(panel, "The sixth physical box (capacity 3) takes the 3 stress.")
    panel.locator('[data-act="apply"]').click()
    expect(boxes(panel, "physical").nth(5)).to_have_attribute("aria-pressed", "true")
    expect_answer(panel, "In a Last Stand no empty physical box can take 3 stress: the character perishes.")


def test_last_stand_2022_any_stress_perishes(table_page):
    panel = fresh(table_page, "wounds", stress=1, type="physical", edition="2022", last_stand=True)
    expect_answer(panel, "In a Last Stand (2022) any stress at all is fatal: the character perishes.")
    expect(panel.locator('[data-act="apply"]')).to_be_disabled()
    fill(panel, "edition", "2023")
    expect_answer(panel, "The first physical box (capacity 1) takes the 1 stress.")
    fill(panel, "in_conflict", False)  # a Last Stand needs a conflict: the rules say so beside the field
    expect(panel.locator('[data-field="last_stand"] .calc__error')).to_contain_text("A Last Stand only happens in a conflict.")
    assert stored(table_page, "wounds")["state"]["in_conflict"] is True
    fill(panel, "in_conflict", True)
    expect(panel.locator('[data-field="last_stand"] .calc__error')).to_be_hidden()


def test_reset_can_be_undone(table_page):
    panel = fresh(table_page, "wounds", stress=1, type="mental")
    boxes(panel, "mental").nth(2).click()
    expect(boxes(panel, "mental").nth(2)).to_have_attribute("aria-pressed", "true")
    panel.locator('[data-act="reset"]').click()
    expect(boxes(panel, "mental").nth(2)).to_have_attribute("aria-pressed", "false")
    panel.locator('[data-act="undo"]').click()
    expect(boxes(panel, "mental").nth(2)).to_have_attribute("aria-pressed", "true")


BAD = [("abc", "must be a whole number; “abc” is not"), ("-1", "must be at least 0"), ("1.5", "must be a whole number"),
       ("", "is missing"), (str(10**9), "can be at most 99")]


def check_bad(panel, field, bad, words, good_answer, stored_before, stored_now):
    """``bad`` in ``field``: the rules' message beside it, the last good answer kept (marked stale), nothing stored."""
    fill(panel, field, bad)
    error = panel.locator(f'[data-field="{field}"] .calc__error').first
    expect(error).to_contain_text(words)
    expect(panel.locator(f'[name="{field}"]').first).to_have_attribute("aria-invalid", "true")
    expect(answer(panel)).to_have_class(re.compile("calc__result--stale"))
    expect_answer(panel, good_answer)
    expect(panel.locator('[data-act="apply"]')).to_be_disabled()
    assert stored_now() == stored_before, f"{field}={bad!r} changed the stored state"
    return error


def test_bad_stress_is_explained_beside_the_field_and_nothing_is_lost(table_page):
    panel = fresh(table_page, "wounds", stress=2, type="physical")
    panel.locator('[data-act="apply"]').click()
    expect_answer(panel, "The fifth physical box")
    before = stored(table_page, "wounds")
    for bad, words in BAD:
        error = check_bad(panel, "stress", bad, words, "The fifth physical box", before, lambda: stored(table_page, "wounds"))
        fill(panel, "stress", 1)
        expect(error).to_be_hidden()
        expect_answer(panel, "The first physical box")
        fill(panel, "stress", 2)
        expect_answer(panel, "The fifth physical box")


def test_bad_favor_keeps_the_stored_favor(table_page):
    panel = fresh(table_page, "wounds", stress=4, favor=6)
    expect_answer(panel, "Spend 4 Favor")
    for bad, words in [("x", "whole number"), ("-3", "at least 0"), ("2.5", "whole number"), ("", "missing"),
                       (str(10**9), "at most 999")]:
        check_bad(panel, "favor", bad, words, "Spend 4 Favor", 6, lambda: stored(table_page, "wounds")["state"]["favor"])
    fill(panel, "favor", 3)
    expect_answer(panel, "3 Favor is not enough")
    assert stored(table_page, "wounds")["state"]["favor"] == 3


# ---------------------------------------------------------------- Gauntlet Forge wiki conditions


def test_wiki_2_stress_takes_a_condition_rated_2(table_page):
    panel = fresh(table_page, "conditions", stress=2)
    expect_answer(panel, "Take a condition rated 2 (slot 4) for the 2 stress.")
    expect(boxes(panel).nth(3)).to_have_class(re.compile("target"))
    expect(panel.locator('[data-out="picks"] button')).to_have_text(["Slot 5 (rating 2)", "Slot 6 (rating 3)"])
    panel.locator('[data-act="apply"]').click()
    expect(boxes(panel).nth(3)).to_have_attribute("aria-pressed", "true")
    assert stored(table_page, "conditions")["state"]["conditions"] == [False, False, False, True, False, False]


def test_wiki_overflow_5_stress_condition_3_and_trait_2(table_page):
    panel = fresh(table_page, "conditions", stress=5)
    expect_answer(panel, "The largest empty slot takes a condition rated 3; the other 2 become a new (or replaced) trait rated 2.")
    expect(panel.locator('[data-out="choices"] button')).to_have_text(["Surrender", "Enter the Last Stand"])
    panel.locator('[data-out="choices"] button', has_text="Surrender").click()
    expect(boxes(panel).nth(5)).to_have_attribute("aria-pressed", "true")
    expect(panel.locator('[data-out="log"]')).to_contain_text("Then: Surrender.")


def test_wiki_all_slots_full_the_trait_takes_it_all_and_last_stand_perishes(table_page):
    panel = fresh(table_page, "conditions", stress=2)
    for i in range(6):
        boxes(panel).nth(i).click()
        expect(boxes(panel).nth(i)).to_have_attribute("aria-pressed", "true")
    expect_answer(panel, "Every slot is full: a new (or replaced) trait rated 2 takes all 2 stress.")
    fill(panel, "last_stand", True)
    expect_answer(panel, "In a Last Stand any stress is fatal: the participant perishes.")
    assert stored(table_page, "conditions")["state"]["last_stand"] is True


def test_wiki_bad_stress(table_page):
    panel = fresh(table_page, "conditions", stress=1)
    boxes(panel).nth(5).click()
    expect_answer(panel, "Take a condition rated 1 (slot 1)")
    before = stored(table_page, "conditions")
    for bad, words in BAD + [("two", "“two” is not")]:
        check_bad(panel, "stress", bad, words, "Take a condition rated 1 (slot 1)", before,
                  lambda: stored(table_page, "conditions"))
    fill(panel, "stress", 2)
    expect_answer(panel, "Take a condition rated 2 (slot 4)")


# ---------------------------------------------------------------- Edgerunner stress tracks


def test_track_roll_up(table_page):
    panel = fresh(table_page, "track", threshold=3, shifts=2)
    expect(boxes(panel)).to_have_count(3)
    boxes(panel).nth(1).click()  # box 2 marked
    expect(boxes(panel).nth(1)).to_have_attribute("aria-pressed", "true")
    expect_answer(panel, "2 stress marks box 3 (box 2 is already marked, so it rolls up).")
    expect(boxes(panel).nth(2)).to_have_class(re.compile("target"))
    panel.locator('[data-act="apply"]').click()
    expect(boxes(panel).nth(2)).to_have_attribute("aria-pressed", "true")
    assert stored(table_page, "track")["state"]["tracks"]["cool"]["marked"] == [2, 3]
    expect_answer(panel, "2 stress would mark box 4 (box 2 is already marked, so it rolls up), above the threshold of 3: taken out.")


def test_track_taken_out_and_an_option_that_keeps_the_character_in(table_page):
    panel = fresh(table_page, "track", threshold=2, shifts=3, invokes_available=1)
    expect_answer(panel, "3 stress would mark box 3, above the threshold of 2: taken out.")
    options = panel.locator('[data-out="picks"]')
    expect(options).to_contain_text("ways to stay in, cheapest first")
    expect(options.locator("button").first).to_have_text("1 invoke: 1 stress after 1 invoke marks box 1.")
    options.locator("button", has_text="mild consequence").first.click()
    expect(panel.locator('[name="consequence-mild"]')).to_have_value("use")
    expect_answer(panel, "2 stress after a mild consequence marks box 2.")
    panel.locator('[data-act="apply"]').click()
    expect(panel.locator('[name="consequence-mild"]')).to_have_value("taken")
    expect(panel.locator('[name="consequence-mild"] option[value="use"]')).to_be_disabled()
    track = stored(table_page, "track")["state"]["tracks"]["cool"]
    assert track["marked"] == [2] and track["taken"] == ["mild"]


def test_track_nothing_keeps_the_character_in(table_page):
    panel = fresh(table_page, "track", threshold=1, shifts=12)
    expect_answer(panel, "taken out")
    expect(panel.locator('[data-out="picks"]')).to_contain_text("Nothing available keeps the character in")


def test_track_defense_replaces_the_threshold(table_page):
    panel = fresh(table_page, "track", threshold=2, shifts=3)
    expect_answer(panel, "taken out")
    fill(panel, "defense_shifts", 4)
    fill(panel, "range", 1)
    expect_answer(panel, "3 stress marks box 3.")
    expect_answer(panel, "The defense sets the threshold to 3 for this hit (the track's own is 2).")
    fill(panel, "defense_shifts", "")
    expect_answer(panel, "above the threshold of 2: taken out.")


def test_one_control_per_consequence_shows_its_state_and_is_kept(shared_context, server, table_page):
    """Each consequence slot has one control (beside its value) that says whether it is free, taken
    against this hit, or taken already; choosing it changes the answer, applying the hit keeps it taken."""
    panel = fresh(table_page, "track", threshold=2, shifts=3)
    controls = panel.locator('[data-part="character"], [data-part="hit"]')
    for name in ("mild", "moderate", "severe"):  # the value field and the one control for the slot
        expect(controls.get_by_label(re.compile(rf"\b{name}\b", re.I))).to_have_count(2)
    mild = panel.get_by_label("Mild consequence", exact=True)
    expect(mild).to_have_value("free")
    expect_answer(panel, "3 stress would mark box 3, above the threshold of 2: taken out.")
    mild.select_option("use")
    expect_answer(panel, "2 stress after a mild consequence marks box 2.")
    mild.select_option("free")  # back to free: the answer is the plain hit again
    expect_answer(panel, "3 stress would mark box 3, above the threshold of 2: taken out.")
    # the cheapest way to stay in sets the same control
    panel.locator('[data-out="picks"] button', has_text="mild consequence").first.click()
    expect(mild).to_have_value("use")
    expect_answer(panel, "2 stress after a mild consequence marks box 2.")
    panel.locator('[data-act="apply"]').click()
    expect(mild).to_have_value("taken")
    expect(mild.locator("option:checked")).to_have_text(re.compile("taken", re.I))
    expect(mild.locator('option[value="use"]')).to_be_disabled()  # each slot once
    assert stored(table_page, "track")["state"]["tracks"]["cool"]["taken"] == ["mild"]
    expect_answer(panel, "3 stress would mark box 3, above the threshold of 2: taken out.")
    # a slot taken before this page (entered by hand) is kept as well; taking one is not a hit
    panel.get_by_label("Moderate consequence", exact=True).select_option("taken")
    table_page.wait_for_function("k => (JSON.parse(localStorage.getItem(k)).state.tracks.cool.taken || []).includes('moderate')",
                                 arg=f"{KEY}:track")
    page = shared_context.new_page()
    try:
        page.goto(server.url + TABLE)
        wait_engine(page)
        for _ in range(2):  # opened afresh, then reloaded
            again = open_widget(page, "track")
            expect(again.get_by_label("Mild consequence", exact=True)).to_have_value("taken")
            expect(again.get_by_label("Moderate consequence", exact=True)).to_have_value("taken")
            expect(again.get_by_label("Severe consequence", exact=True)).to_have_value("free")
            page.reload()
            wait_engine(page)
    finally:
        page.close()
    assert stored(table_page, "track")["state"]["tracks"]["cool"]["taken"] == ["mild", "moderate"]


def test_track_consequence_values_can_be_raised_and_are_kept(table_page):
    panel = fresh(table_page, "track", threshold=2, shifts=4)
    fill(panel, "value-mild", 2)
    fill(panel, "consequence-mild", "use")
    expect_answer(panel, "2 stress after a mild consequence marks box 2.")
    assert stored(table_page, "track")["state"]["tracks"]["cool"]["consequences"]["mild"] == 2
    fill(panel, "value-mild", "lots")
    expect(panel.locator('[data-field="value-mild"] .calc__error')).to_contain_text("“lots” is not")
    assert stored(table_page, "track")["state"]["tracks"]["cool"]["consequences"]["mild"] == 2


def test_track_bad_input_beside_the_field(table_page):
    panel = fresh(table_page, "track", threshold=3, shifts=2)
    expect_answer(panel, "2 stress marks box 2.")
    before = stored(table_page, "track")
    cases = [("shifts", bad, words) for bad, words in BAD] + [
        ("threshold", "-1", "at least 0"), ("threshold", str(10**9), "at most 50"), ("threshold", "", "missing"),
        ("invokes", "x", "whole number"), ("invokes_available", "-1", "at least 0"), ("defense_shifts", "1.5", "whole number"),
    ]
    good = {"shifts": 2, "threshold": 3, "invokes": 0, "invokes_available": 0, "defense_shifts": ""}
    for field, bad, words in cases:
        error = check_bad(panel, field, bad, words, "2 stress marks box 2.", before, lambda: stored(table_page, "track"))
        fill(panel, field, good[field])
        expect(error).to_be_hidden()
        expect(answer(panel)).not_to_have_class(re.compile("stale"))


def test_track_recovery_suggestion_cost_and_apply(table_page):
    panel = fresh(table_page, "track", threshold=5, shifts=0)
    for n in (1, 2, 3, 5):
        boxes(panel).nth(n - 1).click()
        expect(boxes(panel).nth(n - 1)).to_have_attribute("aria-pressed", "true")
    recovery = panel.locator('[data-part="recovery"]')
    recovery.locator('[name="shifts"]').fill("5")
    out = recovery.locator('[data-out="recovery"]')
    expect(out).to_contain_text("Clearing boxes 2, 3 costs 5 shifts; 0 left.")
    expect(out).to_contain_text("Suggested set: 2, 3.")
    expect(out).to_contain_text("one at a time: 1, 2, 3, 5.")
    chosen = recovery.locator('[data-out="chosen"] button')
    expect(chosen).to_have_text(["1", "2", "3", "5"])
    chosen.nth(1).click()  # drop 2: only 3 is chosen
    expect(out).to_contain_text("Clearing box 3 costs 3 shifts; 2 left.")
    chosen.nth(3).click()  # add 5: 8 shifts is too much
    expect(recovery.locator('[data-field="chosen"] .calc__error')).to_contain_text("Clearing boxes 3, 5 costs 8 shifts; the roll has 5.")
    expect(recovery.locator('[data-act="recover"]')).to_be_disabled()
    recovery.locator('[data-act="suggested"]').click()
    expect(out).to_contain_text("Clearing boxes 2, 3 costs 5 shifts")
    recovery.locator('[name="shifts"]').fill("five")  # a bad roll: said beside it, the last good answer stays
    expect(recovery.locator('[data-field="shifts"] .calc__error')).to_contain_text("“five” is not")
    expect(out).to_have_class(re.compile("stale"))
    expect(out).to_contain_text("Clearing boxes 2, 3 costs 5 shifts")
    recovery.locator('[name="shifts"]').fill("5")
    expect(out).not_to_have_class(re.compile("stale"))
    recovery.locator('[data-act="recover"]').click()
    expect(panel.locator('[data-out="log"]')).to_contain_text("cleared boxes 2, 3 for 5 shifts")
    assert stored(table_page, "track")["state"]["tracks"]["cool"]["marked"] == [1, 5]
    panel.locator('[data-act="undo"]').click()
    expect(boxes(panel).nth(1)).to_have_attribute("aria-pressed", "true")
    assert stored(table_page, "track")["state"]["tracks"]["cool"]["marked"] == [1, 2, 3, 5]


def test_tracks_are_kept_apart(table_page):
    panel = fresh(table_page, "track", threshold=4, shifts=1)
    boxes(panel).nth(3).click()
    expect(boxes(panel).nth(3)).to_have_attribute("aria-pressed", "true")
    panel.locator("label", has_text="Humanity").click()
    expect(panel.locator('[name="threshold"]')).to_have_value("2")
    expect(boxes(panel)).to_have_count(2)
    expect(boxes(panel).nth(0)).to_have_attribute("aria-pressed", "false")
    panel.locator("label", has_text="Cool").click()
    expect(panel.locator('[name="threshold"]')).to_have_value("4")
    expect(boxes(panel).nth(3)).to_have_attribute("aria-pressed", "true")


# ---------------------------------------------------------------- keyboard, labels, announcements


def test_keyboard_only_marks_a_box_and_applies_a_hit(table_page):
    page = table_page
    panel = fresh(page, "wounds", stress=1, type="physical")
    boxes(panel, "physical").nth(0).focus()
    page.keyboard.press("Space")
    expect(boxes(panel, "physical").nth(0)).to_have_attribute("aria-pressed", "true")
    panel.locator('[name="stress"]').focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("2")
    expect_answer(panel, "The fourth physical box")
    for _ in range(20):  # Tab on to Apply
        if page.evaluate("document.activeElement.dataset.act") == "apply":
            break
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.act") == "apply"
    page.keyboard.press("Enter")
    expect(boxes(panel, "physical").nth(3)).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("document.activeElement.closest('[data-panel]')?.dataset.panel") == "wounds"


def test_fields_are_labelled_and_results_announced(table_page):
    for model in ("wounds", "conditions", "track"):
        panel = open_widget(table_page, model)
        for field in panel.locator("input:not([type=radio]), select").all():
            label = panel.locator(f'label[for="{field.get_attribute("id")}"]')
            assert label.count() == 1 and label.inner_text().strip(), field.get_attribute("name")
        for out in panel.locator("output").all():  # quiet: the widget's live region says each answer once
            assert out.get_attribute("aria-live") == "off"
        assert stress_widgets(table_page).nth(0).locator('[data-out="announce"]').get_attribute("aria-live") == "polite"
        assert panel.locator('[data-out="log"]').get_attribute("aria-live") == "polite"
        for button in panel.locator("button[data-box], .calc-stress__boxes button").all():
            assert button.get_attribute("aria-pressed") in ("true", "false") and button.get_attribute("aria-label")


# ---------------------------------------------------------------- storage: reload, damaged values, other pages


def test_state_survives_a_reload_and_damaged_storage_is_set_aside(table_page):
    page = table_page
    wounds = fresh(page, "wounds", stress=2, type="social")
    wounds.locator('[data-act="apply"]').click()
    expect(boxes(wounds, "social").nth(3)).to_have_attribute("aria-pressed", "true")
    track = fresh(page, "track", threshold=3, shifts=1)
    track.locator('[data-act="apply"]').click()
    expect(boxes(track).nth(0)).to_have_attribute("aria-pressed", "true")
    conditions = fresh(page, "conditions", stress=1)
    conditions.locator('[data-act="apply"]').click()
    expect(boxes(conditions).nth(0)).to_have_attribute("aria-pressed", "true")
    # damage two of the three: one is not JSON, one breaks the rules (a negative threshold)
    bad_track = stored(page, "track")
    bad_track["state"]["tracks"]["humanity"]["threshold"] = -3
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"{KEY}:conditions", "{not json"])
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"{KEY}:track", json.dumps(bad_track)])
    page.reload()
    wait_engine(page)
    wounds = open_widget(page, "wounds")
    expect(boxes(wounds, "social").nth(3)).to_have_attribute("aria-pressed", "true")
    expect(wounds.locator('[data-slot="social"] [data-out="severity"]')).to_have_text("moderate")
    expect(wounds.locator('[data-act="undo"]')).to_be_enabled()  # the undo steps came back too
    conditions = open_widget(page, "conditions")
    notice = conditions.locator('[data-out="notice"]')
    expect(notice).to_contain_text("could not be used (it is not readable JSON)")
    expect(notice).to_contain_text("A copy was set aside, not deleted: download it below")
    aside = json.loads(page.evaluate("k => localStorage.getItem(k)", f"{KEY}:conditions:set-aside"))
    assert [a["text"] for a in aside] == ["{not json"]
    expect(conditions.locator('[data-out="asides"]')).to_contain_text("Set aside")
    expect(boxes(conditions).nth(0)).to_have_attribute("aria-pressed", "false")
    track = open_widget(page, "track")
    expect(track.locator('[data-out="notice"]')).to_contain_text("humanity: the threshold is not a whole number from 0 to 50")
    aside = json.loads(page.evaluate("k => localStorage.getItem(k)", f"{KEY}:track:set-aside"))
    assert [json.loads(a["text"]) for a in aside] == [bad_track]
    expect_answer(track, "2 stress marks box 2.")  # a fresh track (threshold 2), the hit field as built
    expect(boxes(track).nth(0)).to_have_attribute("aria-pressed", "false")


def test_rules_page_starts_on_its_models_and_shares_the_state(shared_context, server, table_page):
    """The wound boxes marked on table/ show on the rules page, whose one widget opens on wound boxes
    (with the 2023/2022 edition switch) and switches to the wiki's conditions."""
    page = shared_context.new_page()
    page.goto(server.url + WOUNDS_PAGE)
    widgets = stress_widgets(page)
    expect(widgets).to_have_count(1)  # one calculator for the page, not two identical ones
    widget = widgets.nth(0)
    expect(widget.locator('[data-panel="wounds"]')).to_be_visible()
    expect(widget.locator('[data-panel="wounds"] [name="edition"] option')).to_have_text(["2023", "2022"])
    wait_engine(page)
    social = widget.locator('[data-slot="social"] button')
    expect(social.nth(3)).to_have_attribute("aria-pressed", "true")  # from the previous test's table/ state
    # switching the model shows that model's panel and static tables
    widget.locator("label", has_text="Gauntlet Forge conditions (wiki)").click()
    expect(widget.locator('[data-panel="conditions"]')).to_be_visible()
    expect(widget.locator('.calc-stress__static[data-model="conditions"]')).to_be_visible()
    expect(widget.locator('.calc-stress__static[data-model="wounds"]')).to_be_hidden()
    page.close()


def test_without_javascript_the_static_tables_are_there(browser, server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(server.url + WOUNDS_PAGE)
    wounds = conditions = stress_widgets(page).nth(0)  # one widget: it opens on wound boxes; the conditions' tables wait behind the model switch
    expect(wounds.locator(".calc__form")).to_be_hidden()
    static = wounds.locator('.calc-stress__static[data-model="wounds"]')
    expect(static).to_contain_text("box 4 (capacity 2)")
    expect(static).to_contain_text("no box: 4 Favor buys a trait rated 4; without it, overwhelmed: retires at once and leaves the conflict "
                                   "(retired outside one too)")
    rows = static.locator("table").nth(1).locator("tbody tr")
    expect(rows.nth(0)).to_have_text(re.compile(r"1\s*box 1 \(capacity 1\)\s*minor\s*box 1 marked\s*perishes"))
    expect(conditions.locator('.calc-stress__static[data-model="conditions"]')).to_contain_text(
        "a condition rated 3 (slot 6) and a trait rated 2")
    page.goto(server.url + TRACK_PAGE)
    track = stress_widgets(page).first
    expect(track.locator('.calc-stress__static[data-model="track"]')).to_contain_text(
        "2 stress marks box 3 (box 2 is already marked, so it rolls up).")
    expect(track.locator('.calc-stress__static[data-model="track"]')).to_be_visible()  # the fence's model comes first
    expect(track.locator('.calc-stress__static[data-model="wounds"]')).to_be_hidden()
    context.close()


# ---------------------------------------------------------------- a phone


def test_phone_viewport_no_overflow_and_thumb_sized_targets(table_page):
    """The shared page, narrowed to a 360 px phone (a fresh mobile context would cost a cold engine start)."""
    page = table_page
    page.set_viewport_size({"width": 360, "height": 740})
    try:
        for model in ("wounds", "conditions", "track"):
            panel = open_widget(page, model)
            expect(answer(panel).locator(".calc__answer")).to_be_visible()
            widget = stress_widgets(page).nth(WIDGETS[model])
            sizes = widget.evaluate("""root => [...root.querySelectorAll(
                'button, input[type=text], select, .calc-stress__choice, .calc__field--check')]
                .filter((el) => el.offsetParent)
                .map((el) => { const r = el.getBoundingClientRect();
                               return {what: el.outerHTML.slice(0, 100), x: r.x, w: r.width, h: r.height,
                                       button: el.tagName === 'BUTTON'}; })""")
            assert len(sizes) > 10
            for size in sizes:
                assert size["h"] >= 44 and (size["w"] >= 44 or not size["button"]), (model, size)
                assert size["x"] >= 0 and size["x"] + size["w"] <= 360, (model, size)
            assert page.evaluate("document.documentElement.scrollWidth") <= 360, model
        panel = fresh(page, "wounds", stress=3, type="physical")
        panel.locator('[data-act="apply"]').click()
        expect(panel.locator('[data-out="log"]')).to_contain_text("Applied: The sixth")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})


def test_an_unexpected_failure_is_shown_in_the_panel(page, server):
    """Issue 15: an unexpected failure (here: the engine's call throws, which it never does) is said in
    the panel, never swallowed or left to the console, and nothing can be applied after it."""
    page.goto(server.url + TABLE)
    wait_engine(page)
    panel = open_widget(page, "wounds")
    expect(panel.locator('[data-out="answer"] .calc__answer')).to_be_attached()
    page.evaluate("() => { window.calcEngine.call = () => Promise.reject(new Error('the engine broke')); }")
    boxes(panel, "physical").first.click()
    message = panel.locator(".calc__form-error:not([hidden])")
    expect(message).to_contain_text("Something went wrong in this calculator: the engine broke")
    expect(panel.locator('[data-act="apply"]')).to_be_disabled()
