"""The engine benchmark on 127.0.0.1: the floor, the first result, navigation, taps, bytes.

Each ``measure_…`` takes a Chromium browser (Playwright) and the local
server's URL and returns one run's figure; :func:`measure_local` runs them
all ``--runs`` times into :class:`LocalFigures`.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

from .common import (
    BOARD_ACTION,
    BOARD_CONFLICT,
    CALC_PAGE,
    FIRST_RESULT,
    INTERACTIONS,
    MORALE_CONFLICT,
    PLAIN_PAGE,
    TABLE_PAGE,
    new_context,
    percentile,
)


def measure_floor(browser, url: str) -> tuple[float, float]:
    ctx = new_context(browser)
    page = ctx.new_page()
    times = []
    for _ in range(2):  # cold, then warm in the same profile
        page.goto(url)
        page.wait_for_function("() => window.floor", timeout=120_000)
        times.append(page.evaluate("window.floor.ms"))
    ctx.close()
    return times[0], times[1]


def measure_first_result(browser, url: str) -> tuple[dict, dict]:
    ctx = new_context(browser)
    ctx.add_init_script(FIRST_RESULT)
    page = ctx.new_page()
    out = []
    for visit in range(2):  # cold, then warm
        page.goto(url)
        page.wait_for_function("() => window.__firstResult", timeout=120_000)
        out.append(page.evaluate("""({
            first: window.__firstResult,
            engine: window.calcEngine.stats.readyAt - window.calcEngine.stats.startedAt,
            source: window.calcEngine.stats.source,
        })"""))
        if visit == 0:  # a first visit lasts more than a moment: the engine saves its snapshot
            page.wait_for_function("() => window.calcEngine.stats.snapshot", timeout=60_000)
    ctx.close()
    return out[0], out[1]


def measure_navigation(browser, url: str) -> float:
    ctx = new_context(browser)
    page = ctx.new_page()
    page.goto(url + CALC_PAGE)
    page.wait_for_function("() => window.calcEngine && window.calcEngine.status === 'ready'", timeout=120_000)
    page.wait_for_selector('[data-out="boon"] .calc__answer')
    page.evaluate("""() => {
        window.__navResult = null;
        window.__shown = null;
        for (const old of document.querySelectorAll('.calc')) old.dataset.benchOld = '';  // the page we leave
        const watch = new MutationObserver(() => {
            if (!window.__shown && document.querySelector('.calc:not([data-bench-old])')) window.__shown = performance.now();
            if (document.querySelector('.calc:not([data-bench-old]) .calc__result:not(:empty)')) {
                window.__navResult = performance.now();
                window.__shown = window.__shown || window.__navResult;  // shown and answered in one go
                watch.disconnect();
            }
        });
        watch.observe(document, { childList: true, subtree: true, characterData: true });
        window.__clicked = performance.now();
    }""")
    page.click('nav.md-nav a[href$="table/"]')
    page.wait_for_function("() => window.__navResult", timeout=60_000)
    click, shown = page.evaluate("[window.__navResult - window.__clicked, window.__navResult - window.__shown]")
    starts = page.evaluate("window.calcEngine.stats.starts")
    ctx.close()
    assert starts == 1, "instant navigation started a second engine"
    return click, shown


def measure_plain_navigation(browser, url: str) -> float:
    """Click → new page shown for a page without a calculator: what instant navigation costs anyway."""
    ctx = new_context(browser)
    page = ctx.new_page()
    page.goto(url + CALC_PAGE)
    page.wait_for_function("() => window.calcEngine && window.calcEngine.status === 'ready'", timeout=120_000)
    page.evaluate("""() => {
        window.__shown = null;
        const watch = new MutationObserver(() => {
            const h1 = document.querySelector('article h1');
            if (h1 && h1.textContent.startsWith('Glossary')) { window.__shown = performance.now(); watch.disconnect(); }
        });
        watch.observe(document, { childList: true, subtree: true, characterData: true });
        window.__clicked = performance.now();
    }""")
    page.click('nav.md-nav a[href$="glossary/"]')
    page.wait_for_function("() => window.__shown", timeout=60_000)
    ms = page.evaluate("window.__shown - window.__clicked")
    ctx.close()
    return ms


def measure_interactions(browser, url: str, count: int, settle_ms: int = 0, pace_ms: int = 0) -> dict:
    """Per calculator on the "At the table" page: ``count`` changes (or taps), each timed from the
    change to its answer in the page; ``settle_ms`` after the engine is ready before the first.

    ``pace_ms`` 0: a burst, each change made on the frame after the last answer, so a tap also
    meets the drawing the one before it left. ``pace_ms`` > 0: a player's pace, one change every
    ``pace_ms`` ms; each is also timed to the end of the frame that shows its answer
    (``painted_p50``/``painted_p95``: the answer in the page, then that frame's style, layout
    and paint on the main thread)."""
    ctx = new_context(browser)
    ctx.add_init_script(f"localStorage.getItem('conflict-table:morale') || "
                        f"localStorage.setItem('conflict-table:morale', {json.dumps(json.dumps(MORALE_CONFLICT))})")
    ctx.add_init_script(f"localStorage.getItem('conflict-table:board') || "
                        f"localStorage.setItem('conflict-table:board', {json.dumps(json.dumps(BOARD_CONFLICT))})")
    ctx.add_init_script(f"localStorage.getItem('conflict-table:board:action') || "
                        f"localStorage.setItem('conflict-table:board:action', {json.dumps(json.dumps(BOARD_ACTION))})")
    page = ctx.new_page()
    page.goto(url + TABLE_PAGE)
    page.wait_for_function("() => window.calcEngine && window.calcEngine.status === 'ready'", timeout=120_000)
    page.wait_for_timeout(settle_ms)
    results = {}
    for name, spec in INTERACTIONS.items():
        root = f'.calc[data-calc="{name}"]'
        if page.locator(root).count() == 0:
            continue
        page.locator(f"{root} {spec['out']}").first.wait_for(state="attached")
        latencies = page.evaluate(
            """async ([root, spec, count, pace]) => {
                // One change: type the next value (done when its answer is redrawn), or tap the next
                // button (done when the answer's text changes: the tracker redraws its whole view).
                const widget = document.querySelector(root);
                // A player taps what is on screen: the control comes into view first (a block out of
                // sight is not laid out at all, so tapping it there would flatter the figures).
                (spec.taps ? widget.querySelector(spec.taps[0]) : widget.querySelector(spec.field)).scrollIntoView({ block: "center" });
                await new Promise((r) => setTimeout(r, 500));
                // Typed values start after the one the form shows: typing what is there changes nothing.
                const first = spec.taps ? 0 : spec.values.indexOf(widget.querySelector(spec.field).value) + 1;
                const act = (i) => {
                    if (spec.taps) return widget.querySelector(spec.taps[i % spec.taps.length]).click();
                    const field = widget.querySelector(spec.field);
                    field.value = spec.values[(first + i) % spec.values.length];
                    field.dispatchEvent(new Event("input", { bubbles: true }));
                };
                const times = [];
                for (let i = 0; i < count; i++) {
                    const before = widget.querySelector(spec.out).textContent;
                    const changed = new Promise((resolve) => {
                        const obs = new MutationObserver(() => {
                            const out = widget.querySelector(spec.out);
                            if (!spec.taps || (out && out.textContent !== before)) { obs.disconnect(); resolve(performance.now()); }
                        });
                        const watched = spec.taps ? widget : widget.querySelector(spec.out);
                        obs.observe(watched, { childList: true, subtree: true, characterData: true, attributes: !spec.taps });
                    });
                    const t0 = performance.now();
                    act(i);
                    const late = new Promise((_, reject) => setTimeout(() => reject(new Error(
                        `${root}: change ${i + 1} showed no new answer in 10 s (does this change alter what is shown?)`)), 10_000));
                    const answered = (await Promise.race([changed, late])) - t0;
                    if (!pace) {
                        times.push([answered, null]);
                        await new Promise((r) => requestAnimationFrame(() => r()));
                        continue;
                    }
                    // the frame that shows it: a message posted in its animation frame runs after its paint
                    await new Promise((r) => requestAnimationFrame(() => {
                        const ch = new MessageChannel();
                        ch.port1.onmessage = () => r();
                        ch.port2.postMessage(0);
                    }));
                    times.push([answered, performance.now() - t0]);
                    await new Promise((r) => setTimeout(r, pace));
                }
                return times;
            }""",
            [root, spec, count, pace_ms],
        )
        answered = [a for a, _ in latencies]
        results[name] = {"p50": percentile(answered, 0.5), "p95": percentile(answered, 0.95),
                         "max": round(max(answered), 2), "changes": len(answered)}
        if pace_ms:
            painted = [b for _, b in latencies]
            results[name] |= {"pace_ms": pace_ms, "painted_p50": percentile(painted, 0.5),
                              "painted_p95": percentile(painted, 0.95)}
    ctx.close()
    return results


def measure_bytes(browser, url: str, path: str) -> dict:
    ctx = new_context(browser)
    page = ctx.new_page()
    sizes = {"total": 0, "engine": 0, "requests": 0}

    def done(request):
        try:
            s = request.sizes()
        except Exception:
            return
        n = s["responseBodySize"] + s["responseHeadersSize"]
        sizes["total"] += n
        sizes["requests"] += 1
        if "/assets/engine/" in request.url or request.url.endswith("/worker.js"):
            sizes["engine"] += n

    page.on("requestfinished", done)
    page.goto(url + path)
    if page.locator(".calc").count():
        page.wait_for_function("() => window.calcEngine && window.calcEngine.status === 'ready'", timeout=120_000)
    page.wait_for_load_state("networkidle")
    time.sleep(0.5)
    ctx.close()
    return sizes


def precache_size(site: Path) -> dict | None:
    report = site / "offline-report.json"
    if not report.exists():
        return None
    data = json.loads(report.read_text())
    return {"total": data["bytes"], "pyodide": data["pyodide_bytes"], "files": data["files"]}


def measure_service_worker_ready(browser, url: str) -> float:
    """First visit to the home page: navigation start → service worker active with the site precached."""
    ctx = browser.new_context(service_workers="allow")
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function("() => window.calcOffline && window.calcOffline.status === 'ready'", timeout=120_000)
    ms = page.evaluate("performance.now()")
    ctx.close()
    return ms


@dataclass(frozen=True)
class LocalFigures:
    """What :func:`measure_local` measured on 127.0.0.1: one list per measure (a figure per run, in
    milliseconds), the interaction timings and the bytes each kind of page costs."""

    floor_cold: list[float]
    floor_warm: list[float]
    first_cold: list[float]
    first_warm: list[float]
    engine_cold: list[float]
    engine_warm: list[float]
    nav: list[float]
    nav_shown: list[float]
    plain_nav: list[float]
    sw_ready: list[float]
    interactions: dict
    plain: dict
    calc: dict


def measure_local(browser, server, args) -> LocalFigures:
    """The 127.0.0.1 figures (bytes are free here)."""
    floor_cold, floor_warm, first_cold, first_warm, engine_cold, engine_warm, nav, nav_shown, plain_nav = (
        [] for _ in range(9))
    for _ in range(args.runs):
        c, w = measure_floor(browser, server.url + "bench/floor.html")
        floor_cold.append(c)
        floor_warm.append(w)
        c, w = measure_first_result(browser, server.url + CALC_PAGE)
        first_cold.append(c["first"])
        first_warm.append(w["first"])
        engine_cold.append(c["engine"])
        engine_warm.append(w["engine"])
        click, shown = measure_navigation(browser, server.url)
        nav.append(click)
        nav_shown.append(shown)
        plain_nav.append(measure_plain_navigation(browser, server.url))
    return LocalFigures(
        floor_cold=floor_cold, floor_warm=floor_warm, first_cold=first_cold, first_warm=first_warm,
        engine_cold=engine_cold, engine_warm=engine_warm, nav=nav, nav_shown=nav_shown, plain_nav=plain_nav,
        sw_ready=[measure_service_worker_ready(browser, server.url) for _ in range(args.runs)],
        interactions=measure_interactions(browser, server.url, args.changes),
        plain=measure_bytes(browser, server.url, PLAIN_PAGE),
        calc=measure_bytes(browser, server.url, CALC_PAGE))
