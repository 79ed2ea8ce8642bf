"""Build step: a standard library cut to what the engine uses, precompiled.

Pyodide's ``python_stdlib.zip`` (2.5 MB) holds the sources of the whole
library, so every visit downloads all of it and compiles the ~130 modules
Python and Pyodide import at start-up: most of the seconds a bare
``loadPyodide()`` takes. :func:`build_stdlib` runs the engine once in
Pyodide under Node (``run.mjs`` + ``census.py``): it imports rules_core and
makes every call in ``payloads.json`` (one per distinct golden case, written
by ``python -m devtools.payloads`` and held equal to the cases by
``tests/test_precompile.py``, so the build needs nothing from ``tests/``),
then writes a zip holding only the modules imported by then (Pyodide's own start included) plus a few Pyodide may need
later (``census.ALWAYS``), as bytecode compiled by that same Python 3.14,
without sources or docstrings: about 1.2 MB. Any other module fails to
import, which the tests (the Pyodide leg and the browser tests run on this
very zip) would show.

The result depends only on the Pyodide version and the wheel, so it is kept
in ``.build/`` and reused while both stay the same.
"""
from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from contextlib import contextmanager
from pathlib import Path

from ..wheel import ROOT

HERE = Path(__file__).resolve().parent
PYODIDE_STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
CACHE = ROOT / ".build"
PAYLOADS = HERE / "payloads.json"


class PrecompileError(RuntimeError):
    """The standard library could not be precompiled."""


@contextmanager
def cache_locked(kind: str):
    """Hold one kind of ``.build/``'s entries (``python_stdlib``, ``precompressed``) for one build at a
    time while they are checked and filled: two builds at once (the test suite's workers each build the
    site) would otherwise prune or half-write each other's entries. Each kind has a lock of its own, so a
    build precompiles the standard library while ``make test``'s early step is still compressing the
    engine. Where the platform has no ``fcntl`` (Windows) builds are not serialised."""
    CACHE.mkdir(exist_ok=True)
    try:
        import fcntl
    except ImportError:
        yield
        return
    with open(CACHE / f".lock-{kind}", "w") as handle:  # closing the file releases the lock
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield


def _key(wheel: Path) -> str:
    digest = hashlib.sha256()
    for part in (PYODIDE_STDLIB, wheel, HERE / "census.py", HERE / "run.mjs", PAYLOADS):
        digest.update(Path(part).read_bytes())
    return digest.hexdigest()[:16]


def build_stdlib(wheel: Path, dest: Path) -> dict:
    """Write the precompiled ``python_stdlib.zip`` for ``wheel`` to ``dest``; returns the census."""
    wheel, dest = Path(wheel), Path(dest)
    if not PYODIDE_STDLIB.exists():
        raise PrecompileError(f"{PYODIDE_STDLIB} is missing: run `npm ci` (make setup) first.")
    key = _key(wheel)
    cached, summary_file = CACHE / f"python_stdlib-{key}.zip", CACHE / f"python_stdlib-{key}.json"
    with cache_locked("python_stdlib"):
        _fill(wheel, cached, summary_file)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(cached, dest)
        return json.loads(summary_file.read_text(encoding="utf-8"))


def _fill(wheel: Path, cached: Path, summary_file: Path) -> None:
    """Precompile the standard library into the cache, unless it holds this key already."""
    if not (cached.exists() and summary_file.exists()):
        node = shutil.which("node")
        if node is None:
            raise PrecompileError("Node.js is needed to precompile the standard library (make setup).")
        CACHE.mkdir(exist_ok=True)
        for old in CACHE.glob("python_stdlib-*"):
            old.unlink()
        partial = cached.with_suffix(".partial")
        proc = subprocess.run(
            [node, str(HERE / "run.mjs"), "--wheel", str(wheel), "--stdlib-in", str(PYODIDE_STDLIB),
             "--stdlib-out", str(partial), "--payloads", str(PAYLOADS)],
            cwd=ROOT, capture_output=True, text=True, timeout=300,
        )
        if proc.returncode:
            raise PrecompileError(f"precompiling the standard library failed:\n{proc.stderr.strip()[-2000:]}")
        summary_file.write_text(proc.stdout.strip().splitlines()[-1] + "\n", encoding="utf-8")
        partial.replace(cached)
