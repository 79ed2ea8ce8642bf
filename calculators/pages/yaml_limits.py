"""Limits on YAML read at build time (calculator fences, map files), like the
browser's import (``assets/calc/maps/files.js``): PyYAML shares an
aliased value instead of copying it, so a few hundred bytes of aliases
("billion laughs") load at once and then take forever to walk or write out.
:func:`check` walks the loaded data as it would be expanded and stops at the
limit.

>>> check({"a": [1, 2]}) is None
True
>>> bomb = yaml.safe_load("a: &a [x, x, x, x, x, x, x, x, x]\\n" + "".join(
...     f"{n}: &{n} [" + ", ".join([f"*{p}"] * 9) + "]\\n" for p, n in zip("abcdefgh", "bcdefghi")))
>>> check(bomb)
'its aliases (*name) repeat its content past 100,000 values'
"""
from __future__ import annotations

import yaml  # noqa: F401  (the doctest's loader)

MAX_VALUES = 100_000
MAX_DEPTH = 32


def check(data) -> str | None:
    """What is wrong with loaded YAML data (too many values once expanded, or too deep), or ``None``."""
    stack = [(data, 1)]
    count = 0
    while stack:
        node, depth = stack.pop()
        count += 1
        if count > MAX_VALUES:
            return f"its aliases (*name) repeat its content past {MAX_VALUES:,} values"
        if depth > MAX_DEPTH:
            return f"it nests more than {MAX_DEPTH} levels deep"
        if isinstance(node, dict):
            stack.extend((v, depth + 1) for v in node.values())
        elif isinstance(node, list):
            stack.extend((v, depth + 1) for v in node)
    return None
