"""Example maps for the border costs calculator, written in YAML under ``docs/maps/``.

A map file is the shape :func:`rules_core.api.map_data.read_map` reads::

    name: Warehouse
    zones: [West end, Middle, East end]
    borders:
      - between: [West end, Middle]
        pass: 3

It is read with PyYAML's *safe* loader and checked by ``rules_core`` at build
time. Any problem fails the build with a message naming the file and the line
(a :class:`MapError`): bad YAML, a key given twice, and everything the core
rejects (an unknown zone, a duplicate name or border, a negative or
fractional value, an unknown key). The core names the place of a problem as
a path (``borders[1].ways[0].pass``); :func:`line_of` finds that place in the
YAML's node tree (``yaml.compose``), whose marks carry the line.
"""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from rules_core import borders
from rules_core.api.map_data import read_map
from rules_core.errors import RulesError

from .. import ROOT
from . import yaml_limits

MAPS_DIR = ROOT / "docs" / "maps"
"""Where the fence option ``map: <name>`` looks for ``<name>.yml``."""

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
_STEP = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


class MapError(ValueError):
    """A map file the build cannot use; the message names the file and the line.

    Plain (this module reads maps for benchmarks and tests too, without
    Markdown): the borders widget raises it again as a ``WidgetError``, which
    ``pymdownx.superfences`` lets through, so the build fails.
    """


def _shown(path: Path) -> str:
    path = Path(path).resolve()
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def line_of(node: yaml.Node | None, field: str | None) -> int:
    """The 1-based line of the place ``field`` (``borders[1].ways[0].pass``) names in a composed YAML tree.

    Follows the path as far as it exists (a missing key points at the
    mapping it belongs in). For a key of a mapping it is the key's line.
    """
    if node is None:
        return 1
    line = node.start_mark.line + 1
    for key, index in _STEP.findall(field or ""):
        if index and isinstance(node, yaml.SequenceNode) and int(index) < len(node.value):
            node = node.value[int(index)]
            line = node.start_mark.line + 1
        elif key and isinstance(node, yaml.MappingNode):
            pair = next(((k, v) for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == key), None)
            if pair is None:
                break
            line = pair[0].start_mark.line + 1
            node = pair[1]
        else:
            break
    return line


def _repeated_key(node: yaml.Node | None) -> tuple[str, int] | None:
    """The first key given twice in one mapping (PyYAML would silently keep the last)."""
    if isinstance(node, yaml.MappingNode):
        seen = set()
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode):
                if key.value in seen:
                    return key.value, key.start_mark.line + 1
                seen.add(key.value)
            found = _repeated_key(value)
            if found:
                return found
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            found = _repeated_key(item)
            if found:
                return found
    return None


def parse(text: str, path: Path | str = "<map>") -> dict:
    """Read and check one map's YAML; return it cleaned (``rules_core.borders.to_data``).

    Raises:
        MapError: ``"<file>, line <n> (<field>): <what is wrong>"``.
    """
    where = _shown(Path(path)) if str(path) != "<map>" else "<map>"
    try:
        tree = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else 1
        raise MapError(f"{where}, line {line}: this is not valid YAML ({err.problem or err}).") from None
    except yaml.YAMLError as err:
        raise MapError(f"{where}: this is not valid YAML ({err}).") from None
    if tree is None:
        raise MapError(f"{where}, line 1: the map file is empty.")
    problem = yaml_limits.check(data)
    if problem:
        raise MapError(f"{where}: this can't be read as a map: {problem}.")
    repeated = _repeated_key(tree)
    if repeated:
        raise MapError(f"{where}, line {repeated[1]}: {repeated[0]!r} is given twice; give each key once.")
    try:
        zone_map = read_map(data)
    except RulesError as err:
        field = None if err.field == "map" else err.field
        place = f" ({field})" if field else ""
        raise MapError(f"{where}, line {line_of(tree, field)}{place}: {err.message}") from None
    return borders.to_data(zone_map)


def load(path: Path | str) -> dict:
    """Read and check a map file (see :func:`parse`)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise MapError(f"{_shown(path)}: the map file cannot be read ({err.strerror}).") from None
    except UnicodeDecodeError:
        raise MapError(f"{_shown(path)}: the map file is not UTF-8 text.") from None
    return parse(text, path)


def names(folder: Path | None = None) -> list[str]:
    """The example maps there are (in ``folder``, default :data:`MAPS_DIR`): file names without ``.yml``, sorted."""
    return sorted(p.stem for p in Path(folder or MAPS_DIR).glob("*.yml") if NAME.fullmatch(p.stem))


def load_named(name, folder: Path | None = None) -> dict:
    """The map ``<folder>/<name>.yml``, checked; the fence option ``map: <name>``."""
    folder = Path(folder or MAPS_DIR)
    known = names(folder)
    if not isinstance(name, str) or not NAME.fullmatch(name) or name not in known:
        raise MapError(f"borders widget: there is no map {name!r} in {_shown(Path(folder))}/ "
                       f"(maps: {', '.join(known) or 'none'}).")
    return load(Path(folder) / f"{name}.yml")


def load_all(folder: Path | None = None) -> dict[str, dict]:
    """Every example map, checked, by name (a bad one fails the build even if no page uses it)."""
    folder = Path(folder or MAPS_DIR)
    return {name: load(folder / f"{name}.yml") for name in names(folder)}
