"""Offline use: the service worker that precaches the whole site.

A plain function of a built site directory, like the steps in ``ship.py``:

* :func:`build_service_worker` has Workbox (``workbox-build``, pinned in
  package.json) write ``sw.js`` at the site root, precaching every page, the
  search index, the theme's assets and the Pyodide runtime with its standard
  library zip (which holds rules_core, compiled), each with a revision from its content hash, so a new deployment
  replaces exactly the files that changed. It also writes
  ``offline-report.json`` (what was precached, in bytes). Workbox's runtime is
  bundled once per configuration and kept in ``node_modules/.cache`` (``sw/build.mjs``):
  a build then takes about 3 s instead of 7.
* :func:`write_dev_service_worker` writes a ``sw.js`` that removes itself,
  for ``mkdocs serve``: a worker left over from a built site on the same
  address must never serve stale pages while you edit.

The page side is ``assets/offline.js`` (workbox-window): it registers the
worker (telling the player, and trying again, when saving the site fails) and
offers to reload when a new version is waiting. The new worker takes over only
once every open tab has accepted (``assets/sw-update.js``, imported by
``sw.js``); until then the old worker keeps serving the old files, so a page
never mixes versions.
"""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from .ship import calc_folder
from .wheel import ROOT

SCRIPT = Path(__file__).resolve().parent / "sw" / "build.mjs"
REPORT = "offline-report.json"

PRECACHE = {
    "globPatterns": ["**/*.{html,js,mjs,css,json,wasm,zip,whl,svg,png,ico,webmanifest,xml,yml,txt}"],
    # lunr's language packs serve other languages than this site's English. The wheel is a download
    # for your own Python: the page runs rules_core compiled into the engine's zip. The web app
    # manifest's icons are for installing the site on a home screen, which a browser does online.
    "globIgnores": ["sw.js", "workbox-*.js", REPORT, "bench/**", "**/*.map", "assets/javascripts/lunr/**",
                    "assets/engine/wheel-*/**", "assets/icons/icon-*.png", "assets/icons/maskable-*.png",
                    "assets/icons/apple-touch-icon.png"],
    "maximumFileSizeToCacheInBytes": 64 * 1024 * 1024,
    "directoryIndex": "index.html",
    # Material's search links add ?h=term; the page is the same one (RegExp sources).
    "ignoreURLParametersMatching": ["^utm_", "^fbclid$", "^h$"],
    # URLs that carry their content's hash (the engine's folders, the glue's, the theme's bundles): precached
    # under their own URL, fetched with the HTTP cache allowed — so what the page has just
    # downloaded is not downloaded again (a RegExp source).
    "dontCacheBustURLsMatching": r"^assets/(engine/(pyodide|stdlib|wheel)|calc)-[0-9a-f]{12}/|\.[0-9a-f]{8}\.min\.(js|css)$",
    "skipWaiting": False,  # wait until every open tab accepts the new version (sw-update.js)
    "importScripts": ["{calc}/sw-update.js"],  # the glue's folder (ship.revision_assets)
    # Offline, an address the site does not have shows the site's own 404 page
    # (calculators/build/sw/build.mjs turns this into a network-first route for navigations).
    "offlineNotFound": "404.html",
    "clientsClaim": True,  # the first visit is offline-ready without a reload
    "inlineWorkboxRuntime": True,
    "sourcemap": False,
    "mode": "production",
    "cacheId": "conflict-table",
    "cleanupOutdatedCaches": True,
}


class OfflineError(RuntimeError):
    """The service worker could not be generated."""


def build_service_worker(site_dir: Path) -> dict:
    """Generate ``sw.js`` for a built site; returns and writes the precache report."""
    site_dir = Path(site_dir).resolve()
    config = {**PRECACHE, "globDirectory": str(site_dir), "swDest": str(site_dir / "sw.js")}
    config["globIgnores"] = [*PRECACHE["globIgnores"], *unlinked_looks(site_dir)]
    config["importScripts"] = [s.format(calc=calc_folder(site_dir)) for s in PRECACHE["importScripts"]]
    node = shutil.which("node")
    if node is None:
        raise OfflineError("Node.js is needed to generate the service worker (make setup installs the npm packages).")
    proc = subprocess.run([node, str(SCRIPT), json.dumps(config)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    if proc.returncode:
        raise OfflineError(f"workbox-build failed:\n{proc.stderr.strip()[-2000:]}")
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    sizes = {e["url"]: (site_dir / e["url"]).stat().st_size for e in result["entries"]}
    report = {
        "files": result["count"],
        "bytes": result["size"],
        "pyodide_bytes": sum(n for url, n in sizes.items() if url.startswith(("assets/engine/pyodide-", "assets/engine/stdlib-"))),
        "wheel_bytes": sum(n for url, n in sizes.items() if url.endswith(".whl")),
        "warnings": result["warnings"],
        "entries": sorted(result["entries"], key=lambda e: e["url"]),
    }
    (site_dir / REPORT).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return report


def unlinked_looks(site_dir: Path) -> list[str]:
    """The theme's stylesheet folders no page links, as glob patterns: Zensical ships both its looks
    (``assets/stylesheets/classic/`` and ``modern/``) and the pages link the one ``mkdocs.yml`` names
    (``theme.variant``); the other is no part of the offline copy. Material ships one look, in
    ``assets/stylesheets/`` itself."""
    site_dir = Path(site_dir)
    pages = "\n".join(page.read_text(encoding="utf-8") for page in site_dir.rglob("*.html"))
    return [f"assets/stylesheets/{folder.name}/**" for folder in sorted(site_dir.glob("assets/stylesheets/*/"))
            if folder.is_dir() and f"assets/stylesheets/{folder.name}/" not in pages]


DEV_WORKER = """// mkdocs serve: no offline cache while editing. This worker replaces any
// earlier one on this address, then removes itself and reloads open pages.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) await caches.delete(key);
    await self.registration.unregister();
    for (const client of await self.clients.matchAll({ type: "window" })) client.navigate(client.url);
  })());
});
"""


def write_dev_service_worker(site_dir: Path) -> Path:
    path = Path(site_dir) / "sw.js"
    path.write_text(DEV_WORKER, encoding="utf-8")
    return path
