"""Edgerunner: making up shifts with invokes and consequences.

Rules: docs/edgerunner/stress.md#soak and docs/edgerunner/conflicts.md#move — each aspect invoked is worth 2, each consequence
its value (mild 1, moderate 2, severe 4 unless an upgrade changed it), each
consequence slot once.

The same question comes up twice at the table: *how do I soak this hit?*
(reduce incoming stress) and *how do I get across that border?* (add shifts to
a move). :func:`cover` answers both: the cheapest combinations that make up
``amount`` — fewest and mildest consequences first, then fewest invokes.

>>> [(c.consequences, c.invokes) for c in cover(3, {"mild": 1, "moderate": 2, "severe": 4})]
[((), 2), (('mild',), 1), (('severe',), 0), (('mild', 'moderate'), 0)]
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

__docformat__ = "google"

INVOKE_VALUE = 2
"""An invoked aspect adds (or removes) 2 shifts."""

CONSEQUENCES = {"mild": 1, "moderate": 2, "severe": 4}
"""The consequence slots and their default values, mildest first."""

SEVERITY_RANK = {name: rank for rank, name in enumerate(CONSEQUENCES, start=1)}


def _ranks(cover_: Cover) -> list[int]:
    return sorted((SEVERITY_RANK.get(c, len(SEVERITY_RANK) + 1) for c in cover_.consequences), reverse=True)


def _dominates(a: Cover, b: Cover) -> bool:
    """``a`` is no worse than ``b`` on every count: no more invokes, no more
    consequences, and each of its consequences no more severe than one of ``b``'s."""
    ra, rb = _ranks(a), _ranks(b)
    return a.invokes <= b.invokes and len(ra) <= len(rb) and all(x <= y for x, y in zip(ra, rb))


@dataclass(frozen=True, slots=True)
class Cover:
    """One way to make up an amount."""

    consequences: tuple[str, ...]
    invokes: int
    total: int

    @property
    def cost(self) -> tuple[int, int, int]:
        """Sort key: fewest consequences, mildest, then fewest invokes."""
        return (
            len(self.consequences),
            sum(SEVERITY_RANK.get(c, len(SEVERITY_RANK) + 1) for c in self.consequences),
            self.invokes,
        )


def cover(amount: int, consequences: dict[str, int], /, invokes: int | None = None) -> list[Cover]:
    """The cheapest ways to make up ``amount`` with consequences and invokes.

    Args:
        amount: Shifts to make up. 0 or less needs nothing: one empty option.
        consequences: The slots still free, name → value.
        invokes: How many aspects can be invoked; ``None`` for no limit.

    Returns:
        Every combination that no other beats (milder or fewer consequences
        and no more invokes), cheapest first. Empty when nothing is enough.
    """
    if amount <= 0:
        return [Cover((), 0, 0)]
    names = sorted(consequences, key=lambda n: (SEVERITY_RANK.get(n, 99), n))
    found: list[Cover] = []
    for size in range(len(names) + 1):
        for chosen in combinations(names, size):
            value = sum(consequences[c] for c in chosen)
            need = max(0, -(-(amount - value) // INVOKE_VALUE))
            if invokes is not None and need > invokes:
                continue
            found.append(Cover(chosen, need, value + need * INVOKE_VALUE))
    kept = [c for c in found if not any(_dominates(o, c) for o in found if o is not c)]
    return sorted(kept, key=lambda c: c.cost)
