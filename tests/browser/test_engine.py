"""The engine in the page: lazy, one per visit, reused across instant navigation, honest when it fails."""
from tests.browser.support import wait_engine

BOONS = "gauntlet-forge/boons-and-banes/"


def test_a_page_without_a_calculator_loads_no_engine_file(page, server, requests_seen):
    page.goto(server.url + "glossary/")
    page.wait_for_load_state("networkidle")
    assert page.locator(".calc").count() == 0
    assert requests_seen.matching("/assets/engine/") == []
    assert requests_seen.matching("worker.js") == []
    assert page.evaluate("window.calcEngine ? window.calcEngine.starts : 0") == 0


def test_instant_navigation_to_another_calculator_page_reuses_the_engine(page, server, requests_seen):
    workers = []
    page.on("worker", lambda w: workers.append(w.url) if w.url.endswith("/calc/worker.js") else None)
    page.goto(server.url + BOONS)
    wait_engine(page)
    page.wait_for_selector('[data-out="boon"] .calc__answer')
    # follow the navigation link: Material's instant navigation swaps the content in place
    page.click('nav.md-nav a[href$="table/"]')
    page.wait_for_url("**/table/")
    page.wait_for_selector('.calc[data-calc="boons"] [data-out="boon"] .calc__answer')
    assert page.evaluate("window.calcEngine.starts") == 1
    assert len(workers) == 1
    assert len(requests_seen.matching("pyodide.asm.wasm")) == 1


def test_a_failed_engine_says_why_and_keeps_the_static_table(context, server):
    context.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="gone"))
    page = context.new_page()
    page.goto(server.url + BOONS)
    page.wait_for_function("window.calcEngine && window.calcEngine.status === 'failed'", timeout=90_000)
    status = page.locator('.calc[data-calc="boons"] .calc__status')
    assert "could not load" in status.inner_text()
    assert page.locator(".calc__static table").first.is_visible()
    assert page.locator(".calc__form").first.is_hidden()


def test_without_javascript_the_static_content_is_there(browser, server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(server.url + BOONS)
    table = page.locator('.calc[data-calc="boons"] .calc__static table')
    assert table.is_visible()
    assert "12" in table.inner_text()
    assert page.locator('.calc[data-calc="boons"] .calc__form').is_hidden()
    context.close()
