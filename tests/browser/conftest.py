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
  ``first_visit`` gets a first visit's profile, with nothing kept;
* ``phones`` / ``phone`` — phones made on demand (``phones(**options)``: a page in a new
  phone's profile, ``support.phone_context``), or one; ``shared_phone`` — one phone's page
  for a whole module (the module's ``PHONE_OPTIONS`` and ``PHONE_SCRIPTS`` make it);
* ``page_errors`` — for every browser test: an uncaught error on any page of the tests'
  Chromium while the test runs fails it (``support.watch_page_errors``).

Requests are watched, not routed: Playwright turns the HTTP cache off in a context
that routes, and every page visit would then fetch and compile the engine's files
again (a reload takes a third longer, and the suite visits pages some thousand
times). No host but 127.0.0.1 resolves in the tests' Chromium (``BLOCK_FOREIGN``,
one of the flags of ``devtools/server.py``'s ``TEST_ARGS``), so a foreign request
fails as it would offline; the failed requests are the ones watched (``Requests``).
A test that counts requests asks for ``requests_seen``.

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

from tests.browser.support import (
    CHROMIUM,
    TEST_ARGS,
    ReturningPlayer,
    Server,
    build_site,
    phone_context,
    site_at,
    store_snapshot,
)


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
    """The requests of the contexts it watches (``watch``): the foreign ones always, and with ``every``
    each request's URL in order (``urls``, ``matching``).

    A foreign request can only fail (``BLOCK_FOREIGN``: no host but 127.0.0.1 resolves), so watching
    the failed ones finds every foreign request. Every request is handed to Python only when asked
    for: test_morale.py with test_board.py took 106–108 CPU-seconds watching every request and 93–96
    watching the failed ones (two runs each)."""

    def __init__(self, every: bool = False):
        self.every = every
        self.urls: list[str] = []
        self.foreign: list[str] = []

    def watch(self, context):
        context.on("requestfailed", self.failed)
        if self.every:
            context.on("request", self.seen)

    def seen(self, request):
        self.urls.append(request.url)

    def failed(self, request):
        url = request.url
        if not (url.startswith(("data:", "blob:")) or urlsplit(url).hostname == "127.0.0.1"):
            self.foreign.append(url)

    def matching(self, part: str) -> list[str]:
        return [u for u in self.urls if part in u]


@pytest.fixture
def requests_seen():
    """Every request of the test's profile (``context``), in order: for a test that counts them."""
    return Requests(every=True)


@pytest.fixture
def context(browser, server, request):
    seen = request.getfixturevalue("requests_seen") if "requests_seen" in request.fixturenames else Requests()
    ctx = browser.new_context(service_workers="block", first_visit=bool(request.node.get_closest_marker("first_visit")))
    seen.watch(ctx)
    yield ctx
    ctx.close()
    assert seen.foreign == [], f"requests left 127.0.0.1: {seen.foreign}"


@pytest.fixture
def page(context):
    pg = context.new_page()
    pg.set_default_timeout(60_000)
    return pg


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
    """The page a test module shares (its engine keeps running between tests)."""
    page = shared_context.new_page()
    page.set_default_timeout(30_000)
    return page


class Phones:
    """Phones made on demand: ``phones(**options)`` is a page of a new phone's profile
    (``support.phone_context``, Playwright's context ``options`` on top, ``scripts`` run before each
    page's own), its requests watched; every profile is closed at the end."""

    def __init__(self, browser, timeout_ms: int):
        self.browser, self.timeout_ms = browser, timeout_ms
        self.made: list = []
        self.seen = Requests()

    def __call__(self, *, scripts: tuple[str, ...] = (), **options):
        ctx = phone_context(self.browser, **options)
        self.seen.watch(ctx)
        for script in scripts:
            ctx.add_init_script(script)
        self.made.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(self.timeout_ms)
        return page

    def close(self):
        for ctx in self.made:
            ctx.close()
        assert self.seen.foreign == [], f"requests left 127.0.0.1: {self.seen.foreign}"


@pytest.fixture
def phones(browser):
    made = Phones(browser, 60_000)
    yield made
    made.close()


@pytest.fixture
def phone(phones):
    """A page of a new phone's profile."""
    return phones()


@pytest.fixture(scope="module")
def shared_phone(browser, request):
    """One phone's page for a whole test module, made with the module's ``PHONE_OPTIONS`` (context
    options: ``{"bypass_csp": True}`` for axe-core, say) and ``PHONE_SCRIPTS`` (init scripts)."""
    made = Phones(browser, 30_000)
    yield made(scripts=getattr(request.module, "PHONE_SCRIPTS", ()), **getattr(request.module, "PHONE_OPTIONS", {}))
    made.close()


class PageErrors:
    """The uncaught errors of the tests' pages not yet checked (``take`` returns them and clears them)."""

    def __init__(self, seen: list[str]):
        self.seen = seen
        self.expected: list[str] = []

    def take(self) -> list[str]:
        errors = self.seen[:]
        self.seen.clear()
        return errors

    def expect(self, words: str) -> None:
        """An error whose text holds ``words`` is one this test provokes on purpose: it does not fail it."""
        self.expected.append(words)

    def unexpected(self) -> list[str]:
        return [e for e in self.take() if not any(words in e for words in self.expected)]


@pytest.fixture(autouse=True)
def page_errors(request):
    """An uncaught error on any page of the tests' Chromium fails the browser test it happened in (a
    module's shared page set up for it included): a thrown exception or a rejected promise nobody handled
    is a fault a player's console would show, whatever the test checks. A test that provokes one on
    purpose says which (``page_errors.expect(words)``) or takes them to check (``page_errors.take()``)."""
    if "browser" not in request.fixturenames:  # the WebKit leg, or a test that starts its own browser
        yield PageErrors([])
        return
    errors = PageErrors(request.getfixturevalue("browser").page_errors)
    yield errors
    left = errors.unexpected()
    assert left == [], f"uncaught errors on the pages: {left}"


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

