"""Issue 32 §3 (and §5): every name the conflict board keeps is read through a check. A damaged
draft, saved-setups list or set-aside list, a board of a newer version and an oversized import
never stop the board, are never overwritten before a copy is set aside (with a notice and a
download), and a replaced conflict comes back with one tap."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from rules_core.api import call
from tests.browser.board_page import CONFLICTS, KEY, Board
from tests.browser.support import wait_engine

expect.set_options(timeout=30_000)

DRAFT = KEY + ":draft"
SETUPS = KEY + ":setups"
ASIDES = KEY + ":set-aside"
SETUP = call("board.example", {"name": "warehouse crew"})["result"]["setup"]
SETUP.pop("name", None)


def exchanges(notes: list[str]) -> list[dict]:
    """One exchange per note: Gatto's simple action with that note, then the exchange ended (two log lines)."""
    return [e for n in notes for e in ({"kind": "simple", "actor": "Gatto", "note": n}, {"kind": "end_exchange"})]


def packed(notes: list[str], **extra) -> dict:
    """A kept conflict of the warehouse crew (see exchanges)."""
    return {"format": "conflict-table/board", "version": 1, "setup": SETUP, "redo": [], "events": exchanges(notes), **extra}


def notes(page) -> list[str]:
    return [e["note"] for e in json.loads(stored(page, KEY))["events"] if "note" in e]


def stored(page, key):
    return page.evaluate("(k) => localStorage.getItem(k)", key)


def notice(b: Board):
    return b.w.locator('[data-out="notice"]')


def seeded(page, server, values: dict[str, str]) -> Board:
    """Open the board with `values` ({key: stored text}) in storage from the start."""
    page.goto(server.url + "404.html")
    for key, text in values.items():
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, text])
    b = Board(page)
    b.page.goto(server.url + CONFLICTS)
    wait_engine(b.page)
    return b


def setup_title(b: Board):
    return b.w.locator("#" + b.w.get_attribute("id") + "-setup-title")


@pytest.mark.parametrize("draft", [
    {"map": {"zones": "abc"}, "sides": [], "actors": [], "things": []},
    {"map": {"zones": ["A"], "borders": "abc"}, "sides": [], "actors": [], "things": []},
    {"map": {"zones": ["A"]}, "sides": [], "actors": [None], "things": []},
])
def test_a_damaged_draft_is_set_aside_and_the_setup_opens(page, server, draft):
    b = seeded(page, server, {DRAFT: json.dumps(draft)})
    setup_title(b).wait_for()
    expect(b.w.locator('[data-out="notice"]')).to_contain_text("could not be used")
    kept = json.loads(page.evaluate("(k) => localStorage.getItem(k)", DRAFT + ":set-aside"))
    assert [json.loads(item["text"]) for item in kept] == [draft]
    expect(b.w.locator('[data-out="asides-setup"] [data-act="aside-download"]')).to_have_count(1)
    b.w.locator('[name="sides.0"]').fill("Crew")  # the setup works


def test_a_damaged_draft_setups_and_set_aside_list_are_kept_and_never_overwritten(page, server):
    good = {"map": SETUP["map"], "sides": ["Crew", "Gang"], "actors": [], "things": []}
    b = seeded(page, server, {DRAFT: "{not json", SETUPS: json.dumps({"x": None, "Rooftop": good}),
                              ASIDES: '[{"at": "2026-01-01T00:00:00.000Z", "reason": "old", "text": "my old confl'})
    setup_title(b).wait_for()
    expect(notice(b)).to_contain_text("Your saved setup being typed could not be used")
    expect(notice(b)).to_contain_text("Your saved setups could not be used (the setup “x” is not a conflict's setup")
    assert [i["text"] for i in json.loads(stored(page, DRAFT + ":set-aside"))] == ["{not json"]
    assert json.loads(json.loads(stored(page, SETUPS + ":set-aside"))[0]["text"])["x"] is None  # the whole list, kept
    # The setups that can be used stay; the damaged one is not offered (Load “x” threw).
    expect(b.w.locator('[data-act="load-setup"]')).to_have_count(1)
    b.w.locator('[data-act="load-setup"][data-name="Rooftop"]').click()
    expect(b.w.locator('[name="sides.1"]')).to_have_value("Gang")
    b.w.locator('[name="sides.0"]').fill("Typed")  # a keystroke writes the draft: its copy stays
    assert json.loads(stored(page, DRAFT))["sides"][0] == "Typed"
    assert len(json.loads(stored(page, DRAFT + ":set-aside"))) == 1
    # The cut-short set-aside list is shown as one copy, with a download, and is kept when another copy comes.
    asides = b.w.locator('[data-out="asides"]').first
    expect(asides).to_contain_text("Download copy 1 (date unknown)")
    expect(asides).to_contain_text("could not be read")
    page.evaluate("(k) => localStorage.setItem(k, '{oops')", KEY)
    page.reload()
    wait_engine(page)
    expect(notice(b)).to_contain_text("Your saved conflict could not be used")
    texts = [i["text"] for i in json.loads(stored(page, ASIDES))]
    assert texts[0].endswith('"text": "my old confl') and texts[1] == "{oops"


@pytest.mark.parametrize("version", [2, "banana"])
def test_a_board_of_a_newer_version_is_refused_by_name_and_set_aside(page, server, version):
    newer = packed(["one"], version=version, more={"kept": "by a newer site"})
    b = seeded(page, server, {KEY: json.dumps(newer)})
    setup_title(b).wait_for()
    said = "it was made by a newer version of this site" if version == 2 else "its version is damaged"
    expect(notice(b)).to_contain_text(said)
    assert stored(page, KEY) is None
    assert json.loads(json.loads(stored(page, ASIDES))[0]["text"]) == newer  # every field kept


def test_an_import_is_checked_with_its_redo_list_and_an_unkept_one_leaves_nothing_pending(page, server, tmp_path):
    b = seeded(page, server, {KEY: json.dumps(packed(["mine"]))})
    b.w.locator('[data-out="exchange"]').wait_for()
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps(packed(["theirs"], version=99)))
    b.w.locator('[data-act="import"]').set_input_files(newer)
    expect(b.error("import")).to_contain_text("it was made by a newer version of this site")
    big = tmp_path / "big.json"  # about 1.3 MB, nearly all of it in what Redo would log again
    big.write_text(json.dumps(packed(["theirs"], redo=exchanges(["x" * 299] * 3000)[::-1])))
    b.w.locator('[data-act="import"]').set_input_files(big)
    expect(b.error("import")).to_contain_text("too large")
    assert notes(page) == ["mine"]
    # A file the browser has no room for: the screen and the screen reader say the same, and nothing waits.
    small = tmp_path / "small.json"
    small.write_text(json.dumps(packed(["theirs"] * 200)))  # about 25,000 characters
    used = page.evaluate("() => { let n = 0; for (let i = 0; i < localStorage.length; i++) { const k = localStorage.key(i);"
                         " n += k.length + localStorage.getItem(k).length; } return n; }")
    page.evaluate("""(quota) => { const real = Storage.prototype.setItem; Storage.prototype.setItem = function (k, v) {
        let used = 0; for (let i = 0; i < this.length; i++) { const key = this.key(i); if (key !== k) used += key.length + this.getItem(key).length; }
        if (used + k.length + String(v).length > quota) throw new DOMException("full", "QuotaExceededError"); return real.call(this, k, v); }; }""",
                  used + 2 * len(stored(page, KEY)) + 2000)  # room for a copy of the conflict and a draft, not for the file
    b.w.locator('[data-act="import"]').set_input_files(small)
    expect(notice(b)).to_contain_text("would not keep the conflict")
    live = b.w.locator('[data-out="announce"]')
    expect(live).to_contain_text("would not keep the conflict")
    assert notes(page) == ["mine"]
    assert stored(page, ASIDES) is None  # the conflict the player still has is not set aside
    b.press(b.w.locator('[data-act="new"]'))
    b.press(b.w.locator('button[type="submit"]'))
    b.w.locator('[data-out="exchange"]').wait_for()
    assert "no room left" not in notice(b).inner_text()
    assert json.loads(stored(page, KEY))["events"] == []


def test_a_conflict_replaced_by_an_import_comes_back_with_one_tap_even_after_a_reload(page, server, tmp_path):
    b = seeded(page, server, {KEY: json.dumps(packed(["mine"]))})
    b.w.locator('[data-out="exchange"]').wait_for()
    path = tmp_path / "theirs.json"
    path.write_text(json.dumps(packed(["theirs", "theirs too"])))
    b.w.locator('[data-act="import"]').set_input_files(path)
    b.wait_log(4)
    expect(notice(b)).to_contain_text("Your conflict was set aside")
    expect(notice(b).locator('[data-act="bring-back"]')).to_be_visible()
    page.reload()
    wait_engine(page)
    b.wait_log(4)
    b.press(b.w.locator('[data-act="aside-bring-back"]').first)
    b.wait_log(2)
    assert "mine" in b.log()[0]
    assert notes(page) == ["mine"]
    # The imported one is set aside in its turn: nothing lost.
    assert any("theirs too" in i["text"] for i in json.loads(stored(page, ASIDES)))


def test_a_conflict_file_that_cant_be_used_is_refused_beside_the_setups_import(page, server, tmp_path):
    b = seeded(page, server, {})
    setup_title(b).wait_for()  # no conflict yet: the setup, with its own Import a conflict file
    path = tmp_path / "damaged.json"
    path.write_text("{not json")
    b.w.locator('.board__main [data-act="import"]').set_input_files(path)
    expect(b.w.locator('.board__main [data-field="import"]')).to_contain_text("This file can't be used")
    expect(setup_title(b)).to_be_visible()  # nothing changed: the setup is still there
