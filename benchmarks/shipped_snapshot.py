"""Benchmark: would a memory snapshot made at build time speed up a phone's first visit? (issue 35 §1)

Run with ``.venv/bin/python benchmarks/shipped_snapshot.py [--site DIR] [--runs 3]``.
Builds the site (or takes ``--site``), then ``benchmarks/shipped_snapshot.mjs`` makes
the engine's snapshot in Node from the site's own Pyodide, wheel-in-zip and lock,
exactly as the worker makes it on a first visit, packs it as the browser's copy
is packed, and compresses it as a host would serve it (gzip level 6, brotli 11).
It also times a fresh start (Python started, ``rules_core`` imported, the probe
answered) against a restore of that snapshot, in Node on this machine.

What it prints: the bytes a shipped snapshot adds to a first visit, their time
on the benchmark's phone link (9 Mbit/s shared), and the start-up CPU they would
save — at full CPU (measured here) and at the phone profile's third of it
(three times as long, which is what the worker's own timeline shows:
``benchmarks/README.md``). A first visit gains only if the CPU saved is more
than the link time the bytes add. Not a test: nothing is asserted.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINK_BITS_PER_S = 9_000_000  # the phone link of phonelink.py and phone_cpu.py
PHONE_CPU = 3  # a third of this machine's CPU: a start takes about three times as long


def build(out: Path) -> None:
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
                   cwd=ROOT, check=True, capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    tmp = None
    site = args.site
    if site is None:
        tmp = Path(tempfile.mkdtemp(prefix="shipped-snapshot-"))
        site = tmp / "site"
        build(site)
    try:
        out = subprocess.run(["node", str(ROOT / "benchmarks" / "shipped_snapshot.mjs"), str(site), str(args.runs)],
                             check=True, capture_output=True, text=True).stdout
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
    got = json.loads(out.strip().splitlines()[-1])
    link_s = lambda n: n * 8 / LINK_BITS_PER_S  # noqa: E731
    saved = (got["fresh_ms"] - got["restore_ms"]) / 1000
    print(f"Pyodide {got['pyodide']}: snapshot {got['snapshot']:,} bytes, packed {got['packed']:,}, "
          f"gzip {got['gzip']:,}, brotli {got['brotli']:,}")
    print(f"start in Node, median of {args.runs}: fresh {got['fresh_ms']} ms, restore {got['restore_ms']} ms")
    print("first visit on the 9 Mbit/s link, what a shipped snapshot would change (+ slower, − faster):")
    for label, size in (("gzip", got["gzip"]), ("brotli", got["brotli"])):
        for cpu, factor in (("full CPU", 1), ("a third of the CPU", PHONE_CPU)):
            net = link_s(size) - saved * factor
            print(f"  {label:6} at {cpu:18}: +{link_s(size):.2f} s of bytes − {saved * factor:.2f} s of start = {net:+.2f} s")


if __name__ == "__main__":
    main()
