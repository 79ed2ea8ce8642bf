"""The Zensical leg: the site built with Zensical (Material's successor) and the post-build command, as
``make build-zensical`` builds it, checked in Chromium.

Fixtures:
* ``zensical_site`` — ``devtools.zensical.build`` once per session (about 4 s: Zensical renders the
  pages in about 1 s, the post-build command takes the engine from ``.build/``) for ``z_server``;
* ``z_server`` — a static server on 127.0.0.1 for it, which sends the policy the build wrote for hosts
  (``_headers``) with every answer, as test_csp.py's pages have it;
* ``z_browser`` — the tests' Chromium (``TEST_ARGS``), a browser of this leg's own;
* ``z_page`` — the module's page, one profile walking the site like a player (its first calculator page
  starts Python, the next ones restore the snapshot it saved); every request that leaves 127.0.0.1,
  every JavaScript error and every policy violation fails the test in which it happened.

Nothing here builds with MkDocs: the leg runs alone (``pytest tests/browser/zensical``) as fast.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from calculators.build.csp import header_policy
from devtools import zensical
from tests.browser.support import CHROMIUM, TEST_ARGS, Server

# Every violation the page reports, from before its first script runs (as test_csp.py records them).
RECORD = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__cspViolations.push(
  `${e.effectiveDirective} blocked ${e.blockedURI || "?"} in ${e.sourceFile}:${e.lineNumber}`));
"""


@pytest.fixture(scope="session")
def _z_listening(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("zensical-empty"))
    yield srv
    srv.close()


@pytest.fixture(scope="session")
def zensical_site(_z_listening, tmp_path_factory) -> Path:
    dest = tmp_path_factory.mktemp("zensical") / "site"
    result = zensical.build(dest, _z_listening.url)
    assert result.returncode == 0, f"the Zensical build failed:\n{result.stdout[-2000:]}\n{result.stderr[-3000:]}"
    _z_listening.folder = dest
    return dest


@pytest.fixture(scope="session")
def z_server(_z_listening, zensical_site) -> Server:
    _z_listening.headers = {"Content-Security-Policy": header_policy(zensical_site)}
    return _z_listening


@pytest.fixture(scope="session")
def z_browser(browser_type):
    b = browser_type.launch(executable_path=CHROMIUM, args=TEST_ARGS)
    yield b
    b.close()


class Watched:
    """What a page did that a player would notice: JavaScript errors, policy violations, requests elsewhere."""

    def __init__(self, page):
        self.page = page
        self.errors: list[str] = []
        self.foreign: list[str] = []
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("console", lambda m: self.errors.append(m.text) if "Content Security Policy" in m.text else None)
        page.context.on("requestfailed", lambda r: self.foreign.append(r.url)  # a foreign one can only fail (BLOCK_FOREIGN)
                        if not r.url.startswith(("data:", "blob:", "http://127.0.0.1:")) else None)

    def problems(self) -> dict:
        violations = self.page.evaluate("window.__cspViolations || []")
        found = {"errors": self.errors[:], "violations": violations, "foreign": self.foreign[:]}
        self.errors.clear()
        self.foreign.clear()
        self.page.evaluate("window.__cspViolations && (window.__cspViolations.length = 0)")
        return {k: v for k, v in found.items() if v}


@pytest.fixture(scope="module")
def _z_watched(z_browser, z_server):
    ctx = z_browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
    ctx.add_init_script(RECORD)
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    yield Watched(page)
    ctx.close()


@pytest.fixture
def z_page(_z_watched):
    yield _z_watched.page
    assert _z_watched.problems() == {}
