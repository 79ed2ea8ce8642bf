"""The engine benchmark through a phone's link: cold first visits, the floor against ours.

The link is :class:`benchmarks.phonelink.PhoneServer` (its bandwidth and
round trip per profile, :data:`benchmarks.phonelink.PROFILES`); each visit
gets a fresh profile on disk (``_profile``), as a player's browser would.
"""
from __future__ import annotations

import shutil
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.phonelink import PROFILES, PhoneServer
from devtools.server import CHROMIUM, CHROMIUM_ARGS

from .common import CALC_PAGE, FIRST_RESULT, median_spread


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
    page.wait_for_function("() => window.__firstResult && window.calcEngine.stats.readyAt", timeout=600_000, polling=100)
    ready, first, origin = page.evaluate("[window.calcEngine.stats.readyAt, window.__firstResult, performance.timeOrigin]")
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
