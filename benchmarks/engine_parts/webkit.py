"""The engine benchmark in WebKitGTK: navigation → engine ready, first visit and reload.

MiniBrowser driven by WebKitWebDriver on an Xvfb display, as in the WebKit
test leg (``devtools/webkit.py``, ``devtools/drivers.py``).
"""
from __future__ import annotations

from .common import median_spread


def measure_webkit(url: str, runs: int) -> dict:
    """Engine ready in WebKitGTK, first visit (fresh profile) and reload, ``runs`` times."""
    from devtools.drivers import as_page, wait_engine
    from devtools.webkit import open_webkit, start_display

    xvfb, display = start_display()
    times = {"first_visit": [], "reload": [], "engine_first_visit": [], "engine_reload": []}
    version = None
    try:
        for _ in range(runs):
            driver = open_webkit(display)
            version = driver.capabilities.get("browserVersion")
            page = as_page(driver)
            try:
                for visit in ("first_visit", "reload"):
                    if visit == "first_visit":
                        page.goto(url)
                    else:
                        page.reload()
                    source = wait_engine(page, timeout=180)
                    assert source == ("fresh" if visit == "first_visit" else "snapshot"), (visit, source)
                    ready_at, started_at = page.js("() => [calcEngine.stats.readyAt, calcEngine.stats.startedAt]")
                    times[visit].append(ready_at)  # milliseconds since the navigation started
                    times[f"engine_{visit}"].append(ready_at - started_at)
                    if visit == "first_visit":
                        page.wait("() => window.calcEngine.stats.snapshot", timeout=60)
            finally:
                driver.quit()
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)
    return {"browser": f"WebKitGTK {version} (MiniBrowser)",
            "navigation_to_ready_ms": {"first_visit": median_spread(times["first_visit"]),
                                       "reload": median_spread(times["reload"])},
            "engine_ready_ms": {"first_visit": median_spread(times["engine_first_visit"]),
                                "reload": median_spread(times["engine_reload"])}}


def print_webkit(webkit: dict, row) -> None:
    print(f"  WebKit: {webkit['browser']}")
    for visit, label in (("first_visit", "first visit"), ("reload", "reload")):
        print(row(f"WebKit: navigation → engine ready, {label}", webkit["navigation_to_ready_ms"][visit]))
        print(row(f"WebKit: engine start → ready, {label}", webkit["engine_ready_ms"][visit]))
