"""The engine's boundary: every request ends in a reply, never an exception,
and no reply is larger than a readable message (issue 14 §1).

* deeply nested JSON, and a request larger than the engine reads, get a
  clear error instead of ``RecursionError`` or minutes of work;
* an error quotes what the player gave, shortened: a megabyte-long unknown
  key or zone name does not come back as a megabyte-long message.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from golden import load_cases
from rules_core.api import MAX_DEPTH, MAX_REQUEST_CHARS, call, handle

ERROR_CASES = [c for c in load_cases(Path(__file__).parent / "cases") if "error" in c]
HUGE = "x" * (MAX_REQUEST_CHARS - 100)  # as long as a request may be
LONGEST_MESSAGE = 400


def nested(depth: int):
    value = 1
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 3000, 100_000])
def test_deeply_nested_json_gets_a_reply_naming_the_limit(depth):
    message = '{"id": 5, "name": "boons.free_dice", "payload": {"rating": ' + "[" * depth + "]" * depth + "}}"
    reply = json.loads(handle(message))
    assert reply["ok"] is False
    assert reply["error"]["code"] == "invalid"
    assert f"nested more than {MAX_DEPTH} levels deep" in reply["error"]["message"]


def test_a_nested_payload_given_to_call_is_refused_before_any_calculator_sees_it():
    reply = call("morale.replay", {"setup": nested(MAX_DEPTH + 5), "events": []})
    assert reply["ok"] is False
    assert "nested more than" in reply["error"]["message"]


def test_an_ordinary_map_is_well_within_the_depth_limit():
    the_map = {"zones": ["A", "B"], "borders": [{"between": ["A", "B"], "ways": [{"name": "door", "pass": 1}]}]}
    assert call("borders.route", {"map": the_map, "start": "A", "destination": "B"})["ok"] is True


def test_a_request_larger_than_the_limit_is_refused_quickly_and_says_so():
    message = json.dumps({"id": 8, "name": "boons.free_dice", "payload": {"rating": "9" * MAX_REQUEST_CHARS}})
    reply = json.loads(handle(message))
    assert reply["ok"] is False
    assert reply["error"]["code"] == "too_large"
    assert "too large" in reply["error"]["message"]
    assert len(reply["error"]["message"]) < LONGEST_MESSAGE


def test_a_request_sized_unknown_key_comes_back_shortened():
    reply = handle(json.dumps({"id": 1, "name": "boons.free_dice", "payload": {HUGE: 1}}))
    assert len(reply) < 1000
    error = json.loads(reply)["error"]
    assert error["code"] == "unknown"
    assert "xxxxxxxx…" in error["message"]


def test_a_request_sized_calculator_name_comes_back_shortened():
    reply = handle(json.dumps({"id": 1, "name": HUGE, "payload": {}}))
    assert len(reply) < 1000
    assert json.loads(reply)["error"]["code"] == "unknown_calculator"


def _stretch(value, long: str):
    if isinstance(value, str):
        return value + long if value else long
    if isinstance(value, list):
        return [_stretch(v, long) for v in value]
    if isinstance(value, dict):
        return {_stretch(k, long) if k not in ("map", "setup", "event") else k: _stretch(v, long) for k, v in value.items()}
    return value


@pytest.mark.parametrize("case", ERROR_CASES, ids=[c["id"] for c in ERROR_CASES])
def test_no_error_message_echoes_a_long_input(case):
    """Every golden error case again, with every text in it (and every key) made 100,000 characters long."""
    stretched = _stretch(copy.deepcopy(case["input"]), "y" * 100_000)
    reply = call(case["call"], stretched)
    if reply["ok"]:
        return
    assert len(reply["error"]["message"]) <= LONGEST_MESSAGE, reply["error"]["message"][:200]
    assert reply["error"]["field"] is None or len(reply["error"]["field"]) <= LONGEST_MESSAGE
