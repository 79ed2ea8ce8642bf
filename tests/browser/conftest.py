"""Browser tests: the built site, served on 127.0.0.1, driven in Debian's Chromium.

Fixtures:
* ``site`` — ``mkdocs build --strict`` once per session into a temp folder;
* ``server`` — a static server on 127.0.0.1 (a free port) for that folder;
* ``browser`` — Chromium from ``/usr/bin/chromium`` (or ``$CHROMIUM``) via Playwright;
* ``context`` / ``page`` — a fresh profile per test, whose every request is
  recorded; a request to any host but 127.0.0.1 fails the test.
"""
from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
]
TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".webmanifest": "application/manifest+json", ".whl": "application/zip",
         ".zip": "application/zip", ".svg": "image/svg+xml", ".css": "text/css", ".html": "text/html"}


def build_site(dest: Path, site_url: str) -> subprocess.CompletedProcess:
    """``mkdocs build --strict`` into ``dest`` for a site served at ``site_url``
    (Material's instant navigation only works under the configured site_url)."""
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(dest)],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "SITE_URL": site_url},
    )


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def log_message(self, *args):  # keep the test output readable
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")  # revalidate, so a rebuild is seen
        super().end_headers()


class Server:
    """A static server for a folder, on 127.0.0.1; ``serve(folder)`` can switch folders."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), self._handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_port}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def _handler(self, *args, **kwargs):
        return _Handler(*args, directory=str(self.folder), **kwargs)

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


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


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is missing at {CHROMIUM}: run `make test` (installs Debian's chromium as root) "
                    "or set CHROMIUM to a Chromium binary.")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


class Requests:
    """Every request a context makes; foreign ones are refused and remembered."""

    def __init__(self):
        self.urls: list[str] = []
        self.foreign: list[str] = []

    def route(self, route):
        url = route.request.url
        self.urls.append(url)
        host = urlsplit(url).hostname
        if url.startswith(("data:", "blob:")) or host == "127.0.0.1":
            route.continue_()
        else:
            self.foreign.append(url)
            route.abort()

    def matching(self, part: str) -> list[str]:
        return [u for u in self.urls if part in u]


@pytest.fixture
def requests_seen():
    return Requests()


@pytest.fixture
def context(browser, requests_seen, server):
    ctx = browser.new_context(service_workers="block")
    ctx.route("**/*", requests_seen.route)
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
    ctx.route("**/*", seen.route)
    yield ctx
    ctx.close()
    assert seen.foreign == [], f"requests left 127.0.0.1: {seen.foreign}"
