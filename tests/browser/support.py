"""The browser tests' helpers: they live in :mod:`devtools.server` (the
benchmarks use them too); re-exported here so the tests import them as before."""
from devtools.server import CHROMIUM, CHROMIUM_ARGS, ROOT, TYPES, Server, build_site, wait_engine

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "ROOT", "TYPES", "Server", "build_site", "wait_engine", "warm"]


def warm(context, server, path: str = "table/") -> None:
    """Visit a calculator page in ``context`` until its engine has saved its snapshot, so that the
    profile's later pages restore Python instead of starting it (a page closed sooner saves none)."""
    page = context.new_page()
    page.goto(server.url + path)
    wait_engine(page)
    page.wait_for_function("() => window.calcEngine.snapshot", timeout=60_000)
    assert page.evaluate("calcEngine.snapshot.bytes") > 0, page.evaluate("calcEngine.snapshot.error")
    page.close()
