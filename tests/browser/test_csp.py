"""The site under a strict Content-Security-Policy, sent as a header (as a host
would) on top of the <meta> policy in every page: nothing is blocked, and every
calculator, the search, the palette, the tabs and the offline worker still work."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from urllib.parse import urlsplit

import pytest

from tests.browser.morale_page import WOLVES_CROWS, Tracker
from tests.browser.pages import follow_link, search
from tests.browser.support import wait_engine

STRICT = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; "
          "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'")

# Every violation the page reports, from before its first script runs.
RECORD = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__cspViolations.push(
  `${e.effectiveDirective} blocked ${e.blockedURI || "?"} in ${e.sourceFile}:${e.lineNumber} ${e.sample}`));
"""


def directives(policy: str) -> dict[str, list[str]]:
    out = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


def header_policy(site) -> str:
    """The header the build wrote for hosts, or the bare strict policy if it wrote none."""
    headers = site / "_headers"
    if headers.exists():
        match = re.search(r"^\s*Content-Security-Policy:\s*(.+)$", headers.read_text(), re.M)
        if match:
            return match.group(1).strip()
    return STRICT


@pytest.fixture(scope="module")
def policy(server, site):
    """The built site's own header form, sent with every response of the test server."""
    value = header_policy(site)
    server.headers = {"Content-Security-Policy": value}
    yield value
    server.headers = None


@pytest.fixture(scope="module")
def csp_context(browser, policy):
    ctx = browser.new_context(service_workers="allow")
    ctx.add_init_script(RECORD)
    yield ctx
    ctx.close()


@pytest.fixture
def csp_page(csp_context):
    page = csp_context.new_page()
    page.set_default_timeout(60_000)
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if "Content Security Policy" in m.text else None)
    page.console_csp = console
    yield page
    page.close()


def violations(page) -> list[str]:
    return page.evaluate("window.__cspViolations || []") + page.console_csp


def test_the_header_form_is_the_strict_policy_with_hashes_only(site, policy):
    given, strict = directives(policy), directives(STRICT)
    for name, sources in strict.items():
        extra = [s for s in given.get(name, []) if s not in sources]
        assert set(sources) <= set(given.get(name, [])), name
        assert all(re.fullmatch(r"'sha256-[A-Za-z0-9+/]{43}='", s) for s in extra), (name, extra)
    assert given.get("frame-ancestors") == ["'none'"]
    assert set(given) == set(strict) | {"frame-ancestors"}


def test_every_page_carries_the_policy_and_runs_with_no_violation(site, server, policy, csp_page):
    locs = [e.text for e in ET.parse(site / "sitemap.xml").getroot().iter() if e.tag.endswith("loc")]
    urls = [server.url + urlsplit(loc).path.lstrip("/") for loc in locs] + [server.url + "404.html"]
    meta = "; ".join(part.strip() for part in policy.split(";") if not part.strip().startswith("frame-ancestors"))
    for url in urls:
        csp_page.goto(url)
        csp_page.wait_for_load_state("load")
        assert violations(csp_page) == [], url
        assert csp_page.evaluate(
            "() => document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]')?.content") == meta, url


def test_every_calculator_search_palette_and_offline_work_under_the_policy(server, csp_page):
    page = csp_page
    page.goto(server.url + "table/")
    wait_engine(page)
    names = page.evaluate("() => [...document.querySelectorAll('.calc[data-calc]')].map(e => e.dataset.calc)")
    assert {"boons", "stress", "morale", "borders"} <= set(names)
    page.wait_for_function("() => [...document.querySelectorAll('.calc[data-calc]')]"
                           ".every(e => e.dataset.engine === 'ready')")

    boons = page.locator('.calc[data-calc="boons"]').first  # the boons calculator answers
    boons.locator('input[name="rating"]').fill("7")
    page.wait_for_function("el => el.innerText.includes('3 free dice')",
                           arg=boons.locator('[data-out="boon"]').element_handle())
    box = page.locator('.calc[data-calc="stress"] button[aria-pressed]').first  # a stress box takes a tap
    box.click()
    page.wait_for_function("el => el.getAttribute('aria-pressed') === 'true'", arg=box.element_handle())
    borders = page.locator('.calc[data-calc="borders"]').first  # the borders calculator routes
    borders.locator('select[name="example"]').select_option("warehouse")
    borders.locator('[data-act="load-example"]').click()
    page.wait_for_function("el => el.innerText.includes('6 shifts')",
                           arg=borders.locator('[data-out="route"]').element_handle())
    tracker = Tracker(page)  # the morale tracker runs a conflict
    tracker.begin("2023", WOLVES_CROWS)
    tracker.act("success", "Bo")
    assert tracker.morale() == {"Wolves": 1, "Crows": 0}

    # instant navigation
    follow_link(page, 'nav.md-nav a[href$="gauntlet-forge/boons-and-banes/"]', "/boons-and-banes/")
    page.locator('.calc[data-calc="boons"] [data-out="boon"] .calc__answer').wait_for()
    assert page.evaluate("window.calcEngine.stats.starts") == 1

    search(page, "threshold")  # the search (a worker of Material's)
    page.keyboard.press("Escape")
    page.locator("form[data-md-component='palette'] label:visible").first.click()  # dark mode
    page.goto(server.url + "offline/")
    page.locator(".tabbed-labels label").nth(1).click()  # content tabs
    page.wait_for_function("() => window.calcOffline && ['ready', 'failed'].includes(window.calcOffline.status)",
                           timeout=120_000)
    assert page.evaluate("window.calcOffline.status") == "ready", page.evaluate("window.calcOffline.error")
    assert violations(page) == []
