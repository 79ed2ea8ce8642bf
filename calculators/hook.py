"""MkDocs hook: wires build events to the plain build steps in ``calculators.build.ship``.

Nothing here computes or copies anything itself, so moving to another site
generator means calling the same functions from its own hook.
"""
from __future__ import annotations

import logging
from pathlib import Path

from mkdocs.exceptions import PluginError

from calculators.build import csp, offline, ship
from calculators.pages import reference

log = logging.getLogger("mkdocs.hooks.calculators")

SCRIPTS = [{"path": f"{ship.CALC_DIR}/calc.js", "type": "module"},
           {"path": f"{ship.CALC_DIR}/offline.js", "type": "module"}]
_command = {"name": "build"}


def on_startup(command, dirty=False, **kwargs):
    """Remember whether this is ``mkdocs serve`` (no offline cache while editing)."""
    _command["name"] = command


def on_config(config, **kwargs):
    """Add the glue scripts (calculators, offline) and the styles (one file: ``ship.STYLES``)
    to every page, once (`mkdocs serve` reruns this)."""
    paths = [str(getattr(s, "path", s)) for s in config.extra_javascript]
    for script in SCRIPTS:
        if script["path"] not in paths:
            config.extra_javascript.append(_script(script))
    style = f"{ship.CALC_DIR}/{ship.STYLES}"
    if style not in [str(s) for s in config.extra_css]:
        config.extra_css.append(style)
    return config


def _script(spec):
    from mkdocs.config.config_options import ExtraScriptValue

    value = ExtraScriptValue(spec["path"])
    value.type = spec["type"]
    return value


def on_env(env, config, files, **kwargs):
    """The engine's early start (``early.js``), for overrides/main.html to write inline."""
    env.globals["calc_early_script"] = ship.early_script()
    return env


def on_page_markdown(markdown, page, **kwargs):
    """Write the Calculators reference and the list of calculators where a page asks for them (their fences)."""
    return reference.expand(markdown)


def on_page_content(html, page, **kwargs):
    """Mark pages that hold a calculator, so their <head> starts the engine early."""
    if 'data-calc="' in html:
        page.meta["calculators"] = True
    return html


def on_serve(server, config, builder, **kwargs):
    """Rebuild when the widgets or the core change."""
    server.watch(str(ship.ASSETS))
    server.watch(str(ship.ROOT / "rules_core"))
    return server


def on_post_build(config, **kwargs):
    site = Path(config.site_dir)
    try:
        shipped = ship.ship_all(site)
        if _command["name"] == "serve":  # its live-reload script is inline: no policy while editing
            offline.write_dev_service_worker(site)
            report = policy = None
        else:
            policy = csp.apply_csp(site)  # before the service worker hashes the pages
            report = offline.build_service_worker(site)
    except (ship.ShipError, offline.OfflineError) as err:
        raise PluginError(str(err)) from None
    log.info("calculators: shipped %s and %d glue files", shipped["wheel"].name, len(shipped["assets"]))
    if policy:
        log.info("csp: a Content-Security-Policy in %d pages; the header form is in %s",
                 policy["pages"], csp.HEADERS_FILE)
    if report:
        log.info("offline: the service worker precaches %d files, %d bytes (Pyodide %d)",
                 report["files"], report["bytes"], report["pyodide_bytes"])
