"""After the pages are rendered: one command puts the calculators into a built site.

    python -m calculators.build SITE [--dev]

takes the folder any generator wrote (MkDocs, ProperDocs, or one that runs no
hooks, such as Zensical) and adds, in order:

1. the ``rules_core`` wheel, the Pyodide engine, the glue, the widget registry,
   the vendored scripts and the host's ``_headers`` (``ship.ship_all``), with
   the engine's early start written inline into each page with a calculator
   (``ship.write_early``) and the glue's folder named after its content;
2. the Content-Security-Policy in every page and in ``_headers`` (``csp``);
3. the service worker that precaches the site (``offline``).

``--dev`` (``mkdocs serve``) skips 2 and writes a service worker that removes
itself instead of 3: the live-reload script is inline, and nothing may be
cached while you edit. The MkDocs hook (``calculators/hook.py``) calls
:func:`run` after its build; any other generator runs the command.
"""
from __future__ import annotations

from pathlib import Path


class BuildError(RuntimeError):
    """A post-build step failed; the message says which and why."""


def run(site_dir: Path, dev: bool = False) -> dict:
    """Every post-build step over ``site_dir``; returns what each did (for logs and tests)."""
    from . import csp, offline, ship

    site_dir = Path(site_dir)
    if not (site_dir / "index.html").is_file():
        raise BuildError(f"{site_dir} is not a built site (no index.html): build the pages first")
    try:
        shipped = ship.ship_all(site_dir)
        if dev:
            offline.write_dev_service_worker(site_dir)
            policy = report = None
        else:
            policy = csp.apply_csp(site_dir)  # before the service worker hashes the pages
            report = offline.build_service_worker(site_dir)
    except (ship.ShipError, offline.OfflineError) as err:
        raise BuildError(str(err)) from None
    return {"shipped": shipped, "csp": policy, "offline": report}


def summary(result: dict) -> list[str]:
    """What :func:`run` did, in a few lines for a log."""
    shipped, policy, report = result["shipped"], result["csp"], result["offline"]
    from .csp import HEADERS_FILE

    lines = [f"calculators: shipped {shipped['wheel'].name} and {len(shipped['assets'])} glue files; "
             f"the early start in {shipped['early']} pages"]
    if policy:
        lines.append(f"csp: a Content-Security-Policy in {policy['pages']} pages; the header form is in {HEADERS_FILE}")
    if report:
        lines.append(f"offline: the service worker precaches {report['files']} files, {report['bytes']} bytes "
                     f"(Pyodide {report['pyodide_bytes']})")
    return lines
