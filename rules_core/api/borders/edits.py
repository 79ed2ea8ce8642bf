"""The map editor's edits (the ``borders.edit`` calculator): one change to a map, and the map after it.

Rules: docs/edgerunner/conflicts.md#borders — a map is zones joined by
borders, a border between two zones of the map, each way through it with a
pass value from either side (the same both ways unless a ``back`` is given)
and switched on or off. So removing a zone removes the borders that touch
it, and a zone renamed is renamed in its borders. Where a new or moved zone
is drawn is :mod:`rules_core.borders.placing`'s.

The map after an edit is checked as any map is
(:func:`rules_core.api.map_data.read_map`); a refusal names the edit's own
field (``edit.name``, ``edit.pass``, ``edit.ways[1].pass``,
``edit.between[0]``…), wherever in the map the problem showed.

* :func:`apply` — one edit of a checked map: the new map, as plain data.
"""
from __future__ import annotations

import re

from ... import borders
from ...errors import RulesError
from .. import fields as f
from ..map_data import read_map

__docformat__ = "google"


def _blank(value) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _index(change: dict, key: str, what: str, items) -> int:
    return f.integer(change, key, what, low=0, high=len(items) - 1)


def _pinned(cells: dict) -> list[dict]:
    """Every zone at the grid cell it is drawn in."""
    return [{"name": z, "at": list(cell)} for z, cell in cells.items()]


def _add_zone(m: borders.ZoneMap, data: dict, change: dict):
    """A new zone, in the first free cell of the grid; the others keep the cells they are drawn in."""
    f.only(change, "do", "name")
    cells = borders.layout(m)
    data["zones"] = [*_pinned(cells), {"name": change.get("name"), "at": list(borders.free_cell(cells.values()))}]
    return "name"


def _rename_zone(m: borders.ZoneMap, data: dict, change: dict):
    """A zone renamed, in its borders too."""
    f.only(change, "do", "zone", "name")
    i = _index(change, "zone", "The zone", m.zones)
    old, name = m.zones[i], change.get("name")
    z = data["zones"][i]
    data["zones"][i] = {**z, "name": name} if isinstance(z, dict) else name
    for border in data["borders"]:
        border["between"] = [name if end == old else end for end in border["between"]]
    return "name"


def _move_zone(m: borders.ZoneMap, data: dict, change: dict):
    """A zone moved ``by`` [columns, rows] on the grid; a zone already there takes its old cell."""
    f.only(change, "do", "zone", "by")
    i = _index(change, "zone", "The zone", m.zones)
    by = change.get("by")
    if not isinstance(by, list) or len(by) != 2:
        raise RulesError("'by' is a move on the grid [columns, rows], e.g. [1, 0].", field="by", code="invalid")
    step = [f.check_integer(v, "A move on the grid", field=f"by[{k}]", low=-borders.MAX_AT, high=borders.MAX_AT)
            for k, v in enumerate(by)]
    data["zones"] = _pinned(borders.moved(borders.layout(m), m.zones[i], tuple(step)))
    return "zone"


def _remove_zone(m: borders.ZoneMap, data: dict, change: dict):
    """A zone removed, and with it the borders that touch it."""
    f.only(change, "do", "zone")
    i = _index(change, "zone", "The zone", m.zones)
    gone = m.zones[i]
    del data["zones"][i]
    data["borders"] = [b for b in data["borders"] if gone not in b["between"]]
    return "zone"


def _rename_map(m: borders.ZoneMap, data: dict, change: dict):
    """The map's name (blank: none)."""
    f.only(change, "do", "name")
    name = f.check_text(change.get("name", ""), "The map's name", field="name", max_length=borders.MAX_NAME)
    data.pop("name", None)
    if name:
        data["name"] = name
    return "name"


def _add_border(m: borders.ZoneMap, data: dict, change: dict):
    """A new border between two zones: one way without a name is a plain border (``pass``, ``back``), else each
    way is named. A blank ``back`` is the same both ways."""
    f.only(change, "do", "between", "ways")
    ways = f.sequence(change, "ways", "The ways", max_length=borders.MAX_WAYS_PER_BORDER)
    for k, w in enumerate(ways):
        if not isinstance(w, dict):
            raise RulesError("A way is a mapping with 'name', 'pass' and 'back'.", field=f"ways[{k}]", code="invalid")
    rows = [{key: w[key] for key in ("name", "pass", "back") if not _blank(w.get(key))} for w in ways]
    border = {"between": change.get("between")}
    if len(rows) == 1 and "name" not in rows[0]:
        border |= {"pass": rows[0].get("pass", ""), **({"back": rows[0]["back"]} if "back" in rows[0] else {})}
    else:
        border["ways"] = [{"pass": "", **row} for row in rows]
    data["borders"].append(border)
    at = f"borders[{len(data['borders']) - 1}]"

    def blame(field: str) -> str:
        rest = field[len(at):] if field.startswith(at) else None
        if rest is None or not rest:
            return ""
        if "ways" not in border and rest in (".pass", ".back"):
            return "ways[0]" + rest
        return rest.lstrip(".")
    return blame


def _remove_border(m: borders.ZoneMap, data: dict, change: dict):
    f.only(change, "do", "border")
    del data["borders"][_index(change, "border", "The border", m.borders)]
    return "border"


def _way(m: borders.ZoneMap, data: dict, change: dict) -> dict:
    """The way ``way`` of border ``border`` as plain data (a border without named ways is its one way)."""
    i = _index(change, "border", "The border", m.borders)
    j = _index(change, "way", "The way", m.borders[i].ways)
    border = data["borders"][i]
    return border["ways"][j] if "ways" in border else border


def _set_way(m: borders.ZoneMap, data: dict, change: dict):
    """A way's pass values set in place: ``pass`` from the border's first zone, ``back`` from its second
    (blank: the same both ways); the border keeps its place, zones and other ways."""
    f.only(change, "do", "border", "way", "pass", "back")
    way = _way(m, data, change)
    way["pass"] = change.get("pass", "")
    way.pop("back", None)
    if not _blank(change.get("back")):
        way["back"] = change["back"]

    def blame(field: str) -> str:
        value = re.search(r"\.(pass|back)$", field)
        return value.group(1) if value else "way"
    return blame


def _switch_way(m: borders.ZoneMap, data: dict, change: dict):
    """A way switched on or off (a locked door)."""
    f.only(change, "do", "border", "way", "on")
    way = _way(m, data, change)
    way.pop("off", None)
    if not f.boolean(change, "on", "On"):
        way["off"] = True
    return "way"


EDITS = {
    "add-zone": _add_zone,
    "rename-zone": _rename_zone,
    "move-zone": _move_zone,
    "remove-zone": _remove_zone,
    "rename-map": _rename_map,
    "add-border": _add_border,
    "remove-border": _remove_border,
    "set-way": _set_way,
    "switch-way": _switch_way,
}
"""The edits by their ``do``; each changes the map's data and says which of its own fields a problem with
the map after it belongs to (a field, or a function from the map's field to its own)."""


def note(m: borders.ZoneMap, change: dict, after: dict) -> str:
    """What an edit :func:`apply` made of ``m`` did, in words (the map editor says it once the map is kept)."""
    do, i, j = change["do"], change.get("zone", change.get("border")), change.get("way")
    if do == "rename-zone" or do == "move-zone":
        return f"{'Renamed' if do == 'rename-zone' else 'Moved'} {m.zones[i]}."
    if do == "rename-map":
        return f"The map is now called {after.get('name', 'Your map')}."
    if do == "set-way":
        b = m.borders[i]
        return f"Border {b.a} – {b.b}{f' ({b.ways[j].name})' if b.ways[j].name else ''}: pass values changed."
    if do == "switch-way":
        return f"Way switched {'on' if change['on'] else 'off'}."
    return {"add-zone": "Zone added.", "remove-zone": "Zone removed, with its borders.", "add-border": "Border added.",
            "remove-border": "Border removed."}[do]


def apply(m: borders.ZoneMap, change) -> dict:
    """The checked map ``m`` after ``change`` ({do, …}: see :data:`EDITS`), as plain data, checked.

    Raises:
        RulesError: naming the edit's field (``edit.name``…; ``edit`` for the edit as a whole).
    """
    if not isinstance(change, dict):
        raise RulesError("An edit is a mapping with 'do' and what it changes.", field="edit", code="invalid")
    do = f.name_in(change.get("do"), list(EDITS), "The edit", field="edit.do")
    data = borders.to_data(m)
    with f.within("edit"):
        blame = EDITS[do](m, data, change)
    try:
        return borders.to_data(read_map(data))
    except RulesError as err:
        field = blame(err.field or "") if callable(blame) else blame
        raise RulesError(err.message, field=f"edit.{field}" if field else "edit", code=err.code) from None
