"""Lighthouse on the built site: the four category scores of three pages.

Builds the site (``mkdocs build --strict``) for the address it is served at,
serves it on 127.0.0.1 with gzip (like a static host), runs Lighthouse from
the pinned npm package (``benchmarks/audit/node_modules/.bin/lighthouse``, mobile)
in Debian's Chromium for the home page, a rules page and "At the table", and
prints Performance, Accessibility, Best practices and SEO per page. The raw
reports go to ``benchmarks/results/lighthouse/``. Figures, not pass/fail; it
is not part of ``make test`` (a run takes minutes): ``make audit``.
``--generator zensical`` audits the site as Zensical builds it (``make build-zensical``;
its reports go to ``benchmarks/results/lighthouse/zensical/``).

    .venv/bin/python benchmarks/audit.py [--generator zensical] [--pages / edgerunner/conflicts/ table/]
"""
from __future__ import annotations

import argparse
import gzip
import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from devtools import zensical  # noqa: E402
from devtools.server import CHROMIUM, TYPES, build_site  # noqa: E402

PAGES = ["", "edgerunner/conflicts/", "table/"]
CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]
LIGHTHOUSE = ROOT / "benchmarks" / "audit" / "node_modules" / ".bin" / "lighthouse"
RESULTS = ROOT / "benchmarks" / "results" / "lighthouse"
COMPRESS = (".html", ".js", ".mjs", ".css", ".json", ".svg", ".webmanifest", ".wasm", ".txt", ".xml", ".zip", ".whl")


class GzipHandler(http.server.SimpleHTTPRequestHandler):
    """Static files, gzipped when the browser accepts it, cached for an hour."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def log_message(self, *args):
        pass

    def do_GET(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?")[0].endswith("/"):
                return super().do_GET()  # the redirect to the folder
            path = path / "index.html"
        if not path.is_file() or "gzip" not in self.headers.get("Accept-Encoding", "") \
                or path.suffix not in COMPRESS:
            return super().do_GET()
        body = gzip.compress(path.read_bytes(), compresslevel=6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=3600")
        self.end_headers()
        self.wfile.write(body)


def serve(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), lambda *a, **k: GzipHandler(*a, directory=str(folder), **k))
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_port}/"


def lighthouse(url: str, out: Path) -> dict[str, int]:
    """One Lighthouse run (mobile); the four category scores out of 100."""
    cmd = [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
           "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage",
           "--only-categories=" + ",".join(CATEGORIES)]
    subprocess.run(cmd, check=True, env={**os.environ, "CHROME_PATH": CHROMIUM}, timeout=600)
    report = json.loads(out.read_text())
    scores = {c: round(report["categories"][c]["score"] * 100) for c in CATEGORIES}
    failing = [a["id"] for c in ("accessibility",) for a in
               (report["audits"][r["id"]] for r in report["categories"][c]["auditRefs"])
               if a.get("score") is not None and a["score"] < 1 and a.get("scoreDisplayMode") == "binary"]
    scores["failing accessibility audits"] = failing
    return scores


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", nargs="*", default=PAGES, help="paths under the site's root")
    parser.add_argument("--generator", choices=["mkdocs", "zensical"], default="mkdocs",
                        help="the site as MkDocs + Material builds it (make build), or Zensical (make build-zensical)")
    args = parser.parse_args()
    results = RESULTS / "zensical" if args.generator == "zensical" else RESULTS
    if not LIGHTHOUSE.exists():
        print("lighthouse is missing: run `make audit` (it installs the pinned lighthouse, benchmarks/audit/package.json)", file=sys.stderr)
        return 1
    results.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        site.mkdir()
        httpd, url = serve(site)
        built = zensical.build(site, url) if args.generator == "zensical" else build_site(site, url)
        if built.returncode:
            print(built.stdout, built.stderr, file=sys.stderr)
            return 1
        rows = []
        for path in args.pages:
            name = path.strip("/").replace("/", "-") or "home"
            scores = lighthouse(url + path.lstrip("/"), results / f"{name}.json")
            rows.append((path or "/", scores))
            print(f"{path or '/':28} " + "  ".join(f"{c} {scores[c]:3}" for c in CATEGORIES)
                  + (f"  (failing: {', '.join(scores['failing accessibility audits'])})"
                     if scores["failing accessibility audits"] else ""), flush=True)
        httpd.shutdown()
    (results / "summary.json").write_text(json.dumps(dict(rows), indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
