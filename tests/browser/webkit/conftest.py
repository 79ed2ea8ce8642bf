"""The WebKit leg: Debian's WebKitGTK (``WebKitWebDriver`` driving its
``MiniBrowser``) through selenium, on an Xvfb display this session starts.

Fixtures:
* ``display`` — an ``Xvfb`` server on a free display number, for the session;
* ``webkit`` — a function that opens a fresh browser (a new, empty profile) on it;
* ``wk_server`` — the site built for the Chromium tests, served again on its
  own port (its own origin: its own storage and service worker), for the module.

Nothing is skipped: a missing ``WebKitWebDriver``, ``MiniBrowser`` or ``Xvfb``
fails the leg, saying how to install them.
"""
from __future__ import annotations

import glob
import os
import shutil
import subprocess
import warnings

import pytest

from tests.browser.support import Server

WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
INSTALL = "run `make test` as root (it installs them) or `sudo apt-get install webkit2gtk-driver xvfb xauth`"


def minibrowser() -> str | None:
    if os.environ.get("WEBKIT_MINIBROWSER"):
        return os.environ["WEBKIT_MINIBROWSER"]
    found = sorted(glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser"))
    return found[-1] if found else None


@pytest.fixture(scope="session")
def display():
    xvfb = shutil.which("Xvfb")
    if not xvfb:
        pytest.fail(f"Xvfb is missing: {INSTALL}")
    read, write = os.pipe()
    proc = subprocess.Popen([xvfb, "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()  # Xvfb writes the display's number once it accepts clients
    if not number:
        proc.kill()
        pytest.fail("Xvfb did not start")
    yield f":{number}"
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture(scope="session")
def webkit(display):
    """``webkit()`` opens a WebKitGTK browser with a fresh profile; each is closed at the end."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    browser = minibrowser()
    if not os.path.exists(WEBKIT_DRIVER) or not browser or not os.path.exists(browser):
        pytest.fail(f"WebKitGTK's WebDriver or MiniBrowser is missing ({WEBKIT_DRIVER}, {browser}): {INSTALL}")
    opened = []

    def open_browser():
        options = Options()
        options.binary_location = browser
        options.add_argument("--automation")
        service = Service(executable_path=WEBKIT_DRIVER, env={**os.environ, "DISPLAY": display})
        with warnings.catch_warnings():  # selenium's own WebKitGTK class trips its own deprecation warning
            warnings.simplefilter("ignore", DeprecationWarning)
            driver = webdriver.WebKitGTK(options=options, service=service)
        driver.set_script_timeout(120)
        driver.set_page_load_timeout(60)
        opened.append(driver)
        return driver

    yield open_browser
    for driver in opened:
        driver.quit()


@pytest.fixture(scope="module")
def wk_server(site):
    srv = Server(site)
    yield srv
    srv.close()
