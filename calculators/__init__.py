"""Everything that puts `rules_core` on a page, grouped by when it runs:

* ``pages/``: while the pages are rendered (the ``calculator`` fence and each
  widget's build-time HTML; any generator that renders the Markdown runs it);
* ``build/``: after the pages are rendered, one command over the built site
  (the engine, the wheel, the glue, the CSP, the service worker);
* ``browser/``: in the reader's browser (the glue, the worker, the widgets);
* ``hook.py``: the MkDocs hook, which only calls the other two.
"""
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The repository's root folder."""
