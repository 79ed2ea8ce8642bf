"""Build steps that put the calculators into a built site.

Plain functions of a site directory, so any static-site generator can call
them after its build (``python -m calculators.build SITE``, which the MkDocs
hook ``calculators/hook.py`` calls):

* :func:`ship_wheel` — the ``rules_core`` wheel, built from this repository;
* :func:`ship_engine` — the Pyodide runtime from the pinned npm package, with
  a lock file listing no packages and a standard library cut to the modules
  the engine imports, precompiled (``calculators.build.precompile``);
* :func:`ship_assets` — the page glue, worker (the engine's manifest written in) and widget
  scripts and styles;
* :func:`ship_registry` — the widget registry as the browser reads it (``registry.js``);
* :func:`ship_vendor` — third-party browser scripts, copied from pinned npm packages;
* :func:`bundle_glue` — the page's modules bundled into a few (Rollup);
* :func:`write_early` — the engine's early start, written inline into each page with a calculator;
* :func:`revision_assets` — names the glue's folder after its content and points the pages at it.

Layout inside the site::

    assets/calc-<hash>/              glue: calc.js and offline.js (the page's), widgets/<name>/index.js
                                     and kept.js, the chunks they share (chunks/glue.js…), all bundled
                                     by bundle_glue; worker.js, snapshot.js and pyodide-edge.js as written; the styles
                                     in calc.bundle.css. The folder is named after its content
                                     (revision_assets; built as assets/calc/, then renamed)
    assets/calc-<hash>/registry.js   the widgets' names, written from calculators/widgets (the one list)
    assets/calc-<hash>/vendor/       third-party scripts loaded by URL (js-yaml, lean-qr) and every licence
    assets/engine/engine.json        what to load: the three folders below
    assets/engine/pyodide-<hash>/    the Pyodide runtime files
    assets/engine/stdlib-<hash>/     python_stdlib.zip, cut to what the engine uses
    assets/engine/wheel-<hash>/      the rules_core wheel

The engine's folders are named after a hash of their content (revisioned
URLs): a file at such a URL never changes, so a host may cache it for good,
and the service worker's precache takes it from the HTTP cache when the page
has just downloaded it, instead of downloading it again (``offline.py``).

The steps live by what they ship: :mod:`.engine` (the wheel, the runtime, the
standard library, ``engine.json``), :mod:`.glue` (scripts, styles, registry,
vendored scripts, the early start, the glue's revisioned folder) and
:mod:`.files` (the site's folders and the writing they share); here the
host's ``_headers`` and :func:`ship_all`, which runs every step in order. Every
name is importable from here as before.
"""
from __future__ import annotations

from pathlib import Path

from .engine import (
    LOCK_FILE,
    PRECOMPRESS,
    PYODIDE_FILES,
    PYODIDE_PACKAGE,
    REVISIONED,
    STDLIB,
    precompress,
    ship_engine,
    ship_wheel,
)
from .files import (
    ASSETS,
    CALC_DIR,
    ENGINE_DIR,
    PRECOMPRESSED,
    TYPES,
    ShipError,
    _copy,
    _digest,
    _digest_tree,
)
from .glue import (
    BUNDLE,
    CALC_LINK,
    EARLY,
    EARLY_SLOT,
    MANIFEST_SLOT,
    REGISTRY_FILE,
    STYLES,
    VENDOR,
    WORKER,
    bundle_entries,
    bundle_glue,
    calc_folder,
    early_script,
    registry_module,
    revision_assets,
    ship_assets,
    ship_registry,
    ship_vendor,
    styles_bundle,
    write_early,
)
from .wheel import ROOT

__all__ = [
    "ASSETS",
    "BUNDLE",
    "CALC_DIR",
    "CALC_LINK",
    "EARLY",
    "EARLY_SLOT",
    "ENGINE_DIR",
    "HOSTING",
    "LOCK_FILE",
    "MANIFEST_SLOT",
    "PRECOMPRESS",
    "PRECOMPRESSED",
    "PYODIDE_FILES",
    "PYODIDE_PACKAGE",
    "REGISTRY_FILE",
    "REVISIONED",
    "ROOT",
    "STDLIB",
    "STYLES",
    "TYPES",
    "VENDOR",
    "WORKER",
    "ShipError",
    "_digest",
    "_digest_tree",
    "bundle_entries",
    "bundle_glue",
    "calc_folder",
    "early_script",
    "precompress",
    "registry_module",
    "revision_assets",
    "ship_all",
    "ship_assets",
    "ship_engine",
    "ship_hosting",
    "ship_registry",
    "ship_vendor",
    "ship_wheel",
    "styles_bundle",
    "write_early",
]


HOSTING = ROOT / "hosting"


def ship_hosting(site_dir: Path) -> Path:
    """Copy ``hosting/_headers`` (Netlify, Cloudflare Pages) to the site's root, where those hosts read it."""
    dest = Path(site_dir) / "_headers"
    _copy(HOSTING / "_headers", dest)
    return dest


def ship_all(site_dir: Path) -> dict:
    """Every step, in order; returns what was shipped (for logs and tests)."""
    wheel = ship_wheel(site_dir)
    shipped = {
        "wheel": wheel,
        "engine": ship_engine(site_dir, wheel),
        "assets": [*ship_assets(site_dir), ship_registry(site_dir)],
        "vendor": ship_vendor(site_dir),
        "bundle": bundle_glue(site_dir),
        "hosting": ship_hosting(site_dir),
        "early": write_early(site_dir),
    }
    shipped["folder"] = revision_assets(site_dir)
    return shipped
