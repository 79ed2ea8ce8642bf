"""The glue in the site: the page's scripts, the worker, the styles, the registry, the vendored scripts.

* :func:`ship_assets` — the page glue, the worker (the engine's manifest
  written in) and the widgets' scripts; the styles as one file (:data:`STYLES`);
* :func:`ship_registry` — the widget registry as the browser reads it (``registry.js``);
* :func:`ship_vendor` — third-party browser scripts, copied from pinned npm packages;
* :func:`bundle_glue` — the page's modules bundled into a few (``bundle.mjs``, Rollup);
* :func:`write_early` — the engine's early start, written inline into each page with a calculator;
* :func:`revision_assets` — names the glue's folder after its content and points the pages at it
  (:func:`calc_folder` finds it again).
"""
from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path

from .files import ASSETS, CALC_DIR, ENGINE_DIR, TYPES, ShipError, _copy, _digest_tree, _write_if_changed
from .wheel import ROOT

WORKER = "worker.js"


MANIFEST_SLOT = "const BUILT_MANIFEST = null;"
"""The line of ``worker.js`` where the build writes the engine's manifest (``engine.json``), so the
worker starts its downloads at once instead of first asking for the manifest: a round trip saved."""


EARLY = "early.js"
"""Written inline into every page with a calculator (its ``<head>``), not shipped as a file."""
LINK_MARKS = "linkmarks.js"
"""A plain script run first in :data:`EARLY`'s place, before the theme's bundle: it keeps a share link's
marks on the history entry through the theme's writes (share.js imports it too, for instant navigation)."""


def early_script() -> str:
    """The text of ``linkmarks.js`` then ``early.js``, for a page's ``<head>`` (a separate file would cost
    a round trip)."""
    return "\n".join((ASSETS / name).read_text(encoding="utf-8").strip() for name in (LINK_MARKS, EARLY))


EARLY_SLOT = re.compile(r'(<script data-worker="[^"]*" data-early>)(.*?)(</script>)', re.S)
"""The empty ``<script>`` that ``overrides/main.html`` writes into the ``<head>`` of a page with a
calculator; :func:`write_early` writes :func:`early_script` into it."""


def write_early(site_dir: Path) -> int:
    """Write the engine's early start (``early.js``) into every page that asks for it (its
    ``<head>`` holds the empty ``data-early`` script); returns how many pages. Rerunning it
    replaces what an earlier run wrote."""
    text = early_script()
    count = 0
    for page in Path(site_dir).rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        if not EARLY_SLOT.search(html):
            continue
        count += 1
        filled = EARLY_SLOT.sub(lambda m: m.group(1) + text + m.group(3), html)
        if filled != html:
            page.write_text(filled, encoding="utf-8")
    return count


STYLES = "calc.bundle.css"
"""Every stylesheet in ``assets/`` (``calc.css``, ``widgets/*.css``…) in one file, in a fixed
order: one request instead of nine, ahead of the engine's downloads on a phone link."""


def styles_bundle() -> str:
    """The text of :data:`STYLES`: each stylesheet under a comment naming it (none uses ``url()``
    or ``@import``, so moving them into one file changes nothing they say)."""
    parts = []
    for path in sorted(ASSETS.rglob("*.css")):
        text = path.read_text(encoding="utf-8")
        if "url(" in text or "@import" in text:
            raise ShipError(f"{path.name}: url() and @import would change meaning in {STYLES}")
        parts.append(f"/* {path.relative_to(ASSETS).as_posix()} */\n{text.strip()}\n")
    return "\n".join(parts)


def ship_assets(site_dir: Path) -> list[Path]:
    """Copy the glue scripts, the worker (with the engine's manifest written in) and the widgets;
    write the styles as one file."""
    out = []
    styles = Path(site_dir) / CALC_DIR / STYLES
    _write_if_changed(styles, styles_bundle())
    out.append(styles)
    for src in sorted(ASSETS.rglob("*")):
        if src.is_file() and src != ASSETS / EARLY and src.suffix != ".css" and not src.is_relative_to(TYPES):
            dest = Path(site_dir) / CALC_DIR / src.relative_to(ASSETS)
            if src.name == WORKER and src.parent == ASSETS:
                _write_if_changed(dest, _worker_with_manifest(src, Path(site_dir) / ENGINE_DIR / "engine.json"))
            else:
                _copy(src, dest)
            out.append(dest)
    return out


def _worker_with_manifest(worker: Path, manifest: Path) -> str:
    text = worker.read_text(encoding="utf-8")
    if text.count(MANIFEST_SLOT) != 1:
        raise ShipError(f"{worker.name} must hold the line `{MANIFEST_SLOT}` once (the build writes the manifest there)")
    data = json.dumps(json.loads(manifest.read_text(encoding="utf-8")), separators=(",", ":"))
    return text.replace(MANIFEST_SLOT, f"const BUILT_MANIFEST = {data};")


REGISTRY_FILE = "registry.js"


def widget_places(site_dir: Path | None) -> dict:
    """Where each widget is in the built site: ``{name: {"title": …, "pages": [{"path", "title"}]}}``, a page
    by its path from the site's root (``gauntlet-forge/conflicts/``) and its heading. A link naming a
    calculator its page lacks (``#morale=…`` on the board's page) says where to open it (``examples.js``)."""
    from ..pages.widgets import REGISTRY

    places = {name: {"title": widget.title, "pages": []} for name, widget in REGISTRY.items()}
    if site_dir is None:
        return places
    site_dir = Path(site_dir)
    for page in sorted(site_dir.rglob("index.html")):
        text = page.read_text(encoding="utf-8")
        found = [name for name in places if f'data-calc="{name}"' in text]
        if not found:
            continue
        heading = re.search(r"<h1[^>]*>(.*?)</h1>", text, re.S)
        title = html.unescape(re.sub(r"<[^>]+>|¶", "", heading.group(1))).strip() if heading else ""
        path = page.parent.relative_to(site_dir).as_posix()
        for name in found:
            places[name]["pages"].append({"path": "" if path == "." else f"{path}/", "title": title or path})
    return places


def registry_module(site_dir: Path | None = None) -> str:
    """``registry.js``: the registry's browser part as an ES module (as Material writes its ``__config``),
    the editions (``rules_core/editions.py``), so ``edition.js`` lists none by hand, and, given the built
    site, the pages each widget is on (:func:`widget_places`)."""
    from rules_core.editions import EDITIONS

    from ..pages.widgets import browser_list

    data = json.dumps(browser_list(), ensure_ascii=False, separators=(",", ":"))
    editions = json.dumps(list(EDITIONS))
    places = json.dumps(widget_places(site_dir), ensure_ascii=False, separators=(",", ":"))
    return (f"// Written by the build from calculators/pages/widgets (the widget registry),\n"
            f"// rules_core/editions.py (the one list of editions) and the built pages: do not edit.\n"
            f"export const REGISTRY = {data};\nexport const WIDGETS = REGISTRY.widgets;\n"
            f"export const KEEPING = REGISTRY.keeping;\n"
            f"export const EDITIONS = {editions};\n"
            f"export const PLACES = {places};\n")


def ship_registry(site_dir: Path) -> Path:
    """Write ``assets/calc/registry.js`` (unchanged when it already says the same: ``mkdocs serve``)."""
    dest = Path(site_dir) / CALC_DIR / REGISTRY_FILE
    _write_if_changed(dest, registry_module(site_dir))
    return dest


VENDOR = {
    "js-yaml": {"dist/browser/js-yaml.esm.min.mjs": "js-yaml.mjs", "LICENSE": "js-yaml.LICENSE.txt"},
    "workbox-window": {"build/workbox-window.prod.mjs": "workbox-window.prod.mjs", "LICENSE": "workbox-window.LICENSE.txt"},
    "lean-qr": {"index.mjs": "lean-qr.mjs", "extras/svg.mjs": "lean-qr-svg.mjs", "LICENSE": "lean-qr.LICENSE.txt"},
    "lit-html": {f: f"lit-html/{f}" for f in ("lit-html.js", "directive.js", "directive-helpers.js", "static.js",
                                               "directives/repeat.js", "directives/live.js", "directives/keyed.js", "LICENSE")},
}
"""npm package → {file in the package: name in ``assets/calc-<hash>/vendor/``}. js-yaml reads and writes
the YAML of the border calculator's import and export; workbox-window registers the service
worker (offline.js); lean-qr draws the QR code beside every share link (share.js); lit-html draws
the widgets' forms and answers (every widget, the share notices, the set-aside lists), updating only
what changed. All are ES modules; lit-html's keep their own folder, as they import each other by
relative paths, until :func:`bundle_glue` bundles them into the glue's shared chunk (their licence stays)."""


def ship_vendor(site_dir: Path, node_modules: Path = ROOT / "node_modules") -> list[Path]:
    """Copy the third-party browser scripts (:data:`VENDOR`) from the pinned npm packages into the site."""
    out = []
    for package, files in VENDOR.items():
        folder = Path(node_modules) / package
        if not (folder / "package.json").exists():
            raise ShipError(f"The npm package {package} is missing ({folder}). Run `make build` (or `npm ci`) first.")
        for src, name in files.items():
            if not (folder / src).exists():
                version = json.loads((folder / "package.json").read_text())["version"]
                raise ShipError(f"{package} {version} has no {src}; is the pinned version installed?")
            dest = Path(site_dir) / CALC_DIR / "vendor" / name
            _copy(folder / src, dest)
            out.append(dest)
    return out


BUNDLE = Path(__file__).parent / "bundle.mjs"
PAGE_SCRIPTS = ("calc.js", "offline.js")
"""The glue's modules a page loads itself (``overrides/main.html``)."""


def bundle_entries(folder: Path) -> list[str]:
    """What keeps its own path in the bundled glue: the page's scripts (:data:`PAGE_SCRIPTS`), the
    registry, and each widget's modules that are imported by the widget's name
    (``widgets/<name>/index.js`` by ``calc.js``, ``widgets/<name>/kept.js`` by Import everything)."""
    widgets = sorted(p.relative_to(folder).as_posix() for p in Path(folder).glob("widgets/*/*.js")
                     if p.name in ("index.js", "kept.js"))
    return [*PAGE_SCRIPTS, REGISTRY_FILE, *widgets]


def bundle_glue(site_dir: Path) -> dict:
    """Bundle the glue's modules in place (``bundle.mjs``: Rollup, pinned in package.json): a page
    with a calculator imports 8–9 scripts instead of 27–50, each a request on a phone's link
    and a module for the browser to fetch, compile and link (``test_site.py`` counts them). Returns what
    ``bundle.mjs`` reports: ``{entries, chunks, removed}``."""
    folder = Path(site_dir) / CALC_DIR
    node = shutil.which("node")
    if node is None:
        raise ShipError("Node.js is needed to bundle the calculators' scripts (Rollup); install Node 20 or later")
    proc = subprocess.run([node, str(BUNDLE), str(folder), f"--page={','.join(PAGE_SCRIPTS)}", *bundle_entries(folder)],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    if proc.returncode != 0:
        raise ShipError(f"bundling the calculators' scripts failed:\n{proc.stderr.strip()}")
    return json.loads(proc.stdout)


CALC_LINK = re.compile(r'((?:src|href|data-worker)=")([^"]*?)assets/calc(?:-[0-9a-f]{12})?/')


def revision_assets(site_dir: Path) -> str:
    """Name the glue's folder after its content (``assets/calc-<12 hex digits>/``, as the engine's
    folders) and point every page at it; returns the folder's path in the site.

    A revisioned URL never changes, so the service worker's precache takes these files from the
    HTTP cache the page has just filled instead of downloading them again, and a page never mixes
    one deployment's modules with another's. Run it again after changing a file in the folder
    (it takes the current folder, revisioned or not)."""
    site_dir = Path(site_dir)
    assets = site_dir / "assets"
    if (assets / "calc").is_dir():  # just shipped: older revisions go
        for old in assets.glob("calc-*"):
            shutil.rmtree(old)
        current = assets / "calc"
    else:
        found = sorted(p for p in assets.glob("calc-*") if p.is_dir())
        if len(found) != 1:
            raise ShipError(f"expected one glue folder in {assets}, found {[p.name for p in found]}")
        current = found[0]
    name = f"calc-{_digest_tree(current)}"
    if current.name != name:
        current.rename(assets / name)
    folder = f"assets/{name}/"
    for page in site_dir.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        pointed = CALC_LINK.sub(lambda m: m.group(1) + m.group(2) + folder, text)
        if pointed != text:
            page.write_text(pointed, encoding="utf-8")
    return folder.rstrip("/")


def calc_folder(site_dir: Path) -> str:
    """The glue's folder in a built site (``assets/calc-<hash>``)."""
    [folder] = sorted(Path(site_dir).glob("assets/calc-*"))
    return folder.relative_to(site_dir).as_posix()
