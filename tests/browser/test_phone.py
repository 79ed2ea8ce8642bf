"""Every calculator page on a 360 × 740 phone (issue 17): no calculator table is
wider than the screen unless it visibly scrolls, and calculator tables are
styled like the site's own tables (a frame and ruled rows), their captions whole.
The morale scoreboard and the maps have their phone tests beside the rest of
their widget's tests (test_morale.py, test_borders.py)."""
from __future__ import annotations

import pytest

from tests.browser.support import wait_engine
from tests.browser.waits import engine_barrier, routed

PAGES = ["edgerunner/conflicts/", "edgerunner/stress/", "table/", "gauntlet-forge/boons-and-banes/",
         "gauntlet-forge/conflicts/", "gauntlet-forge/stress-and-wounds/"]

TABLES = """() => [...document.querySelectorAll('.calc table')].filter(t => t.offsetParent).map(t => {
  const r = t.getBoundingClientRect();
  let scroller = null;
  for (let a = t.parentElement; a && !a.classList.contains('calc'); a = a.parentElement) {
    const s = getComputedStyle(a);
    if (['auto', 'scroll'].includes(s.overflowX)) { scroller = { shows: s.backgroundImage.includes('gradient') }; break; }
  }
  const cap = t.caption;
  const style = getComputedStyle(t);
  return {
    caption: cap ? cap.textContent : null,
    right: r.right, left: r.left,
    scroller,
    frame: parseFloat(style.borderTopWidth),
    captionCut: cap ? cap.scrollWidth > cap.clientWidth + 1 || cap.getBoundingClientRect().right > innerWidth : false,
    ruled: [...t.querySelectorAll('tbody tr + tr > *')].some(c => parseFloat(getComputedStyle(c).borderTopWidth) > 0
                                                            || parseFloat(getComputedStyle(c.parentElement).borderTopWidth) > 0),
  };
})"""


@pytest.fixture(scope="module")
def phone(shared_phone):
    return shared_phone


@pytest.mark.parametrize("path", PAGES)
def test_calculator_tables_fit_a_phone_and_look_like_the_sites(phone, server, path):
    phone.goto(server.url + path)
    wait_engine(phone)
    engine_barrier(phone)  # the first answers drawn
    tables = phone.evaluate(TABLES)
    assert tables, path
    for t in tables:
        fits = t["left"] >= 0 and t["right"] <= 360
        assert fits or (t["scroller"] and t["scroller"]["shows"]), (path, t)
        assert t["frame"] > 0, (path, t["caption"], "no frame: unstyled")
        assert t["ruled"] or t["caption"] is None, (path, t["caption"], "rows not ruled")
        assert not t["captionCut"], (path, t["caption"])
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_needs_javascript_does_not_flash_on_a_slow_load(phones, server):
    """With scripts on, the "needs JavaScript" line is never shown, even while calc.js is slow to arrive."""
    page = phones()
    held = []  # calc.js is held back for the whole test: as slow as a load can be
    page.context.route(lambda url: url.split("?")[0].endswith("/calc.js"), lambda route: held.append(route))
    page.goto(server.url + "gauntlet-forge/boons-and-banes/", wait_until="commit")  # DOMContentLoaded waits for calc.js
    status = page.locator(".calc__status").first
    status.wait_for(state="attached")
    page.wait_for_function("() => document.documentElement.classList.contains('calc-js')")
    routed(page, held, "calc.js to be requested")  # early.js (in <head>) runs before the page asks for calc.js
    assert "needs JavaScript" in status.text_content()  # still in the page for browsers without scripts
    assert not status.is_visible() or status.evaluate("s => getComputedStyle(s).visibility") == "hidden"


def test_enduring_checkbox_sits_beside_its_label(phone, server):
    phone.goto(server.url + "gauntlet-forge/boons-and-banes/")
    wait_engine(phone)
    box = phone.locator('input[name="enduring"]').first.bounding_box()
    label = phone.locator('label[for$="-enduring"]').first.bounding_box()
    assert label["x"] > box["x"] + box["width"] - 1  # to its right
    assert label["y"] < box["y"] + box["height"] and box["y"] < label["y"] + label["height"]  # on the same line
