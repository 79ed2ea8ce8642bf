"""The browser tests' helpers: they live in :mod:`devtools.server` (the
benchmarks use them too); re-exported here so the tests import them as before."""
from devtools.server import CHROMIUM, CHROMIUM_ARGS, ROOT, TYPES, Server, build_site, wait_engine

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "ROOT", "TYPES", "Server", "build_site", "wait_engine"]
