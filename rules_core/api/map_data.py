"""Reading a map from plain data: the one place a map is checked.

A map arrives as plain data (a page's YAML, a player's edit): :func:`read_map`
checks every value and builds the frozen :class:`~rules_core.borders.ZoneMap`
the core (:mod:`rules_core.borders`) trusts. Rules: docs/edgerunner/conflicts.md#borders.
"""
from __future__ import annotations

from ..borders import (
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
)
from ..errors import RulesError, shown
from . import fields as f

__docformat__ = "google"


def _int(value, field: str, what: str) -> int:
    if isinstance(value, str) and not value.strip():
        raise RulesError(f"{what} is missing: enter a whole number.", field=field, code="required")
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{what} must be a whole number, not {shown(value)}.", field=field, code="not_integer")
    if value < 0:
        raise RulesError(f"{what} can't be negative ({value}).", field=field, code="too_small")
    if value > MAX_PASS:
        raise RulesError(f"{what} of {value} is more than any roll can reach (at most {MAX_PASS}).", field=field, code="too_large")
    return value


def read_map(data) -> ZoneMap:
    """Build a map from plain data, checking everything.

    The shape (as YAML)::

        name: Warehouse                 # optional
        zones: [West end, Middle, East end]
        # a zone may also say where it is drawn (grid column, row):
        #   - {name: Hilltop, at: [0, 0]}
        borders:
          - between: [West end, Middle]
            pass: 3                     # both ways; default 1
          - between: [Top, Bottom]
            pass: 1                     # Top → Bottom
            back: 3                     # Bottom → Top
          - between: [Hall, Room]
            ways:
              - {name: open door, pass: 1}
              - {name: break the wall, pass: 7, off: true}

    Raises:
        RulesError: naming the place (``"borders[1].ways[0].pass"``) of the first problem.
    """
    if not isinstance(data, dict):
        raise RulesError("A map is a mapping with 'zones' and 'borders'.", field="map", code="invalid")
    unknown = set(data) - {"name", "zones", "borders", "notes"}
    if unknown:
        raise RulesError(
            f"Unknown map key {shown(sorted(unknown)[0])}: a map has name, zones and borders.",
            field=sorted(unknown)[0], code="unknown",
        )
    name = data.get("name", "")
    if not isinstance(name, str):
        raise RulesError("The map's name is text.", field="name", code="invalid")
    raw_zones = data.get("zones")
    if not isinstance(raw_zones, list) or not raw_zones:
        raise RulesError("A map needs a list of zones.", field="zones", code="required")
    if len(raw_zones) > MAX_ZONES:
        raise RulesError(f"A map holds at most {MAX_ZONES} zones; this one has {len(raw_zones)}.",
                         field="zones", code="too_large")
    zones: list[str] = []
    known: set[str] = set()
    places: dict[tuple[int, int], str] = {}
    at: list[tuple[str, tuple[int, int]]] = []
    for i, z in enumerate(raw_zones):
        where = f"zones[{i}]"
        cell = None
        if isinstance(z, dict):
            unknown = set(z) - {"name", "at"}
            if unknown:
                key = sorted(unknown)[0]
                raise RulesError(f"Unknown zone key {shown(key)}: a zone has a name and maybe 'at'.",
                                 field=f"{where}.{key}", code="unknown")
            zone = f.name(z.get("name"), f"Zone {i + 1}", field=f"{where}.name", max_length=MAX_NAME)
            if "at" in z:
                cell = _cell(z["at"], f"{where}.at")
        else:
            zone = f.name(z, f"Zone {i + 1}", field=where, max_length=MAX_NAME)
        if zone in known:
            raise RulesError(f"Two zones are called {shown(zone)}.",
                             field=f"{where}.name" if isinstance(z, dict) else where, code="duplicate")
        if cell is not None:
            if cell in places:
                raise RulesError(f"{shown(places[cell])} is already drawn at {list(cell)}.", field=f"{where}.at", code="duplicate")
            places[cell] = zone
            at.append((zone, cell))
        zones.append(zone)
        known.add(zone)
    f.distinct((zone, f"zones[{i}].name" if isinstance(z, dict) else f"zones[{i}]")
               for i, (zone, z) in enumerate(zip(zones, raw_zones, strict=True)))  # two that look alike
    raw_borders = data.get("borders", [])
    if not isinstance(raw_borders, list):
        raise RulesError("'borders' is a list.", field="borders", code="invalid")
    if len(raw_borders) > MAX_BORDERS:
        raise RulesError(f"A map holds at most {MAX_BORDERS} borders; this one has {len(raw_borders)}.",
                         field="borders", code="too_large")
    borders: list[Border] = []
    pairs: set[frozenset[str]] = set()
    ways = 0
    for i, b in enumerate(raw_borders):
        where = f"borders[{i}]"
        borders.append(_border(b, where, known, pairs))
        ways += len(borders[-1].ways)
        if ways > MAX_WAYS:
            raise RulesError(f"A map holds at most {MAX_WAYS} ways through its borders in all "
                             f"(a border with one pass value is one way); border {i + 1} goes past that.",
                             field=f"{where}.ways" if "ways" in b else where, code="too_large")
    return ZoneMap(tuple(zones), tuple(borders), name, tuple(at))


def _cell(value, field: str) -> tuple[int, int]:
    """``at: [col, row]``: where a zone is drawn, two whole numbers 0…MAX_AT."""
    if not isinstance(value, list) or len(value) != 2:
        raise RulesError("'at' is a grid place [column, row], e.g. [0, 1].", field=field, code="invalid")
    for k, v in enumerate(value):
        if isinstance(v, bool) or not isinstance(v, int):
            raise RulesError(f"A grid place is two whole numbers, not {shown(v)}.", field=f"{field}[{k}]", code="not_integer")
        if not 0 <= v <= MAX_AT:
            raise RulesError(f"A grid place runs from 0 to {MAX_AT} (not {v}).", field=f"{field}[{k}]",
                             code="too_small" if v < 0 else "too_large")
    return (value[0], value[1])


def _border(b, where: str, zones: set[str], pairs: set) -> Border:
    if not isinstance(b, dict):
        raise RulesError("A border is a mapping with 'between'.", field=where, code="invalid")
    unknown = set(b) - {"between", "pass", "back", "ways", "off", "name"}
    if unknown:
        key = sorted(unknown)[0]
        raise RulesError(f"Unknown border key {shown(key)}.", field=f"{where}.{key}", code="unknown")
    between = b.get("between")
    if not isinstance(between, list) or len(between) != 2:
        raise RulesError("A border is 'between' two zones.", field=f"{where}.between", code="invalid")
    a, z = (f.name(v, "The zone", field=f"{where}.between[{k}]", max_length=MAX_NAME) for k, v in enumerate(between))
    for k, zone in enumerate((a, z)):
        if zone not in zones:
            raise RulesError(f"Unknown zone {shown(zone)}: add it to 'zones' first.", field=f"{where}.between[{k}]", code="unknown")
    if a == z:
        raise RulesError("A border joins two different zones.", field=f"{where}.between", code="invalid")
    if frozenset((a, z)) in pairs:
        raise RulesError(
            f"There is already a border between {a} and {z}: give that one several ways instead.",
            field=f"{where}.between", code="duplicate",
        )
    pairs.add(frozenset((a, z)))
    if "ways" in b:
        if "pass" in b or "back" in b:
            raise RulesError("Give either 'pass' or 'ways', not both.", field=f"{where}.pass", code="invalid")
        raw_ways = b["ways"]
        if not isinstance(raw_ways, list) or not raw_ways:
            raise RulesError("'ways' is a list of ways through the border.", field=f"{where}.ways", code="invalid")
        if len(raw_ways) > MAX_WAYS_PER_BORDER:
            raise RulesError(f"A border has at most {MAX_WAYS_PER_BORDER} ways through it; this one has {len(raw_ways)}.",
                             field=f"{where}.ways", code="too_large")
    else:
        raw_ways = [{k: b[k] for k in ("pass", "back", "off", "name") if k in b}]
    ways: list[Way] = []
    names: set[str] = set()
    for j, w in enumerate(raw_ways):
        ways.append(_way(w, f"{where}.ways[{j}]" if "ways" in b else where, len(raw_ways) > 1, names))
        names.add(ways[-1].name)
    return Border(a, z, tuple(ways))


def _way(w, where: str, named: bool, previous: set[str]) -> Way:
    if not isinstance(w, dict):
        raise RulesError("A way is a mapping with 'name' and 'pass'.", field=where, code="invalid")
    unknown = set(w) - {"name", "pass", "back", "off"}
    if unknown:
        key = sorted(unknown)[0]
        raise RulesError(f"Unknown way key {shown(key)}.", field=f"{where}.{key}", code="unknown")
    name = f.name(w.get("name"), "The way", field=f"{where}.name", max_length=MAX_NAME) if (named or "name" in w) else ""
    if name in previous:
        raise RulesError(f"Two ways are called {shown(name)}.", field=f"{where}.name", code="duplicate")
    forward = _int(w.get("pass", DEFAULT_PASS), f"{where}.pass", "A pass value")
    backward = _int(w.get("back", forward), f"{where}.back", "A pass value")
    off = w.get("off", False)
    if not isinstance(off, bool):
        raise RulesError("'off' is true or false.", field=f"{where}.off", code="invalid")
    return Way(name, forward, backward, not off)


def zone(zone_map: ZoneMap, value, field: str) -> str:
    """A zone of ``zone_map`` named by the player (a route's start, a move's
    destination), checked once here: the core's functions trust the names they get."""
    if not isinstance(value, str) or not value:
        raise RulesError("Choose a zone.", field=field, code="required")
    if not zone_map.has(value):
        raise RulesError(f"There is no zone called {shown(value)} on this map.", field=field, code="unknown")
    return value
