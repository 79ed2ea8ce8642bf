"""Where the calculators go in a built site, and how the build steps write files.

Shared by every step of :mod:`calculators.build.ship` (nothing here is a step):

* :data:`ASSETS`, :data:`CALC_DIR`, :data:`ENGINE_DIR` — what runs in the
  browser, and the two folders of the site it goes to;
* ``_copy``, ``_write_if_changed`` — write nothing when the file already says
  the same (``mkdocs serve`` rebuilds often);
* ``_digest``, ``_digest_tree`` — the 12 hex digits that revisioned folders are named after;
* :class:`ShipError` — a step could not find what it ships.
"""
from __future__ import annotations

import filecmp
import hashlib
import shutil
from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent / "browser"
"""What runs in the browser: copied into the site (but for the type declarations, which only the type check reads)."""
TYPES = ASSETS / "types"
CALC_DIR = "assets/calc"
ENGINE_DIR = "assets/engine"
PRECOMPRESSED = (".br", ".gz")
"""The suffixes of the precompressed copies a step writes beside a file."""


class ShipError(RuntimeError):
    """A build step could not find what it ships."""


def _copy(src: Path, dest: Path) -> None:
    """Copy unless an identical file is already there (``mkdocs serve`` rebuilds often)."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    if dest.exists() and filecmp.cmp(src, dest, shallow=True):
        return
    shutil.copy2(src, dest)


def _digest(*files: Path) -> str:
    """12 hex digits of a hash of the files' names and contents (precompressed copies left out)."""
    digest = hashlib.sha256()
    for f in files:
        if Path(f).suffix in PRECOMPRESSED:
            continue
        digest.update(Path(f).name.encode() + b"\0" + Path(f).read_bytes())
    return digest.hexdigest()[:12]


def _write_if_changed(dest: Path, text: str) -> None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    if not dest.exists() or dest.read_text(encoding="utf-8") != text:
        dest.write_text(text, encoding="utf-8")


def _digest_tree(folder: Path) -> str:
    digest = hashlib.sha256()
    for f in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(f.relative_to(folder).as_posix().encode() + b"\0" + f.read_bytes())
    return digest.hexdigest()[:12]
