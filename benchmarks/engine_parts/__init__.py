"""The parts of the engine benchmark (``benchmarks/engine.py``, the script), by what they measure.

:mod:`.common` (pages, stored conflicts, statistics), :mod:`.local` (on
127.0.0.1), :mod:`.phone` (through a phone's link) and :mod:`.webkit`
(WebKitGTK). Not a benchmark of its own: ``make bench`` runs ``engine.py``.
"""
