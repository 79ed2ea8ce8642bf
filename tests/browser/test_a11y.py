"""Accessibility in Chromium: axe-core on every page and on each calculator's key
states, spoken answers, errors tied to their fields, the map described, reflow
at 320 px (200 % zoom) and reduced motion.

axe-core comes from the pinned npm package (``node_modules/axe-core``), injected
by Playwright; a run fails on any violation at the WCAG 2.0 A and AA and 2.1 AA
levels or of axe's best practices (heading order, landmarks, …) and prints each one with the elements it found. One shared page (and
engine) serves the module; the engine's loading and failed states get their own.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.support import ROOT, axe, wait_engine

DOCS = ROOT / "docs"
TABLE = "table/"


def _pages() -> list[str]:
    """Every page of the site, as its path under the root (one per Markdown file), and the 404 page."""
    paths = []
    for md in sorted(DOCS.rglob("*.md")):
        rel = md.relative_to(DOCS).with_suffix("").as_posix()
        paths.append("" if rel == "index" else rel.removesuffix("/index") + "/")
    return paths + ["404.html"]


PAGES = _pages()
VIEWS = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}
SCHEMES = {"light": "default", "dark": "slate"}


# ---------------------------------------------------------------- the views (axe-core: support.axe)

def view(page, scheme: str = "light", size: str = "desktop") -> None:
    """The viewport and the colour scheme the system asks for (Material's palette follows the
    latter on the next page load: a11y_page forgets the remembered choice on each load)."""
    page.set_viewport_size(VIEWS[size])
    page.emulate_media(color_scheme=scheme, reduced_motion="no-preference")


def settle(page) -> None:
    """Wait until every calculator on the page is up (the engine ready, each widget mounted)."""
    if page.locator(".calc").count() == 0:
        return
    wait_engine(page)
    page.wait_for_function(
        """() => [...document.querySelectorAll('.calc')].every(c =>
               c.dataset.engine === 'ready' && !c.querySelector('.calc__form').hidden
               && c.querySelector('[data-out="announce"]'))""")


def goto(page, url: str) -> None:
    page.goto(url)
    settle(page)


@pytest.fixture(scope="module")
def shared_context(browser, server):
    """This module's profile lets the test inject axe-core, which the site's
    Content-Security-Policy would block as an inline script (the policy itself
    is tested in test_csp.py)."""
    ctx = browser.new_context(service_workers="block", bypass_csp=True)
    yield ctx
    ctx.close()


@pytest.fixture(scope="module")
def a11y_page(shared_page, server):
    page = shared_page
    page.add_init_script("Object.keys(localStorage).filter(k => k.endsWith('__palette'))"
                         ".forEach(k => localStorage.removeItem(k))")
    page.goto(server.url + TABLE)
    page.evaluate("localStorage.clear()")
    return page


# ---------------------------------------------------------------- every page, both schemes, phone and desktop


def test_the_page_list_covers_the_built_site(site):
    built = sorted(p.relative_to(site).parent.as_posix() + "/" for p in site.rglob("index.html"))
    built = ["" if p == "./" else p for p in built] + ["404.html"]
    assert sorted(built) == sorted(PAGES)


def to_dark(page) -> None:
    """Tap the header's palette toggle, as a player switches to dark mode (the scheme changes in place)."""
    page.locator("form[data-md-component='palette'] label:visible").first.click()
    page.wait_for_function(f"() => document.body.dataset.mdColorScheme === '{SCHEMES['dark']}'")


@pytest.mark.parametrize("path", PAGES)
def test_no_axe_violations_on_the_page(a11y_page, server, path):
    """Each page once loaded, then checked as a player meets it: desktop and a 360 px phone (the window
    resized), light as the system asks, then dark by the header's toggle (the same page, no reload)."""
    page = a11y_page
    view(page, "light", "desktop")
    goto(page, server.url + path)
    assert page.evaluate("document.body.dataset.mdColorScheme") == SCHEMES["light"]
    for scheme in SCHEMES:
        if scheme == "dark":
            to_dark(page)
        for size in (("desktop", "phone") if scheme == "light" else ("phone", "desktop")):
            page.set_viewport_size(VIEWS[size])
            axe(page, f"/{path} ({scheme}, {size})")


def test_no_axe_violations_with_the_search_open(a11y_page, server):
    page = a11y_page
    for scheme in SCHEMES:
        view(page, scheme, "desktop")
        goto(page, server.url)
        page.locator(".md-search__input").click()
        page.locator(".md-search__input").press_sequentially("morale")
        page.locator(".md-search-result__item").first.wait_for()
        assert page.evaluate("document.body.dataset.mdColorScheme") == SCHEMES[scheme]  # as the system asks
        assert page.locator(".md-search").get_attribute("aria-label") == "Search"
        axe(page, f"the open search ({scheme})")


# ---------------------------------------------------------------- each calculator's key states


def widget(page, name):
    return page.locator(f'.calc[data-calc="{name}"]').first


def wait_text(locator, text):
    locator.page.wait_for_function("([el, t]) => el && el.innerText.includes(t)", arg=[locator.element_handle(), text])


@pytest.mark.parametrize("scheme", SCHEMES)
def test_boons_result_and_error_states(a11y_page, server, scheme):
    page = a11y_page
    view(page, scheme)
    goto(page, server.url + TABLE)
    boons = widget(page, "boons")
    boons.locator('[name="rating"]').fill("9")
    wait_text(boons.locator('[data-out="boon"]'), "4 free dice")
    axe(page, f"boons with a result ({scheme})", include='.calc[data-calc="boons"]')
    boons.locator('[name="rating"]').fill("lots")
    boons.locator('[data-field="rating"] > .calc__error').wait_for()
    axe(page, f"boons with an error beside a field ({scheme})", include='.calc[data-calc="boons"]')


@pytest.mark.parametrize("scheme", SCHEMES)
def test_stress_result_and_error_states_in_every_model(a11y_page, server, scheme):
    page = a11y_page
    view(page, scheme)
    goto(page, server.url + TABLE)
    stress = widget(page, "stress")
    for model, label, field in (("wounds", "wound boxes", "stress"), ("conditions", "conditions", "stress"),
                                ("track", "track", "shifts")):
        stress.locator(".calc-stress__models label", has_text=label).first.click()
        panel = stress.locator(f'[data-panel="{model}"]')
        panel.wait_for()
        panel.locator(f'[name="{field}"]').first.fill("2")
        panel.locator('[data-out="answer"] .calc__answer').first.wait_for()
        axe(page, f"stress ({model}) with a result ({scheme})", include='.calc[data-calc="stress"]')
        panel.locator(f'[name="{field}"]').first.fill("two")
        panel.locator(f'[data-field="{field}"] > .calc__error').first.wait_for()
        axe(page, f"stress ({model}) with an error beside a field ({scheme})", include='.calc[data-calc="stress"]')
        panel.locator(f'[name="{field}"]').first.fill("1")


@pytest.mark.parametrize("scheme", SCHEMES)
def test_borders_result_error_and_editor_states(a11y_page, server, scheme):
    page = a11y_page
    view(page, scheme)
    goto(page, server.url + TABLE)
    borders = widget(page, "borders")
    borders.locator('select[name="example"]').select_option("house")
    borders.locator('[data-act="load-example"]').click()
    wait_text(borders.locator('[data-out="words"]'), "Hall")
    wait_text(borders.locator('[data-out="route"]'), "Cheapest route")
    axe(page, f"borders with a route and a move ({scheme})", include='.calc[data-calc="borders"]')
    # the map editor in use: a new zone, a border with two ways, one of them switched off
    borders.locator('input[name="new-zone"]').fill("Cellar")
    borders.locator('[data-act="add-zone"]').click()
    wait_text(borders.locator('[data-out="words"]'), "Cellar")
    borders.locator('[data-act="add-way"]').click()
    borders.locator('input[name="way-1-name"]').wait_for()
    axe(page, f"borders' map editor open ({scheme})", include='.calc[data-calc="borders"]')
    borders.locator('input[name="way-0-pass"]').fill("-2")
    borders.locator('[data-act="add-border"]').click()
    borders.locator(".calc__error:not([hidden])").first.wait_for()
    borders.locator('input[name="skill"]').fill("three")
    borders.locator('[data-field="skill"] > .calc__error').wait_for()
    axe(page, f"borders with errors beside fields ({scheme})", include='.calc[data-calc="borders"]')
    borders.locator('input[name="skill"]').fill("3")
    # a listed border's pass value edited in place, refused beside it
    borders.locator('input[name="border-0-way-0-pass"]').fill("x")
    borders.locator('input[name="border-0-way-0-pass"]').press("Enter")
    borders.locator('[data-field="border-0-way-0-pass"] > .calc__error').wait_for()
    axe(page, f"borders with a bad pass value in the border list ({scheme})", include='.calc[data-calc="borders"]')


def _tracker(page):
    from tests.browser.morale_page import Tracker

    return Tracker(page)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_morale_setup_mid_conflict_and_end_states(a11y_page, server, scheme):
    page = a11y_page
    view(page, scheme)
    goto(page, server.url + TABLE)
    t = _tracker(page)
    sel = '.calc[data-calc="morale"]'
    t.start("2023", [{"name": "Wolves", "members": ["Ada", "Bo"]}, {"name": "", "members": ["Cy"]}])
    t.w.locator('button[type="submit"]').click()
    t.error("teams[1].name").wait_for()
    axe(page, f"the morale setup with an error ({scheme})", include=sel)
    t.fill("teams[1].name", "Crows")
    t.w.locator('button[type="submit"]').click()
    t.w.locator(".morale__team").first.wait_for()
    t.act("success", "Bo")
    t.act("attack", "Ada", defender="Cy", effort=5, defender_effort=2)
    t.button("end_turn", "Wolves").click()
    t.wait_log(3)
    t.button("attack", "Cy").click()
    t.w.locator(".morale__panel").wait_for()
    axe(page, f"the morale tracker mid-conflict, an event form open ({scheme})", include=sel)
    t.w.locator('.morale__panel [name="effort"]').fill("x")
    t.w.locator('.morale__panel button[type="submit"]').click()
    t.w.locator('.morale__panel .calc__error:not([hidden])').first.wait_for()
    axe(page, f"the morale tracker with an error in the event form ({scheme})", include=sel)
    page.keyboard.press("Escape")
    t.act("leave", "Cy")
    t.w.locator('[data-out="outcome"]').wait_for()
    axe(page, f"the morale tracker at the end of the conflict ({scheme})", include=sel)
    t.w.locator('[data-act="new"]').click()


@pytest.mark.parametrize("state", ["loading", "failed"])
def test_the_engine_loading_and_failed(browser, server, state):
    context = browser.new_context(service_workers="block", bypass_csp=True)
    if state == "failed":
        context.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="gone"))
    else:  # the engine's biggest file never arrives: it stays "starting"
        context.route("**/pyodide.asm.wasm", lambda route: None)
    page = context.new_page()
    page.goto(server.url + TABLE)
    page.wait_for_function(f"() => window.calcEngine && window.calcEngine.status === '{'failed' if state == 'failed' else 'starting'}'",
                           timeout=90_000)
    page.locator(".calc__status").first.wait_for()
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        axe(page, f"the calculators while the engine is {state} ({scheme})")
    context.close()


# ---------------------------------------------------------------- spoken answers and errors


def announcements(page, name):
    """Start counting what the calculator's live region says; returns a function giving the list."""
    page.evaluate("""(name) => {
        const region = document.querySelector(`.calc[data-calc="${name}"] [data-out="announce"]`);
        window.__said = [];
        new MutationObserver(() => window.__said.push(region.textContent)).observe(region, {childList: true, characterData: true, subtree: true});
    }""", name)
    return lambda: page.evaluate("window.__said.filter(Boolean)")


@pytest.mark.parametrize("name, field, typed, answer", [
    ("boons", "rating", "11", "5 free dice"),
    ("borders", "skill", "14", "reach"),
    ("stress", "stress", "3", "box"),
])
def test_each_answer_is_said_once_per_change_not_per_keystroke(a11y_page, server, name, field, typed, answer):
    page = a11y_page
    view(page)
    goto(page, server.url + TABLE)
    w = widget(page, name)
    region = w.locator('[data-out="announce"]')
    assert region.get_attribute("aria-live") == "polite" and region.get_attribute("role") == "status"
    for out in w.locator(".calc__result").all():  # the visible answers do not chatter on their own
        assert out.get_attribute("aria-live") == "off"
    said = announcements(page, name)
    box = w.locator(f'input[name="{field}"]:visible').first
    box.select_text()  # the keystrokes replace what is there: no emptied field in between to be said
    box.press_sequentially(typed, delay=60)
    # The answer is said, and nothing more is to come: no answer of the rules still on its way, no
    # announcement waiting for the player to pause (data-settling, while the region's timer runs).
    page.wait_for_function("([answer, region]) => window.__said.some((t) => t.includes(answer))"
                           " && !document.querySelector(region).hasAttribute('data-settling') && !calcEngine.inFlight",
                           arg=[answer, f'.calc[data-calc="{name}"] [data-out="announce"]'], timeout=10_000)
    assert len(said()) == 1, said()
    assert answer in said()[0]


def test_an_error_is_tied_to_its_field_and_said(a11y_page, server):
    page = a11y_page
    view(page)
    goto(page, server.url + TABLE)
    boons = widget(page, "boons")
    said = announcements(page, "boons")
    rating = boons.locator('[name="rating"]')
    rating.fill("0")
    message = boons.locator('[data-field="rating"] > .calc__error')
    message.wait_for()
    assert rating.get_attribute("aria-invalid") == "true"
    assert message.get_attribute("id") in rating.get_attribute("aria-describedby").split()
    page.wait_for_function("() => window.__said.filter(Boolean).length >= 1")
    assert message.inner_text() in said()[-1]
    rating.fill("7")
    message.wait_for(state="hidden")
    assert rating.get_attribute("aria-invalid") is None


def test_a_failed_submit_moves_focus_to_the_first_invalid_field(a11y_page, server):
    page = a11y_page
    view(page)
    goto(page, server.url + TABLE)
    t = _tracker(page)
    t.start("2023", [{"name": "", "members": ["Ada"]}, {"name": "Crows", "members": [""]}])
    t.w.locator('button[type="submit"]').click()
    t.error("teams[0].name").wait_for()
    first = t.w.locator('[aria-invalid="true"]').first
    assert first.get_attribute("name") == "teams[0].name"
    expect(first).to_be_focused()  # by the submit's answer (a check of the last field typed may say the error first)
    message = t.error("teams[0].name")
    assert message.get_attribute("id") in first.get_attribute("aria-describedby").split()


# ---------------------------------------------------------------- the map described


def test_the_map_svg_names_zones_borders_and_the_route(a11y_page, server):
    page = a11y_page
    view(page)
    goto(page, server.url + "edgerunner/conflicts/")
    borders = widget(page, "borders")
    borders.locator('select[name="example"]').select_option("warehouse")
    borders.locator('[data-act="load-example"]').click()
    borders.locator('select[name="start"]').select_option("West end")
    borders.locator('select[name="destination"]').select_option("East end")
    svg = borders.locator('[data-out="diagram"] svg')
    desc = borders.locator(f'#{svg.get_attribute("aria-describedby")}')
    # the page's first map reads the same: wait for the whole text on the drawing the example's load leaves
    expect(desc).to_have_text("Zones: West end, Middle, East end. Borders: West end – Middle: 3; "
                              "Middle – East end: 3. Highlighted route: West end → Middle → East end, cost 6.")
    assert desc.evaluate("el => el.tagName") == "desc"
    assert borders.locator(f'#{svg.get_attribute("aria-labelledby")}').text_content() == "Map: Warehouse"
    # the drawing the build writes (shown without JavaScript) says the same, without a route
    static = page.evaluate("""async () => {
        const html = await (await fetch(location.href)).text();
        const doc = new DOMParser().parseFromString(html, 'text/html');
        const svg = doc.querySelector('.calc[data-calc="borders"] .calc__static svg');
        return [svg.getAttribute('role'), doc.getElementById(svg.getAttribute('aria-describedby')).textContent];
    }""")
    assert static == ["img", "Zones: West end, Middle, East end. Borders: West end – Middle: 3; Middle – East end: 3."]


# ---------------------------------------------------------------- reflow and motion


CALCULATOR_PAGES = ["table/", "edgerunner/conflicts/", "edgerunner/stress/", "gauntlet-forge/conflicts/",
                    "gauntlet-forge/boons-and-banes/", "gauntlet-forge/stress-and-wounds/"]


@pytest.mark.parametrize("path", CALCULATOR_PAGES)
def test_at_320_px_no_calculator_scrolls_sideways_or_is_cut_off(a11y_page, server, path):
    """320 CSS px wide is what 200 % zoom gives on a 640 px window (WCAG 1.4.10, reflow).

    The map is the one exception, as WCAG 1.4.10 allows for maps and diagrams
    (two-dimensional by meaning): drawn at a size whose labels stay readable,
    it pans inside its own keyboard-focusable figure (`.bmap-figure`) — and that
    figure itself must fit the column."""
    page = a11y_page
    page.set_viewport_size({"width": 320, "height": 640})
    page.emulate_media(color_scheme="light")
    goto(page, server.url + path)
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    wide = page.evaluate("""() => {
        const out = [];
        for (const calc of document.querySelectorAll('.calc')) {
            if (calc.scrollWidth > calc.clientWidth) out.push(`${calc.id}: ${calc.scrollWidth} > ${calc.clientWidth}`);
            const edge = calc.getBoundingClientRect().right;
            for (const el of calc.querySelectorAll('*')) {
                const box = el.getBoundingClientRect();
                const inMap = el.parentElement && el.parentElement.closest('.bmap-figure');
                if (inMap) continue; // panned inside the map's figure (checked as a whole below)
                if (box.width && box.right > edge + 0.5 && !el.closest('.calc__sr, thead'))
                    out.push(`${calc.id} ${el.tagName.toLowerCase()}.${el.className}: right edge ${Math.round(box.right)} > ${Math.round(edge)}`);
                if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible'
                    && !el.closest('.calc__sr') && el.clientWidth > 1
                    && !(el.matches('.bmap-figure') && el.tabIndex === 0))
                    out.push(`${calc.id} ${el.tagName.toLowerCase()}.${el.className} scrolls: ${el.scrollWidth} > ${el.clientWidth}`);
            }
        }
        return out;
    }""")
    assert wide == [], "\n".join(wide)


def test_reduced_motion_is_honoured(a11y_page, server):
    page = a11y_page
    view(page)
    goto(page, server.url + TABLE)
    longest = """() => Math.max(...[...document.querySelectorAll('.md-header, .md-search__inner, .md-nav__link, .md-top, .calc button')]
        .flatMap(el => getComputedStyle(el).transitionDuration.split(',').map(parseFloat)))"""
    assert page.evaluate(longest) >= 0.1  # the theme does move
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(longest) <= 0.001
    assert page.evaluate("getComputedStyle(document.documentElement).scrollBehavior") == "auto"
    page.emulate_media(reduced_motion="no-preference")
