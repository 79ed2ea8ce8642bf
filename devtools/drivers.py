"""One way to drive a page in both browser legs: Playwright (Chromium) and
selenium (WebKit), so the same checks read alike in both; the tests
(``tests/browser/``) and the benchmarks (``benchmarks/engine.py``) use it.

``as_page(x)`` wraps a Playwright ``Page`` or a selenium ``WebDriver`` in a
``PageLike`` with the same few verbs: ``goto``, ``reload``, ``js``, ``wait``,
``fill``, ``click``, ``text``, ``visible``. Scripts are JavaScript function
expressions, called with the given arguments (``js("(a, b) => a + b", 1, 2)``);
a returned promise is awaited. Selectors are CSS. ``wait_engine`` waits for
the page's calculator engine. WebKit itself is started by ``devtools/webkit.py``.
"""
from __future__ import annotations

import time


def until(check, *, timeout: float = 30, every: float = 0.05, what: str = ""):
    """Call ``check()`` until it returns something truthy, for at most ``timeout`` seconds; returns that
    value. The one poll with a deadline the tests and the benchmarks share, for a condition no single page
    can wait on by itself (two tabs' storage agreeing, a request a route handler holds): each look is a
    call to the browser, ``every`` seconds apart (which also lets Playwright deliver its events)."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout} s for {what or check}")
        time.sleep(every)


class PageLike:
    def goto(self, url: str): ...
    def reload(self): ...
    def js(self, fn: str, *args): ...
    def fill(self, selector: str, value): ...
    def select(self, selector: str, value: str): ...
    def click(self, selector: str): ...
    def text(self, selector: str) -> str: ...
    def visible(self, selector: str) -> bool: ...

    def wait(self, fn: str, *args, timeout: float = 30, what: str = ""):
        """Poll ``fn(*args)`` in the page until it is truthy; returns its value."""
        deadline = time.monotonic() + timeout
        while True:
            value = self._poll(fn, *args)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"waited {timeout} s for {what or fn}")
            time.sleep(0.05)

    def _poll(self, fn: str, *args):
        """One look for ``wait``: ``js``, unless the driver says a look may be retried."""
        return self.js(fn, *args)

    def wait_text(self, selector: str, words: str, timeout: float = 30) -> str:
        """Wait until the first element matching ``selector`` shows ``words``; returns its text."""
        self.wait("(sel, words) => { const e = document.querySelector(sel);"
                  " return !!e && e.offsetParent !== null && e.innerText.includes(words); }",
                  selector, words, timeout=timeout, what=f"{words!r} in {selector}")
        return self.text(selector)


class PlaywrightPage(PageLike):
    def __init__(self, page):
        self.page = page

    def goto(self, url):
        self.page.goto(url)

    def reload(self):
        self.page.reload()

    def js(self, fn, *args):
        return self.page.evaluate(f"(args) => ({fn})(...args)", list(args))

    def fill(self, selector, value):
        self.page.locator(selector).first.fill(str(value))

    def select(self, selector, value):
        self.page.locator(selector).first.select_option(value)

    def click(self, selector):
        self.page.locator(selector).first.click()

    def text(self, selector):
        return self.page.locator(selector).first.inner_text()

    def visible(self, selector):
        return self.page.locator(selector).first.is_visible()


# Enabled (a label's control too), in view, the same box two frames apart, and under its own centre
# (or its label's, for a hidden input); and no call to the rules waiting for its answer, before or
# after those frames (an answer redraws: an error beside a field goes, the button below moves up).
CLICKABLE = """async (sel) => {
  const quiet = () => !window.calcEngine?.inFlight;
  const e = document.querySelector(sel);
  if (!e || (e.control ?? e).matches(":disabled") || !quiet()) return false;
  const target = e.getBoundingClientRect().width ? e : e.labels?.[0] ?? e;
  target.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
  const before = target.getBoundingClientRect();
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const box = target.getBoundingClientRect();
  if (!box.width || box.top !== before.top || box.left !== before.left || !quiet()) return false;
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return !!hit && (target.contains(hit) || hit.contains(e));
}"""


class SeleniumPage(PageLike):
    def __init__(self, driver):
        self.driver = driver

    def goto(self, url):
        self.driver.get(url)

    def reload(self):
        self.driver.refresh()

    def js(self, fn, *args):
        out = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"Promise.resolve().then(() => ({fn})(...[...arguments].slice(0, -1)))"
            ".then((value) => done({value}), (error) => done({error: String(error && error.stack || error)}));",
            *args)
        if "error" in out:
            raise AssertionError(f"the page's script failed: {out['error']}")
        return out.get("value")

    def _poll(self, fn, *args):
        """WebKitWebDriver at times answers a script with an empty result ("Could not parse script
        result", seen once in CI while a loaded machine ran a reloaded page's engine); a poll that got
        no answer has seen nothing yet, so ``wait`` looks again rather than failing the check."""
        from selenium.common.exceptions import WebDriverException
        try:
            return self.js(fn, *args)
        except WebDriverException as error:
            if "Could not parse script result" not in str(error):
                raise
            time.sleep(0.5)
            return None

    def _element(self, selector):
        from selenium.webdriver.common.by import By
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def fill(self, selector, value):
        """Type as a player would: select what is there, delete it, type the new text."""
        from selenium.webdriver.common.keys import Keys
        element = self._element(selector)
        element.send_keys(Keys.CONTROL, "a")
        element.send_keys(Keys.DELETE)
        if str(value):
            element.send_keys(str(value))

    def select(self, selector, value):
        from selenium.webdriver.support.select import Select
        Select(self._element(selector)).select_by_value(value)

    def click(self, selector):
        """Click as Playwright does: only once the element is enabled, in view, has stopped moving and is
        what a pointer at its centre would hit. WebDriver's own click aims at where the element was when it
        asked; a page still laying itself out (a slow CPU) moves it, and the click lands on something else.
        Nor while the rules are still to answer what was typed: their answer redraws the page (seen in CI:
        an error beside a name went as the click was sent, and Start the conflict became Add member)."""
        self.wait(CLICKABLE, selector, what=f"{selector} to be enabled and stand still under the pointer,"
                  " with no answer from the rules to come")
        self._element(selector).click()

    def text(self, selector):
        return self.js("(sel) => document.querySelector(sel).innerText", selector)

    def visible(self, selector):
        return self._element(selector).is_displayed()


def as_page(page) -> PageLike:
    if isinstance(page, PageLike):
        return page
    if hasattr(page, "execute_script"):
        return SeleniumPage(page)
    return PlaywrightPage(page)


# Every calculator on the page is up: mounted, so that it follows the player's input and the site-wide
# edition, or broken and saying so (calc.js, data-mounted). An engine that is ready says nothing of a
# widget whose code is still arriving; its build-time form is already on the page, and a test that
# reads it then reads what no player would act on (a choice of edition not yet followed, say).
CALCULATORS_UP = "() => [...document.querySelectorAll('.calc[data-calc]')].every((c) => c.dataset.mounted)"


def wait_engine(page, timeout: float = 90) -> str:
    """Wait until the page's calculator engine is ready (or fail with its error) and every calculator
    on the page is up (``CALCULATORS_UP``); returns the engine's source ("fresh" or "snapshot")."""
    p = as_page(page)
    try:
        p.wait("() => window.calcEngine && ['ready', 'failed'].includes(window.calcEngine.status)",
               timeout=timeout, what="the engine to be ready or failed")
    except AssertionError as error:  # say where the start stalled: its status and the last steps it reached
        where = p.js("() => window.calcEngine ? [calcEngine.status, calcEngine.stats.timeline, calcEngine.progress]"
                     " : 'no calcEngine on the page'")
        raise AssertionError(f"{error}; the engine: {where}") from None
    status, error, source = p.js("() => [calcEngine.status, calcEngine.error, calcEngine.stats.source]")
    assert status == "ready", f"engine failed: {error}"
    p.wait(CALCULATORS_UP, timeout=timeout, what="every calculator on the page to be up")
    return source
