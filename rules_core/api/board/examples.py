"""Ready setups for the conflict board: the warehouse crew, and the worked
examples of docs/edgerunner/conflicts.md#move-another and docs/edgerunner/conflicts.md#taken-out.

The warehouse is the border calculator's map ``docs/maps/warehouse.yml``
(tests/test_board.py checks they stay the same). Each example is a function
returning fresh plain data, so a page can change its copy freely.
"""
from __future__ import annotations

from itertools import pairwise


def warehouse() -> dict:
    """Three zones in a row, every border 3 (the Move example's warehouse)."""
    return {"name": "Warehouse", "zones": ["West end", "Middle", "East end"],
            "borders": [{"between": ["West end", "Middle"], "pass": 3},
                        {"between": ["Middle", "East end"], "pass": 3}]}


def warehouse_crew() -> dict:
    return {
        "name": "warehouse crew",
        "map": warehouse(),
        "sides": ["Crew", "Hargan's gang"],
        "actors": [
            {"name": "Gatto", "side": "Crew", "zone": "West end",
             "tracks": {"cool": 2, "humanity": 3, "reputation": 2},
             "skills": {"Shoot": 2, "Athletics": 3, "Stealth": 1},
             "aspects": ["Only if this @#! gun fired once in a while"]},
            {"name": "Jade", "side": "Crew", "zone": "West end",
             "tracks": {"cool": 3, "humanity": 2, "reputation": 3},
             "skills": {"Fight": 2, "Stealth": 3, "Empathy": 3}},
            {"name": "Hargan", "side": "Hargan's gang", "zone": "East end",
             "tracks": {"cool": 3, "humanity": 2, "reputation": 2},
             "skills": {"Firearms": 3, "Provoke": 2}},
            {"name": "Rook", "side": "Hargan's gang", "zone": "Middle",
             "tracks": {"cool": 2, "humanity": 2, "reputation": 2},
             "skills": {"Fight": 2, "Athletics": 1}},
        ],
        "things": [{"name": "Loading door lock", "threshold": 3, "zone": "East end", "border": ["Middle", "East end"]}],
        "aspects": [{"name": "Cluttered aisles", "on": "zone", "target": "Middle", "free_invokes": 1}],
    }


def nephrite() -> dict:
    """Nephrite and the IC daemon on a row of network nodes (pass value 1)."""
    nodes = [f"Node {i}" for i in range(1, 7)]
    return {
        "name": "nephrite and the daemon",
        "map": {"name": "Subnet", "zones": nodes,
                "borders": [{"between": [a, b]} for a, b in pairwise(nodes)]},
        "sides": ["Jade", "IC"],
        "actors": [
            {"name": "Nephrite", "side": "Jade", "zone": "Node 1", "tracks": {"cool": 3, "humanity": 2, "reputation": 2}},
            {"name": "Daemon", "side": "IC", "zone": "Node 1", "tracks": {"cool": 2, "humanity": 2, "reputation": 2}},
        ],
    }


def hargan() -> dict:
    """Gatto (stress already on Cool) and Jade against Hargan, in the warehouse."""
    return {
        "name": "hargan and gatto",
        "map": warehouse(),
        "sides": ["Jade's crew", "Hargan's side"],
        "actors": [
            {"name": "Gatto", "side": "Jade's crew", "zone": "Middle",
             "tracks": {"cool": {"threshold": 2, "marked": [1, 2]}, "humanity": 3, "reputation": 2}},
            {"name": "Jade", "side": "Jade's crew", "zone": "West end"},
            {"name": "Hargan", "side": "Hargan's side", "zone": "Middle"},
        ],
    }


EXAMPLES = {"warehouse crew": warehouse_crew, "nephrite and the daemon": nephrite, "hargan and gatto": hargan}
"""Example name → a function giving its setup as plain data."""
