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

Nothing is skipped: a missing ``WebKitWebDriver``, ``MiniBrowser`` or ``Xvfb``
fails the leg, saying how to install them.
"""
from __future__ import annotations

import contextlib

import pytest

from devtools.drivers import as_page
from devtools.webkit import Missing, open_webkit, start_display
from tests.browser.support import Server


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
            driver = open_webkit(display)
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
    return {"page": as_page(webkit())}


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
