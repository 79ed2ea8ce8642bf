"""Development tools, never shipped: what the tests and the benchmarks share.

* :mod:`devtools.server` — build the site, serve it on 127.0.0.1, Chromium's flags;
* :mod:`devtools.payloads` — write ``calculators/build/precompile/payloads.json``
  (the calls the precompile census makes) from the golden cases.

The site's build (``calculators/``) never imports this package nor ``tests/``.
"""
