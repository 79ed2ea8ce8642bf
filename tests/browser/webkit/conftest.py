"""The WebKit leg: Debian's WebKitGTK (``WebKitWebDriver`` driving its
``MiniBrowser``) through selenium, on an Xvfb display this session starts.

Fixtures:
* ``display`` — an ``Xvfb`` server on a free display number, for the session;
* ``webkit`` — a function that opens a fresh browser (a new, empty profile) on it;
* ``wk`` — the module's browser as a page (``devtools.drivers``): one profile walks
  a module in order, like a player; a browser that stopped answering is replaced
  by a fresh one, so one crash fails one check, not every check after it;
* ``wk_server`` — the site built for the Chromium tests, served again on its
  own port (its own origin: its own storage and service worker), for the module.

The tests' WebKit runs with two settings of its own (``TEST_ENV``), as the tests'
Chromium compiles WebAssembly with its baseline compiler only (``LIFTOFF_ONLY``,
tests/browser/conftest.py): JavaScriptCore never recompiles the engine's wasm with
its optimizing tier (OMG), and the page is drawn without accelerated compositing,
which on Xvfb is OpenGL done in software. The pages compute and behave the same;
the leg's 14 tests took 58.9 s and 74 CPU-seconds instead of 120.6 s and 209
(benchmarks/README.md, "The test suite's time"). The benchmarks run WebKit as shipped.

Nothing is skipped: a missing ``WebKitWebDriver``, ``MiniBrowser`` or ``Xvfb``
fails the leg, saying how to install them.
"""
from __future__ import annotations

import contextlib
from pathlib import Path

import pytest

from devtools.drivers import as_page
from devtools.webkit import Missing, open_webkit, start_display
from tests.browser.support import Server

# JavaScriptCore's wasm stays on its baseline tier (BBQ); WebKitGTK draws without accelerated compositing.
TEST_ENV = {"JSC_useOMGJIT": "false", "WEBKIT_DISABLE_COMPOSITING_MODE": "1"}


@pytest.fixture(scope="session")
def display():
    try:
        proc, number = start_display()
    except Missing as error:
        pytest.fail(str(error))
    yield number
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture(scope="session")
def webkit(display):
    """``webkit()`` opens a WebKitGTK browser with a fresh profile; each is closed at the end."""
    opened = []

    def open_browser():
        try:
            driver = open_webkit(display, TEST_ENV)
        except Missing as error:
            pytest.fail(str(error))
        opened.append(driver)
        return driver

    yield open_browser
    for driver in opened:
        with contextlib.suppress(Exception):  # already gone (``wk`` replaced it)
            driver.quit()


@pytest.fixture(scope="module")
def _module_browser(webkit):
    """The module's browser, closed when the module ends: a finished module's MiniBrowser and its page's
    engine no longer run beside the next module's."""
    browser = {"page": as_page(webkit())}
    yield browser
    with contextlib.suppress(Exception):  # already gone (it crashed, and ``wk`` replaced it)
        browser["page"].driver.quit()


@pytest.fixture
def wk(_module_browser, webkit):
    page = _module_browser["page"]
    try:
        page.driver.execute_script("return 1")
    except Exception:  # the driver answers with an error, or no longer at all (it crashed)
        with contextlib.suppress(Exception):
            page.driver.quit()
        page = _module_browser["page"] = as_page(webkit())
    return page


@pytest.fixture(scope="module")
def wk_server(site):
    srv = Server(site)
    yield srv
    srv.close()


# What a failed WebKit check's page showed: the engine's state (a call past its deadline replaces the
# worker, and the calculator says so), and every message a calculator showed. Held run 20 (2026-11-28,
# half a core) waited 90 s for the morale tracker's standings after Start, with nothing else to go on.
LOOK = """() => ({
  engine: window.calcEngine && {status: calcEngine.status, error: calcEngine.error ?? null,
                                restarts: calcEngine.stats.restarts, stalls: calcEngine.stats.stalls},
  said: [...document.querySelectorAll('.calc .calc__error, .calc [role="alert"], .calc [data-out="announce"]')]
    .map((e) => e.textContent.trim()).filter(Boolean).map((t) => t.slice(0, 200)),
  focus: document.activeElement?.outerHTML.slice(0, 160) ?? null,
})"""


# The one failure that is WebKitGTK's and not the page's: MiniBrowser itself gone in the middle of a
# check. WebKitWebDriver says "session deleted because of page crash or hang" when it has lost its
# connection to the browser (seen once in CI, 2026-12-04: the first check of test_webkit_board.py, at
# the engine's start in a browser opened seconds before; never in thirty fresh-clone and held runs
# here), and answers a command in flight when the browser dies with an error of no words (MiniBrowser
# killed in the middle of a check, tried here). Such a check runs once more in a fresh browser
# (``wk`` replaces a browser that stopped answering); a page that crashes WebKit every time still
# fails, and the rerun is listed in the summary (pytest-rerunfailures).
BROWSER_GONE = [r"session deleted because of page crash or hang", r"^WebDriverException: Message: \s*$"]
LEG = Path(__file__).parent


def pytest_collection_modifyitems(items):
    for item in items:
        if LEG in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=BROWSER_GONE))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    page = getattr(item, "funcargs", {}).get("wk")
    if report.failed and call.when == "call" and page is not None:
        try:
            look = page.js(LOOK)
        except Exception as error:  # the browser itself is gone or stuck: that is the finding
            look = f"no answer: {error.__class__.__name__}: {str(error).splitlines()[0]}"
        report.sections.append(("the WebKit page when it failed", str(look)))
    return report
