"""Routes, range and reach: what crossing borders costs.

Rules: docs/edgerunner/conflicts.md#borders and docs/edgerunner/conflicts.md#move.

* :func:`route` — the cheapest route between two zones (Rule: borders.route).
* :func:`range_between`, :func:`ranges` — the fewest borders, whatever they
  cost (Rule: borders.range).
* :func:`reach` — what a move of so many shifts reaches, and what is short
  (Rule: borders.move).
* :class:`Crossing`, :class:`Route`, :class:`Reach` — the answers.
"""
from __future__ import annotations

import heapq
from collections import deque
from dataclasses import dataclass

from ..boosts import CONSEQUENCES, Cover, cover
from .zones import ZoneMap

__docformat__ = "google"


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
