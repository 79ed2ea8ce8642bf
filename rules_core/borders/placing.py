"""Where an edited map's zones go on the drawn grid: a new zone, a zone moved.

Rules: docs/edgerunner/conflicts.md#borders (the map a page draws, a grid
cell per zone: ``at: [col, row]``). Not a rule of the game but the
convention the map editor keeps (``borders.edit``), beside the drawing's
own (:func:`rules_core.borders.layout`): once a zone is added or moved,
every zone keeps the cell it is drawn in, so nothing else jumps.

* :func:`free_cell` — where a new zone goes.
* :func:`moved` — the cells after a zone is moved (a zone already there swaps places with it).
"""
from __future__ import annotations

from collections.abc import Iterable
from itertools import count

from .zones import MAX_AT

__docformat__ = "google"

Cell = tuple[int, int]


def free_cell(taken: Iterable[Cell]) -> Cell:
    """The first free cell, row by row, of a grid as wide as the map already is (at least two columns).

    >>> free_cell([(0, 0), (1, 0), (2, 0)])     # three in a row: the next row
    (0, 1)
    >>> free_cell([(0, 0), (0, 1)])             # one column: the grid is two wide
    (1, 0)
    >>> free_cell([])
    (0, 0)
    """
    taken = set(taken)
    cols = max([2, *(c + 1 for c, _ in taken)])
    return next(cell for i in count() if (cell := (i % cols, i // cols)) not in taken)


def moved(cells: dict[str, Cell], zone: str, by: Cell) -> dict[str, Cell]:
    """``cells`` (zone → cell) after ``zone`` moves ``by`` (columns, rows). A zone already in the cell it
    moves to takes its old one; nothing goes past the grid's edges (columns and rows 0…MAX_AT).

    >>> moved({"A": (0, 0), "B": (1, 0)}, "A", (1, 0))       # the two swap
    {'A': (1, 0), 'B': (0, 0)}
    >>> moved({"A": (0, 0), "B": (1, 0)}, "B", (-3, 2))      # not left of column 0
    {'A': (0, 0), 'B': (0, 2)}
    """
    (col, row), (dc, dr) = cells[zone], by
    to = (min(MAX_AT, max(0, col + dc)), min(MAX_AT, max(0, row + dr)))
    out = dict(cells)
    for other, cell in cells.items():
        if cell == to and other != zone:
            out[other] = cells[zone]
    out[zone] = to
    return out
