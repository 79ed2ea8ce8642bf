"""An Edgerunner map as a value: zones, borders, the ways through them.

Rules: docs/edgerunner/conflicts.md#borders — zones joined by borders; a
border's **pass value** (default 1) is what crossing it costs in shifts; a
border may have several named ways, each maybe different by direction, each
switched on or off (open door 1; open or close it 1 + 2 = 3 — Ruling:
"2 more" is added —; break the door 4; break the wall 7).

* :class:`Way`, :class:`Border`, :class:`ZoneMap` — the frozen map the core trusts.
* :func:`to_data` — the map as plain data again.
* ``DEFAULT_PASS`` and the ``MAX_…`` limits a map's reader holds it to.
"""
from __future__ import annotations

from dataclasses import dataclass, field

__docformat__ = "google"

DEFAULT_PASS = 1
MAX_ZONES = 200
MAX_BORDERS = 1000
MAX_WAYS_PER_BORDER = 20
MAX_WAYS = 2000
"""Ways through borders in all, on one map (a border with one pass value is one way)."""
MAX_PASS = 999
MAX_NAME = 80
MAX_AT = 49
"""The largest column or row a zone can be drawn at (``at: [col, row]``)."""


@dataclass(frozen=True, slots=True)
class Way:
    """One way through a border: its cost from ``a`` to ``b`` and back."""

    name: str
    forward: int
    backward: int
    enabled: bool = True


@dataclass(frozen=True, slots=True)
class Border:
    a: str
    b: str
    ways: tuple[Way, ...]
    _best: tuple = field(default=(None, None), init=False, repr=False, compare=False)

    def __post_init__(self):
        def best(cost):
            usable = [(cost(w), i, w) for i, w in enumerate(self.ways) if w.enabled]
            return min(usable, key=lambda t: t[:2])[2] if usable else None
        object.__setattr__(self, "_best", (best(lambda w: w.forward), best(lambda w: w.backward)))

    def cheapest(self, from_zone: str) -> Way | None:
        """The cheapest way switched on, crossing from ``from_zone`` (ties: the first listed)."""
        return self._best[0] if from_zone == self.a else self._best[1]

    def cost(self, from_zone: str, way: Way) -> int:
        return way.forward if from_zone == self.a else way.backward


@dataclass(frozen=True, slots=True)
class ZoneMap:
    """Zones (in map order), borders, an optional name, and where zones are drawn.

    ``at`` pairs zones with the grid cell ``(col, row)`` their map gave
    (``at: [col, row]``); zones without one are placed by :func:`layout`.

    A trusted value, and so are the zone names the functions below are given:
    :mod:`rules_core.api.map_data` checks both once (``read_map``, ``zone``).
    """

    zones: tuple[str, ...]
    borders: tuple[Border, ...]
    name: str = ""
    at: tuple[tuple[str, tuple[int, int]], ...] = ()
    _exits: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self):
        # The adjacency map, built once: every question about the map walks it.
        exits: dict[str, list] = {z: [] for z in self.zones}
        for border in self.borders:
            exits.setdefault(border.a, []).append((border, border.b))
            exits.setdefault(border.b, []).append((border, border.a))
        object.__setattr__(self, "_exits", exits)

    def has(self, zone: str) -> bool:
        """Whether the map has a zone of that name."""
        return zone in self._exits

    def exits(self, zone: str) -> list:
        """(border, neighbour) pairs of a zone, borders in map order."""
        return self._exits.get(zone, [])


def to_data(zone_map: ZoneMap) -> dict:
    """The map as plain data again (the shape :func:`rules_core.api.map_data.read_map` reads)."""
    borders = []
    for b in zone_map.borders:
        ways = []
        for w in b.ways:
            way = {"name": w.name, "pass": w.forward}
            if w.backward != w.forward:
                way["back"] = w.backward
            if not w.enabled:
                way["off"] = True
            ways.append(way)
        if len(ways) == 1 and not ways[0]["name"]:
            border = {"between": [b.a, b.b], **{k: v for k, v in ways[0].items() if k != "name"}}
        else:
            border = {"between": [b.a, b.b], "ways": ways}
        borders.append(border)
    places = dict(zone_map.at)
    zones = [{"name": z, "at": list(places[z])} if z in places else z for z in zone_map.zones]
    data = {"zones": zones, "borders": borders}
    if zone_map.name:
        data = {"name": zone_map.name, **data}
    return data
