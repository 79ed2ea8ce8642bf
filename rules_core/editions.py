"""The editions of Gauntlet Forge the site knows: the one list (docs/gauntlet-forge/editions.md).

Every calculator with an edition takes its list from here; the page's edition
choice reads it from the build (see ``calculators/browser/edition.js``).

>>> EDITIONS, DEFAULT
(('2023', '2022', 'wiki'), '2023')
"""
from __future__ import annotations

EDITIONS = ("2023", "2022", "wiki")
"""Newest first; the first is the default."""
DEFAULT = EDITIONS[0]
WIKI = "wiki"
"""The wiki edition: conditions instead of wound boxes, morale never below 0."""
