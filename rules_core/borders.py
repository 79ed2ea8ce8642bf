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

>>> m = ZoneMap(("West", "Middle", "East"),
...             (Border("West", "Middle", (Way("", 3, 3),)), Border("Middle", "East", (Way("", 3, 3),))))
>>> r = route(m, "West", "East")
>>> r.cost, r.zones
(6, ('West', 'Middle', 'East'))
>>> [(z.zone, z.shortfall) for z in reach(m, "West", 2)]     # Gatto's 2 shifts
[('West', 0), ('Middle', 1), ('East', 4)]
"""
from __future__ import annotations

import heapq
from collections import deque
from dataclasses import dataclass, field

from .boosts import CONSEQUENCES, Cover, cover

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


# ---------------------------------------------------------------- drawing


def layout(zone_map: ZoneMap) -> dict[str, tuple[int, int]]:
    """Where each zone is drawn: a grid cell ``(col, row)``, deterministic.

    A zone with ``at`` keeps its cell. The others are placed a part of the
    map at a time (zones joined by borders, on or off; parts in map order),
    going out from the part's first zone (breadth first, borders in map
    order): a zone goes one column right of the zone it was reached from,
    in the first free row at or below that zone's row. A later part starts below
    everything placed before it.

    >>> one = (Way("", 1, 1),)
    >>> m = ZoneMap(("A", "B", "C", "D"), (Border("A", "B", one), Border("B", "C", one), Border("A", "D", one)))
    >>> layout(m)
    {'A': (0, 0), 'B': (1, 0), 'C': (2, 0), 'D': (1, 1)}
    """
    cells: dict[str, tuple[int, int]] = dict(zone_map.at)
    taken = set(cells.values())
    seen: set[str] = set()
    for root in zone_map.zones:
        if root in seen:
            continue
        base = 0 if not taken else max(r for _, r in taken) + 1
        if root in cells:
            base = cells[root][1]
        depth = {root: cells[root][0] if root in cells else 0}
        parent_row = {root: base}
        queue = deque([root])
        seen.add(root)
        while queue:
            zone = queue.popleft()
            if zone not in cells:
                col, row = depth[zone], parent_row[zone]
                while (col, row) in taken:
                    row += 1
                cells[zone] = (col, row)
                taken.add((col, row))
            for _, other in zone_map.exits(zone):
                if other not in seen:
                    seen.add(other)
                    depth[other] = cells[zone][0] + 1
                    parent_row[other] = cells[zone][1]
                    queue.append(other)
    return {z: cells[z] for z in zone_map.zones}


# ---------------------------------------------------------------- routes


@dataclass(frozen=True, slots=True)
class Crossing:
    """One border crossed on a route: from, to, the way taken and its cost."""

    start: str
    end: str
    way: str
    cost: int


@dataclass(frozen=True, slots=True)
class Route:
    cost: int
    zones: tuple[str, ...]
    crossings: tuple[Crossing, ...]


def _dijkstra(zone_map: ZoneMap, start: str) -> dict[str, Route]:
    """Cheapest route to every zone reachable from ``start`` (ties: fewer borders).

    One search answers every zone: each zone keeps the crossing it was
    reached by, and its route is its predecessor's route plus that crossing.
    """
    reached: dict[str, Crossing | None] = {}
    order: list[tuple[str, int]] = []
    queue: list[tuple[int, int, int, str, Crossing | None]] = [(0, 0, 0, start, None)]
    counter = 1
    while queue:
        cost, hops, _, zone, step = heapq.heappop(queue)
        if zone in reached:
            continue
        reached[zone] = step
        order.append((zone, cost))
        for border, other in zone_map.exits(zone):
            if other in reached:
                continue
            way = border.cheapest(zone)
            if way is None:
                continue
            step = Crossing(zone, other, way.name, border.cost(zone, way))
            heapq.heappush(queue, (cost + step.cost, hops + 1, counter, other, step))
            counter += 1
    best: dict[str, Route] = {}
    for zone, cost in order:  # a zone's predecessor was settled before it
        step = reached[zone]
        if step is None:
            best[zone] = Route(cost, (zone,), ())
        else:
            before = best[step.start]
            best[zone] = Route(cost, before.zones + (zone,), before.crossings + (step,))
    return best


def route(zone_map: ZoneMap, start: str, destination: str) -> Route | None:
    """The cheapest route from ``start`` to ``destination`` using the ways switched on.

    Rule: borders.route. ``None`` when no route exists.
    """
    return _dijkstra(zone_map, start).get(destination)


def range_between(zone_map: ZoneMap, start: str, destination: str) -> int | None:
    """Range: the fewest borders between two zones, whatever they cost.

    Rule: borders.range. ``None`` when the zones are not connected at all.
    """
    return ranges(zone_map, start).get(destination)


def ranges(zone_map: ZoneMap, start: str) -> dict[str, int]:
    """Range from ``start`` to every zone connected to it (one breadth-first search)."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        zone = queue.popleft()
        for _, other in zone_map.exits(zone):
            if other not in seen:
                seen[other] = seen[zone] + 1
                queue.append(other)
    return seen


@dataclass(frozen=True, slots=True)
class Reach:
    """One zone seen from a move: its cheapest route, and what is missing.

    ``shortfall`` is 0 when the shifts are enough, ``None`` when no route
    exists; ``cover`` lists the cheapest ways to make the shortfall up.
    """

    zone: str
    route: Route | None
    shortfall: int | None
    cover: tuple[Cover, ...]

    @property
    def reachable(self) -> bool:
        return self.shortfall == 0


def reach(zone_map: ZoneMap, start: str, shifts: int) -> list[Reach]:
    """Every zone, in map order, with what a move of ``shifts`` from ``start`` lacks.

    Rule: borders.move — the borders crossed must cost no more than the
    shifts in total. Shortfalls can be made up by invokes (+2 each) or
    consequences (+1/+2/+4).
    """
    routes = _dijkstra(zone_map, start)
    out = []
    for zone in zone_map.zones:
        r = routes.get(zone)
        if r is None:
            out.append(Reach(zone, None, None, ()))
            continue
        short = 0 if zone == start else max(0, r.cost - shifts)
        out.append(Reach(zone, r, short, tuple(cover(short, CONSEQUENCES)) if short else ()))
    return out
