"""The waits a browser test uses instead of a fixed time: on the engine's answer (``engine_barrier``),
on another tab's storage news (``news_barrier``), on the page's clock, frames and scroll
(``next_millisecond``, ``frames``, ``scrolled``), on a request a route holds (``routed``), and, where no
single page can wait by itself, the one poll with a deadline, ``until`` (:mod:`devtools.drivers`), with
``steady`` on it. A test that checks that nothing happens waits on the event that would have made it
happen. No browser test sleeps, in the page or in Python (CONTRIBUTING.md has the grep that says so)."""
from devtools.drivers import until

__all__ = ["engine_barrier", "frames", "news_barrier", "next_millisecond", "routed", "scrolled", "steady", "until"]


def engine_barrier(page) -> None:
    """Wait for the engine's answer to a call sent now. The worker answers calls in the order they are
    sent, and a page draws an answer in the task that brings it, so once this returns every call the page
    made before it is answered and drawn. A test that checks that a tap reached no rule (a click that did
    not happen, a Log it that waits) waits on this: the answer the tap's call would have had comes first."""
    page.evaluate("() => window.calcEngine.call('boons.free_dice', {rating: 1})")


NEWS = "conflict-table-tests:news"  # outside the site's keys (conflict-table[<path>]:…): no keeper reads it
_HEARD = """(key) => {
  if (window.__newsHeard) return;
  window.__newsHeard = [];
  addEventListener("storage", (e) => { if (e.key === key && e.newValue) window.__newsHeard.push(e.newValue); });
}"""


def news_barrier(writer, reader) -> None:
    """Wait until ``reader`` (a page of the same profile) has heard of every storage write ``writer`` has
    made so far. One tab hears another's writes in the order they were made, so once a marker written now
    reaches it, every write made before the marker has too. A test that checks that a tab wrote nothing
    (no echo of the news it took in) waits on this: the write would have arrived before the marker."""
    reader.evaluate(_HEARD, NEWS)
    token = writer.evaluate("(key) => { const t = `${Date.now()}-${Math.random()}`; localStorage.setItem(key, t); return t; }", NEWS)
    reader.wait_for_function("(t) => window.__newsHeard.includes(t)", arg=token)
    writer.evaluate("(key) => localStorage.removeItem(key)", NEWS)


def next_millisecond(page) -> None:
    """Wait until the page's clock has moved past the millisecond it reads now: an event logged next is
    timed apart from one logged before (a log's ids are timed to the millisecond, and two taps in one
    millisecond have no order to keep)."""
    page.wait_for_function("(t) => Date.now() > t", arg=page.evaluate("() => Date.now()"), polling=1)


def frames(page, n: int) -> None:
    """Wait until the page has drawn ``n`` more frames: a pace between taps counted in the page's own
    frames, not in seconds (a slow machine draws fewer frames and waits as long as they take)."""
    page.evaluate("(n) => new Promise((done) => { const next = (k) => k > 0 ? requestAnimationFrame(() => next(k - 1))"
                  " : done(); next(n); })", n)


# The page has stopped scrolling: the same scroll position on two frames running (a smooth scroll ends).
STILL = "() => { const was = window.__scrollSeen; window.__scrollSeen = scrollY; return scrollY === was; }"


def scrolled(page) -> None:
    """Wait until the page has stopped scrolling (and drawn the frame where it stopped)."""
    page.evaluate("() => { window.__scrollSeen = undefined; }")
    page.wait_for_function(STILL)


def routed(page, held: list, what: str, timeout: float = 60):
    """Wait until a route handler has held a request (``held`` is not empty) and return the list.
    Playwright hands a route to its handler only while the test calls into it, so each look asks the page."""
    return until(lambda: page.evaluate("() => true") and held, timeout=timeout, what=what)


def steady(look, *, times: int = 3, every: float = 0.1, timeout: float = 15, what: str = ""):
    """``look()`` until it gives the same answer ``times`` times in a row (``every`` seconds apart), and
    return that answer: two tabs whose storage news is still on its way settle on one value."""
    seen = {"value": object(), "count": 0}

    def settled():
        value = look()
        seen["count"] = seen["count"] + 1 if value == seen["value"] else 1
        seen["value"] = value
        return seen["count"] >= times
    until(settled, timeout=timeout, every=every, what=what or "the same answer three times in a row")
    return seen["value"]
