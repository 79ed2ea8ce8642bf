"""The browser tests' helpers. Most live in :mod:`devtools.server` (the benchmarks
use them too) and are re-exported here; the engine snapshot every new profile is
seeded with (``store_snapshot``, ``seed``, ``ReturningPlayer``) is the tests' own.

What a phone is (``PHONE``, ``phone_context``), axe-core (``axe``), the init scripts
that shape a profile (``QUOTA``, ``HOLD``, ``NO_WORKER``); the waits are in ``waits.py``."""
import base64
import contextlib
import gzip
import io
import json
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from devtools.server import (  # noqa: F401  (the tests' Chromium flags, re-exported)
    BLOCK_FOREIGN,
    CHROMIUM,
    CHROMIUM_ARGS,
    LIFTOFF_ONLY,
    NO_OMNIBOX_POPUP,
    PLAYWRIGHT_DISABLED,
    ROOT,
    TEST_ARGS,
    TYPES,
    Server,
    build_site,
    wait_engine,
)

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "NO_WORKER", "PHONE", "QUOTA", "ROOT", "TEST_ARGS", "TYPES", "ReturningPlayer", "Server", "answers_held",
           "axe", "build_site", "glue_as_written", "in_own_window", "in_view",
           "no_offline_bar", "phone_context", "seed", "site_at", "store_snapshot",
           "wait_engine", "warm", "watch_page_errors"]


# Beside the site on the tests' server: a blank page of the site's origin, and the engine snapshot
# one warmed profile saved (store_snapshot), which seed() puts into a new profile's Cache Storage.
SEED = "/__tests__/"
_READ = """async () => {
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
            if (!new URL(request.url).pathname.includes("/snapshot/")) continue;
            const response = await cache.match(request);
            const bytes = new Uint8Array(await response.arrayBuffer());
            let text = "";
            for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
            return {cache: name, key: request.url, headers: Object.fromEntries(response.headers), body: btoa(text)};
        }
    }
    return null;
}"""
_SEED = """async () => {
    const {cache, key} = await (await fetch("snapshot.json")).json();
    await (await caches.open(cache)).put(key, await fetch("snapshot"));
}"""


GLUE = "/__glue__/"


def glue_as_written(server) -> str:
    """Serve the glue's modules as they are written (``calculators/browser``, its vendored scripts and
    registry beside them) under ``/__glue__/`` on the tests' server, and return that folder's URL: the
    site ships them bundled (``calculators/build/bundle.mjs``), so a test that imports one module by its
    path (``draw.js``, ``share.js``) takes it from here."""
    from calculators.build.files import ASSETS
    from calculators.build.glue import VENDOR, registry_module

    script = {"Content-Type": "text/javascript"}
    for path in ASSETS.rglob("*.js"):
        server.extra[GLUE + path.relative_to(ASSETS).as_posix()] = (script, path.read_bytes())
    for package, files in VENDOR.items():
        for src, name in files.items():
            if name.endswith((".js", ".mjs")):
                server.extra[f"{GLUE}vendor/{name}"] = (script, (ROOT / "node_modules" / package / src).read_bytes())
    server.extra[GLUE + "registry.js"] = (script, registry_module().encode())
    return server.url + GLUE.lstrip("/")


def site_at(site: Path, built_for: str, dest: Path, url: str) -> Path:
    """A copy of ``site`` (built for ``built_for``) at ``dest``, as the build writes it for ``url``: the
    address is in the pages' canonical links and the sitemap only (Material's instant navigation reads the
    sitemap), and the service worker's precache is made again for the pages so changed. A test that needs
    an origin of its own (its own service worker, caches and storage) serves this copy on a server of its
    own: a build takes 5-10 s while the suite runs, the copy a second or two."""
    shutil.copytree(site, dest)
    for page in [*dest.rglob("*.html"), dest / "sitemap.xml"]:
        text = page.read_text(encoding="utf-8")
        if built_for in text:
            page.write_text(text.replace(built_for, url), encoding="utf-8")
    (dest / "sitemap.xml.gz").write_bytes(gzip.compress((dest / "sitemap.xml").read_bytes(), mtime=0))
    from calculators.build import offline
    offline.build_service_worker(dest)
    return dest


def warm(context, server, path: str = "table/") -> None:
    """Visit a calculator page in ``context`` until its engine has saved its snapshot, so that the
    profile's later pages restore Python instead of starting it (a page closed sooner saves none)."""
    page = context.new_page()
    page.goto(server.url + path)
    wait_engine(page)
    page.wait_for_function("() => window.calcEngine.stats.snapshot", timeout=60_000)
    assert page.evaluate("calcEngine.stats.snapshot.bytes") > 0, page.evaluate("calcEngine.stats.snapshot.error")
    page.close()


def store_snapshot(browser, server) -> None:
    """Warm one profile (``warm``), read the snapshot its engine saved, and serve it beside the site
    (``Server.extra``, with the headers it was kept with) for ``seed``."""
    server.extra[SEED] = ({"Content-Type": "text/html"}, b"<!doctype html><title>A blank page of the site's origin</title>")
    ctx = browser.new_context(service_workers="block")
    try:
        warm(ctx, server)
        page = ctx.new_page()
        page.goto(server.url + SEED.lstrip("/"))
        kept = page.evaluate(_READ)
    finally:
        ctx.close()
    assert kept, "the warmed profile kept no engine snapshot"
    server.extra[SEED + "snapshot"] = (kept["headers"], base64.b64decode(kept["body"]))
    where = {"cache": kept["cache"], "key": kept["key"]}
    server.extra[SEED + "snapshot.json"] = ({"Content-Type": "application/json"}, json.dumps(where).encode())


def seed(page, server) -> None:
    """Put the stored snapshot (``store_snapshot``) into the Cache Storage of ``page``'s profile, as a
    player's earlier visit leaves it, so the profile's engine restores Python instead of starting it.
    The page is left on a blank page of the site's origin."""
    page.goto(server.url + SEED.lstrip("/"))
    page.evaluate(_SEED)


def in_own_window(context):
    """A new page of ``context`` in a browser window of its own, where ``context.new_page()`` would open a
    tab beside the profile's other pages. Headless Chromium 156 draws such a page only while it is the
    window's front tab: one behind gets about two animation frames a second, so each click there (which
    waits for its target to hold still two frames) and each poll of ``wait_for_function`` waits a second;
    test_board_tabs.py took 68 s for it instead of 19 s. In a window of its own every page draws at the
    display's rate, as two tabs side by side on a desktop (``test_browser_setup.py`` checks both)."""
    first = context.pages[0]
    session = context.new_cdp_session(first)
    try:
        profile = session.send("Target.getTargetInfo")["targetInfo"]["browserContextId"]
    finally:
        session.detach()
    browser = context.browser.new_browser_cdp_session()
    try:
        with context.expect_page() as opened:
            browser.send("Target.createTarget", {"url": "about:blank", "browserContextId": profile, "newWindow": True})
    finally:
        browser.detach()
    return opened.value


def watch_page_errors(context, into: list[str]) -> None:
    """Every page ``context`` opens adds its uncaught errors (a thrown exception, a rejected promise no one
    handles) to ``into``, with the page's address."""
    def watch(page):
        page.on("pageerror", lambda error: into.append(f"{page.url}: {error}"))
    context.on("page", watch)


class ReturningPlayer:
    """The tests' Chromium: each profile it opens (``new_context``) is a returning player's, whose
    Cache Storage holds the engine snapshot an earlier visit saved (``seed``, on the profile's first
    page before the test has it). Its calculator pages then restore Python instead of starting it:
    about 0.7 s less to ready per profile, for 0.3 s of seeding, and no snapshot to save.

    A profile stays a first visit's, with nothing kept, when it is opened with ``first_visit=True``,
    with its service worker allowed (the offline copy's tests check what a first visit stores) or
    without JavaScript. A profile's second and later pages open each in a window of its own
    (``in_own_window``).
    Everything else is the Playwright ``Browser``."""

    def __init__(self, browser, server):
        self._browser = browser
        self._server = server
        self.page_errors: list[str] = []  # every uncaught error of any page of its profiles (conftest.py fails the test)

    def __getattr__(self, name):
        return getattr(self._browser, name)

    def new_context(self, *, first_visit: bool = False, **options):
        context = self._browser.new_context(**options)
        watch_page_errors(context, self.page_errors)
        returning = not (first_visit or options.get("service_workers") != "block"
                         or options.get("java_script_enabled") is False)
        tab = context.new_page

        def new_page():
            nonlocal returning
            if context.pages:
                return in_own_window(context)
            page = tab()
            if returning:  # the profile is seeded once, by its first page
                returning = False
                seed(page, self._server)
            return page
        context.new_page = new_page
        return context


# An init script: local storage holds at most window.__quota characters (keys and values, as a browser
# counts them), so a test can fill it (`window.__quota = window.__used()`); the limit outlasts a reload.
QUOTA = """
(() => {
  const real = Storage.prototype.setItem;
  Object.defineProperty(window, "__quota", {  // kept across loads (sessionStorage is not counted)
    get: () => Number(sessionStorage.getItem("quota") ?? Infinity),
    set: (n) => sessionStorage.setItem("quota", String(n)),
  });
  window.__used = () => { let n = 0; for (let i = 0; i < localStorage.length; i++) { const k = localStorage.key(i); n += k.length + localStorage.getItem(k).length; } return n; };
  Storage.prototype.setItem = function (key, value) {
    let used = 0;
    for (let i = 0; i < this.length; i++) { const k = this.key(i); if (k !== key) used += k.length + this.getItem(k).length; }
    if (used + key.length + String(value).length > window.__quota) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    return real.call(this, key, value);
  };
})();
"""


# In every tab: hold(key) freezes what the tab reads of the stored `key` and keeps back the news of
# other tabs' writes (test_board_tabs.py); release() delivers it (newsOnly: the tab reads storage as it is, only the news
# waits); __stored(key) reads storage itself, not the held copy; __said lists what notices said.
HOLD = """
(() => {
  const get = Storage.prototype.getItem, set = Storage.prototype.setItem;
  let held = null; // {key, text}: what this tab reads of `key` while held
  const kept = []; // storage events of `key` kept back while held
  Storage.prototype.getItem = function (key) {
    return held && key === held.key && !held.newsOnly ? held.text : get.call(this, key);
  };
  Storage.prototype.setItem = function (key, value) {
    set.call(this, key, value);
    if (held && key === held.key) held.text = String(value); // this tab reads its own write
    (window.__writes ??= []).push([key, String(value), performance.timeOrigin + performance.now()]);
  };
  addEventListener("storage", (e) => {
    if (held && e.key === held.key) e.stopImmediatePropagation(), kept.push([e.key, e.oldValue, e.newValue]);
  }, true);
  window.__hold = (key, newsOnly = false) => { held = { key, text: get.call(localStorage, key), newsOnly }; };
  window.__release = () => {
    held = null;
    for (const [key, oldValue, newValue] of kept.splice(0)) {
      dispatchEvent(new StorageEvent("storage", { key, oldValue, newValue, storageArea: localStorage, url: location.href }));
    }
  };
  window.__stored = (key) => get.call(localStorage, key);
  // Every text a widget's notice showed, in order (a later notice replaces what an earlier one said).
  window.__said = [];
  new MutationObserver((records) => {
    for (const r of records) {
      for (const node of [r.target, ...r.addedNodes]) {  // a notice drawn anew is an added node, not a changed one
        const at = node.nodeType === 1 ? node : node.parentElement;
        const box = at?.closest?.('[data-out="notice"]') ?? at?.querySelector?.('[data-out="notice"]');
        if (box && box.textContent !== window.__said.at(-1)) window.__said.push(box.textContent);
      }
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();
"""


# The page's calls to one of the rules (`name`) wait for their answer until released, as on a slow
# phone or a busy worker, where the answer comes after the player's next tap.
_HOLD_ANSWERS = """(name) => {
  const call = window.calcEngine.call;
  let release;
  const held = new Promise((resolve) => (release = resolve));
  window.__answersAsked = 0; // how many calls of `name` wait
  window.calcEngine.call = async function (asked, payload) {
    if (asked === name) window.__answersAsked++, await held;
    return call.call(this, asked, payload);
  };
  window.__releaseAnswers = () => { release(); window.calcEngine.call = call; };
}"""


@contextlib.contextmanager
def answers_held(page, name: str):
    """Inside the block, the page's calls to the rules' ``name`` (``"board.preview"``, say) get no answer;
    it comes when the block ends, or earlier when the block calls the ``release()`` it is given."""
    page.evaluate(_HOLD_ANSWERS, name)

    def release():
        page.evaluate("() => { window.__releaseAnswers?.(); delete window.__releaseAnswers; }")
    try:
        yield release
    finally:
        release()


def no_offline_bar(page) -> None:
    """Take away the bar that says the offline copy failed, now and whenever it comes back. Service
    workers are blocked in most tests' profiles, so it comes in, fixed at the bottom of the screen,
    at a moment of its own, over whatever a test is about to press or photograph there. One watcher
    per page, however often it is asked for."""
    page.evaluate("""() => {
      const off = () => document.querySelectorAll(".calc-update").forEach((bar) => bar.remove());
      off();
      if (window.__noOfflineBar) return;
      window.__noOfflineBar = new MutationObserver(off);
      window.__noOfflineBar.observe(document.body, { childList: true, subtree: true });
    }""")


# ---------------------------------------------------------------- a phone, and axe-core

PHONE = {"width": 360, "height": 740}


def phone_context(browser, **options):
    """A phone's profile: a 360 x 740 touch screen, service workers blocked (as in every profile of the
    tests but the offline copy's); ``options`` are Playwright's ``new_context`` options on top."""
    return browser.new_context(**{"service_workers": "block", "viewport": PHONE, "has_touch": True,
                                  "is_mobile": True, **options})


# An init script: a phone whose browser has no service worker (Playwright's "block" would show the site's
# "could not be saved for offline use" bar over what a test taps at the bottom of the screen).
NO_WORKER = "delete Navigator.prototype.serviceWorker;"


def printed(page) -> list[str]:
    """Each page's text of ``page`` printed on A4 (Chromium's PDF, backgrounds in, read back by pypdf)."""
    return [p.extract_text() for p in PdfReader(io.BytesIO(page.pdf(format="A4", print_background=True))).pages]


def pdf_text(page) -> str:
    """The text of ``page`` printed on A4, every page's in order (``printed``)."""
    return "\n".join(printed(page))


def in_view(locator) -> bool:
    """Is the element wholly on the screen (no scrolling needed to see or tap it)?"""
    return locator.evaluate("e => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight"
                            " && r.left >= 0 && r.right <= innerWidth && r.height > 0; }")


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_LEVELS = ["wcag2a", "wcag2aa", "wcag21aa", "best-practice"]


def axe(page, what: str, *, include: str | None = None) -> None:
    """Run axe-core on the page (or the part `include` selects); fail on any violation, listing them.
    The page's profile needs ``bypass_csp=True``: axe-core is injected as a script."""
    if not AXE.exists():
        pytest.fail("axe-core is missing from node_modules: run `make setup` (it is pinned in package.json)")
    # colours at rest: no transition half-way (Material fades colours in after picking the palette)
    page.wait_for_function("() => document.getAnimations().every(a => !(a instanceof CSSTransition) || a.playState !== 'running')")
    if not page.evaluate("!!window.axe"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        """async ([include, levels]) => {
            const r = await axe.run(include ? {include: [include]} : document,
                                    {runOnly: {type: 'tag', values: levels}, resultTypes: ['violations']});
            return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html.slice(0, 160),
                                          summary: n.failureSummary}))}));
        }""",
        [include, AXE_LEVELS],
    )
    if result:
        lines = [f"axe-core: {len(result)} violation(s) on {what}:"]
        for v in result:
            lines.append(f"* {v['id']} ({v['impact']}): {v['help']} — {len(v['nodes'])} element(s)")
            for n in v["nodes"][:8]:
                lines.append(f"    {n['target']}\n      {n['html']}\n      " + n["summary"].replace("\n", "\n      "))
        pytest.fail("\n".join(lines), pytrace=False)
