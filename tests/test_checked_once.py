"""Data is checked once, at the boundary (issue 23, item 3).

Plain data (a page's payload, a map file) is read and checked in
``rules_core/api/`` and becomes frozen values; the core (``rules_core/*.py``)
trusts them. These tests fail when a check creeps back into the core, or when
one call checks the same thing twice.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rules_core import boons, borders, dice, morale, rolls
from rules_core.api import call
from rules_core.api.morale import read as morale_read

CORE = sorted((Path(__file__).parent.parent / "rules_core").glob("*.py"))
READERS = {"from_data", "read_setup", "read_event", "read_map", "check_setup", "_check_setup", "check_rating",
           "_name", "_int", "_flag"}


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", CORE, ids=lambda p: p.name)
def test_the_core_defines_no_reader_of_plain_data(path):
    """A reader or a shape check in the core would be a second place where plain data is checked."""
    defined = {n.name for n in ast.walk(_tree(path)) if isinstance(n, ast.FunctionDef)}
    assert not defined & READERS, f"{path.name} reads plain data ({sorted(defined & READERS)}): move it to rules_core/api/"


@pytest.mark.parametrize("path", CORE, ids=lambda p: p.name)
def test_the_cores_frozen_values_do_not_check_themselves_again(path):
    """A frozen value built by the boundary is trusted: its ``__post_init__`` may
    build caches, never raise or call a check."""
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.FunctionDef) and node.name == "__post_init__":
            for inner in ast.walk(node):
                assert not isinstance(inner, ast.Raise), f"{path.name}: __post_init__ raises"
                if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name):
                    assert "check" not in inner.func.id, f"{path.name}: __post_init__ calls {inner.func.id}"


@pytest.mark.parametrize("path", CORE, ids=lambda p: p.name)
def test_the_core_checks_no_types(path):
    """"Must be a whole number" is the boundary's to say (``fields.check_integer``):
    the core raises no ``not_integer``."""
    assert 'code="not_integer"' not in path.read_text(encoding="utf-8")


def test_the_core_trusts_a_setup_the_boundary_would_refuse():
    dup = {"edition": "2023", "teams": [{"name": "Wolves", "members": ["Ada"]}, {"name": "Wolves", "members": ["Bo"]}]}
    assert call("morale.replay", {"setup": dup, "events": []})["error"]["code"] == "duplicate"
    trusted = morale.Setup("2023", (morale.Team("Wolves", "Ada", (morale.Member("Ada"),)),
                                    morale.Team("Wolves", "Bo", (morale.Member("Bo"),))))
    assert morale.start(trusted).turn_order == ("Wolves", "Wolves")   # no second check, no error
    assert boons.Boon(0).rating == 0                                   # the API refuses it; the core does not look
    assert call("boons.free_dice", {"rating": 0})["error"]["code"] == "too_small"


def test_a_map_and_its_zone_names_are_checked_at_the_boundary_only():
    """The core's map functions take the names the API checked (``map_data.zone``);
    the core itself raises no player's message at all."""
    plain = {"zones": ["West", "East"], "borders": [{"between": ["West", "East"], "pass": 2}]}
    error = call("borders.route", {"map": plain, "start": "West", "destination": "North"})["error"]
    assert (error["code"], error["field"]) == ("unknown", "destination")
    trusted = borders.ZoneMap(("West", "East"), (borders.Border("West", "East", (borders.Way("", 2, 2),)),))
    assert borders.route(trusted, "West", "East").cost == 2
    for module in sorted(Path(borders.__file__).parent.glob("*.py")):  # rules_core/borders/, every module
        assert "RulesError" not in module.read_text(encoding="utf-8"), module.name


def test_a_replay_checks_the_setup_once_and_a_tap_not_at_all(monkeypatch):
    seen = []
    real = morale_read.check_setup
    monkeypatch.setattr(morale_read, "check_setup", lambda s: (seen.append(s), real(s))[1])
    setup = {"teams": [{"name": "Wolves", "members": ["Ada", "Bo"]}, {"name": "Crows", "members": ["Cy"]}]}
    kept = call("morale.replay", {"setup": setup, "events": [{"kind": "failure", "member": "Bo"}] * 3})["result"]
    assert len(seen) == 1
    tap = call("morale.apply", {"token": kept["token"], "length": 3, "event": {"kind": "success", "member": "Ada"}})
    assert tap["ok"] and len(seen) == 1, "a tap read the setup again"


def test_the_checks_that_stay_in_the_core_say_why():
    """Some checks are rules, not shapes (which numbers an event needs in an
    edition; the dice notation): their docstrings say so."""
    for check in (morale._count, dice.fate_values, rolls.pool_faces):
        assert "stays in the core" in " ".join((check.__doc__ or "").split()), check.__qualname__


def test_the_dice_are_read_once():
    """The boundary does not look at the faces' type before the core reads them;
    the core's reading answers a wrong type with the same field and code."""
    api = Path(__file__).parent.parent / "rules_core" / "api"
    for name in ("dice.py", "rolls.py"):
        assert "isinstance(faces" not in (api / name).read_text(encoding="utf-8"), name
    error = call("dice.fate_shifts", {"skill": 2, "faces": {"a": 1}})["error"]
    assert (error["code"], error["field"]) == ("invalid", "faces")
