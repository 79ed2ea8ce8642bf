"""Benchmark: a phone's CPU — the engine with Chromium held to a third of this machine's CPU.

Run with ``make bench`` (or ``.venv/bin/python benchmarks/phone_cpu.py --runs 3``), as root: the
limit is a cgroup CPU quota (cgroup v1 ``cpu`` controller, ``/sys/fs/cgroup/cpu``) on Chromium's
whole process tree. Chromium is started through a two-line wrapper that puts its own process in
the group before it ``exec``s the browser, so every process it forks later — renderers, the GPU
and network services, the engine's Web Worker inside a renderer — is held too. Chromium's own
CPU throttling (DevTools) slows a page's main thread only, not its workers, so it cannot stand in.

The built site is served through the phone link of ``benchmarks/phonelink.py`` (9 Mbit/s, 60 ms,
one link shared by every request), with gzip; ``--brotli`` makes it a host that serves the build's
``.br`` copies (the floor's npm files get the same copies, so both sides meet the same host). Each
run, floor and ours alternating:

* **floor** — a fresh profile opens a page that only runs ``await loadPyodide()`` from the npm
  package's own files: cold, then a return visit (a new tab, same profile);
* every **return visit** (floor, ours, the engine alone, the theme) starts once Chromium is quiet
  (at most 30 ms of CPU in a second, ``CpuLimit.settle``), as when a player comes back later: what
  the visit before left to finish (caches written, memory collected) is not counted against it;
* **ours** — a fresh profile opens a calculator page (service worker on): navigation → engine
  ready; the **first call** made the moment the engine says ready (and how many calls of the page's
  own went to the engine from ready to its answer: ``engine.stats.sent``); the **slowest call** among
  calls made every 100 ms while the start-up snapshot is saved; what the visit leaves on the
  phone (``navigator.storage.estimate()`` and each Cache Storage cache); then a **return visit**
  (the first tab closed, a new tab on the same page): navigation → ready, its first call, and the
  engine's **timeline** (``calcEngine.stats.timeline``: worker start → each step → ready);
* **the engine alone** — a page whose only script starts the site's worker, nothing of the theme
  or the widgets: a first visit in a fresh profile, and a return visit in ours' profile after its
  own (the offline copy and the snapshot there): navigation → ready, the best any page of ours
  could do with this engine; and the first call the moment it says ready, straight to the worker;
* **the theme and the engine** — the same page less the calculators' scripts (``calc.js``,
  ``offline.js``): Material's theme, the page's text and the engine started in ``<head>`` as ours;
  a return visit in ours' profile after the engine alone's: navigation → ready and its first call;
* **taps** — one tap's p50/p95 per calculator on the "At the table" page (the interactions of
  ``benchmarks/engine.py``, 100 each, the first 3 s after the engine is ready), at the same CPU limit:
  in a **burst** (each tap on the frame after the last answer, so it also meets the drawing the tap
  before it left), then **paced** as a player taps (one every 250 ms), timed to the answer in the
  page and to the end of the frame that shows it.

``--generators`` measures the theme's cost beside its successor's instead: the site built with MkDocs
+ Material and with Zensical (``devtools/zensical.py``), runs alternating, each a fresh profile's
first visit to the calculator page (the offline copy and the snapshot made), then from a quiet Chromium
a return visit to the page and one to the theme page (``benchmarks/README.md``, "Zensical beside MkDocs").

What the profile stands for and what it cannot show: a phone whose CPU does about a third of one
of this machine's cores' work per second, all of it shared by the browser's processes; it does
not show a phone's thermal throttling, its memory limits (iOS ends a tab that holds too much),
its slower storage, or WebKit (the WebKit leg runs unlimited in ``benchmarks/engine.py``).
Figures go to ``benchmarks/results/phone_cpu.json``; speed is measured here, not asserted.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from benchmarks.engine import CALC_PAGE, FIRST_RESULT, FLOOR_PAGE, _wait_quiet, measure_interactions, median_spread  # noqa: E402
from benchmarks.engine_parts.cpulimit import PERIOD_US, CpuLimit, limit_problem  # noqa: E402
from benchmarks.phonelink import PROFILES, PhoneServer  # noqa: E402
from calculators.build.engine import PRECOMPRESS  # noqa: E402
from devtools import zensical  # noqa: E402
from devtools.server import CHROMIUM_ARGS, build_site  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "phone_cpu.json"
THEME_PATH = CALC_PAGE + "theme.html"  # beside the page, so its own addresses stay right
BROTLI_RESULTS = ROOT / "benchmarks" / "results" / "phone_cpu_brotli.json"
GENERATOR_RESULTS = ROOT / "benchmarks" / "results" / "phone_cpu_generators.json"
LONG = 600_000  # ms: nothing here may wait forever, nothing honest takes this long
TAPS = 100  # per calculator
PACE_MS = 250  # the paced run: four taps a second, faster than a player reads an answer
SETTLE_MS = 3000  # after the engine is ready, before the first tap: a player reads before tapping

# The moment the engine says ready, one call, as a player's tap would be. On a first visit, once the
# worker says it has begun to save the start-up snapshot, calls one after another (5 ms apart) until
# it is saved: the slowest of them is what a tap meets while the snapshot is saved.
CALLS = """
(() => {
  let engine;
  const call = async () => {
    const t0 = performance.now();
    const reply = await engine.call("boons.free_dice", { rating: 7 });
    return { ms: performance.now() - t0, at: t0, ok: reply.ok && reply.result.free_dice === 3 };
  };
  const pause = (ms) => new Promise((r) => setTimeout(r, ms));
  Object.defineProperty(window, "calcEngine", { configurable: true, get: () => engine, set(value) {
    engine = value;
    let watching = true;
    value.watch((status) => {
      if (status !== "ready" || !watching) return;
      watching = false;
      const readyAt = performance.now();
      const sent = engine.stats.sent; // the page's own calls to the engine sent meanwhile were queued with this one
      setTimeout(() => (window.__mainFree = performance.now() - readyAt), 0); // how long the page's own work held it
      call().then(async (first) => {
        window.__firstCall = { ...first, after_ready_ms: first.at - engine.stats.readyAt, main_busy_ms: window.__mainFree,
          page_calls: engine.stats.sent - sent - 1 };
        const during = [];
        for (let t = performance.now(); engine.stats.source === "fresh" && !engine.stats.savingAt && performance.now() - t < 30_000; ) await pause(5);
        while (engine.stats.savingAt && !engine.stats.snapshot) {
          during.push(await call());
          await pause(5);
        }
        window.__during = during;
      });
    });
  } });
})();
"""

# The site's engine and nothing else: a page (in the service worker's scope, so its files come from the
# offline copy as on a return visit) whose only script starts the site's worker. Its navigation → ready
# on a return visit is what no page of ours can beat: the theme, the widgets and their drawing are gone.
# The moment it says ready, the same call as ours' first one, straight to the worker (its protocol:
# worker.js): what is left of that call is the engine's, not the page's.
FIRST_CALL_JS = """
window.benchFirstCall = (worker, said, name) => {
  let ready = null, asked = 0;
  const heard = (data, at) => {
    if (data && data.type === "ready" && !ready) {
      ready = { at, source: data.source };
      asked = performance.now();
      const request = JSON.stringify({ id: 1, name: "boons.free_dice", payload: { rating: 7 } });
      worker.postMessage({ type: "call", id: 1, request });
    } else if (data && data.type === "result" && data.id === 1 && ready) {
      const reply = JSON.parse(data.reply);
      window[name] = { ...ready, first_call_ms: performance.now() - asked, ok: reply.ok && reply.result.free_dice === 3 };
    }
  };
  said.forEach((event) => heard(event.data, event.timeStamp));
  worker.addEventListener("message", (event) => heard(event.data, performance.now()));
};
"""
ALONE_PAGE = """<!doctype html><meta charset="utf-8"><title>engine alone</title>
<script src="first_call.js"></script>
<script type="module">
benchFirstCall(new Worker(new URL("../WORKER", location.href), { type: "module" }), [], "alone");
</script>"""
# The theme and the engine: the benchmark's page as built, less the calculators' own scripts (calc.js,
# offline.js): Material's theme, the page's text and forms, and the engine started first thing in
# <head> as ours starts it. Ours less this is what the calculators cost a return visit; this less
# the engine alone is what the theme and the page's text cost it.
THEME_JS = 'benchFirstCall(window.__calcEarly.worker, window.__calcEarly.queue, "theme");\n'


def theme_page(html: str) -> str:
    """The calculator page ``html`` with its calculators' scripts replaced by the first call's watch."""
    kept = [line for line in html.split("\n") if not re.search(r'<script src="[^"]*/(calc|offline)\.js"', line)]
    if len(kept) != html.count("\n") + 1 - 2:
        raise ValueError("the calculator page no longer loads calc.js and offline.js as this benchmark expects")
    page = "\n".join(kept)
    return page.replace("</body>", '<script src="../../bench/first_call.js"></script>'
                                     '<script src="../../bench/theme.js"></script></body>')


# What a first visit leaves on the phone: the browser's own estimate and each cache's bytes.
STORAGE = """async () => {
  const estimate = await navigator.storage.estimate();
  const caches_ = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    let bytes = 0;
    for (const request of await cache.keys()) bytes += (await (await cache.match(request)).blob()).size;
    caches_[name] = bytes;
  }
  return { usage: estimate.usage, caches: caches_ };
}"""


def profile(chromium, exe: Path, service_workers: str):
    folder = tempfile.mkdtemp(prefix="bench-cpu-profile-")
    ctx = chromium.launch_persistent_context(folder, executable_path=str(exe), args=CHROMIUM_ARGS,
                                             service_workers=service_workers)
    ctx.on("close", lambda _: shutil.rmtree(folder, ignore_errors=True))
    return ctx


def floor_run(chromium, exe: Path, server: PhoneServer, held: CpuLimit) -> dict:
    ctx = profile(chromium, exe, "block")
    out = {}
    for visit in ("cold", "return"):
        if visit == "return":
            out["settled_s"] = held.settle()
        page = ctx.new_page()
        page.goto(server.url + "bench/floor.html", timeout=LONG)
        page.wait_for_function("() => window.floor", timeout=LONG, polling=100)
        out[visit] = round(page.evaluate("window.floor.at"), 1)
        _wait_quiet(server.link, quiet_s=1.0)
        if visit == "cold":
            ctx.new_page()  # the profile stays open while the first tab closes
        page.close()
    ctx.close()
    return out


def visit(page, url: str) -> dict:
    page.goto(url, timeout=LONG)
    page.wait_for_function("() => window.__firstResult && window.calcEngine.stats.readyAt && window.__firstCall",
                           timeout=LONG, polling=100)
    return page.evaluate("""() => ({ ready: calcEngine.stats.readyAt, first_result: window.__firstResult,
        source: calcEngine.stats.source, first_call: window.__firstCall, started: calcEngine.stats.startedAt,
        timeline: calcEngine.stats.timeline })""")


def first_visit_done(page, server: PhoneServer) -> tuple[list, dict | None]:
    """Wait for what a first visit does after ready: the calls timed while its snapshot is saved
    (returned, with the snapshot's report), the offline copy, and the link quiet."""
    page.wait_for_function("() => window.__during", timeout=LONG, polling=250)
    during, snapshot = page.evaluate("window.__during"), page.evaluate("calcEngine.stats.snapshot")
    page.wait_for_function("() => window.calcOffline && ['ready', 'failed'].includes(window.calcOffline.status)",
                           timeout=LONG, polling=250)
    _wait_quiet(server.link, quiet_s=2.0)
    return during, snapshot


def alone_visit(page, server: PhoneServer, path: str = "bench/alone.html", name: str = "alone") -> dict:
    page.goto(server.url + path, timeout=LONG)
    page.wait_for_function(f"() => window.{name}", timeout=LONG, polling=100)
    return page.evaluate(f"window.{name}")


def ours_run(chromium, exe: Path, server: PhoneServer, held: CpuLimit) -> dict:
    ctx = profile(chromium, exe, "allow")
    alone_cold = alone_visit(ctx.new_page(), server)  # a fresh profile: bytes and a fresh start, nothing else
    ctx.close()
    _wait_quiet(server.link, quiet_s=1.0)
    ctx = profile(chromium, exe, "allow")
    ctx.add_init_script(FIRST_RESULT)
    ctx.add_init_script(CALLS)
    page = ctx.new_page()
    cold = visit(page, server.url + CALC_PAGE)
    processes = held.processes()
    during, snapshot = first_visit_done(page, server)
    storage = page.evaluate(STORAGE)
    # the theme page is not in the offline copy: its files go to the browser's cache now, as ours went
    page.evaluate("""(urls) => Promise.all(urls.map((url) => fetch(url).then((r) => r.text())))""",
                  [server.url + THEME_PATH, server.url + "bench/first_call.js", server.url + "bench/theme.js"])
    again = ctx.new_page()
    page.close()
    settled = [held.settle()]  # what the first visit left to finish (and STORAGE's reading) is done
    back = visit(again, server.url + CALC_PAGE)
    alone_page = ctx.new_page()
    again.close()
    settled.append(held.settle())
    alone = alone_visit(alone_page, server)
    theme_tab = ctx.new_page()
    alone_page.close()
    settled.append(held.settle())
    theme = alone_visit(theme_tab, server, THEME_PATH, "theme")
    ctx.close()
    return {"cold": cold, "return": back, "alone": {"cold": alone_cold, "return": alone}, "theme": theme,
            "settled_s": settled, "during_snapshot": {
        "calls": len(during), "slowest_ms": round(max((c["ms"] for c in during), default=0), 1),
        "all_right": all(c["ok"] for c in during), "snapshot": snapshot},
        "storage": storage, "processes_held": processes}


def measure(chromium, exe: Path, site: Path, runs: int, held: CpuLimit, brotli: bool = False) -> dict:
    link = PROFILES["phone"]
    server = PhoneServer(site, link["mbit"], link["rtt_ms"], brotli=brotli)
    floors, ours = [], []
    try:
        for _ in range(runs):
            floors.append(floor_run(chromium, exe, server, held))
            ours.append(ours_run(chromium, exe, server, held))
        browser = chromium.launch(executable_path=str(exe), args=CHROMIUM_ARGS)
        taps = tap_runs(browser, server.url)
        browser.close()
    finally:
        server.close()
    fl = {v: median_spread([f[v] for f in floors]) for v in ("cold", "return")}
    settled = {"floor": [f["settled_s"] for f in floors], "ours, alone, theme": [o["settled_s"] for o in ours]}
    ou = {v: median_spread([o[v]["ready"] for o in ours]) for v in ("cold", "return")}
    alone = {v: median_spread([o["alone"][v]["at"] for o in ours]) for v in ("cold", "return")}
    theme = median_spread([o["theme"]["at"] for o in ours])
    return {
        "link": link, "encoding": "br" if brotli else "gzip", "floor_ready_ms": fl, "ours_ready_ms": ou,
        "ratio": {v: round(ou[v]["median"] / fl[v]["median"], 3) for v in ("cold", "return")},
        "alone_ready_ms": alone, "alone_ratio": {v: round(alone[v]["median"] / fl[v]["median"], 3) for v in ("cold", "return")},
        "alone_sources": [o["alone"]["return"]["source"] for o in ours],
        "alone_first_call_ms": {v: [round(o["alone"][v]["first_call_ms"], 1) for o in ours] for v in ("cold", "return")},
        "theme_ready_ms": theme, "theme_ratio": round(theme["median"] / fl["return"]["median"], 3),
        "theme_sources": [o["theme"]["source"] for o in ours],
        "theme_first_call_ms": [round(o["theme"]["first_call_ms"], 1) for o in ours],
        "first_call_ms": {v: [round(o[v]["first_call"]["ms"], 1) for o in ours] for v in ("cold", "return")},
        "main_busy_ms": {v: [round(o[v]["first_call"].get("main_busy_ms") or 0, 1) for o in ours] for v in ("cold", "return")},
        "page_calls": {v: [o[v]["first_call"].get("page_calls") for o in ours] for v in ("cold", "return")},
        "slowest_call_while_saving_ms": [o["during_snapshot"]["slowest_ms"] for o in ours],
        "calls_while_saving": [o["during_snapshot"]["calls"] for o in ours],
        "snapshot_made_ms": [round((o["during_snapshot"]["snapshot"] or {}).get("madeMs", 0), 1) for o in ours],
        "storage_bytes": [o["storage"] for o in ours],
        "timeline_return": ours[-1]["return"]["timeline"], "timeline_cold": ours[-1]["cold"]["timeline"],
        "settled_s": settled, "taps": taps, "runs": {"floor": floors, "ours": ours},
    }


def theme_run(chromium, exe: Path, server: PhoneServer, held: CpuLimit) -> dict:
    """A fresh profile's first visit to the calculator page, then, each from a quiet Chromium, a return
    visit to the page and one to the theme page (``ours_run`` less the engine alone)."""
    ctx = profile(chromium, exe, "allow")
    ctx.add_init_script(FIRST_RESULT)
    ctx.add_init_script(CALLS)
    page = ctx.new_page()
    visit(page, server.url + CALC_PAGE)
    first_visit_done(page, server)
    page.evaluate("""(urls) => Promise.all(urls.map((url) => fetch(url).then((r) => r.text())))""",
                  [server.url + THEME_PATH, server.url + "bench/first_call.js", server.url + "bench/theme.js"])
    again = ctx.new_page()
    page.close()
    held.settle()
    back = visit(again, server.url + CALC_PAGE)
    theme_tab = ctx.new_page()
    again.close()
    held.settle()
    theme = alone_visit(theme_tab, server, THEME_PATH, "theme")
    ctx.close()
    return {"return": back["ready"], "return_source": back["source"], "return_first_call_ms": back["first_call"]["ms"],
            "theme": theme["at"], "theme_source": theme["source"], "theme_first_call_ms": theme["first_call_ms"]}


def measure_generators(chromium, exe: Path, sites: dict[str, Path], runs: int, held: CpuLimit) -> dict:
    """``theme_run`` on each generator's site, the generators alternating run by run."""
    link = PROFILES["phone"]
    servers = {name: PhoneServer(site, link["mbit"], link["rtt_ms"]) for name, site in sites.items()}
    out = {name: [] for name in sites}
    try:
        for _ in range(runs):
            for name, server in servers.items():
                out[name].append(theme_run(chromium, exe, server, held))
    finally:
        for server in servers.values():
            server.close()
    return {"link": link, "encoding": "gzip", **{name: {
        "return_ready_ms": median_spread([r["return"] for r in rs]),
        "theme_ready_ms": median_spread([r["theme"] for r in rs]),
        "sources": sorted({r["return_source"] for r in rs} | {r["theme_source"] for r in rs}),
        "runs": rs} for name, rs in out.items()}}


def print_generators(r: dict) -> None:
    for name in ("mkdocs", "zensical"):
        g = r[name]
        print(f"  {name:9} return visit, navigation → ready: the page {g['return_ready_ms']['median']} ms "
              f"({g['return_ready_ms']['min']}–{g['return_ready_ms']['max']}), the theme page "
              f"{g['theme_ready_ms']['median']} ms ({g['theme_ready_ms']['min']}–{g['theme_ready_ms']['max']}); "
              f"started from {g['sources']}")


def prepare(site: Path) -> None:
    """The benchmark's pages beside a built site: the floor, the engine alone, the theme page."""
    (site / "bench").mkdir()
    (site / "bench" / "floor.html").write_text(FLOOR_PAGE)
    worker = next(site.glob("assets/calc-*/worker.js")).relative_to(site).as_posix()
    (site / "bench" / "alone.html").write_text(ALONE_PAGE.replace("WORKER", worker))
    (site / "bench" / "first_call.js").write_text(FIRST_CALL_JS)
    (site / "bench" / "theme.js").write_text(THEME_JS)
    (site / THEME_PATH).write_text(theme_page((site / CALC_PAGE / "index.html").read_text()))
    shutil.copytree(ROOT / "node_modules" / "pyodide", site / "bench" / "pyodide")


def generators_main(runs: int, share: float) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        sites = {"mkdocs": Path(tmp) / "mkdocs", "zensical": Path(tmp) / "zensical"}
        for name, built in (("mkdocs", build_site(sites["mkdocs"], "http://127.0.0.1/")),
                            ("zensical", zensical.build(sites["zensical"], "http://127.0.0.1/"))):
            if built.returncode:
                print(f"{name}:", built.stdout, built.stderr, file=sys.stderr)
                return 1
            prepare(sites[name])
        held = CpuLimit(share, Path(tmp))
        try:
            with sync_playwright() as p:
                report = measure_generators(p.chromium, held.chromium, sites, runs, held)
        finally:
            held.close()
    date = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
    report = {"date": date, "cpus": os.cpu_count(), "share": round(share, 3), **report}
    GENERATOR_RESULTS.parent.mkdir(parents=True, exist_ok=True)
    GENERATOR_RESULTS.write_text(json.dumps(report, indent=2) + "\n")
    print(f"Phone-CPU benchmark, the theme beside its successor — {date}, {os.cpu_count()} CPUs, CPU held to "
          f"{share:.2f}, {runs} runs each")
    print_generators(report)
    print(f"figures written to {GENERATOR_RESULTS.relative_to(ROOT)}")
    return 0


def tap_runs(browser, url: str) -> dict:
    """The calculators' taps in a burst, then at a player's pace (also timed to the frame that shows each)."""
    return {"burst": measure_interactions(browser, url, TAPS, settle_ms=SETTLE_MS),
            "paced": measure_interactions(browser, url, TAPS, settle_ms=SETTLE_MS, pace_ms=PACE_MS)}


def measure_taps(chromium, exe: Path, site: Path) -> dict:
    """The taps alone (``--taps-only``): one tap's p50/p95 per calculator at the CPU limit, over the
    phone link: in a burst, then at a player's pace (``paced``: also timed to the frame that shows it)."""
    link = PROFILES["phone"]
    server = PhoneServer(site, link["mbit"], link["rtt_ms"])
    try:
        browser = chromium.launch(executable_path=str(exe), args=CHROMIUM_ARGS)
        taps = tap_runs(browser, server.url)
        browser.close()
    finally:
        server.close()
    return taps


def print_taps(taps: dict) -> None:
    print("  in a burst (each tap on the frame after the last answer), tap → answer in the page:")
    for name, t in taps["burst"].items():
        print(f"    tap {name:<28} p50 {t['p50']:.1f} ms   p95 {t['p95']:.1f} ms   ({t['changes']} taps)")
    print(f"  at a player's pace (a tap every {PACE_MS} ms), tap → answer in the page | → the frame that shows it:")
    for name, t in taps["paced"].items():
        print(f"    tap {name:<28} p50 {t['p50']:.1f} ms   p95 {t['p95']:.1f} ms   |   "
              f"p50 {t['painted_p50']:.1f} ms   p95 {t['painted_p95']:.1f} ms   ({t['changes']} taps)")


def print_report(r: dict, share: float) -> None:
    fl, ou = r["floor_ready_ms"], r["ours_ready_ms"]

    def row(label, d):
        return f"{label:<40} {d['median']:>8.0f} ms ({d['min']:.0f}–{d['max']:.0f})"

    print(f"  CPU held to {share:.2f} of the machine, phone link {r['link']['mbit']} Mbit/s {r['link']['rtt_ms']:.0f} ms,"
          f" {r['encoding']}")
    for v, label in (("cold", "first visit"), ("return", "return visit")):
        print(f"  {label}: " + row("floor: bare loadPyodide() → ready", fl[v]))
        print(f"  {label}: " + row("ours: navigation → engine ready", ou[v]) + f"   ×{r['ratio'][v]} of floor")
        print(f"  {label}: first call right after ready: {r['first_call_ms'][v]} ms"
              f" (the page itself busy for {r['main_busy_ms'][v]} ms of it; the page's own calls sent from ready"
              f" to its answer: {r.get('page_calls', {}).get(v)})")
    for v, label in (("cold", "first visit"), ("return", "return visit")):
        print(f"  {label}: " + row("the engine alone: navigation → ready", r["alone_ready_ms"][v])
              + f"   ×{r['alone_ratio'][v]} of floor (a page with nothing but the site's worker)")
    print(f"  the engine alone, return visits started from: {r['alone_sources']}; its first call right after"
          f" ready: first visit {r['alone_first_call_ms']['cold']} ms, return visit {r['alone_first_call_ms']['return']} ms")
    print("  return visit: " + row("the theme and the engine: navigation → ready", r["theme_ready_ms"])
          + f"   ×{r['theme_ratio']} of floor (the page less the calculators' scripts; started from"
          f" {r['theme_sources']}; first call {r['theme_first_call_ms']} ms)")
    print(f"  slowest call while the snapshot is saved: {r['slowest_call_while_saving_ms']} ms"
          f" ({r['calls_while_saving']} calls; the snapshot's making held the engine {r['snapshot_made_ms']} ms)")
    for s in r["storage_bytes"][-1:]:
        print(f"  left on the phone by a first visit: {s['usage']:,} bytes (estimate); caches {s['caches']}")
    print("  return visit, worker timeline (ms since the worker started):",
          ", ".join(f"{step} {ms}" for step, ms in r["timeline_return"] or []))
    print(f"  before each return visit, seconds until Chromium was quiet (≤ 30 ms of CPU in a second): {r['settled_s']}")
    print_taps(r["taps"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="floor/ours pairs (default 3)")
    parser.add_argument("--share", type=float, default=1 / 3, help="share of the machine's CPU (default 1/3)")
    parser.add_argument("--taps-only", action="store_true",
                        help="only the calculators' taps at the CPU limit (a minute, not the visits' half hour)")
    parser.add_argument("--brotli", action="store_true",
                        help="a host that serves the .br copies (default: gzip on the fly)")
    parser.add_argument("--generators", action="store_true",
                        help="the theme's cost on a return visit, MkDocs + Material beside Zensical")
    args = parser.parse_args()
    problem = limit_problem()
    if problem:
        print(f"Phone-CPU benchmark not run: {problem}.")
        return 0
    if args.generators:
        return generators_main(args.runs, args.share)
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        built = build_site(site, "http://127.0.0.1/")
        if built.returncode:
            print(built.stdout, built.stderr, file=sys.stderr)
            return 1
        prepare(site)
        if args.brotli:  # the floor's runtime gets the same .br copies as ours
            floor = site / "bench" / "pyodide"
            subprocess.run(["node", str(ROOT / "calculators" / "build" / "precompress.mjs"), str(floor),
                            *(str(floor / name) for name in PRECOMPRESS)], check=True, capture_output=True)
        held = CpuLimit(args.share, Path(tmp))
        try:
            with sync_playwright() as p:
                if args.taps_only:
                    taps = measure_taps(p.chromium, held.chromium, site)
                else:
                    report = measure(p.chromium, held.chromium, site, args.runs, held, args.brotli)
        finally:
            held.close()
    if args.taps_only:
        print(f"Phone-CPU taps — {dt.datetime.now(dt.UTC).isoformat(timespec='seconds')}, CPU held to {args.share:.2f}, "
              f"{TAPS} taps per calculator:")
        print_taps(taps)
        return 0
    date = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
    report = {"date": date, "cpus": os.cpu_count(), "share": round(args.share, 3), "quota_us": held.quota,
              "period_us": PERIOD_US, **report}
    results = BROTLI_RESULTS if args.brotli else RESULTS
    results.parent.mkdir(parents=True, exist_ok=True)
    results.write_text(json.dumps(report, indent=2) + "\n")
    print(f"Phone-CPU benchmark — {date}, {os.cpu_count()} CPUs, {args.runs} runs")
    print_report(report, args.share)
    print(f"figures written to {results.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
