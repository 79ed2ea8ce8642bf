"""The theme's search index waits for the engine on a calculator page, never for a player.

Material builds its search index in a worker of its own as a page loads; on a phone's CPU that
competes with the calculator engine's start (benchmarks/phone_cpu.py), so a calculator page holds
that worker until the engine is ready (calculators/browser/early.js). A player who reaches for the
search box first must still get results at once.
"""
from __future__ import annotations

from tests.browser.pages import search, wait_engine
from tests.browser.waits import routed

BOONS = "gauntlet-forge/boons-and-banes/"
SEARCH_WORKER = "/workers/search."
# Before any script of the page: every search worker the page really starts is counted, whatever early.js
# puts in the browser's Worker's place (its stand-in keeps the browser's own, this, to start it with).
STARTED = """(() => {
  const Native = window.Worker;
  window.__searchStarted = 0;
  window.Worker = function (url, options) {
    if (String(url).includes("/workers/search.")) window.__searchStarted += 1;
    return new Native(url, options);
  };
  window.Worker.prototype = Native.prototype;
})();"""


def started_search_workers(page) -> int:
    return page.evaluate("(part) => performance.getEntriesByType('resource')"
                         ".filter((e) => e.name.includes(part)).length", SEARCH_WORKER)


def test_the_search_index_is_built_once_the_engine_is_ready(context, server):
    held = []
    context.route("**/python_stdlib.zip", lambda route: held.append(route))  # the engine can't be ready yet
    context.add_init_script(STARTED)
    page = context.new_page()
    page.goto(server.url + BOONS)
    # The moment it would have started: the theme has asked for its search worker (held, or started at once).
    page.wait_for_function("() => (window.calcSearch?.asked ?? 0) + window.__searchStarted > 0")
    assert page.evaluate("window.__searchStarted") == 0, "the search worker started while the engine was starting"
    assert page.evaluate("[calcSearch.state, calcSearch.asked]") == ["held", 1]
    assert page.evaluate("window.calcEngine.status") == "starting"
    for route in routed(page, held, "the engine's download to be held"):
        route.continue_()
    wait_engine(page)
    page.wait_for_function("(part) => performance.getEntriesByType('resource').some((e) => e.name.includes(part))",
                           arg=SEARCH_WORKER, timeout=30_000)
    assert page.evaluate("[window.__searchStarted, calcSearch.state]") == [1, "started"]
    search(page, "threshold")
    assert started_search_workers(page) == 1


def test_a_player_who_searches_before_the_engine_is_ready_gets_results(context, server):
    held = []
    context.route("**/python_stdlib.zip", lambda route: held.append(route))  # the engine is still downloading
    page = context.new_page()
    page.goto(server.url + BOONS)
    search(page, "threshold")  # reaching for the search box starts the index at once
    assert page.evaluate("window.calcEngine.status") != "ready"
    assert started_search_workers(page) == 1
    for route in held:
        route.continue_()
