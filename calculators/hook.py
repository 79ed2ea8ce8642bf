"""MkDocs hook: after the build, the post-build command over the site (``calculators.build.run``).

Everything else lives where any generator reads it: the glue and styles in
``mkdocs.yml`` (``extra_javascript``, ``extra_css``), the reference page in its
``calculators-reference`` fence, the early start in ``overrides/main.html`` and
``ship.write_early``. A generator without hooks renders the same pages; then
``python -m calculators.build SITE`` does what :func:`on_post_build` does here.
"""
from __future__ import annotations

import logging

from mkdocs.exceptions import PluginError

from calculators import build

log = logging.getLogger("mkdocs.hooks.calculators")
_command = {"name": "build"}


def on_startup(command, dirty=False, **kwargs):
    """Remember whether this is ``mkdocs serve`` (no offline cache nor CSP while editing)."""
    _command["name"] = command


def on_post_build(config, **kwargs):
    """``python -m calculators.build SITE`` (``--dev`` under ``mkdocs serve``: its live-reload script is inline)."""
    try:
        result = build.run(config.site_dir, dev=_command["name"] == "serve")
    except build.BuildError as err:
        raise PluginError(str(err)) from None
    for line in build.summary(result):
        log.info(line)
