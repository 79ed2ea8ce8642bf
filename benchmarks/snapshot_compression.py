"""Benchmark: would gzip (CompressionStream) on the engine's memory snapshot pay?

Run with ``.venv/bin/python benchmarks/snapshot_compression.py --runs 5``.
Builds the site once and serves it on 127.0.0.1 (``devtools/server.py``) in two
variants, in Debian's Chromium with Playwright:

* **raw** — the site as built: ``worker.js`` stores the snapshot's bytes as they are;
* **gzip** — the same site with ``worker.js`` patched to store the snapshot through
  ``CompressionStream("gzip")`` and read it back through ``DecompressionStream``
  (the checksum still covers the raw bytes).

For each: the bytes stored in Cache Storage, and the warm start (a reload that
restores the snapshot): navigation → engine ready and worker start → ready,
medians of ``--runs`` reloads. Issue 13 keeps compression only if the warm start
stays within 10 % of the raw one. Not a test: nothing is asserted.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from devtools.server import CHROMIUM, CHROMIUM_ARGS, Server, build_site  # noqa: E402

PAGE = "gauntlet-forge/boons-and-banes/"
PATCHES = [  # (today's line, the gzip variant's)
    ("await snapshots.cache.put(snapshots.key, new Response(bytes, { headers }));",
     'await snapshots.cache.put(snapshots.key, new Response(new Blob([bytes]).stream()'
     '.pipeThrough(new CompressionStream("gzip")), { headers }));'),
    ("const bytes = await saved.arrayBuffer();",
     'const bytes = await new Response(saved.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();'),
]
STORED = """async () => {
    const cache = await caches.open('conflict-table-engine');
    let bytes = 0;
    for (const request of await cache.keys()) bytes += (await (await cache.match(request)).arrayBuffer()).byteLength;
    return bytes;
}"""


def gzip_variant(site: Path, dest: Path) -> Path:
    shutil.copytree(site, dest)
    worker = dest / "assets" / "calc" / "worker.js"
    text = worker.read_text()
    for old, new in PATCHES:
        if text.count(old) != 1:
            raise SystemExit(f"worker.js changed: cannot find {old!r}; update PATCHES")
        text = text.replace(old, new)
    worker.write_text(text)
    return dest


def measure(browser, url: str, runs: int) -> dict:
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function("() => window.calcEngine && window.calcEngine.status === 'ready'", timeout=180_000)
    page.wait_for_function("() => window.calcEngine.stats.snapshot", timeout=120_000)
    snapshot = page.evaluate("window.calcEngine.stats.snapshot")
    assert not snapshot.get("error"), snapshot
    stored = page.evaluate(STORED)
    ready, start = [], []
    for _ in range(runs):
        page.goto(url)
        page.wait_for_function("() => window.calcEngine && window.calcEngine.status === 'ready'", timeout=180_000)
        got = page.evaluate("[window.calcEngine.stats.source, window.calcEngine.stats.readyAt, "
                            "window.calcEngine.stats.readyAt - window.calcEngine.stats.startedAt]")
        assert got[0] == "snapshot", got
        ready.append(got[1])
        start.append(got[2])
    ctx.close()
    return {"raw_bytes": snapshot["bytes"], "stored_bytes": stored, "save_ms": snapshot["ms"],
            "ready": statistics.median(ready), "start": statistics.median(start), "ready_all": ready}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "empty").mkdir()
        server = Server(Path(tmp) / "empty", cache_control="max-age=3600")
        site = Path(tmp) / "site"
        built = build_site(site, server.url)
        if built.returncode:
            print(built.stdout, built.stderr, file=sys.stderr)
            return 1
        variants = {"raw": site, "gzip": gzip_variant(site, Path(tmp) / "site-gzip")}
        results = {}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for name, folder in variants.items():
                server.folder = folder
                results[name] = measure(browser, server.url + PAGE, args.runs)
            browser.close()
        server.close()
    raw = results["raw"]
    print(f"Snapshot compression — warm start (reload restoring the snapshot), medians of {args.runs} runs")
    for name, r in results.items():
        print(f"  {name:<5} snapshot {r['raw_bytes'] / 1e6:6.1f} MB, stored {r['stored_bytes'] / 1e6:6.1f} MB, "
              f"saved in {r['save_ms']:5.0f} ms; navigation → ready {r['ready']:6.0f} ms "
              f"({r['ready'] / raw['ready']:.2f} ×), worker start → ready {r['start']:6.0f} ms "
              f"({r['start'] / raw['start']:.2f} ×)  runs: {', '.join(f'{v:.0f}' for v in r['ready_all'])}")
    within = results["gzip"]["ready"] <= 1.10 * raw["ready"]
    print(f"  gzip warm start {'within' if within else 'NOT within'} 10 % of raw; stores "
          f"{results['gzip']['stored_bytes'] / raw['stored_bytes']:.0%} of the bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
