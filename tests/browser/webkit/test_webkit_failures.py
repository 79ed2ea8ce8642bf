"""The WebKit leg, when things break: a broken engine file leaves the build-time
content and says so; Cache Storage refusing the snapshot (an iPhone's storage
limit) costs speed, never an answer. Neither hangs.

A fresh profile and a server of its own, which breaks files on the way out
(selenium cannot intercept requests) and serves no service worker, so every
request reaches the broken server.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.pages import result_and_field_error, wait_engine
from tests.browser.support import Server

BOONS = "gauntlet-forge/boons-and-banes/"
ROOT = '.calc[data-calc="boons"]'

# Put before the worker's own code: every Cache Storage write fails as when storage is full.
QUOTA = b"""const openCache = CacheStorage.prototype.open;
CacheStorage.prototype.open = async function (...args) {
  const cache = await openCache.apply(this, args);
  cache.put = () => Promise.reject(new DOMException("The quota has been exceeded.", "QuotaExceededError"));
  return cache;
};
"""


@pytest.fixture(scope="module")
def broken_server(site):
    srv = Server(site)
    srv.faults["/sw.js"] = (404, b"no service worker here")
    yield srv
    srv.close()


def test_a_broken_engine_file_leaves_the_build_time_content_and_says_so(wk, broken_server):
    broken_server.faults["/pyodide.asm.wasm"] = (200, b"\0asm this is not WebAssembly")
    try:
        wk.goto(broken_server.url + BOONS)
        wk.wait("() => window.calcEngine && window.calcEngine.status === 'failed'", timeout=60,
                what="the engine to give up")
    finally:
        del broken_server.faults["/pyodide.asm.wasm"]
    said = wk.wait_text(f"{ROOT} .calc__status", "The calculators could not start")  # in plain words
    assert "still work" in said and wk.visible(f"{ROOT} .calc__retry")
    assert wk.visible(f"{ROOT} .calc__static table")
    assert "12" in wk.text(f"{ROOT} .calc__static table")
    assert not wk.visible(f"{ROOT} .calc__form")


def test_a_snapshot_storage_refuses_costs_speed_not_answers(wk, broken_server):
    broken_server.faults["/worker.js"] = lambda path: (200, QUOTA + Path(path).read_bytes())
    try:
        for _ in range(2):  # the first visit, and a later one with no snapshot to restore
            wk.goto(broken_server.url + BOONS)
            assert wait_engine(wk) == "fresh"
            result, error = result_and_field_error(wk, "boons", 0)
            assert "3 free dice" in result and "whole number" in error
        saved = wk.wait("() => window.calcEngine.stats.snapshot", timeout=60, what="the snapshot's outcome")
        assert saved["bytes"] == 0 and "QuotaExceededError" in saved["error"], saved
        assert wk.js("() => window.calcEngine.call('boons.free_dice', {rating: 9})")["result"]["free_dice"] == 4
    finally:
        del broken_server.faults["/worker.js"]


# A button over the page, and an engine with an answer to come for 1.5 s: the click is timed.
ANSWER_TO_COME = """() => {
  const b = document.createElement("button");
  b.id = "probe";
  b.textContent = "Probe";
  b.style = "position: fixed; top: 40%; left: 40%; z-index: 9999";
  document.body.append(b);
  window.probe = { clickedAt: null, answeredAt: null };
  b.addEventListener("click", () => (probe.clickedAt = performance.now()));
  let inFlight = 1;
  Object.defineProperty(window.calcEngine, "inFlight", { get: () => inFlight, configurable: true });
  setTimeout(() => { inFlight = 0; probe.answeredAt = performance.now(); }, 1500);
}"""


def test_a_click_waits_until_the_rules_have_answered_what_was_typed(wk, broken_server):
    """Found in CI twice (the table page, a loaded machine): a name typed, the rules' answer took the
    error beside it away just as the click was sent, the page moved up under it, and Start the
    conflict became Add member. A WebKit check's click waits for every answer, as a player waits for
    the page to settle; ``calcEngine.inFlight`` is what it reads (the Chromium leg checks it counts)."""
    wk.goto(broken_server.url)
    wk.wait("() => window.calcEngine", what="the page's engine module")  # (every page loads it; none starts it here)
    wk.js(ANSWER_TO_COME)
    wk.click("#probe")
    clicked, answered = wk.js("() => [probe.clickedAt, probe.answeredAt]")
    assert answered is not None and clicked >= answered, (clicked, answered)


def test_the_offline_bar_leaves_the_table_views_controls_reachable_and_is_dismissed(webkit, broken_server):
    """Issue 64 item 8 (Chromium: test_offline.py): the site could not be saved for offline use (this
    server has no service worker), on a phone-sized window with an Attack open in the board's table view:
    the bar sits below the view, Log it and Cancel take a tap, then (the sheet closed) the Cards and Log tabs, and Dismiss takes it away."""
    from tests.browser.pages import as_page
    from tests.browser.webkit.board_page import CONFLICTS, W, start_warehouse

    wk = as_page(webkit())
    wk.driver.set_window_size(360, 740)
    wk.goto(broken_server.url + CONFLICTS)
    start_warehouse(wk)
    wk.click(f'{W} [data-act="table-open"]')
    wk.wait("(sel) => document.querySelector(sel).classList.contains('is-table')", W, what="the table view")
    wk.click(f'{W} [data-act="kind"][data-kind="attack"]')
    wk.wait("(sel) => !!document.querySelector(sel)", f'{W} [data-panel] [data-key="log"]', what="the Attack's form")
    wk.wait("() => window.calcOffline && window.calcOffline.status === 'failed'", timeout=90, what="the offline copy to fail")
    wk.wait("() => !!document.querySelector('.calc-offline-failed')", what="the bar that says so")
    wk.wait("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))", what="a frame")
    reachable = """(sel) => { const e = document.querySelector(sel); if (!e) return false; const r = e.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!hit && (hit === e || e.contains(hit)) && r.bottom <= innerHeight; }"""
    for control in ('[data-panel] [data-key="log"]', '[data-panel] [data-act="cancel"]'):  # the sheet has the screen
        assert wk.js(reachable, f"{W} {control}"), control
    wk.click(f'{W} [data-panel] [data-act="cancel"]')
    for control in ('[data-act="tab"][data-tab="cards"]', '[data-act="tab"][data-tab="log"]'):  # then the tabs
        wk.wait(reachable, f"{W} {control}", what=control)
    wk.click(".calc-offline-failed button:last-of-type")  # Dismiss
    assert wk.js("() => document.querySelector('.calc-offline-failed')") is None
    wk.driver.quit()
