"""Benchmark: the calculator engine against the floor of a bare ``loadPyodide()``.

Run with ``make bench`` (or ``.venv/bin/python benchmarks/engine.py --runs 5``).
Builds the site, serves it on 127.0.0.1 (with ``Cache-Control: max-age=3600``,
like a static host), drives Debian's Chromium with Playwright and prints a
table of medians and spreads; the raw figures go to
``benchmarks/results/engine.json``. Not part of the test suite: speed is
measured here, not asserted.

What it measures, all in one run and one browser:

* **floor** — a blank page that only runs ``await loadPyodide()`` from the
  site's own Pyodide files; cold (empty profile) and warm (same profile again);
* **first result** — from navigation start to the first calculator result on
  the page (cold and warm) and its ratio to the floor; and the engine's own
  start-up (worker start → Python ready with rules_core imported);
* **after instant navigation** — from the click on a link to another
  calculator page until its first result (the engine is reused);
* **interaction latency** — input change → result on screen, p50 and p95
  over at least 200 changes, per calculator on the "At the table" page;
* **bytes** — transferred by a page without a calculator and by one with
  one (cold profile), and the service worker's precache when it exists;
* **WebKit** — the same page's engine in WebKitGTK (MiniBrowser driven by
  WebKitWebDriver on an Xvfb display, as in the WebKit test leg): navigation →
  engine ready and engine start → ready, on a first visit (a fresh profile
  each run) and on a reload (the snapshot).

``--browsers webkit`` measures WebKit only and keeps the Chromium figures
already in the results file.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import platform
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from benchmarks.phonelink import PROFILES, PhoneServer  # noqa: E402
from calculators.pages.widgets import REGISTRY  # noqa: E402
from devtools.server import CHROMIUM, CHROMIUM_ARGS, Server, build_site  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "engine.json"
PHONE_RESULTS = ROOT / "benchmarks" / "results" / "phone.json"
CALC_PAGE = "gauntlet-forge/boons-and-banes/"
PLAIN_PAGE = "glossary/"
TABLE_PAGE = "table/"

# The floor loads the pinned npm package's files as they are (copied into bench/pyodide/),
# not the site's tuned copy.
FLOOR_PAGE = """<!doctype html><meta charset="utf-8"><title>floor</title>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const t0 = performance.now();
const py = await loadPyodide();
window.floor = { ms: performance.now() - t0, at: performance.now(), version: py.version };
</script>"""

# Records when the first calculator result appears, without touching the product's code.
FIRST_RESULT = """
(() => {
  const seen = () => document.querySelector('.calc__result:not(:empty)');
  const done = () => { if (!window.__firstResult && seen()) window.__firstResult = performance.now(); };
  new MutationObserver(done).observe(document, { childList: true, subtree: true, characterData: true });
})();
"""

# One interaction per calculator, from the widget registry (each widget's ``bench``: a field to change
# and values to cycle, or for the morale tracker a tap that logs an event and one on Undo, in turn).
INTERACTIONS = {name: widget.bench for name, widget in REGISTRY.items()}
# A conflict already set up, so the tracker's buttons are there to tap.
MORALE_CONFLICT = {
    "format": "conflict-table/morale", "version": 1, "events": [], "redo": [],
    "setup": {"edition": "2023", "teams": [
        {"name": "Wolves", "captain": "Ada", "members": ["Ada", "Bo"]},
        {"name": "Crows", "captain": "Cy", "members": ["Cy", "Di"]}]},
}

# The conflict board with one event logged, so that Undo and Redo have a step to take.
BOARD_CONFLICT = {
    "format": "conflict-table/board", "version": 1, "redo": [],
    "setup": {"map": {"name": "Warehouse", "zones": ["West end", "Middle", "East end"],
                      "borders": [{"between": ["West end", "Middle"], "pass": 3}, {"between": ["Middle", "East end"], "pass": 3}]},
              "sides": ["Crew", "Gang"],
              "actors": [{"name": "Gatto", "side": "Crew", "zone": "West end", "tracks": {"cool": 2, "humanity": 2, "reputation": 2}},
                         {"name": "Hargan", "side": "Gang", "zone": "East end", "tracks": {"cool": 2, "humanity": 2, "reputation": 2}}]},
    "events": [{"kind": "simple", "actor": "Gatto", "note": "waits"}],
}


def median_spread(values: list[float]) -> dict:
    values = sorted(values)
    return {
        "median": round(statistics.median(values), 1),
        "min": round(values[0], 1),
        "max": round(values[-1], 1),
        "runs": len(values),
    }


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    k = (len(values) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return round(values[lo] + (values[hi] - values[lo]) * (k - lo), 2)


def new_context(browser):
    return browser.new_context(service_workers="block")


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
            engine: window.calcEngine.readyAt - window.calcEngine.startedAt,
            source: window.calcEngine.source,
        })"""))
        if visit == 0:  # a first visit lasts more than a moment: the engine saves its snapshot
            page.wait_for_function("() => window.calcEngine.snapshot", timeout=60_000)
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
    starts = page.evaluate("window.calcEngine.starts")
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


def measure_interactions(browser, url: str, count: int, settle_ms: int = 0) -> dict:
    """Per calculator on the "At the table" page: ``count`` changes (or taps), each timed from the
    change to its answer on screen; ``settle_ms`` after the engine is ready before the first."""
    ctx = new_context(browser)
    ctx.add_init_script(f"localStorage.getItem('conflict-table:morale') || "
                        f"localStorage.setItem('conflict-table:morale', {json.dumps(json.dumps(MORALE_CONFLICT))})")
    ctx.add_init_script(f"localStorage.getItem('conflict-table:board') || "
                        f"localStorage.setItem('conflict-table:board', {json.dumps(json.dumps(BOARD_CONFLICT))})")
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
            """async ([root, spec, count]) => {
                // One change: type the next value (done when its answer is redrawn), or tap the next
                // button (done when the answer's text changes: the tracker redraws its whole view).
                const widget = document.querySelector(root);
                const act = (i) => {
                    if (spec.taps) return widget.querySelector(spec.taps[i % spec.taps.length]).click();
                    const field = widget.querySelector(spec.field);
                    field.value = spec.values[i % spec.values.length];
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
                    times.push((await changed) - t0);
                    await new Promise((r) => requestAnimationFrame(() => r()));
                }
                return times;
            }""",
            [root, spec, count],
        )
        results[name] = {"p50": percentile(latencies, 0.5), "p95": percentile(latencies, 0.95),
                         "max": round(max(latencies), 2), "changes": len(latencies)}
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
                    ready_at, started_at = page.js("() => [calcEngine.readyAt, calcEngine.startedAt]")
                    times[visit].append(ready_at)  # milliseconds since the navigation started
                    times[f"engine_{visit}"].append(ready_at - started_at)
                    if visit == "first_visit":
                        page.wait("() => window.calcEngine.snapshot", timeout=60)
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

def _wait_quiet(link, quiet_s: float = 3.0, timeout_s: float = 600.0) -> None:
    """Until nothing has crossed the link for ``quiet_s`` seconds."""
    last, since, t_end = link.sent, time.monotonic(), time.monotonic() + timeout_s
    while time.monotonic() < t_end:
        time.sleep(0.25)
        if link.sent != last:
            last, since = link.sent, time.monotonic()
        elif time.monotonic() - since >= quiet_s:
            return


def _engine_files(entries: list[dict]) -> dict:
    """Requests and bytes per engine file (anything under assets/engine/)."""
    files: dict[str, dict] = {}
    for e in entries:
        if "/assets/engine/" in e["path"]:
            f = files.setdefault(e["path"].split("/assets/engine/", 1)[1], {"requests": 0, "bytes": 0})
            f["requests"] += 1
            f["bytes"] += e["bytes"]
    return files


def _profile(chromium, service_workers: str):
    """A fresh browser profile on disk, as a player's: its HTTP cache keeps big files
    (a private window's in-memory cache does not keep the 9.6 MB wasm)."""
    folder = tempfile.mkdtemp(prefix="bench-profile-")
    ctx = chromium.launch_persistent_context(folder, executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                             service_workers=service_workers)
    ctx.on("close", lambda _: shutil.rmtree(folder, ignore_errors=True))
    return ctx


def phone_floor(chromium, server: PhoneServer) -> dict:
    """Cold: a bare loadPyodide() of the npm files, through the link."""
    server.link.reset()
    ctx = _profile(chromium, "block")
    page = ctx.new_page()
    page.goto(server.url + "bench/floor.html", timeout=600_000)
    page.wait_for_function("() => window.floor", timeout=600_000, polling=100)
    at, origin = page.evaluate("[window.floor.at, performance.timeOrigin]")
    _wait_quiet(server.link)
    ctx.close()
    return {"ready_ms": round(at, 1), "bytes_ready": server.link.bytes_by((origin + at) / 1000),
            "bytes_total": server.link.sent}


def phone_ours(chromium, server: PhoneServer) -> dict:
    """Cold first visit to a calculator page with the service worker on, through the link."""
    server.link.reset()
    ctx = _profile(chromium, "allow")
    ctx.add_init_script(FIRST_RESULT)
    page = ctx.new_page()
    page.goto(server.url + CALC_PAGE, timeout=600_000)
    page.wait_for_function("() => window.__firstResult && window.calcEngine.readyAt", timeout=600_000, polling=100)
    ready, first, origin = page.evaluate("[window.calcEngine.readyAt, window.__firstResult, performance.timeOrigin]")
    page.wait_for_function("() => window.calcOffline && ['ready', 'failed'].includes(window.calcOffline.status)",
                           timeout=600_000, polling=250)
    offline = page.evaluate("window.calcOffline.status")
    _wait_quiet(server.link)
    entries = server.link.entries()
    ctx.close()
    engine = _engine_files(entries)
    return {"ready_ms": round(ready, 1), "first_result_ms": round(first, 1),
            "bytes_ready": server.link.bytes_by((origin + ready) / 1000),
            "bytes_first_result": server.link.bytes_by((origin + first) / 1000),
            "bytes_total": server.link.sent, "offline": offline,
            "engine_bytes": sum(f["bytes"] for f in engine.values()), "engine_files": engine}


def measure_phone(chromium, site: Path, runs: int) -> dict:
    """Floor and ours, alternating, on each link profile."""
    out = {}
    for name, profile in PROFILES.items():
        server = PhoneServer(site, profile["mbit"], profile["rtt_ms"])
        floors, ours = [], []
        for _ in range(runs):
            floors.append(phone_floor(chromium, server))
            ours.append(phone_ours(chromium, server))
        server.close()
        fr = median_spread([f["ready_ms"] for f in floors])
        out[name] = {
            **profile,
            "floor": {"ready_ms": fr, "bytes_ready": int(statistics.median(f["bytes_ready"] for f in floors))},
            "ours": {
                "ready_ms": median_spread([o["ready_ms"] for o in ours]),
                "first_result_ms": median_spread([o["first_result_ms"] for o in ours]),
                "bytes_ready": int(statistics.median(o["bytes_ready"] for o in ours)),
                "bytes_first_result": int(statistics.median(o["bytes_first_result"] for o in ours)),
                "bytes_total": int(statistics.median(o["bytes_total"] for o in ours)),
                "engine_bytes": int(statistics.median(o["engine_bytes"] for o in ours)),
                "engine_files": ours[-1]["engine_files"],
                "offline": [o["offline"] for o in ours],
            },
            "ratio_ready": round(statistics.median(o["ready_ms"] for o in ours) / fr["median"], 3),
            "runs": {"floor": floors, "ours": ours},
        }
    return out


def print_phone(phone: dict) -> None:
    for name, r in phone.items():
        f, o = r["floor"], r["ours"]
        print(f"  phone link '{name}' ({r['mbit']} Mbit/s, {r['rtt_ms']:.0f} ms RTT, gzip), cold first visit, service worker on:")
        print(f"    floor: bare loadPyodide() → ready         {f['ready_ms']['median']:>8.0f} ms   "
              f"({f['ready_ms']['min']:.0f}–{f['ready_ms']['max']:.0f})   {f['bytes_ready']:>11,} bytes by then")
        print(f"    ours: navigation → engine ready           {o['ready_ms']['median']:>8.0f} ms   "
              f"({o['ready_ms']['min']:.0f}–{o['ready_ms']['max']:.0f})   {o['bytes_ready']:>11,} bytes by then"
              f"   ×{r['ratio_ready']} of floor")
        print(f"    ours: navigation → first result           {o['first_result_ms']['median']:>8.0f} ms   "
              f"{'':>14}{o['bytes_first_result']:>11,} bytes by then")
        print(f"    ours: whole first visit (with precache)   {o['bytes_total']:>11,} bytes; engine files {o['engine_bytes']:,}")
        requests = {k: v["requests"] for k, v in o["engine_files"].items()}
        print(f"    engine requests per file: {requests}")


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="cold/warm runs per measure (default 5)")
    parser.add_argument("--changes", type=int, default=200, help="input changes per calculator (default 200)")
    parser.add_argument("--browsers", default="chromium,webkit",
                        help="which browsers to measure (default chromium,webkit); webkit alone keeps the "
                             "Chromium figures already in the results file")
    parser.add_argument("--phone-runs", type=int, default=3, help="cold first visits per phone-link profile (default 3)")
    parser.add_argument("--only", choices=["all", "local", "phone"], default="all",
                        help="run only the local (127.0.0.1) or only the phone-link scenario")
    args = parser.parse_args()
    browsers = set(args.browsers.split(","))
    if not browsers <= {"chromium", "webkit"} or not browsers:
        parser.error("--browsers takes chromium, webkit or both")

    def row(label, d):
        return f"  {label:<44} {d['median']:>8.0f} ms   ({d['min']:.0f}–{d['max']:.0f}, {d['runs']} runs)"

    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "empty", cache_control="max-age=3600")
        (Path(tmp) / "empty").mkdir(exist_ok=True)
        site = Path(tmp) / "site"
        built = build_site(site, server.url)
        if built.returncode:
            print(built.stdout, built.stderr, file=sys.stderr)
            return 1
        server.folder = site
        (site / "bench").mkdir()
        (site / "bench" / "floor.html").write_text(FLOOR_PAGE)
        shutil.copytree(ROOT / "node_modules" / "pyodide", site / "bench" / "pyodide")

        webkit = (measure_webkit(server.url + CALC_PAGE, args.runs)
                  if "webkit" in browsers and args.only != "phone" else None)
        if "chromium" not in browsers:
            server.close()
            report = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
            report["webkit"] = {"date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"), **webkit}
            RESULTS.parent.mkdir(parents=True, exist_ok=True)
            RESULTS.write_text(json.dumps(report, indent=2) + "\n")
            print(f"Engine benchmark (WebKit only) — {report['webkit']['date']}")
            print_webkit(webkit, row)
            print(f"figures written to {RESULTS.relative_to(ROOT)}")
            return 0

        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            browser_version = browser.version
            phone = measure_phone(p.chromium, site, args.phone_runs) if args.only in ("all", "phone") else None
            if args.only != "phone":
                local = measure_local(browser, server, args)
            browser.close()
        server.close()
        precache = precache_size(site)

    date = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
    machine = {"cpus": __import__("os").cpu_count(), "platform": platform.platform(),
               "python": platform.python_version(), "chromium": browser_version}
    if phone is not None:
        PHONE_RESULTS.parent.mkdir(parents=True, exist_ok=True)
        PHONE_RESULTS.write_text(json.dumps({"date": date, "machine": machine, "profiles": phone}, indent=2) + "\n")
    if args.only == "phone":
        print(f"Phone-link benchmark — {date}, Chromium {browser_version}, {machine['cpus']} CPUs")
        print_phone(phone)
        print(f"figures written to {PHONE_RESULTS.relative_to(ROOT)}")
        return 0
    fc, fw = median_spread(local.floor_cold), median_spread(local.floor_warm)
    rc, rw = median_spread(local.first_cold), median_spread(local.first_warm)
    report = {
        "date": date,
        "machine": machine,
        "floor_ms": {"cold": fc, "warm": fw},
        "first_result_ms": {"cold": rc, "warm": rw},
        "ratio_to_floor": {"cold": round(rc["median"] / fc["median"], 3), "warm": round(rw["median"] / fw["median"], 3)},
        "engine_ready_ms": {"cold": median_spread(local.engine_cold), "warm": median_spread(local.engine_warm)},
        "engine_vs_floor": {"cold": round(statistics.median(local.engine_cold) / fc["median"], 3),
                            "warm": round(statistics.median(local.engine_warm) / fw["median"], 3)},
        "after_instant_navigation_ms": {"from_click": median_spread(local.nav), "from_page_shown": median_spread(local.nav_shown),
                                        "plain_page_click_to_shown": median_spread(local.plain_nav)},
        "interaction_ms": local.interactions,
        "bytes": {"page_without_calculator": local.plain, "page_with_calculator": local.calc},
        "precache": precache,
        "service_worker_ready_ms": median_spread(local.sw_ready),
    }
    if webkit:
        report["webkit"] = webkit
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(report, indent=2) + "\n")

    print(f"Engine benchmark — {report['date']}, Chromium {browser_version}, {report['machine']['cpus']} CPUs")
    print(row("floor: bare loadPyodide(), cold", fc))
    print(row("floor: bare loadPyodide(), warm", fw))
    print(row("ours: navigation → first result, cold", rc) + f"   ×{report['ratio_to_floor']['cold']} of floor")
    print(row("ours: navigation → first result, warm", rw) + f"   ×{report['ratio_to_floor']['warm']} of floor")
    print(row("ours: engine start → ready, cold", report["engine_ready_ms"]["cold"]) + f"   ×{report['engine_vs_floor']['cold']} of floor")
    print(row("ours: engine start → ready, warm", report["engine_ready_ms"]["warm"]) + f"   ×{report['engine_vs_floor']['warm']} of floor")
    print(row("instant navigation: click → result", report["after_instant_navigation_ms"]["from_click"]))
    print(row("instant navigation: new page shown → result", report["after_instant_navigation_ms"]["from_page_shown"]))
    print(row("  (page without calculator: click → shown)", report["after_instant_navigation_ms"]["plain_page_click_to_shown"]))
    for name, r in local.interactions.items():
        print(f"  interaction {name:<32} p50 {r['p50']:.1f} ms   p95 {r['p95']:.1f} ms   ({r['changes']} changes)")
    print(f"  bytes, page without a calculator           {local.plain['total']:>9,} (engine {local.plain['engine']:,})")
    print(f"  bytes, page with a calculator              {local.calc['total']:>9,} (engine {local.calc['engine']:,})")
    if precache:
        print(f"  precache                                   {precache['total']:>9,} (Pyodide {precache['pyodide']:,}, {precache['files']} files)")
    print(row("service worker ready, first visit", report["service_worker_ready_ms"]))
    if webkit:
        print_webkit(webkit, row)
    if phone is not None:
        print_phone(phone)
    print(f"figures written to {RESULTS.relative_to(ROOT)}" + (f" and {PHONE_RESULTS.relative_to(ROOT)}" if phone else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
