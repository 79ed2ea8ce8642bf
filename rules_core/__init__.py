"""The conflict mechanics of Edgerunner and Gauntlet Forge.

Standard library only, so the very same code runs in CPython (tests, tables
rendered at build time) and in Pyodide (the calculators in the page).

One module per mechanic, each citing the site's page it computes (``docs/<page>.md#<anchor>``):

* :mod:`rules_core.dice` — Fate dice and success pools, exact odds
* :mod:`rules_core.boons` — boons and banes, free dice
* :mod:`rules_core.wounds` — Gauntlet Forge wound boxes, editions 2023/2022
* :mod:`rules_core.conditions` — Gauntlet Forge wiki conditions
* :mod:`rules_core.tracks` — Edgerunner stress tracks
* :mod:`rules_core.boosts` — Edgerunner invokes and consequences
* :mod:`rules_core.morale` — Gauntlet Forge morale as an event log (a package, one module per mechanic)
* :mod:`rules_core.borders` — Edgerunner maps and border costs
* :mod:`rules_core.maneuver` — Edgerunner maneuver free invokes
* :mod:`rules_core.board` — the Edgerunner conflict board as an event log

Pages use one entry point, :func:`rules_core.api.call`, which validates
JSON-safe input and never raises.

Values are immutable (frozen dataclasses); probabilities are exact fractions
until the API turns them into numbers for the page.
"""
from .errors import RulesError

__version__ = "0.1.0"
__all__ = ["RulesError", "__version__"]
