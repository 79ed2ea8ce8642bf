"""API hygiene: what every page relies on at the boundary of rules_core.

* ``rules_core`` is standard library only (it runs in Pyodide): checked in a
  fresh interpreter, and by reading every import statement.
* Every calculator documents its Input and Output.
* ``handle`` answers a JSON request with a JSON reply carrying the same id.
* Every error is a readable sentence whose ``field`` points at the input that
  caused it (the golden error cases are the examples).
"""
from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import rules_core
from golden import load_cases
from rules_core.api import CALCULATORS, call, describe, handle

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "rules_core"
FORBIDDEN = ("mkdocs", "js", "pyodide", "yaml", "micropip")
ERROR_CASES = [c for c in load_cases(Path(__file__).parent / "cases") if "error" in c]
ERROR_CODES = {"required", "not_integer", "too_small", "too_large", "unknown", "invalid", "duplicate",
               "no_route", "unknown_calculator", "stale"}


# ---------------------------------------------------------------- standard library only

IMPORT_EVERYTHING = r"""
import json, pkgutil, sys
before = set(sys.modules)
import rules_core, rules_core.api
for info in pkgutil.walk_packages(rules_core.__path__, "rules_core."):
    __import__(info.name)
added = sorted(set(sys.modules) - before)
print(json.dumps({"file": rules_core.__file__, "added": added, "all": sorted(sys.modules)}))
"""


@pytest.fixture(scope="module")
def fresh_import():
    out = subprocess.run([sys.executable, "-c", IMPORT_EVERYTHING], cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_the_package_under_test_is_this_checkout(fresh_import):
    assert Path(fresh_import["file"]).resolve().is_relative_to(PACKAGE)


def test_importing_rules_core_pulls_in_only_the_standard_library(fresh_import):
    outside = [m for m in fresh_import["added"]
               if m.split(".")[0] not in sys.stdlib_module_names and m.split(".")[0] != "rules_core"]
    assert outside == []


def test_rules_core_never_imports_the_site_tooling(fresh_import):
    loaded = {m.split(".")[0] for m in fresh_import["all"]}
    assert loaded.isdisjoint(FORBIDDEN)


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_import_statement_is_stdlib_or_relative(path):
    """Also catches imports hidden inside functions, which a fresh import would not run."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bad = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [] if node.level else [node.module or ""]
        else:
            continue
        for name in names:
            top = name.split(".")[0]
            if top != "rules_core" and top not in sys.stdlib_module_names:
                bad.append(f"line {node.lineno}: {name}")
    assert bad == []


# ---------------------------------------------------------------- documentation


@pytest.mark.parametrize("name", sorted(CALCULATORS))
def test_every_calculator_documents_input_and_output(name):
    doc = CALCULATORS[name].__doc__ or ""
    assert "Input" in doc, f"{name}: the docstring does not say what goes in"
    assert "Output" in doc, f"{name}: the docstring does not say what comes out"


def test_describe_lists_every_calculator_with_its_doc():
    listed = describe()
    assert [d["name"] for d in listed] == list(CALCULATORS)
    assert all(d["doc"].strip() for d in listed)


def test_package_has_a_version():
    assert re.fullmatch(r"\d+\.\d+\.\d+", rules_core.__version__)


# ---------------------------------------------------------------- the worker protocol


@pytest.mark.parametrize("request_id", [7, "calc-1", None, {"page": "boons", "n": 2}])
def test_handle_round_trips_a_request_id(request_id):
    reply = json.loads(handle(json.dumps({"id": request_id, "name": "boons.free_dice", "payload": {"rating": 7}})))
    assert reply["id"] == request_id
    assert reply["ok"] is True
    assert reply["result"] == call("boons.free_dice", {"rating": 7})["result"]
    assert reply["result"]["free_dice"] == 3


def test_handle_keeps_the_id_on_an_error():
    reply = json.loads(handle(json.dumps({"id": "x9", "name": "boons.free_dice", "payload": {"rating": 0}})))
    assert reply == {"id": "x9", "ok": False, "error": call("boons.free_dice", {"rating": 0})["error"]}
    assert reply["error"]["field"] == "rating"


def test_handle_keeps_text_as_text():
    setup = {"edition": "2023", "teams": [{"name": "Löwen", "captain": "Zoë", "members": ["Zoë"]},
                                          {"name": "Крысы", "captain": "Юра", "members": ["Юра"]}]}
    text = handle(json.dumps({"id": 1, "name": "morale.replay", "payload": {"setup": setup, "events": []}}))
    assert "Löwen" in text and "Юра" in text
    assert [t["name"] for t in json.loads(text)["result"]["teams"]] == ["Löwen", "Крысы"]


@pytest.mark.parametrize("message", ["", "not json", "[1, 2]", "null", '{"id": 3}', '{"id": 4, "name": "dice.roll"}'])
def test_handle_answers_a_bad_request(message):
    reply = json.loads(handle(message))
    assert reply["ok"] is False
    assert reply["error"]["code"] in ("invalid", "unknown_calculator")
    assert reply["error"]["message"]
    if message.startswith('{"id"'):
        assert reply["id"] == json.loads(message)["id"]


# ---------------------------------------------------------------- errors a player can read

_TOKEN = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def resolves(payload, field: str, *, may_be_missing: bool) -> bool:
    """Does ``field`` ("map.borders[0].ways[1].pass") point into ``payload``?

    A value that is missing (code ``required``) may be absent as the last step,
    as long as the place it belongs to exists. A path that runs into a plain
    value (a member written as just a name, an event that is not a mapping)
    points at that value.
    """
    tokens = [int(i) if i else key for key, i in _TOKEN.findall(field)]
    node = payload
    for n, token in enumerate(tokens):
        last = n == len(tokens) - 1
        if isinstance(token, int) and isinstance(node, list) and token < len(node):
            node = node[token]
        elif isinstance(token, str) and isinstance(node, dict) and token in node:
            node = node[token]
        elif isinstance(node, dict) and all(isinstance(t, str) for t in tokens[n:]) and ".".join(tokens[n:]) in node:
            return True  # a key with dots in its name: the board's draft keeps "resist.consequences" so
        elif n and not isinstance(node, (dict, list)):
            return True
        else:
            return last and may_be_missing and isinstance(node, dict)
    return True


def test_there_are_error_cases_to_check():
    assert len(ERROR_CASES) >= 50


@pytest.mark.parametrize("case", ERROR_CASES, ids=[c["id"] for c in ERROR_CASES])
def test_error_is_a_sentence_naming_the_input(case):
    reply = call(case["call"], case["input"])
    assert reply["ok"] is False
    error = reply["error"]
    assert set(error) - {"event"} == {"code", "message", "field"}
    assert error["code"] in ERROR_CODES, error
    message = error["message"].strip()
    assert len(message) >= 10 and message[-1] in ".!?", f"not a sentence: {message!r}"
    assert message[0].isupper() or message[0].isdigit() or message[0] in "'\"“‘", f"not a sentence: {message!r}"
    if case["error"].get("field", "") is None:
        assert error["field"] is None                      # a problem with the whole request
        return
    field = error["field"]
    assert isinstance(field, str) and field, f"no field named for {case['id']}"
    payload = case["input"]
    # Setup errors (morale) are named inside the setup (a typed setup's inside its draft); an event's error names
    # that event's own field, and gives its index as "event" (morale.replay and morale.apply alike; the new
    # event's is after the log).
    bases = [payload] + [payload[k] for k in ("setup", "draft") if isinstance(payload, dict) and isinstance(payload.get(k), dict)]
    missing = False  # an event that is not a mapping has no fields to point at
    if "event" in error:
        events = payload.get("events") or []
        assert error["event"] <= len(events)
        bases = [events[error["event"]] if error["event"] < len(events) else payload.get("event")]
        if not isinstance(bases[0], dict):
            bases, missing = [{}], True
    missing_ok = error["code"] == "required" or missing
    assert any(resolves(base, field, may_be_missing=missing_ok) for base in bases), \
        f"field {field!r} does not point at anything in the input"


def test_an_events_error_names_its_own_field_and_its_index_in_replay_and_apply_alike():
    """One convention: ``field`` is the event's field as its form names it; ``event`` is its index."""
    setup = {"edition": "2023", "teams": [{"name": "Wolves", "members": ["Ada"]}, {"name": "Crows", "members": ["Cy"]}]}
    good = {"kind": "success", "member": "Ada"}
    bad = {"kind": "attack", "member": "Ada", "defender": "Cy", "effort": "abc", "defender_effort": 1}
    replayed = call("morale.replay", {"setup": setup, "events": [good, bad]})["error"]
    applied = call("morale.apply", {"setup": setup, "events": [good], "event": bad})["error"]
    in_log = call("morale.apply", {"setup": setup, "events": [good, bad], "event": good})["error"]
    assert (replayed["field"], replayed["event"]) == ("effort", 1)
    assert (applied["field"], applied["event"]) == ("effort", 1)
    assert (in_log["field"], in_log["event"]) == ("effort", 1)
    assert "event" not in call("morale.replay", {"setup": {"teams": "x"}})["error"]   # a setup's error has none


def test_an_attack_says_the_stress_it_deals_as_data():
    setup = {"edition": "2023", "teams": [{"name": "Wolves", "members": ["Ada"]}, {"name": "Crows", "members": ["Cy"]}]}
    landed = {"kind": "attack", "member": "Ada", "defender": "Cy", "effort": 5, "defender_effort": 2}
    result = call("morale.apply", {"setup": setup, "events": [], "event": landed})["result"]
    assert result["stress_dealt"] == result["log"][0]["stress_dealt"] == {"member": "Cy", "amount": 3}
    assert "3 stress to Cy" in result["log"][0]["text"]
    held = call("morale.replay", {"setup": setup, "events": [landed, {"kind": "end_turn", "team": "Wolves"},
                                                             {"kind": "attack", "member": "Cy", "defender": "Ada",
                                                              "effort": 1, "defender_effort": 4}]})["result"]
    assert [e["stress_dealt"] for e in held["log"]] == [{"member": "Ada", "amount": 0}, None, {"member": "Cy", "amount": 3}]
