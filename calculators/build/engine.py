"""The engine in the site: the Pyodide runtime, the cut standard library, the wheel.

* :func:`ship_wheel` — the ``rules_core`` wheel, built from this repository
  (``wheel.py``), in ``assets/engine/wheel-<hash>/``;
* :func:`ship_engine` — the Pyodide runtime from the pinned npm package, with
  a lock file listing no packages and a standard library cut to the modules
  the engine imports, precompiled (``calculators.build.precompile``);
* :func:`precompress` — the runtime's ``.br`` and ``.gz`` copies;
* ``engine.json`` — the manifest naming the three folders (``_update_manifest``).

Each folder is named after a hash of its content (``_revision``): a file at
such a URL never changes, so a host may cache it for good.
"""
from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

from . import precompile
from .files import ENGINE_DIR, PRECOMPRESSED, ShipError, _copy, _digest
from .wheel import ROOT, build_wheel

PYODIDE_PACKAGE = ROOT / "node_modules" / "pyodide"
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
PRECOMPRESS = ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide.mjs", LOCK_FILE)
"""The runtime files that get ``.br`` and ``.gz`` copies beside them (not the stdlib zip nor the
wheel: zip archives, already compressed)."""


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
    engine = Path(site_dir) / ENGINE_DIR
    staging = engine / ".stdlib-staging"
    shutil.rmtree(staging, ignore_errors=True)
    try:
        precompile.build_stdlib(wheel, staging / STDLIB)
    except precompile.PrecompileError as err:
        raise ShipError(str(err)) from None
    stdlib = _revision(staging, engine, "stdlib")
    runtime = ship_runtime(engine, package)  # second: its copies may still be in the making (make test)
    # what the worker downloads and how big each file is (before compression): its progress
    downloads = [f"{runtime}/pyodide.asm.wasm", f"{stdlib}/{STDLIB}"]
    _update_manifest(engine, pyodide=f"{runtime}/", stdlib=f"{stdlib}/{STDLIB}",
                     sizes={f: (engine / f).stat().st_size for f in downloads},
                     # handed to loadPyodide() (lockFileContents): one request fewer at start
                     lock=json.loads((engine / runtime / LOCK_FILE).read_text(encoding="utf-8")))
    return sorted(p for folder in (runtime, stdlib) for p in (engine / folder).iterdir())


def ship_runtime(engine: Path, package: Path = PYODIDE_PACKAGE) -> str:
    """The runtime's files, with their ``.br`` and ``.gz`` copies, in ``engine/pyodide-<hash>/``;
    returns the folder's name."""
    staging = engine / ".pyodide-staging"
    shutil.rmtree(staging, ignore_errors=True)
    _stage_runtime(Path(package), staging)
    runtime = _revision(staging, engine, "pyodide")
    precompress(engine / runtime, PRECOMPRESS)
    return runtime


def _stage_runtime(package: Path, staging: Path) -> None:
    """Copy the runtime's files from the npm package into ``staging``, with the lock file cut."""
    if not (package / "package.json").exists():
        raise ShipError(
            f"The Pyodide runtime is missing ({package}). Run `make build` (or `npm ci`) to install the "
            "pinned npm package first."
        )
    version = json.loads((package / "package.json").read_text())["version"]
    for name in PYODIDE_FILES:
        src = package / name
        if not src.exists():
            raise ShipError(f"pyodide {version} has no {name}; is the pinned version installed?")
        _copy(src, staging / name)
    _write_lock_file(package, staging / LOCK_FILE)


def warm_precompressed(package: Path = PYODIDE_PACKAGE) -> dict:
    """Fill ``.build/`` with the runtime's ``.br`` and ``.gz`` copies before any site is built, as
    :func:`ship_engine` would; returns their sizes. It needs the npm package and Python's standard
    library only, so ``make test`` runs it as soon as ``npm ci`` is done, beside ``pip install``:
    brotli at its best level on the 9.6 MB wasm takes some 40 s of one core."""
    with tempfile.TemporaryDirectory() as staging:
        _stage_runtime(Path(package), Path(staging))
        return precompress(Path(staging), PRECOMPRESS)


def precompress(folder: Path, names) -> dict:
    """Write ``<name>.br`` and ``<name>.gz`` beside each named file in ``folder`` (kept in
    ``.build/`` per content, brotli at its best level takes a while); returns their sizes."""
    folder = Path(folder)
    cache = precompile.CACHE / f"precompressed-{_digest(*(folder / n for n in names))}"
    with precompile.cache_locked("precompressed"):
        return _precompressed(folder, names, cache)


def _precompressed(folder: Path, names, cache: Path) -> dict:
    """``precompress`` with ``.build/`` held: fill ``cache`` unless it is there, then copy from it."""
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


if __name__ == "__main__":  # python3 -m calculators.build.engine: the engine's precompressed copies, ahead
    for name, sizes in warm_precompressed().items():
        print(f"{name}: {sizes['raw']:,} bytes, brotli {sizes['br']:,}, gzip {sizes['gz']:,} (in .build/)")
