"""Where a visit's time goes on a phone's CPU: a DevTools trace of one first or return visit.

Run as root (the CPU limit of ``benchmarks/phone_cpu.py``): ``.venv/bin/python
benchmarks/trace_visit.py [--return] [--page PATH]``. The built site is served over the
phone link (9 Mbit/s, 60 ms, gzip) to Chromium held to a third of the CPU, as in
``phone_cpu.py``; the page's DevTools session records a trace of the visit (``--return``:
the second visit of one profile, with the offline copy and the snapshot the first left).
Printed: navigation → ready and the first call after it; each thread's busy time from
navigation to ready; the main thread's largest items (scripts by file, style, layout,
events); the engine's worker in the 300 ms after ready (garbage collection, compiling);
and V8's background work then. Tracing slows the page: compare shares, not times, with
``phone_cpu.py``. The raw trace goes to ``benchmarks/results/trace_visit.json``.
"""
from __future__ import annotations

import argparse
import collections
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from benchmarks.engine import CALC_PAGE, FIRST_RESULT  # noqa: E402
from benchmarks.engine_parts.cpulimit import CpuLimit, limit_problem  # noqa: E402
from benchmarks.phone_cpu import CALLS, first_visit_done, profile, visit  # noqa: E402
from benchmarks.phonelink import PROFILES, PhoneServer  # noqa: E402
from devtools.server import build_site  # noqa: E402

RESULT = ROOT / "benchmarks" / "results" / "trace_visit.json"
CATEGORIES = ",".join([
    "devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "v8.wasm", "v8.execute",
    "disabled-by-default-v8.gc", "toplevel", "blink.user_timing", "loading",
])
MAIN_ITEMS = {"EvaluateScript", "v8.compile", "v8.run", "FunctionCall", "ParseHTML", "ParseAuthorStyleSheet",
              "Layout", "UpdateLayoutTree", "Paint", "Commit", "EventDispatch", "TimerFire", "MinorGC", "MajorGC"}


def traced(page, server: PhoneServer, path: str) -> tuple[dict, list]:
    cdp = page.context.new_cdp_session(page)
    events, done = [], []
    cdp.on("Tracing.dataCollected", lambda e: events.extend(e["value"]))
    cdp.on("Tracing.tracingComplete", lambda _: done.append(True))
    cdp.send("Tracing.start", {"categories": CATEGORIES, "transferMode": "ReportEvents"})
    seen = visit(page, server.url + path)
    page.wait_for_timeout(500)  # the moments after ready: the first call and what V8 does then
    cdp.send("Tracing.end")
    while not done:
        page.wait_for_timeout(100)
    return seen, events


def summary(seen: dict, events: list) -> None:
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"}
    start = min(e["ts"] for e in events if e.get("name") == "navigationStart")
    ready = start + seen["ready"] * 1000
    spans = [e for e in events if e.get("ph") == "X" and e.get("dur")]
    busy = collections.Counter()
    for e in spans:
        if e["name"] == "ThreadControllerImpl::RunTask" and start <= e["ts"] <= ready:
            busy[threads.get((e["pid"], e["tid"]), "?")] += e["dur"] / 1000
    first = seen["first_call"]
    print(f"navigation → ready {seen['ready']:.0f} ms; first call after it {first['ms']:.1f} ms "
          f"(the page's own calls meanwhile: {first.get('page_calls')})")
    print("busy from navigation to ready (ms): " + ", ".join(f"{name} {ms:.0f}" for name, ms in busy.most_common(6)))
    items = collections.Counter()
    for e in spans:
        if threads.get((e["pid"], e["tid"])) == "CrRendererMain" and start <= e["ts"] <= ready and e["name"] in MAIN_ITEMS:
            data = e.get("args", {}).get("data") or {}
            where = data.get("url", "").rsplit("/", 1)[-1] if e["name"] in ("EvaluateScript", "v8.compile") else data.get("type", "")
            items[f"{e['name']} {where}".strip()] += e["dur"] / 1000
    print("main thread, largest items before ready (ms; nested items count in their parents too):")
    for name, ms in items.most_common(12):
        print(f"  {ms:7.1f}  {name}")
    after = [e for e in spans if ready <= e["ts"] <= ready + 300_000]
    worker = collections.Counter(e["name"] for e in after if "DedicatedWorker" in threads.get((e["pid"], e["tid"]), "")
                                 and e["name"] in ("MajorGC", "MinorGC", "wasm.CompileLazy", "HandlePostMessage"))
    worker_ms = collections.Counter()
    background = collections.Counter()
    for e in after:
        name = threads.get((e["pid"], e["tid"]), "")
        if "DedicatedWorker" in name and e["name"] in worker:
            worker_ms[e["name"]] += e["dur"] / 1000
        if name == "ThreadPoolForegroundWorker" and e["name"] in ("wasm.TopTierCompilation", "v8.wasm.compileDigestForCreate",
                                                                   "V8.GC_MC_BACKGROUND_MARKING", "V8.MaglevTask"):
            background[e["name"]] += e["dur"] / 1000
    print("the 300 ms after ready, the engine's worker (ms): "
          + (", ".join(f"{n} {worker_ms[n]:.0f} ({worker[n]}×)" for n in worker) or "nothing"))
    print("the 300 ms after ready, V8's background threads (ms): "
          + (", ".join(f"{n} {ms:.0f}" for n, ms in background.most_common()) or "nothing"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--return", dest="again", action="store_true", help="trace the return visit (default: the first)")
    parser.add_argument("--page", default=CALC_PAGE, help=f"the page to visit (default {CALC_PAGE})")
    args = parser.parse_args()
    problem = limit_problem()
    if problem:
        print(f"Trace not taken: {problem}.")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        if build_site(site, "http://127.0.0.1/").returncode:
            return 1
        held = CpuLimit(1 / 3, Path(tmp))
        link = PROFILES["phone"]
        server = PhoneServer(site, link["mbit"], link["rtt_ms"])
        try:
            with sync_playwright() as p:
                ctx = profile(p.chromium, held.chromium, "allow")
                ctx.add_init_script(FIRST_RESULT)
                ctx.add_init_script(CALLS)
                page = ctx.new_page()
                if args.again:
                    visit(page, server.url + args.page)
                    first_visit_done(page, server)
                    first, page = page, ctx.new_page()
                    first.close()
                    held.settle()  # as phone_cpu.py's return visits: from a quiet browser
                seen, events = traced(page, server, args.page)
                ctx.close()
        finally:
            server.close()
            held.close()
    RESULT.parent.mkdir(parents=True, exist_ok=True)
    RESULT.write_text(json.dumps(events))
    print(f"Trace of a {'return' if args.again else 'first'} visit to {args.page}, a third of the CPU, phone link:")
    summary(seen, events)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
