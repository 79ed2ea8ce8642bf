"""Browser tests: the built site, served on 127.0.0.1, driven in Debian's Chromium.

Fixtures:
* ``site`` — ``mkdocs build --strict`` once per session into a temp folder;
* ``server`` — a static server on 127.0.0.1 (a free port) for that folder;
* ``elsewhere`` — the same site on a server of its own (a new origin), for one test;
* ``browser`` — Chromium from ``/usr/bin/chromium`` (or ``$CHROMIUM``) via Playwright,
  whose new profiles are returning players' (``ReturningPlayer``, below), and whose
  profiles open their second and later pages each in a window of its own, where it
  draws at the display's rate (``support.in_own_window``);
* ``context`` / ``page`` — a fresh profile per test, whose every request is
  recorded; a request to any host but 127.0.0.1 fails the test. A test marked
  ``first_visit`` gets a first visit's profile, with nothing kept.

Requests are watched (``context.on("request")``), not routed: Playwright turns the
HTTP cache off in a context that routes, and every page visit would then fetch and
compile the engine's files again (a reload takes a third longer, and the suite
visits pages some thousand times). No host but 127.0.0.1 resolves in the tests'
Chromium (``BLOCK_FOREIGN``, one of the flags in ``support.py``'s ``TEST_ARGS``), so a
foreign request fails as it would offline.

The tests' Chromium compiles WebAssembly with V8's baseline compiler only
(``LIFTOFF_ONLY``): the engine's wasm is never recompiled by the optimizing
compiler in the background. It computes the same answers, a little slower, and a
visit to a calculator page in a new profile costs about 4.7 instead of 6.9
CPU-seconds (2.1-2.5 s instead of 2.9-3.6 s to ready on this 2-core machine; eight
visits measured, see benchmarks/README.md). The benchmarks run Chromium as shipped.

Most profiles skip Python's fresh start: one warmed profile's engine snapshot is
stored once per run (``store_snapshot``) and every new profile gets a copy in its
Cache Storage before its first page (``seed``), as a player's earlier visit leaves it. Its
calculator pages restore Python (ready in 1.4-2.0 s instead of 2.1-2.8 s, for 0.3 s
of seeding) and save no snapshot of their own. The first visit itself is what
``test_engine.py`` (marked ``first_visit``), the offline copy's tests (service
worker allowed) and the WebKit leg check.
"""
from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import sync_playwright

from tests.browser.support import CHROMIUM, TEST_ARGS, ReturningPlayer, Server, build_site, site_at, store_snapshot


@pytest.fixture(scope="session")
def _listening(tmp_path_factory):
    """The server starts first, so the site can be built for its address."""
    srv = Server(tmp_path_factory.mktemp("empty"))
    yield srv
    srv.close()


@pytest.fixture(scope="session")
def site(_listening, tmp_path_factory) -> Path:
    dest = tmp_path_factory.mktemp("site")
    result = build_site(dest, _listening.url)
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{result.stdout}\n{result.stderr}"
    _listening.folder = dest
    return dest


@pytest.fixture(scope="session")
def server(_listening, site) -> Server:
    """The built site, served on 127.0.0.1."""
    return _listening


@pytest.fixture
def elsewhere(site, server, tmp_path) -> tuple[Server, Path]:
    """The site on an address of its own: a new origin, with no service worker, cache or storage another
    test left there (the offline copy's tests). Served from a copy of the session's build, as the build
    writes it for that address (``support.site_at``); returns the server and the folder."""
    top = tmp_path / "elsewhere"
    srv = Server(top)
    site_at(site, server.url, top, srv.url)
    yield srv, top
    srv.close()


@pytest.fixture(scope="session")
def browser_type():
    """Playwright's Chromium, for a test that needs its own browser (a profile on disk)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is missing at {CHROMIUM}: run `make test` (installs Debian's chromium as root) "
                    "or set CHROMIUM to a Chromium binary.")
    with sync_playwright() as p:
        yield p.chromium


@pytest.fixture(scope="session")
def browser(browser_type, server):
    b = browser_type.launch(executable_path=CHROMIUM, args=TEST_ARGS)
    store_snapshot(b, server)
    yield ReturningPlayer(b, server)
    b.close()


class Requests:
    """Every request a context makes (``watch``); foreign ones are remembered (and fail: ``BLOCK_FOREIGN``)."""

    def __init__(self):
        self.urls: list[str] = []
        self.foreign: list[str] = []

    def watch(self, context):
        context.on("request", self.seen)

    def seen(self, request):
        url = request.url
        self.urls.append(url)
        if not (url.startswith(("data:", "blob:")) or urlsplit(url).hostname == "127.0.0.1"):
            self.foreign.append(url)

    def matching(self, part: str) -> list[str]:
        return [u for u in self.urls if part in u]


@pytest.fixture
def requests_seen():
    return Requests()


@pytest.fixture
def context(browser, requests_seen, server, request):
    ctx = browser.new_context(service_workers="block", first_visit=bool(request.node.get_closest_marker("first_visit")))
    requests_seen.watch(ctx)
    yield ctx
    ctx.close()
    assert requests_seen.foreign == [], f"requests left 127.0.0.1: {requests_seen.foreign}"


@pytest.fixture
def page(context):
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_default_timeout(60_000)
    yield pg
    assert errors == [], f"JavaScript errors on the page: {errors}"


@pytest.fixture(scope="module")
def shared_context(browser, server):
    """One browser profile for a whole test module, so its tests can share a page
    whose engine is already running (a cold Pyodide start costs seconds)."""
    seen = Requests()
    ctx = browser.new_context(service_workers="block")
    seen.watch(ctx)
    yield ctx
    ctx.close()
    assert seen.foreign == [], f"requests left 127.0.0.1: {seen.foreign}"


@pytest.fixture(scope="module")
def shared_page(shared_context):
    """The page a test module shares (its engine keeps running between tests);
    a JavaScript error on it fails the module."""
    page = shared_context.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    assert errors == [], f"JavaScript errors on the page: {errors}"



# What a failed test's page was drawing. A click waits until its element is "stable" (the same box
# two frames running); a page that draws no frame, or never stops scrolling, holds it until the
# timeout, as one borders test's shared page did under a half-core quota (held run 16, 2026-11-28).
LOOK = """() => {
  window.__look = null;
  const y = scrollY;
  const frame = new Promise((r) => requestAnimationFrame(() => r(true)));
  Promise.all([Promise.race([frame, new Promise((r) => setTimeout(() => r(false), 1000))]),
               new Promise((r) => setTimeout(r, 300))]).then(([drew]) => (window.__look = {
    address: location.href, loaded: document.readyState, engine: window.calcEngine?.status ?? null,
    visibility: document.visibilityState, focused: document.hasFocus(), "a frame within 1 s": drew,
    "scrolling": scrollY !== y, "the focus": document.activeElement?.outerHTML.slice(0, 160) ?? null }));
}"""


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.failed and call.when in ("setup", "call"):
        for name, page in _open_pages(getattr(item, "funcargs", {})):
            try:
                page.evaluate(LOOK)
                look = page.wait_for_function("() => window.__look", timeout=3000).json_value()
            except Exception as error:  # the page itself is gone or stuck: that is the finding
                look = f"no answer: {error.__class__.__name__}: {str(error).splitlines()[0]}"
            report.sections.append((f"the {name} when it failed", str(look)))
        server = getattr(item, "funcargs", {}).get("server")
        if server is not None:  # what the pages asked for last (a navigation that never loaded: what it waited on)
            report.sections.append(("the server's last requests", str(server.requests[-12:])))
    return report


def _open_pages(funcargs: dict) -> list:
    """The test's pages: its page or shared page, and the pages of every profile of the session's
    browser it used (a fixture's new phones, say), at most four, blank ones left out."""
    pages = [(name, funcargs[name]) for name in ("page", "shared_page") if funcargs.get(name) is not None]
    browser = funcargs.get("browser")
    if browser is not None:
        for i, page in enumerate(p for ctx in browser.contexts for p in ctx.pages):
            if all(page is not q for _, q in pages) and page.url != "about:blank":
                pages.append((f"page {i + 1} of the browser", page))
    return [(name, page) for name, page in pages if not page.is_closed()][:4]


@pytest.fixture
def phones(browser):
    """New phones (contexts of their own, 360 x 740, no service worker) on demand: ``phones()`` gives a
    page whose uncaught errors collect in ``page.errors``; every context is closed after the test."""
    made = []

    def new():
        ctx = browser.new_context(service_workers="block", viewport={"width": 360, "height": 740})
        made.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(30_000)
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        return page
    yield new
    for ctx in made:
        ctx.close()
