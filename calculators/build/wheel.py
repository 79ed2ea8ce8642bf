"""Build the ``rules_core`` wheel that the browser loads.

A pure-Python wheel, built by the project's own PEP 517 backend (flit_core)
straight from the repository's source, so the site ships exactly the code
the tests run. ``SOURCE_DATE_EPOCH`` is pinned so the same source gives the
same bytes (and the service worker's hash only changes when the code does).
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path

from .. import ROOT

EPOCH = "1700000000"  # any fixed date: wheels made from the same source are byte-identical


@contextmanager
def _in(directory: Path, **env: str):
    old_cwd, old_env = Path.cwd(), {k: os.environ.get(k) for k in env}
    os.chdir(directory)
    os.environ.update(env)
    try:
        yield
    finally:
        os.chdir(old_cwd)
        for k, v in old_env.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def build_wheel(dest: Path, root: Path = ROOT) -> Path:
    """Build the wheel into ``dest`` and return its path."""
    from flit_core import buildapi

    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    with _in(root, SOURCE_DATE_EPOCH=EPOCH):
        name = buildapi.build_wheel(str(dest))
    return dest / name
