"""Nothing a player entered is lost (issue 14 §2), in Chromium: a full storage
(simulated: localStorage.setItem throws QuotaExceededError past a byte budget)
never costs a conflict; a new start or an import sets the running conflict aside
and undo brings it back; damaged stored stress values are checked before they are
drawn; taps made while the engine starts are saved; two tabs tapping at once both
keep their events; keys are scoped to the site's path (old keys move once); a bad
saved map is set aside and the map editor undoes and redoes by history."""
from __future__ import annotations

import json
import os
from base64 import urlsafe_b64encode
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.keeping_page import BORDERS, BORDERS_PAGE, MORALE, SMALL, STRESS, TABLE, get, open_tracker, put
from tests.browser.morale_page import CONFLICTS, WIDGET
from tests.browser.support import HOLD, QUOTA, Server, wait_engine
from tests.browser.waits import engine_barrier, news_barrier

expect.set_options(timeout=20_000)

SHOTS = Path(os.environ.get("SHOTS", "/tmp/i14-shots"))  # screenshots at 360 px, to look at

SETUP = {"edition": "2023", "teams": [{"name": "Wolves", "members": [{"name": "Ada"}, {"name": "Bo"}]},
                                      {"name": "Crows", "members": [{"name": "Cy"}, {"name": "Di"}]}]}
LONG = {"format": "conflict-table/morale", "version": 1, "setup": SETUP, "redo": [],
        "events": [{"kind": "success", "member": ["Ada", "Bo", "Cy", "Di"][i % 4]} for i in range(300)]}


@pytest.fixture
def quota_page(context):
    context.add_init_script(QUOTA)
    page = context.new_page()
    page.set_default_timeout(60_000)
    return page


# ---------------------------------------------------------------- a full storage never costs a conflict

def test_importing_or_opening_a_link_with_storage_full_keeps_the_300_event_conflict(quota_page, server, tmp_path):
    page = quota_page
    page.goto(server.url)
    put(page, MORALE, LONG)
    t = open_tracker(page, server.url + CONFLICTS)
    t.wait_log(300)
    page.evaluate("window.__quota = window.__used() + 200")  # nearly full: no room for a copy of 300 events
    small = tmp_path / "small.json"
    small.write_text(json.dumps(SMALL))
    with page.expect_file_chooser() as chooser:
        t.w.locator(".morale__file").click()
    chooser.value.set_files(small)
    expect(t.error("import")).to_contain_text("no room left")
    notice = t.w.locator('[data-out="notice"]')
    expect(notice).to_contain_text("it was not replaced")
    with page.expect_download() as info:
        notice.locator("button", has_text="Export the conflict in progress").click()
    assert len(json.loads(Path(info.value.path()).read_text())["events"]) == 300
    assert len(json.loads(get(page, MORALE))["events"]) == 300
    assert len(t.log()) == 300 and t.morale() == {"Wolves": 150, "Crows": 150}

    # The same through a share link.
    code = urlsafe_b64encode(json.dumps(SMALL).encode()).decode().rstrip("=")
    page.goto(server.url)
    page.goto(server.url + CONFLICTS + "#morale=" + code)  # a link opened afresh
    wait_engine(page)
    notice.locator('[data-act="open-shared"]').click()
    expect(notice).to_contain_text("it was not replaced")
    assert len(json.loads(get(page, MORALE))["events"]) == 300
    assert len(t.log()) == 300


# ---------------------------------------------------------------- a new start is kept and undoable

def test_a_new_start_sets_the_running_conflict_aside_and_undo_brings_it_back(page, server):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(server.url)
    put(page, MORALE, {**LONG, "events": LONG["events"][:5]})
    t = open_tracker(page, server.url + CONFLICTS)
    t.wait_log(5)
    t.w.locator('[data-act="new"]').click()
    warning = t.w.locator('[data-out="replaces"]')
    expect(warning).to_contain_text("Undo brings it back")
    assert "Export" not in warning.inner_text()  # no Export button on this screen
    t.begin("2022", [{"name": "Lions", "members": ["Leo"]}, {"name": "Bears", "members": ["Ned"]}])
    assert t.morale() == {"Lions": 0, "Bears": 0}
    aside = json.loads(get(page, MORALE + ":set-aside"))
    assert len(aside) == 1 and len(json.loads(aside[0]["text"])["events"]) == 5
    expect(t.w.locator('[data-out="asides"]')).to_contain_text("Set aside")
    SHOTS.mkdir(parents=True, exist_ok=True)
    t.w.screenshot(path=str(SHOTS / "morale-after-start.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    undo = t.w.locator('[data-act="undo"]')
    expect(undo).to_have_text("Undo (bring back the conflict before)")
    undo.click()
    t.wait_log(5)
    assert t.morale() == {"Wolves": 3, "Crows": 2}
    assert len(json.loads(get(page, MORALE))["events"]) == 5
    assert get(page, MORALE + ":set-aside") is None  # it came back out of the list


def test_discarding_set_aside_copies_asks_first(page, server):
    page.goto(server.url)
    put(page, MORALE, "{damaged")
    t = open_tracker(page, server.url + CONFLICTS)
    asides = t.w.locator('[data-out="asides"]')
    expect(asides).to_contain_text("Set aside")
    asides.locator('[data-act="aside-discard"]').click()
    expect(asides).to_contain_text("Discard this copy for good?")
    asides.locator('[data-act="aside-discard-no"]').click()
    assert json.loads(get(page, MORALE + ":set-aside"))[0]["text"] == "{damaged"
    asides.locator('[data-act="aside-discard"]').click()
    asides.locator('[data-act="aside-discard-yes"]').click()
    expect(asides).to_be_hidden()
    assert get(page, MORALE + ":set-aside") is None


@pytest.mark.parametrize("calc", ["borders", "board"])
def test_every_calculators_discard_asks_first_and_the_question_is_hidden_until_then(page, server, calc):
    """Issue 32 §5: on the border map and the board the question (and its Discard) showed from the
    start, one tap from deleting every copy: the `hidden` attribute lost to a class's display."""
    page.goto(server.url)
    key = f"conflict-table[/]:{calc}"
    put(page, key, "{damaged")
    page.goto(server.url + BORDERS_PAGE)
    wait_engine(page)
    asides = page.locator(f'.calc[data-calc="{calc}"] [data-out="asides"]').first
    expect(asides).to_contain_text("Set aside")
    expect(asides.locator('[data-act="aside-discard-yes"]')).to_be_hidden()
    asides.locator('[data-act="aside-discard"]').click()
    expect(asides.locator('[data-act="aside-discard-yes"]')).to_be_visible()
    expect(asides.locator('[data-act="aside-discard"]')).to_be_hidden()
    asides.locator('[data-act="aside-discard-no"]').click()
    expect(asides.locator('[data-act="aside-discard-yes"]')).to_be_hidden()
    assert json.loads(get(page, key + ":set-aside"))[0]["text"] == "{damaged"


# ---------------------------------------------------------------- two tabs

def test_two_tabs_tapping_at_once_keep_both_events(context, server):
    a = context.new_page()
    a.goto(server.url)
    put(a, MORALE, {**LONG, "events": LONG["events"][:1]})
    ta = open_tracker(a, server.url + CONFLICTS)
    b = context.new_page()
    tb = open_tracker(b, server.url + CONFLICTS)
    ta.wait_log(1)
    tb.wait_log(1)
    for round_ in range(3):  # several rounds of taps in both tabs at the same moment
        n = 1 + 2 * round_
        ta.button("failure", "Ada").wait_for()  # each tab has chosen who acts (the sheet chooses the next one to act)
        tb.button("failure", "Cy").wait_for()
        a.evaluate("s => document.querySelector(s).click()", f'{WIDGET} [data-key="event:failure:Ada"]')
        b.evaluate("s => document.querySelector(s).click()", f'{WIDGET} [data-key="event:failure:Cy"]')
        ta.wait_log(n + 2)
        tb.wait_log(n + 2)
    a.wait_for_function("k => JSON.parse(localStorage.getItem(k)).events.length === 7", arg=MORALE)
    for one, other in ((a, b), (b, a)):  # every write either tab made, and the news of it, has arrived
        engine_barrier(one)
        news_barrier(one, other)
    saved = json.loads(get(a, MORALE))
    kinds = [(e["kind"], e["member"]) for e in saved["events"]]
    assert kinds.count(("failure", "Ada")) == 3 and kinds.count(("failure", "Cy")) == 3
    assert len(ta.log()) == len(tb.log()) == 7
    assert ta.morale() == tb.morale() == {"Wolves": 1 - 3, "Crows": -3}  # Ada's success at the start


def test_the_same_turn_ended_in_both_tabs_at_once_the_later_is_refused_and_said(context, server):
    """Tab 2 hears nothing of tab 1's End the turn before its own, on the same team: its save finds tab 1's
    stored. The rules refuse the second (it is the other team's turn now) and the tab says so; the first
    stands on both screens and nothing is set aside."""
    context.add_init_script(HOLD)
    a = context.new_page()
    a.goto(server.url)
    put(a, MORALE, {**SMALL, "setup": SETUP, "events": []})
    ta = open_tracker(a, server.url + CONFLICTS)
    b = context.new_page()
    tb = open_tracker(b, server.url + CONFLICTS)
    b.evaluate("k => window.__hold(k, true)", MORALE)  # news held back; its save reads what is stored
    ta.button("end_turn", "Wolves").click()
    ta.wait_log(1)
    a.wait_for_function("k => JSON.parse(localStorage.getItem(k)).events.length === 1", arg=MORALE)
    tb.button("end_turn", "Wolves").click()
    expect(tb.w.locator(".calc__form-error:not([hidden])")).to_contain_text("It is Crows's turn")  # said beside the sheet
    tb.wait_log(1)  # what tab 1 stored is shown
    b.evaluate("window.__release()")  # the news held back arrives; what tab 2 does with it reaches tab 1:
    engine_barrier(b)
    news_barrier(b, a)
    assert len(json.loads(get(a, MORALE))["events"]) == 1
    assert ta.log() == tb.log() and len(ta.log()) == 1
    assert get(a, MORALE + ":set-aside") in (None, "[]")  # nothing set aside: the refused end was never kept

# ---------------------------------------------------------------- damaged stress values

@pytest.mark.parametrize("track, reason", [
    ({"threshold": 1e8}, "the threshold is not a whole number from 0 to 50"),
    ({"marked": [3000000]}, "the marked boxes are not at most 100 box numbers from 1 to 99"),
])
def test_a_damaged_stored_track_is_set_aside_before_it_is_drawn(page, server, track, reason):
    page.goto(server.url)
    state = {"current": "cool", "tracks": {name: {"threshold": 2, "marked": [], "consequences": {"mild": 1, "moderate": 2, "severe": 4}, "taken": [], **(track if name == "cool" else {})}
                                               for name in ("cool", "humanity", "reputation")}}
    put(page, f"{STRESS}:track", {"state": state, "history": []})
    page.goto(server.url + TABLE)
    widget = page.locator('.calc[data-calc="stress"]').first
    widget.locator(".calc-stress__models label", has_text="Edgerunner stress track").click()
    panel = widget.locator('[data-panel="track"]')
    expect(panel.locator('[data-out="notice"]')).to_contain_text(f"cool: {reason}")
    assert panel.locator('[data-out="boxes"] button').count() <= 50  # not a box per stored number (it hung the page)
    aside = json.loads(get(page, f"{STRESS}:track:set-aside"))
    assert json.loads(aside[0]["text"])["state"] == state
    with page.expect_download() as info:
        panel.locator('[data-act="aside-download"]').click()
    assert json.loads(Path(info.value.path()).read_text())["state"] == state


def test_with_storage_full_a_damaged_value_is_not_claimed_kept_nor_overwritten(quota_page, server):
    page = quota_page
    page.goto(server.url)
    put(page, f"{STRESS}:conditions", "{not json")
    page.evaluate("window.__quota = window.__used() + 20")
    page.goto(server.url + TABLE)
    wait_engine(page)
    widget = page.locator('.calc[data-calc="stress"]').first
    widget.locator(".calc-stress__models label", has_text="Gauntlet Forge conditions").click()
    panel = widget.locator('[data-panel="conditions"]')
    expect(panel.locator('[data-out="notice"]')).to_contain_text("There is no room to keep a copy")
    panel.locator(".calc-stress__boxes button").first.click()  # a change can't overwrite what was not kept
    expect(panel.locator('[data-out="notice"]')).to_contain_text("would not keep")
    assert get(page, f"{STRESS}:conditions") == "{not json"
    with page.expect_download() as info:
        panel.locator('[data-act="aside-download"]').click()
    assert Path(info.value.path()).read_text() == "{not json"


# ---------------------------------------------------------------- taps while the engine starts

def test_taps_made_while_the_engine_starts_are_saved(context, server):
    held = []
    context.route("**/assets/engine/*/pyodide.mjs", lambda route: held.append(route))
    page = context.new_page()
    page.goto(server.url + TABLE)
    widget = page.locator('.calc[data-calc="stress"]').first
    widget.locator(".calc-stress__models label", has_text="Edgerunner stress track").click()
    panel = widget.locator('[data-panel="track"]')
    panel.locator('[data-out="boxes"] button').first.click()
    assert page.evaluate("window.calcEngine.status") == "starting"
    expect(panel.locator('[data-out="boxes"] button').first).to_have_attribute("aria-pressed", "true")
    assert json.loads(get(page, f"{STRESS}:track"))["state"]["tracks"]["cool"]["marked"] == [1]
    page.reload()  # the engine is still held: the tap must be in storage, not only in memory
    for route in held:  # before the route goes: with no route left, the browser lets held requests go by itself
        route.continue_()
    context.unroute("**/assets/engine/*/pyodide.mjs")
    wait_engine(page)
    widget.locator(".calc-stress__models label", has_text="Edgerunner stress track").click()
    expect(panel.locator('[data-out="boxes"] button').first).to_have_attribute("aria-pressed", "true")
    assert json.loads(get(page, f"{STRESS}:track"))["state"]["tracks"]["cool"]["marked"] == [1]


# ---------------------------------------------------------------- keys scoped to the site's path

@pytest.fixture
def two_sites(site, tmp_path):
    """The built site served twice on one origin: /a/ and /b/."""
    for name in ("a", "b"):
        os.symlink(site, tmp_path / name)
    srv = Server(tmp_path)
    yield srv
    srv.close()


def test_two_sites_on_one_origin_keep_apart_and_old_keys_move_once(page, two_sites):
    base = two_sites.url
    page.goto(base + "a/")
    old = {"state": {"current": "cool", "tracks": {n: {"threshold": 5, "marked": [2], "consequences": {"mild": 1, "moderate": 2, "severe": 4}, "taken": []}
                                                       for n in ("cool", "humanity", "reputation")}}, "history": []}
    put(page, "conflict-table:stress:track", old)  # written by a version before the keys were scoped
    page.goto(base + "a/" + TABLE)
    wait_engine(page)
    widget = page.locator('.calc[data-calc="stress"]').first
    widget.locator(".calc-stress__models label", has_text="Edgerunner stress track").click()
    panel = widget.locator('[data-panel="track"]')
    expect(panel.locator('[name="threshold"]')).to_have_value("5")
    assert get(page, "conflict-table:stress:track") is None
    assert json.loads(get(page, "conflict-table[/a/]:stress:track"))["state"]["tracks"]["cool"]["threshold"] == 5

    page.goto(base + "b/" + TABLE)
    wait_engine(page)
    widget.locator(".calc-stress__models label", has_text="Edgerunner stress track").click()
    expect(panel.locator('[name="threshold"]')).to_have_value("2")  # /b/ does not read /a/'s data
    panel.locator('[data-out="boxes"] button').first.click()
    assert json.loads(get(page, "conflict-table[/b/]:stress:track"))["state"]["tracks"]["cool"]["marked"] == [1]
    assert json.loads(get(page, "conflict-table[/a/]:stress:track"))["state"]["tracks"]["cool"]["marked"] == [2]


# ---------------------------------------------------------------- border maps

def test_a_bad_saved_map_is_set_aside_and_edits_undo_and_redo_by_history(page, server):
    page.goto(server.url)
    bad = {"zones": ["A", "B"], "borders": [{"between": ["A", "B"], "pass": -4}]}
    put(page, BORDERS, bad)
    page.goto(server.url + BORDERS_PAGE)
    wait_engine(page)
    w = page.locator('.calc[data-calc="borders"]').first
    expect(w.locator('[data-out="saved"]')).to_contain_text("A copy was set aside, not deleted")
    aside = json.loads(get(page, BORDERS + ":set-aside"))
    assert json.loads(aside[0]["text"]) == bad
    with page.expect_download() as info:
        w.locator('[data-act="aside-download"]').click()
    assert json.loads(Path(info.value.path()).read_text()) == bad

    words = w.locator('[data-out="words"]')
    for name in ("Roof", "Cellar"):
        w.locator('[name="new-zone"]').fill(name)
        w.locator('[data-act="add-zone"]').click()
        expect(words).to_contain_text(name)
    w.locator('[data-act="undo"]').click()
    expect(words).not_to_contain_text("Cellar")
    w.locator('[data-act="undo"]').click()
    expect(words).not_to_contain_text("Roof")
    w.locator('[data-act="redo"]').click()
    expect(words).to_contain_text("Roof")
    zones = [z["name"] if isinstance(z, dict) else z for z in json.loads(get(page, BORDERS))["zones"]]
    assert "Roof" in zones
    assert "Cellar" not in zones


def test_two_sites_on_one_origin_keep_each_its_own_engine_snapshot(page, two_sites):
    """A visit to /b/ saves /b/'s snapshot without evicting /a/'s (each would start slowly again)."""
    for name in ("a", "b"):
        page.goto(two_sites.url + name + "/" + TABLE)
        wait_engine(page)
        page.wait_for_function("() => window.calcEngine.stats.snapshot", timeout=90_000)
        assert page.evaluate("window.calcEngine.stats.snapshot.bytes") > 1_000_000
    keys = page.evaluate("""async () => {
        const out = [];
        for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys())
            if (r.url.includes('/snapshot/')) out.push(new URL(r.url).pathname);
        return out; }""")
    assert sorted(k.split("/")[1] for k in keys) == ["a", "b"], keys
