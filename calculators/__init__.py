"""Everything that puts `rules_core` on a page, grouped by when it runs:

* ``pages/``: while the pages are rendered (the ``calculator`` fence and each
  widget's build-time HTML; any generator that renders the Markdown runs it);
* ``build/``: after the pages are rendered, one command over the built site,
  ``python -m calculators.build SITE`` (the engine, the wheel, the glue, the
  early start, the CSP, the service worker), whatever generator rendered it;
* ``browser/``: in the reader's browser (the glue, the worker, the widgets);
* ``hook.py``: the MkDocs hook, which only runs the ``build/`` command after
  MkDocs renders the pages.
"""
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The repository's root folder."""
