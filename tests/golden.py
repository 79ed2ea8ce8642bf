"""Golden cases: calculator, input, expected output — checked the same way in
CPython (pytest) and inside Pyodide (tests/pyodide/run_cases.mjs).

A case file ``tests/cases/<topic>.json`` is a list of cases::

    {"id": "boons/rating-7", "call": "boons.free_dice", "input": {"rating": 7},
     "expect": {"free_dice": 3}, "source": "RULES.md §2"}

``expect`` is matched against the result as a *subset*: every key given must
be there with an equal value (recursively for mappings; lists must match
element by element and in length). A bad-input case gives ``error`` instead,
``{"code": …, "field": …}``, matched the same way against the error.

Standard library only: this module is copied into Pyodide as it is.
"""
from __future__ import annotations

import json
from pathlib import Path


def load_cases(folder) -> list[dict]:
    cases = []
    for path in sorted(Path(folder).glob("*.json")):
        for case in json.loads(path.read_text(encoding="utf-8")):
            case.setdefault("file", path.name)
            cases.append(case)
    return cases


def mismatches(expected, actual, where: str = "result") -> list[str]:
    """Every place where ``actual`` does not contain ``expected``."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where}: expected a mapping, got {actual!r}"]
        out = []
        for key, value in expected.items():
            if key not in actual:
                out.append(f"{where}.{key}: missing")
            else:
                out.extend(mismatches(value, actual[key], f"{where}.{key}"))
        return out
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{where}: expected {expected!r}, got {actual!r}"]
        out = []
        for i, (e, a) in enumerate(zip(expected, actual)):
            out.extend(mismatches(e, a, f"{where}[{i}]"))
        return out
    if type(expected) is not type(actual) and not (isinstance(expected, (int, float)) and isinstance(actual, (int, float)) and not isinstance(actual, bool) and not isinstance(expected, bool)):
        return [f"{where}: expected {expected!r}, got {actual!r}"]
    if expected != actual:
        return [f"{where}: expected {expected!r}, got {actual!r}"]
    return []


def check(case: dict, call) -> list[str]:
    """Run one case through ``call`` (``rules_core.api.call``); return the problems."""
    reply = call(case["call"], case.get("input", {}))
    if "error" in case:
        if reply.get("ok"):
            return [f"expected an error {case['error']!r}, got a result"]
        problems = mismatches(case["error"], reply["error"], "error")
        if not reply["error"].get("message"):
            problems.append("error: the message is empty")
        return problems
    if not reply.get("ok"):
        return [f"expected a result, got error {reply.get('error')!r}"]
    return mismatches(case.get("expect", {}), reply["result"])


def check_all(cases: list[dict], call) -> dict:
    """Run every case; ``{"passed": n, "failed": [{"id", "problems"}]}``."""
    failed = []
    for case in cases:
        problems = check(case, call)
        if problems:
            failed.append({"id": case["id"], "problems": problems})
    return {"passed": len(cases) - len(failed), "failed": failed}
