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
* :func:`write_early` — the engine's early start, written inline into each page with a calculator;
* :func:`revision_assets` — names the glue's folder after its content and points the pages at it.

Layout inside the site::

    assets/calc-<hash>/              glue (calc.js, engine.js, worker.js, widgets/*.js; the styles in
                                     calc.bundle.css), the folder named after its content
                                     (revision_assets; built as assets/calc/, then renamed)
    assets/calc-<hash>/registry.js   the widgets' names, written from calculators/widgets (the one list)
    assets/calc-<hash>/vendor/       third-party scripts (js-yaml) with their licences
    assets/engine/engine.json        what to load: the three folders below
    assets/engine/pyodide-<hash>/    the Pyodide runtime files
    assets/engine/stdlib-<hash>/     python_stdlib.zip, cut to what the engine uses
    assets/engine/wheel-<hash>/      the rules_core wheel

The engine's folders are named after a hash of their content (revisioned
URLs): a file at such a URL never changes, so a host may cache it for good,
and the service worker's precache takes it from the HTTP cache when the page
has just downloaded it, instead of downloading it again (``offline.py``).
"""
from __future__ import annotations

import filecmp
import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path

from . import precompile
from .wheel import ROOT, build_wheel

PYODIDE_PACKAGE = ROOT / "node_modules" / "pyodide"
ASSETS = Path(__file__).resolve().parent.parent / "browser"
"""What runs in the browser: copied into the site (but for the type declarations, which only the type check reads)."""
TYPES = ASSETS / "types"
CALC_DIR = "assets/calc"
ENGINE_DIR = "assets/engine"

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
)
"""What a browser needs from the npm package as it is (no packages: rules_core needs none)."""
LOCK_FILE = "pyodide-lock.json"
STDLIB = "python_stdlib.zip"
REVISIONED = ("pyodide", "stdlib", "wheel")
"""The engine's folders, each named ``<kind>-<12 hex digits of its content's hash>``."""


VENDOR = {
    "js-yaml": {"dist/browser/js-yaml.esm.min.mjs": "js-yaml.mjs", "LICENSE": "js-yaml.LICENSE.txt"},
    "workbox-window": {"build/workbox-window.prod.mjs": "workbox-window.prod.mjs", "LICENSE": "workbox-window.LICENSE.txt"},
    "lean-qr": {"index.mjs": "lean-qr.mjs", "extras/svg.mjs": "lean-qr-svg.mjs", "LICENSE": "lean-qr.LICENSE.txt"},
    "lit-html": {f: f"lit-html/{f}" for f in ("lit-html.js", "directive.js", "directive-helpers.js",
                                               "directives/repeat.js", "directives/live.js", "LICENSE")},
}
"""npm package → {file in the package: name in ``assets/calc/vendor/``}. js-yaml reads and writes
the YAML of the border calculator's import and export; workbox-window registers the service
worker (offline.js); lean-qr draws the QR code beside every share link (share.js); lit-html draws
the conflict board (widgets/board/), updating only what a tap changed. All are ES modules; lit-html's
keep their own folder, as they import each other by relative paths."""


class ShipError(RuntimeError):
    """A build step could not find what it ships."""


def _copy(src: Path, dest: Path) -> None:
    """Copy unless an identical file is already there (``mkdocs serve`` rebuilds often)."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    if dest.exists() and filecmp.cmp(src, dest, shallow=True):
        return
    shutil.copy2(src, dest)


PRECOMPRESSED = (".br", ".gz")
PRECOMPRESS = ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide.mjs", LOCK_FILE)
"""The runtime files that get ``.br`` and ``.gz`` copies beside them (not the stdlib zip nor the
wheel: zip archives, already compressed)."""


def _digest(*files: Path) -> str:
    """12 hex digits of a hash of the files' names and contents (precompressed copies left out)."""
    digest = hashlib.sha256()
    for f in files:
        if Path(f).suffix in PRECOMPRESSED:
            continue
        digest.update(Path(f).name.encode() + b"\0" + Path(f).read_bytes())
    return digest.hexdigest()[:12]


def _revision(staging: Path, engine: Path, kind: str) -> str:
    """Move the files in ``staging`` to ``engine/<kind>-<hash>/`` and drop older folders of that kind;
    returns the folder's name."""
    name = f"{kind}-{_digest(*sorted(staging.iterdir()))}"
    final = engine / name
    if not final.exists():
        staging.rename(final)
    else:
        shutil.rmtree(staging)
    for old in engine.glob(f"{kind}-*"):
        if old.is_dir() and old.name != name:
            shutil.rmtree(old)
    return name


def ship_engine(site_dir: Path, wheel: Path, package: Path = PYODIDE_PACKAGE) -> list[Path]:
    """Copy the Pyodide runtime from the pinned npm package into the site, with
    the standard library cut and precompiled for ``wheel``; returns the files."""
    package = Path(package)
    if not (package / "package.json").exists():
        raise ShipError(
            f"The Pyodide runtime is missing ({package}). Run `make build` (or `npm ci`) to install the "
            "pinned npm package first."
        )
    version = json.loads((package / "package.json").read_text())["version"]
    engine = Path(site_dir) / ENGINE_DIR
    staging = engine / ".pyodide-staging"
    shutil.rmtree(staging, ignore_errors=True)
    for name in PYODIDE_FILES:
        src = package / name
        if not src.exists():
            raise ShipError(f"pyodide {version} has no {name}; is the pinned version installed?")
        _copy(src, staging / name)
    _write_lock_file(package, staging / LOCK_FILE)
    runtime = _revision(staging, engine, "pyodide")
    precompress(engine / runtime, PRECOMPRESS)
    staging = engine / ".stdlib-staging"
    shutil.rmtree(staging, ignore_errors=True)
    try:
        precompile.build_stdlib(wheel, staging / STDLIB)
    except precompile.PrecompileError as err:
        raise ShipError(str(err)) from None
    stdlib = _revision(staging, engine, "stdlib")
    # what the worker downloads and how big each file is (before compression): its progress
    downloads = [f"{runtime}/pyodide.asm.wasm", f"{stdlib}/{STDLIB}"]
    _update_manifest(engine, pyodide=f"{runtime}/", stdlib=f"{stdlib}/{STDLIB}",
                     sizes={f: (engine / f).stat().st_size for f in downloads},
                     # handed to loadPyodide() (lockFileContents): one request fewer at start
                     lock=json.loads((engine / runtime / LOCK_FILE).read_text(encoding="utf-8")))
    return sorted(p for folder in (runtime, stdlib) for p in (engine / folder).iterdir())


def precompress(folder: Path, names) -> dict:
    """Write ``<name>.br`` and ``<name>.gz`` beside each named file in ``folder`` (kept in
    ``.build/`` per content, brotli at its best level takes a while); returns their sizes."""
    folder = Path(folder)
    cache = precompile.CACHE / f"precompressed-{_digest(*(folder / n for n in names))}"
    report = cache / "sizes.json"
    if not report.exists():
        node = shutil.which("node")
        if node is None:
            raise ShipError("Node.js is needed to precompress the engine (make setup).")
        for old in precompile.CACHE.glob("precompressed-*"):
            shutil.rmtree(old)
        proc = subprocess.run([node, str(Path(__file__).parent / "precompress.mjs"), str(cache),
                               *(str(folder / n) for n in names)], capture_output=True, text=True, timeout=600)
        if proc.returncode:
            raise ShipError(f"precompressing the engine failed:\n{proc.stderr.strip()[-2000:]}")
        report.write_text(proc.stdout.strip().splitlines()[-1] + "\n", encoding="utf-8")
    for name in names:
        for suffix in PRECOMPRESSED:
            _copy(cache / (name + suffix), folder / (name + suffix))
    return json.loads(report.read_text(encoding="utf-8"))


def _update_manifest(engine: Path, **entries) -> None:
    manifest_file = engine / "engine.json"
    manifest = json.loads(manifest_file.read_text(encoding="utf-8")) if manifest_file.exists() else {}
    manifest.update(entries)
    manifest_file.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")


def _write_lock_file(package: Path, dest: Path) -> Path:
    """Pyodide's lock file with its ``info`` but no packages.

    ``loadPyodide()`` fetches and parses the lock file before anything else;
    the package's own lists 350-odd packages (about 120 KB) that rules_core,
    standard library only, never loads. Same ABI and versions, nothing to load.
    """
    lock = json.loads((package / LOCK_FILE).read_text(encoding="utf-8"))
    text = json.dumps({"info": lock["info"], "packages": {}}, separators=(",", ":")) + "\n"
    if not dest.exists() or dest.read_text(encoding="utf-8") != text:
        dest.write_text(text, encoding="utf-8")
    return dest


def ship_wheel(site_dir: Path) -> Path:
    """Build the rules_core wheel into the site and write ``engine.json`` naming it."""
    engine = Path(site_dir) / ENGINE_DIR
    for old in engine.glob("rules_core-*.whl"):  # from builds before the wheel had its own folder
        old.unlink()
    staging = engine / ".wheel-staging"
    shutil.rmtree(staging, ignore_errors=True)
    built = build_wheel(staging)
    folder = _revision(staging, engine, "wheel")
    wheel = engine / folder / built.name
    pyodide_version = json.loads((PYODIDE_PACKAGE / "package.json").read_text())["version"] \
        if (PYODIDE_PACKAGE / "package.json").exists() else None
    _update_manifest(
        engine,
        wheel=f"{folder}/{wheel.name}",
        # identifies the engine's code: the worker keys its start-up snapshot on it
        wheel_sha256=hashlib.sha256(wheel.read_bytes()).hexdigest(),
        pyodide_version=pyodide_version,
    )
    return wheel


WORKER = "worker.js"
MANIFEST_SLOT = "const BUILT_MANIFEST = null;"
"""The line of ``worker.js`` where the build writes the engine's manifest (``engine.json``), so the
worker starts its downloads at once instead of first asking for the manifest: a round trip saved."""


EARLY = "early.js"
"""Written inline into every page with a calculator (its ``<head>``), not shipped as a file."""


def early_script() -> str:
    """The text of ``early.js``, for a page's ``<head>`` (a separate file would cost a round trip)."""
    return (ASSETS / EARLY).read_text(encoding="utf-8").strip()


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


def _write_if_changed(dest: Path, text: str) -> None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    if not dest.exists() or dest.read_text(encoding="utf-8") != text:
        dest.write_text(text, encoding="utf-8")


REGISTRY_FILE = "registry.js"


def registry_module() -> str:
    """``registry.js``: the registry's browser part as an ES module (as Material writes its ``__config``),
    and the editions (``rules_core/editions.py``), so ``edition.js`` lists none by hand."""
    from rules_core.editions import EDITIONS

    from ..pages.widgets import browser_list

    data = json.dumps(browser_list(), ensure_ascii=False, separators=(",", ":"))
    editions = json.dumps(list(EDITIONS))
    return (f"// Written by the build from calculators/pages/widgets (the widget registry) and\n"
            f"// rules_core/editions.py (the one list of editions): do not edit.\n"
            f"export const REGISTRY = {data};\nexport const WIDGETS = REGISTRY.widgets;\n"
            f"export const KEEPING = REGISTRY.keeping;\n"
            f"export const EDITIONS = {editions};\n")


def ship_registry(site_dir: Path) -> Path:
    """Write ``assets/calc/registry.js`` (unchanged when it already says the same: ``mkdocs serve``)."""
    dest = Path(site_dir) / CALC_DIR / REGISTRY_FILE
    _write_if_changed(dest, registry_module())
    return dest


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


HOSTING = ROOT / "hosting"


def ship_hosting(site_dir: Path) -> Path:
    """Copy ``hosting/_headers`` (Netlify, Cloudflare Pages) to the site's root, where those hosts read it."""
    dest = Path(site_dir) / "_headers"
    _copy(HOSTING / "_headers", dest)
    return dest


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


def _digest_tree(folder: Path) -> str:
    digest = hashlib.sha256()
    for f in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(f.relative_to(folder).as_posix().encode() + b"\0" + f.read_bytes())
    return digest.hexdigest()[:12]


def ship_all(site_dir: Path) -> dict:
    """Every step, in order; returns what was shipped (for logs and tests)."""
    wheel = ship_wheel(site_dir)
    shipped = {
        "wheel": wheel,
        "engine": ship_engine(site_dir, wheel),
        "assets": [*ship_assets(site_dir), ship_registry(site_dir)],
        "vendor": ship_vendor(site_dir),
        "hosting": ship_hosting(site_dir),
        "early": write_early(site_dir),
    }
    shipped["folder"] = revision_assets(site_dir)
    return shipped
