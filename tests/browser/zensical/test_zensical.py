"""The site built with Zensical (``make build-zensical``) does in Chromium what the MkDocs build does.

One profile walks the site like a player, under the policy a host sends (``z_server``): every page
opens, with no JavaScript error, no policy violation and no request elsewhere (``z_page``); every
calculator comes up and answers the golden cases; instant navigation mounts each page's calculators
on the one engine; the header's edition menu sets the tabs and the calculators and is kept; Zensical's
search finds a rule and opens it; dark mode, print and the board's table view work. axe-core checks
what Zensical draws differently (its header, its navigation, its search dialog) on two pages, light and
dark, phone and desktop. Last, a first visit in a new profile makes the offline copy: with the network
cut, pages it never visited (styled by the theme's own files), the search and a calculator still work.

The build's pages are compared with MkDocs' by content, and its precache with the pages, in
tests/test_generators.py. Its time is in benchmarks/README.md ("Zensical beside MkDocs").
"""
from __future__ import annotations

import re
import shutil

import pytest

from tests.browser.offline_visit import cut_network, first_visit, pages_of
from tests.browser.pages import (
    CALCULATOR_PAGES,
    follow_link,
    golden_cases,
    golden_failures,
    result_and_field_error,
    wait_engine,
)
from tests.browser.support import ROOT, Server, axe, pdf_text, site_at

DOCS = ROOT / "docs"
EDITION = "Gauntlet Forge edition, site-wide"
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}


def _pages() -> list[str]:
    """Every page, as its path under the site's root (one per Markdown file), and the 404 page."""
    paths = []
    for md in sorted(DOCS.rglob("*.md")):
        rel = md.relative_to(DOCS).with_suffix("").as_posix()
        paths.append("" if rel == "index" else rel.removesuffix("/index") + "/")
    return [*paths, "404.html"]


def open_search(page, words: str):
    """Zensical's search: Ctrl+K opens its dialog (drawn in a shadow root, which Playwright's selectors
    enter), ``words`` are typed, and the results' links are returned once there is one."""
    page.keyboard.press("Control+k")
    field = page.locator("dialog[open] input[role=combobox]")
    field.wait_for()
    field.press_sequentially(words, delay=20)
    results = page.locator("dialog[open] [role=listbox] a[role=option]")
    results.first.wait_for()
    return results


def nav_to(page, url: str) -> None:
    """Follow the site navigation's link to ``url`` (instant navigation) and wait for its page."""
    page.evaluate("""(url) => { document.querySelector('[data-z-next]')?.removeAttribute('data-z-next');
        [...document.querySelectorAll('nav.md-nav--primary a.md-nav__link')].find(a => a.href === url)
          .setAttribute('data-z-next', ''); }""", url)
    follow_link(page, "[data-z-next]", url.split("://", 1)[1].split("/", 1)[1])


def tab_shown(page, edition: str) -> None:
    """Wait until every edition's tab set of the page shows ``edition``."""
    page.wait_for_function("""(edition) => [...document.querySelectorAll('.tabbed-set')].every(set =>
        [...set.querySelectorAll(':scope > input')].some(i => i.checked &&
          set.querySelector(`label[for="${i.id}"]`).textContent.trim() === edition))""", arg=edition)


# ---------------------------------------------------------------- every page, every calculator, instant navigation


def test_every_page_opens_and_its_calculators_come_up_on_one_engine(z_page, z_server):
    """"At the table" loads (every kind of calculator, the engine started from its <head>) and answers the
    golden cases; then every other page, reached through the navigation as a reader reaches it (Zensical's
    instant navigation: no page load), mounts its calculators on that same engine."""
    z_page.goto(z_server.url + "table/")
    wait_engine(z_page)  # the engine ready and every calculator on the page up
    # It started from the <head> (early.js, written into the slot overrides/main.html leaves), not once
    # the page was parsed, as calc.js would start it.
    assert z_page.evaluate("calcEngine.stats.startedAt < performance.getEntriesByType('navigation')[0].domInteractive")
    assert golden_failures(z_page, golden_cases(CALCULATOR_PAGES["table/"])) == {}
    z_page.evaluate("window.__samePage = true")  # gone if a link loaded a whole page
    for path in [p for p in _pages() if p not in ("", "table/", "404.html")]:
        nav_to(z_page, z_server.url + path)
        assert z_page.locator("article h1").count() == 1, path
        assert z_page.get_by_label(EDITION).is_visible(), path  # the header's edition menu, on every page
        if path in CALCULATOR_PAGES:
            wait_engine(z_page)
            kinds = z_page.evaluate("[...document.querySelectorAll('.calc[data-calc]')].map(e => e.dataset.calc)")
            assert set(CALCULATOR_PAGES[path]) <= set(kinds), path
    assert z_page.evaluate("[window.__samePage, window.calcEngine.stats.starts]") == [True, 1]
    z_page.goto(z_server.url + "404.html")
    assert z_page.locator("article h1").count() == 1


def test_the_manifest_and_its_icons_are_served(z_page, z_server):
    z_page.goto(z_server.url)
    manifest = z_page.evaluate("document.querySelector('link[rel=manifest]').href")
    answer = z_page.request.get(manifest)
    assert answer.ok and answer.json()["name"].startswith("Conflict Table")
    icons = [i["src"] for i in answer.json()["icons"]]
    icons += z_page.evaluate("[...document.querySelectorAll('link[rel~=icon], link[rel=apple-touch-icon]')].map(l => l.href)")
    for icon in icons:
        got = z_page.request.get(z_page.evaluate("(src) => new URL(src, document.querySelector('link[rel=manifest]').href).href", icon))
        assert got.ok and got.headers["content-type"].startswith("image/"), icon


# ---------------------------------------------------------------- the edition, search, dark mode


def test_the_edition_menu_sets_the_tabs_and_the_calculators_and_is_kept(z_page, z_server):
    z_page.goto(z_server.url + "gauntlet-forge/stress-and-wounds/")
    wait_engine(z_page)
    z_page.get_by_label(EDITION).select_option("wiki")  # the wiki's stress is its conditions
    stress = z_page.locator('.calc[data-calc="stress"]')
    assert stress.locator('input[name="model"]:checked').get_attribute("value") == "conditions"
    z_page.get_by_label(EDITION).select_option("2022")
    assert stress.locator('[data-panel="wounds"] select[name="edition"]').input_value() == "2022"
    nav_to(z_page, z_server.url + "gauntlet-forge/editions/")
    tab_shown(z_page, "2022")
    z_page.reload()  # kept in the browser
    assert z_page.get_by_label(EDITION).input_value() == "2022"
    tab_shown(z_page, "2022")
    z_page.get_by_label(EDITION).select_option("2023")
    tab_shown(z_page, "2023")


def test_search_finds_a_rule_after_instant_navigation_and_opens_it(z_page, z_server):
    """A calculator page holds the search's worker until the engine is ready or the player reaches for
    the search (early.js); here the player reaches for it on a page instant navigation brought."""
    z_page.goto(z_server.url + "edgerunner/conflicts/")
    wait_engine(z_page)
    nav_to(z_page, z_server.url + "gauntlet-forge/editions/")
    results = open_search(z_page, "threshold")
    assert z_page.evaluate("window.calcSearch.state") == "started"
    assert "Threshold" in results.first.inner_text()
    results.filter(has_text="Stress tracks").first.click()
    z_page.wait_for_url("**/edgerunner/stress/**")
    wait_engine(z_page)
    assert z_page.evaluate("window.calcEngine.stats.starts") == 1


def test_dark_mode_is_chosen_and_kept(z_page, z_server):
    z_page.goto(z_server.url + "glossary/")
    z_page.emulate_media(color_scheme="light")
    z_page.locator("form[data-md-component='palette'] label:visible").first.click()
    z_page.wait_for_function("document.body.dataset.mdColorScheme === 'slate'")
    z_page.reload()
    assert z_page.evaluate("document.body.dataset.mdColorScheme") == "slate"
    z_page.locator("form[data-md-component='palette'] label:visible").first.click()
    z_page.wait_for_function("document.body.dataset.mdColorScheme === 'default'")


# ---------------------------------------------------------------- print, the table view


BOARD_PAGE = "edgerunner/conflicts/"  # the dice, the border costs and the conflict board


def test_a_printed_page_has_its_content_and_the_calculators_state_without_controls(z_page, z_server):
    z_page.goto(z_server.url + BOARD_PAGE)
    wait_engine(z_page)
    flat = re.sub(r"\s+", " ", pdf_text(z_page))
    assert "Edgerunner conflicts" in flat and "Cheapest route: 6 shifts" in flat
    for word in ("Undo", "Export file", "Load example", "Glossary", "Offline & install", "Search", "Ctrl+K",
                 "Previous", "Made with"):
        assert word not in flat, word


def test_the_table_view_covers_the_screen_and_back_leaves_it(z_page, z_server):
    z_page.set_viewport_size(PHONE)
    try:
        if not z_page.url.endswith(BOARD_PAGE):
            z_page.goto(z_server.url + BOARD_PAGE)
        wait_engine(z_page)
        board = z_page.locator('.calc[data-calc="board"]')
        z_page.locator('a[href$="#table-view"]').first.click()
        z_page.wait_for_function("(b) => b.classList.contains('is-table')", arg=board.element_handle())
        assert not z_page.locator(".md-header").is_visible()
        assert z_page.evaluate("document.elementFromPoint(180, 10).closest('.calc[data-calc=board]') !== null")
        z_page.go_back()
        z_page.wait_for_function("(b) => !b.classList.contains('is-table')", arg=board.element_handle())
        assert z_page.locator(".md-header").is_visible() and "#table-view" not in z_page.url
    finally:
        z_page.set_viewport_size(DESKTOP)


# ---------------------------------------------------------------- axe on what Zensical draws


@pytest.fixture(scope="module")
def axe_page(z_browser):
    """A profile that lets the test inject axe-core, which the site's policy would block as an inline
    script (the policy itself is checked by ``z_page``)."""
    ctx = z_browser.new_context(service_workers="block", bypass_csp=True)
    # the palette is the system's on every load (the theme remembers the one it picked)
    ctx.add_init_script("Object.keys(localStorage).filter(k => k.endsWith('__palette')).forEach(k => localStorage.removeItem(k))")
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    yield page
    ctx.close()


@pytest.mark.parametrize(("path", "scheme", "size"), [("", "light", DESKTOP), ("", "dark", PHONE),
                                                      ("table/", "light", PHONE), ("table/", "dark", DESKTOP)],
                         ids=["home-light-desktop", "home-dark-phone", "table-light-phone", "table-dark-desktop"])
def test_axe_finds_nothing_on_zensicals_pages_nor_in_its_search_dialog(axe_page, z_server, path, scheme, size):
    page = axe_page
    page.set_viewport_size(size)
    page.emulate_media(color_scheme=scheme)  # the palette follows the system's scheme on a page load
    page.goto(z_server.url + path)
    if CALCULATOR_PAGES.get(path):
        wait_engine(page)
    assert page.evaluate("document.body.dataset.mdColorScheme") == {"light": "default", "dark": "slate"}[scheme]
    axe(page, f"/{path} ({scheme}, {size['width']} px)")
    if not path:  # Zensical's search dialog, once in each scheme
        open_search(page, "morale")
        axe(page, f"the search open ({scheme}, {size['width']} px)")
        page.keyboard.press("Escape")


# ---------------------------------------------------------------- offline after one visit


def test_after_one_visit_every_page_the_search_and_a_calculator_work_offline(z_browser, z_server, zensical_site, tmp_path):
    top = tmp_path / "elsewhere"  # an origin of its own: its own service worker and caches
    server = Server(top)
    site_at(zensical_site, z_server.url, top, server.url)
    try:
        seen: list[str] = []
        ctx, page = first_visit(z_browser, server.url + "table/", seen)
        wait_engine(page)
        assert len(pages_of(top, server.url)) == len(_pages()) - 1  # (tests/test_generators.py: each is precached)
        cut_network(ctx, server)
        for url in (server.url, server.url + "glossary/"):  # a page never visited, styled by the theme's files
            response = page.goto(url)
            assert response is not None and response.ok, url
            assert page.locator("article h1").count() == 1, url
            assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") == "sticky", url
        page.goto(server.url + "gauntlet-forge/boons-and-banes/")
        wait_engine(page)
        result, error = result_and_field_error(page, "boons", 0)
        assert "3 free dice" in result and "whole number" in error
        assert "Threshold" in open_search(page, "threshold").first.inner_text()
        assert [u for u in seen if not u.startswith(("http://127.0.0.1:", "data:", "blob:"))] == []
        ctx.close()
    finally:
        shutil.rmtree(top, ignore_errors=True)
