"""Starting WebKitGTK for the WebKit leg and the benchmark: an Xvfb display and
``WebKitWebDriver`` driving ``MiniBrowser`` through selenium."""
from __future__ import annotations

import glob
import os
import shutil
import subprocess
import warnings

WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
INSTALL = "run `make test` as root (it installs them) or `sudo apt-get install webkit2gtk-driver xvfb xauth`"


class Missing(RuntimeError):
    pass


def minibrowser() -> str | None:
    if os.environ.get("WEBKIT_MINIBROWSER"):
        return os.environ["WEBKIT_MINIBROWSER"]
    found = sorted(glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser"))
    return found[-1] if found else None


def start_display() -> tuple[subprocess.Popen, str]:
    """An Xvfb server on a free display number; returns (process, ":N")."""
    xvfb = shutil.which("Xvfb")
    if not xvfb:
        raise Missing(f"Xvfb is missing: {INSTALL}")
    read, write = os.pipe()
    proc = subprocess.Popen([xvfb, "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()  # Xvfb writes the display's number once it accepts clients
    if not number:
        proc.kill()
        raise Missing("Xvfb did not start")
    return proc, f":{number}"


def open_webkit(display: str, env: dict[str, str] | None = None):
    """A WebKitGTK browser with a fresh, empty profile, on ``display``; ``env`` is added to the
    environment of the driver and of the browser it starts (the tests' engine settings)."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    browser = minibrowser()
    if not os.path.exists(WEBKIT_DRIVER) or not browser or not os.path.exists(browser):
        raise Missing(f"WebKitGTK's WebDriver or MiniBrowser is missing ({WEBKIT_DRIVER}, {browser}): {INSTALL}")
    options = Options()
    options.binary_location = browser
    options.add_argument("--automation")
    service = Service(executable_path=WEBKIT_DRIVER, env={**os.environ, **(env or {}), "DISPLAY": display})
    with warnings.catch_warnings():  # selenium's own WebKitGTK class trips its own deprecation warning
        warnings.simplefilter("ignore", DeprecationWarning)
        driver = webdriver.WebKitGTK(options=options, service=service)
    driver.set_script_timeout(120)
    driver.set_page_load_timeout(60)
    return driver
