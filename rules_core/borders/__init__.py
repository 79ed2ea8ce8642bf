"""Edgerunner maps: zones, borders, pass values, and what a move can reach.

Rules: docs/edgerunner/conflicts.md#borders.

* A map is zones joined by borders. Crossing a border costs its **pass
  value** (default 1) in shifts.
* A border may have several named **ways** through it (open door 1, open or
  close the door 1 + 2 = 3 — Ruling: "2 more" is added —, break the door 4,
  break the wall 7), each maybe different by direction (downhill 1, uphill 3),
  and each can be switched off (a locked door).
* A **move** spends the roll's shifts on the borders it crosses; the total must
  not exceed the shifts.
* **Range** is the number of borders between two zones (fewest), whatever they
  cost.

A map is a frozen :class:`ZoneMap` the core trusts: plain data is read and
checked once, at the boundary (:func:`rules_core.api.map_data.read_map`);
reading YAML happens outside this package.

The package, by what it does: :mod:`.zones` (the map as a value, its
limits), :mod:`.routes` (routes, range, reach), :mod:`.drawing` (where
each zone is drawn) and :mod:`.placing` (where the map editor puts a zone).
The same names are importable from here.

>>> m = ZoneMap(("West", "Middle", "East"),
...             (Border("West", "Middle", (Way("", 3, 3),)), Border("Middle", "East", (Way("", 3, 3),))))
>>> r = route(m, "West", "East")
>>> r.cost, r.zones
(6, ('West', 'Middle', 'East'))
>>> [(z.zone, z.shortfall) for z in reach(m, "West", 2)]     # Gatto's 2 shifts
[('West', 0), ('Middle', 1), ('East', 4)]
"""
from __future__ import annotations

from .drawing import layout
from .placing import free_cell, moved
from .routes import Crossing, Reach, Route, range_between, ranges, reach, route
from .zones import (
    DEFAULT_PASS,
    MAX_AT,
    MAX_BORDERS,
    MAX_NAME,
    MAX_PASS,
    MAX_WAYS,
    MAX_WAYS_PER_BORDER,
    MAX_ZONES,
    Border,
    Way,
    ZoneMap,
    to_data,
)

__all__ = [
    "DEFAULT_PASS",
    "MAX_AT",
    "MAX_BORDERS",
    "MAX_NAME",
    "MAX_PASS",
    "MAX_WAYS",
    "MAX_WAYS_PER_BORDER",
    "MAX_ZONES",
    "Border",
    "Crossing",
    "Reach",
    "Route",
    "Way",
    "ZoneMap",
    "free_cell",
    "layout",
    "moved",
    "range_between",
    "ranges",
    "reach",
    "route",
    "to_data",
]

__docformat__ = "google"
