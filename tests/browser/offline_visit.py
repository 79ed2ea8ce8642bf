"""A first visit that leaves the offline copy, and the network cut after it: the drivers of the offline
tests (``test_offline.py``) and of the legs that check the same offline (the table view, Zensical).
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import urlsplit

from tests.browser.support import Server, build_site


def serve_build(tmp_path: Path, sub: str = "") -> tuple[Server, Path]:
    """Build the site for a server on a free port (under ``sub/`` if given) and serve it."""
    top = tmp_path / "www"
    top.mkdir()
    server = Server(top)
    site = top / sub if sub else top
    result = build_site(site, server.url + (sub + "/" if sub else ""))
    assert result.returncode == 0, result.stderr
    return server, site


def first_visit(browser, url: str, seen: list):
    """A new profile (service workers allowed, every request noted) visits ``url``
    and waits until the service worker controls the page with the site precached."""
    ctx = browser.new_context(service_workers="allow")
    ctx.on("request", lambda r: seen.append(r.url))
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    page.goto(url)
    wait_offline_ready(page)
    return ctx, page


def wait_offline_ready(page):
    page.wait_for_function("() => window.calcOffline && ['ready', 'failed'].includes(window.calcOffline.status)",
                           timeout=120_000)
    assert page.evaluate("window.calcOffline.status") == "ready", page.evaluate("window.calcOffline.error")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)


def pages_of(site: Path, base: str) -> list[str]:
    """Every page in the sitemap, as URLs on this server."""
    locs = [e.text for e in ET.parse(site / "sitemap.xml").getroot().iter() if e.tag.endswith("loc")]
    return [base + urlsplit(loc).path.lstrip("/").removeprefix(urlsplit(base).path.lstrip("/")) for loc in locs]


def cut_network(context, server):
    context.set_offline(True)
    server.close()
