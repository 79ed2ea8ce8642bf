"""Benchmark: MkDocs + Material beside Zensical — how long each takes to build the site, and what it ships.

    .venv/bin/python benchmarks/generators.py [--runs 3]

For each generator, ``--runs`` times, alternating: the pages alone (MkDocs with its hook taken out, as
``tests/test_generators.py`` renders them; ``zensical build --strict --clean`` in a throwaway copy of
the project, as ``devtools/zensical.py`` runs it), then the post-build command over that folder
(``python -m calculators.build``; the same command, its cache ``.build/`` warm). Wall-clock seconds,
median and range. Then the bytes of one build each: every page's HTML, the theme's own files (its
scripts and stylesheets), a calculator page as a host sends it (gzip), the search index, and what the
service worker precaches. Figures go to ``benchmarks/results/generators.json``; nothing is asserted.
"""
from __future__ import annotations

import argparse
import datetime as dt
import gzip
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from devtools import zensical  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "generators.json"
SITE_URL = "http://127.0.0.1:8000/"
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "SITE_URL": SITE_URL}
NO_HOOKS = """
import sys
from mkdocs.commands.build import build
from mkdocs.config import load_config
build(load_config("mkdocs.yml", hooks=[], strict=True, site_dir=sys.argv[1]))
"""
PAGE = "table/index.html"  # every calculator


def _run(args, cwd=ROOT) -> float:
    start = time.perf_counter()
    proc = subprocess.run(args, cwd=cwd, env=ENV, capture_output=True, text=True, timeout=900)
    took = time.perf_counter() - start
    if proc.returncode:
        raise SystemExit(f"{' '.join(map(str, args[:4]))} failed:\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}")
    return took


def mkdocs_pages(dest: Path) -> float:
    return _run([sys.executable, "-c", NO_HOOKS, str(dest)])


def zensical_pages(dest: Path) -> float:
    """Zensical's own build, timed alone (the copy of the project before it is not)."""
    with tempfile.TemporaryDirectory(prefix="zensical-") as tmp:
        zensical.copy_project(tmp)
        took = _run([zensical.zensical(), "build", "--strict", "--clean", "-f", "mkdocs.yml"], cwd=tmp)
        shutil.move(Path(tmp) / "site", dest)
    return took


def post_build(site: Path) -> float:
    return _run([sys.executable, "-m", "calculators.build", str(site)])


def _bytes(paths) -> int:
    return sum(p.stat().st_size for p in paths if p.is_file())


def shipped(site: Path) -> dict:
    report = json.loads((site / "offline-report.json").read_text())
    index = site / "search.json" if (site / "search.json").exists() else site / "search" / "search_index.json"
    return {
        "pages_html": _bytes(site.rglob("*.html")),
        "theme_files": _bytes([*site.glob("assets/javascripts/**/*"), *site.glob("assets/stylesheets/**/*")]),
        "theme_files_precached": sum((site / e["url"]).stat().st_size for e in report["entries"]
                                     if e["url"].startswith(("assets/javascripts/", "assets/stylesheets/"))),
        "page_gzip": len(gzip.compress((site / PAGE).read_bytes(), compresslevel=6)),
        "search_index": index.stat().st_size,
        "precache": report["bytes"],
        "precache_files": report["files"],
        "site": _bytes(site.rglob("*")),
    }


def spread(values: list[float]) -> dict:
    return {"median": round(statistics.median(values), 2), "min": round(min(values), 2), "max": round(max(values), 2)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    builders = {"mkdocs": mkdocs_pages, "zensical": zensical_pages}
    times = {name: {"pages": [], "post_build": []} for name in builders}
    sizes = {}
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(args.runs):
            for name, pages in builders.items():
                site = Path(tmp) / f"{name}-{run}"
                times[name]["pages"].append(pages(site))
                times[name]["post_build"].append(post_build(site))
                sizes[name] = shipped(site)
    report = {"date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"), "cpus": os.cpu_count(), "runs": args.runs,
              **{name: {"pages_s": spread(t["pages"]), "post_build_s": spread(t["post_build"]),
                        "total_s": spread([a + b for a, b in zip(t["pages"], t["post_build"])]), "bytes": sizes[name]}
                 for name, t in times.items()}}
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(report, indent=2) + "\n")
    print(f"Generators — {report['date']}, {os.cpu_count()} CPUs, {args.runs} runs each")
    for name in builders:
        r = report[name]
        print(f"  {name:9} pages {r['pages_s']['median']} s ({r['pages_s']['min']}–{r['pages_s']['max']}), "
              f"post-build {r['post_build_s']['median']} s, total {r['total_s']['median']} s")
        print(f"  {'':9} " + ", ".join(f"{k} {v:,}" for k, v in r["bytes"].items()))
    print(f"figures written to {RESULTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
