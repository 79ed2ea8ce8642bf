"""The board's limits and its one reader of a name (an actor's, a side's, an aspect's), shared by the
setup's reader (:mod:`.read`) and the events' (:mod:`.events`).
"""
from __future__ import annotations

from ...errors import RulesError
from ..fields import distinct, seen

MAX_SIDES = 12
MAX_ACTORS = 30
MAX_THINGS = 30
MAX_ASPECTS = 60
MAX_EVENTS = 5000
MAX_NAME = 60
MAX_NOTE = 300
MAX_INVOKES = 10
MAX_SKILLS = 20
MAX_OWN = 10
"""An actor's own aspects, at most."""


def name(value, field: str, what: str) -> str:
    """A name as a reader sees it (:func:`rules_core.api.fields.seen`: invisible characters gone), so two
    names that look alike are one name."""
    if isinstance(value, str):
        value = seen(value)
    if not isinstance(value, str) or not value:
        raise RulesError(f"{what} needs a name.", field=field, code="required")
    if len(value) > MAX_NAME:
        raise RulesError(f"{what}: the name is too long (at most {MAX_NAME} characters).", field=field, code="too_large")
    return value


def _names(raw: dict, key: str, what: str, *, field: str | None = None, limit: int = MAX_INVOKES) -> tuple[str, ...]:
    field = field or key
    items = raw.get(key)
    if items is None:
        return ()
    if not isinstance(items, list):
        raise RulesError(f"{what} is a list of names.", field=field, code="invalid")
    if len(items) > limit:
        raise RulesError(f"{what}: at most {limit}.", field=field, code="too_large")
    names = tuple(name(v, f"{field}[{i}]", "Each aspect") for i, v in enumerate(items))
    distinct((n, f"{field}[{i}]") for i, n in enumerate(names))  # two that look alike (the same twice: the rules')
    return names


def placed_target(raw: dict, on: str, field: str):
    """Where an aspect is placed: a border as its two zones, anything else by its name."""
    target = raw.get("target")
    if on == "border":
        if not isinstance(target, list) or len(target) != 2:
            raise RulesError("A border is named by its two zones, e.g. [West end, Middle].", field=field,
                             code="required" if target is None else "invalid")
        return tuple(name(z, f"{field}[{k}]", "The zone") for k, z in enumerate(target))
    return name(target, field, "The target")
