"""The border map import refuses what would freeze the page (issue 14 §1):
a YAML alias bomb of a few hundred bytes, a file nested too deeply, a file
larger than the engine reads. Each gets a message beside the import, at once,
and the map shown stays."""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.browser.support import wait_engine
from tests.hostile_input import LAUGHS

CONFLICTS = "edgerunner/conflicts/"
WIDGET = '.calc[data-calc="borders"]'


@pytest.fixture(scope="module")
def widget(shared_page, server):
    shared_page.goto(server.url + CONFLICTS)
    wait_engine(shared_page)
    shared_page.wait_for_selector(f'{WIDGET} [data-out="reach"] .calc__answer')
    return shared_page.locator(WIDGET).first


@pytest.mark.parametrize("name, text, message", [
    ("bomb.yml", "zones: [A, B]\nborders: []\nname:\n  " + LAUGHS.replace("\n", "\n  "),
     "This file can't be read as a map: its aliases (*name) repeat its content past 100,000 values; "
     "a map needs far fewer."),
    ("many-aliases.yml", "zones: &z [A, B]\nname: [" + ", ".join(["*z"] * 101) + "]\n",
     "This file can't be read as a map: it uses more than 100 aliases (*name); a map needs far fewer."),
    ("deep.yml", "zones: " + "[" * 40 + "]" * 40 + "\n",
     "This file can't be read as a map: it nests more than 32 levels deep; a map needs far fewer."),
    ("huge.json", '{"zones": ["' + "A" * 1_000_000 + '"]}',
     "This file is too large for a map (1,000,15 characters; at most 1,000,000)."),
])
def test_an_import_that_would_freeze_the_page_is_refused_beside_the_import(widget, tmp_path, name, text, message):
    before = widget.locator('[data-out="words"]').inner_text()
    path = tmp_path / name
    path.write_text(text)
    started = time.monotonic()
    widget.locator('input[name="import"]').set_input_files(str(path))
    error = widget.locator('[data-field="import"] .calc__error')
    expect(error).to_have_text(message.replace("1,000,15", f"{len(text):,}"), timeout=10_000)
    assert time.monotonic() - started < 10
    assert widget.locator('[data-out="words"]').inner_text() == before
    # the engine still answers at once
    assert widget.page.evaluate("window.calcEngine.call('boons.free_dice', {rating: 7})")["result"]["free_dice"] == 3
