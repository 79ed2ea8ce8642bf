"""Where a map's zones are drawn: a grid cell each.

Rules: docs/edgerunner/conflicts.md#borders (the map a page draws). Not a
rule but a convention every drawing shares: the build-time map and the
``borders.diagram`` calculator both place zones with :func:`layout`.
"""
from __future__ import annotations

from collections import deque

from .zones import Border, Way, ZoneMap  # noqa: F401  (the doctest below builds a map)

__docformat__ = "google"


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
