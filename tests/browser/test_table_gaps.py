"""Smaller gaps found at the table (issue 14 §5), in Chromium.

* with an invalid Favor, Surrender and Last Stand can't be tapped (they did
  nothing), and the error beside Favor says why;
* a widget whose module failed to load keeps its message once the engine is
  ready (the engine's status used to erase it);
* a widget whose mount() throws shows its build-time content and a message,
  never a half-built form.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.stress_page import fill, fresh, open_table
from tests.browser.support import wait_engine

BOONS = "gauntlet-forge/boons-and-banes/"
WIDGET = '.calc[data-calc="boons"]'


@pytest.fixture(scope="module")
def table_page(shared_page, server):
    return open_table(shared_page, server)


def test_with_an_invalid_favor_surrender_and_last_stand_cannot_be_tapped(table_page):
    panel = fresh(table_page, "wounds", stress=4, type="physical", favor=5)
    choices = panel.locator('[data-out="choices"] button')
    expect(choices).to_have_text(["Surrender", "Enter the Last Stand"])
    expect(choices.nth(0)).to_be_enabled()
    fill(panel, "favor", "lots")
    expect(panel.locator('[data-field="favor"] .calc__error')).to_be_visible()
    expect(choices.nth(0)).to_be_disabled()
    expect(choices.nth(1)).to_be_disabled()
    # changing the hit keeps them blocked while the Favor is wrong
    fill(panel, "stress", 5)
    expect(panel.locator('[data-out="choices"] button').first).to_be_disabled()
    fill(panel, "stress", 4)
    fill(panel, "favor", 5)
    expect(panel.locator('[data-field="favor"] .calc__error')).to_be_hidden()
    expect(panel.locator('[data-out="choices"] button').first).to_be_enabled()


def test_a_widget_whose_module_failed_keeps_its_message_when_the_engine_is_ready(context, server):
    context.route("**/assets/calc-*/widgets/boons/index.js", lambda route: route.fulfill(status=404, body="gone"))
    page = context.new_page()
    page.goto(server.url + BOONS)
    status = page.locator(f"{WIDGET} .calc__status")
    expect(status).to_contain_text("This calculator could not start")
    wait_engine(page)  # ready: the engine's status listeners have run (engine.js _set calls them as it changes)
    expect(status).to_be_visible()
    expect(status).to_contain_text("This calculator could not start")
    expect(page.locator(f"{WIDGET} .calc__form")).to_be_hidden()
    expect(page.locator(f"{WIDGET} .calc__static table").first).to_be_visible()


HALF_MOUNT = """export function mount(root) {
  const form = root.querySelector(".calc__form");
  form.hidden = false;
  form.append("half built");
  throw new Error("the widget broke halfway");
}
"""


def test_a_mount_that_throws_shows_the_static_content_and_a_message_not_a_half_form(context, server):
    context.route("**/assets/calc-*/widgets/boons/index.js",
                  lambda route: route.fulfill(status=200, body=HALF_MOUNT, content_type="text/javascript"))
    page = context.new_page()
    page.goto(server.url + BOONS)
    status = page.locator(f"{WIDGET} .calc__status")
    expect(status).to_contain_text("This calculator could not start (the widget broke halfway)")
    expect(page.locator(f"{WIDGET} .calc__form")).to_be_hidden()
    expect(page.locator(f"{WIDGET} .calc__static table").first).to_be_visible()
    wait_engine(page)  # (the status listeners have run)
    expect(status).to_contain_text("This calculator could not start (the widget broke halfway)")
    expect(page.locator(f"{WIDGET} .calc__form")).to_be_hidden()
