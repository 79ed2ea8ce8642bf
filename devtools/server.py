"""What the browser tests and the benchmarks share: building the site, a
static server on 127.0.0.1, Chromium's flags (the benchmarks' ``CHROMIUM_ARGS``; the
tests' ``TEST_ARGS``, which ``benchmarks/new_profile.py`` measures), and waiting for the engine.

A development tool: nothing under ``calculators/`` or ``rules_core/`` imports
it, and the site builds without it (``tests/browser/support.py`` re-exports it
for the tests)."""
from __future__ import annotations

import http.server
import io
import os
import subprocess
import sys
import threading
from pathlib import Path

from devtools.drivers import CALCULATORS_UP

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
def _small_shm() -> bool:
    """True where /dev/shm is too small for Chromium's shared memory (a container's 64 MB default)."""
    if os.environ.get("SHM_TEST") == "disk":
        return True
    try:
        st = os.statvfs("/dev/shm")
    except OSError:
        return True
    return st.f_frsize * st.f_blocks < 1 << 30


CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    *(["--disable-dev-shm-usage"] if _small_shm() else []),
]
# The tests' Chromium: Debian's, as the benchmarks start it (CHROMIUM_ARGS), with three flags of the
# tests' own (tests/browser/conftest.py says why; benchmarks/new_profile.py measures the last).
# Every host name but 127.0.0.1 fails to resolve: nothing a page asks of another host can load.
BLOCK_FOREIGN = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"
# WebAssembly by the baseline compiler only: no optimizing recompile of the engine on every visit.
LIFTOFF_ONLY = "--js-flags=--liftoff-only"
# Each new profile is a window of its own, and Chromium 156 opens two hidden WebUI pages of the address
# bar's suggestions (chrome://omnibox-popup.top-chrome/, with and without its AI mode) in a renderer of
# their own for every window: about 0.6 of the 0.9 CPU-seconds a new profile costs (benchmarks/new_profile.py).
# No test types into an address bar. Chromium reads only the last --disable-features, and Playwright
# passes its own first (playwright-core's chromiumSwitches.ts): the list repeats it
# (test_browser_setup.py checks it still holds Playwright's whole list).
PLAYWRIGHT_DISABLED = ("AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,"
                       "HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,ThirdPartyStoragePartitioning,"
                       "AvoidCorsURLLoaderRestartOnRedirect,TcpPortRandomizationWin,OptimizationHints,"
                       "NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch,msForceBrowserSignIn,"
                       "msEdgeUpdateLaunchServicesPreferredVersion")
NO_OMNIBOX_POPUP = f"--disable-features={PLAYWRIGHT_DISABLED},WebUIOmniboxPopup,WebUIOmniboxAimPopup"
TEST_ARGS = [*CHROMIUM_ARGS, BLOCK_FOREIGN, LIFTOFF_ONLY, NO_OMNIBOX_POPUP]
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
    cache_control = "no-cache"  # revalidate, so a rebuild is seen
    headers_for = staticmethod(lambda path: {})  # extra headers for a request path
    statuses: dict = {}  # request path → an error status to answer instead of the file
    extra: dict = {}  # request path → (headers, body) served beside the folder's files
    faults: dict = {}
    seen: list
    folder = staticmethod(lambda: None)  # the folder the server serves now (Server.folder)

    def parse_request(self):
        """Each request is answered from the folder served when it comes, not when its connection
        opened: Chromium opens sockets ahead of its requests, and one opened before a switch of
        folders (a new version deployed) was answered from the old one."""
        self.directory = str(self.folder())
        return super().parse_request()

    def log_message(self, *args):  # keep the test output readable
        pass

    def log_request(self, code="-", size="-"):  # what crossed the network, for the tests that count it
        self.seen.append((self.path, int(code) if str(code).isdigit() else code))

    def end_headers(self):
        self.send_header("Cache-Control", self.cache_control)
        for name, value in self.headers_for(self.path).items():
            self.send_header(name, value)
        super().end_headers()

    def send_head(self):
        """An error status (``Server.statuses``) or a fault (``Server.faults``) set for this path replaces the file;
        a path of ``Server.extra`` is answered from memory."""
        if self.path in self.extra:
            headers, body = self.extra[self.path]
            self.send_response(200)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)
        status = self.statuses.get(self.path.split("?")[0])
        if status:
            self.send_error(status)
            return None
        for suffix, fault in self.faults.items():
            if self.path.split("?")[0].endswith(suffix):
                status, body = fault(self.translate_path(self.path)) if callable(fault) else fault
                self.send_response(status)
                self.send_header("Content-Type", self.guess_type(self.path))
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                return io.BytesIO(body)
        return super().send_head()


class _Quiet(http.server.ThreadingHTTPServer):
    """A browser that closes a connection mid-answer (a page left, a download cut) is no error of the site's:
    it is not printed. Any other error is, as the standard library prints it."""

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError, ConnectionAbortedError)):
            super().handle_error(request, client_address)


class Server:
    """A static server for a folder, on 127.0.0.1; setting ``folder`` switches folders from the next request on.

    ``faults`` maps a path's ending to what is served instead: ``(status, body)``,
    or a function of the file's path returning one (the WebKit leg, which cannot
    intercept requests in the browser, breaks files this way).

    ``headers`` adds response headers: a dict for every response, or a function
    of the request path returning a dict (e.g. a Content-Security-Policy).
    ``statuses`` maps request paths to an error status answered instead (a 500, say).
    ``extra`` maps request paths to ``(headers, body)``: files that are not the site's
    (the tests' stored engine snapshot, say)."""

    def __init__(self, folder: Path, cache_control: str = "no-cache", headers=None):
        self.folder = Path(folder)
        self.cache_control = cache_control
        self.headers = headers
        self.statuses: dict[str, int] = {}
        self.extra: dict[str, tuple[dict[str, str], bytes]] = {}
        self.faults: dict = {}
        self.requests: list[tuple[str, int]] = []  # (path, status) of every request served
        self.httpd = _Quiet(("127.0.0.1", 0), self._handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_port}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def _handler(self, *args, **kwargs):
        headers = self.headers
        headers_for = headers if callable(headers) else (lambda path: dict(headers or {}))
        handler = type("Handler", (_Handler,), {"cache_control": self.cache_control, "statuses": self.statuses,
                                                "extra": self.extra, "faults": self.faults, "headers_for": staticmethod(headers_for),
                                                "seen": self.requests, "folder": staticmethod(lambda: self.folder)})
        return handler(*args, directory=str(self.folder), **kwargs)

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def wait_engine(page, timeout=90_000):
    """Wait until the calculator engine on the page is ready (or fail with its error) and every calculator
    on the page is up (``drivers.CALCULATORS_UP``); Playwright's own wait, which polls in the page."""
    page.wait_for_function("() => window.calcEngine && ['ready', 'failed'].includes(window.calcEngine.status)", timeout=timeout)
    status = page.evaluate("[window.calcEngine.status, window.calcEngine.error]")
    assert status[0] == "ready", f"engine failed: {status[1]}"
    page.wait_for_function(CALCULATORS_UP, timeout=timeout)
