"""Names of built-in attributes ("__class__", "__init__", "constructor") from outside data are
refused like any unknown name: the rules look names up in plain dicts and tuples, never with
getattr on a name they have not checked (issue 25, finding 1, the Python side)."""
from __future__ import annotations

import pytest

from rules_core.api import call
from rules_core.api.morale import read_event
from rules_core.errors import RulesError

NAMES = ["__class__", "__init__", "__dict__", "__slots__", "constructor", "__proto__", "toString", "get"]


@pytest.mark.parametrize("name", NAMES)
def test_a_calculator_named_after_a_built_in_is_unknown(name):
    reply = call(name, {})
    assert reply["ok"] is False
    assert reply["error"]["code"] == "unknown_calculator"


@pytest.mark.parametrize("name", NAMES)
def test_an_event_kind_named_after_a_built_in_is_refused_on_its_field(name):
    with pytest.raises(RulesError) as err:
        read_event({"kind": name})
    assert err.value.field == "kind"


@pytest.mark.parametrize("name", NAMES)
def test_a_wound_slot_named_after_a_built_in_is_refused_at_the_boundary(name):
    """``Wounds.slot`` trusts the boundary (it looks the slot up with getattr): the boundary refuses it."""
    reply = call("stress.wounds", {"type": name, "stress": 1})
    assert reply["ok"] is False
    assert reply["error"]["field"] == "type"
