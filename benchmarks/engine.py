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

This script is the command (:func:`main`: the options, the build, the report);
what it measures lives in ``benchmarks/engine_parts/`` by scenario (``local``,
``phone``, ``webkit``, and ``common``, what they share). Every name is
importable from ``benchmarks.engine`` as before.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from benchmarks.engine_parts.common import (  # noqa: E402
    BOARD_CONFLICT,
    CALC_PAGE,
    FIRST_RESULT,
    FLOOR_PAGE,
    INTERACTIONS,
    MORALE_CONFLICT,
    PHONE_RESULTS,
    PLAIN_PAGE,
    RESULTS,
    TABLE_PAGE,
    median_spread,
    new_context,
    percentile,
)
from benchmarks.engine_parts.local import (  # noqa: E402
    LocalFigures,
    measure_bytes,
    measure_first_result,
    measure_floor,
    measure_interactions,
    measure_local,
    measure_navigation,
    measure_plain_navigation,
    measure_service_worker_ready,
    precache_size,
)
from benchmarks.engine_parts.phone import _wait_quiet, measure_phone, phone_floor, phone_ours, print_phone  # noqa: E402
from benchmarks.engine_parts.webkit import measure_webkit, print_webkit  # noqa: E402
from devtools.server import CHROMIUM, CHROMIUM_ARGS, Server, build_site  # noqa: E402

__all__ = [
    "BOARD_CONFLICT", "CALC_PAGE", "FIRST_RESULT", "FLOOR_PAGE", "INTERACTIONS", "MORALE_CONFLICT", "PHONE_RESULTS",
    "PLAIN_PAGE", "RESULTS", "TABLE_PAGE", "LocalFigures", "_wait_quiet", "main", "measure_bytes",
    "measure_first_result", "measure_floor", "measure_interactions", "measure_local", "measure_navigation",
    "measure_phone", "measure_plain_navigation", "measure_service_worker_ready", "measure_webkit", "median_spread",
    "new_context", "percentile", "phone_floor", "phone_ours", "precache_size", "print_phone", "print_webkit",
]


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
