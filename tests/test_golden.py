"""Every golden case in tests/cases, run in CPython (the Pyodide leg runs the same file)."""
from collections import Counter
from pathlib import Path

import pytest

from golden import check, load_cases
from rules_core.api import CALCULATORS, call

CASES = load_cases(Path(__file__).parent / "cases")


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_golden_case(case):
    assert check(case, call) == []


def test_cases_are_many_and_cover_every_calculator():
    assert len(CASES) >= 80
    called = Counter(c["call"] for c in CASES)
    missing = sorted(set(CALCULATORS) - set(called))
    assert missing == [], f"no golden case for {missing}"
    assert len({c["id"] for c in CASES}) == len(CASES), "case ids must be unique"


def test_every_edition_has_cases():
    editions = Counter()
    for c in CASES:
        inp = c.get("input", {})
        edition = inp.get("edition") or (inp.get("setup") or {}).get("edition") if isinstance(inp, dict) else None
        if edition:
            editions[edition] += 1
    assert {"2023", "2022", "wiki"} <= set(editions)
