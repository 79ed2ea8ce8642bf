"""The Pyodide leg: the golden cases and doctests, run in Pyodide on the shipped wheel.

The wheel is built exactly as the site builds it (``calculators.build.wheel``), then
``tests/pyodide/run_cases.mjs`` loads Pyodide from ``node_modules/pyodide``
(offline), installs the wheel and runs ``golden.check_all`` there. Node and the
npm packages are part of the set-up (``make test`` does ``npm ci``): when they
are missing these tests fail, they never skip.
"""
from __future__ import annotations

import doctest
import importlib
import json
import pkgutil
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

import rules_core
from calculators.build.precompile import build_stdlib
from calculators.build.wheel import build_wheel
from golden import load_cases

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tests" / "pyodide" / "run_cases.mjs"
CASES = ROOT / "tests" / "cases"
PYODIDE = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"
TIMEOUT = 180  # seconds; a run takes about ten


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is not installed: the Pyodide leg needs `node` (Node 20+) on PATH.", pytrace=False)
    if not PYODIDE.exists():
        pytest.fail(f"{PYODIDE.relative_to(ROOT)} is missing: run `npm ci` (or `make test`, which does it).", pytrace=False)
    return node


def run_leg(wheel: Path, cases: Path = CASES, stdlib: Path | None = None) -> tuple[int, dict, str]:
    """Run the script; return its exit code, its JSON summary and its stderr."""
    node = _node()
    extra = ["--stdlib", str(stdlib)] if stdlib else []
    try:
        proc = subprocess.run(
            [node, str(SCRIPT), "--wheel", str(wheel), "--cases", str(cases), *extra],
            cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"the Pyodide leg took longer than {TIMEOUT} s", pytrace=False)
    lines = proc.stdout.strip().splitlines()
    if not lines:
        pytest.fail(f"the Pyodide leg printed no summary (exit {proc.returncode}):\n{proc.stderr[-4000:]}", pytrace=False)
    return proc.returncode, json.loads(lines[-1]), proc.stderr


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    return build_wheel(tmp_path_factory.mktemp("wheel"))


@pytest.fixture(scope="module")
def stdlib(wheel, tmp_path_factory) -> Path:
    """The standard library the site ships with this wheel (its hot modules precompiled)."""
    dest = tmp_path_factory.mktemp("stdlib") / "python_stdlib.zip"
    build_stdlib(wheel, dest)
    return dest


@pytest.fixture(scope="module")
def leg(wheel, stdlib):
    returncode, summary, stderr = run_leg(wheel, stdlib=stdlib)
    print(f"Pyodide leg: {summary.get('passed')} cases passed, seconds {summary.get('seconds')}")
    return returncode, summary, stderr


def test_every_golden_case_passes_in_pyodide(leg):
    returncode, summary, stderr = leg
    expected = len(load_cases(CASES))
    failed = [f"{f['id']}: {'; '.join(f['problems'])}" for f in summary["failed"]]
    assert failed == [], "cases failing in Pyodide:\n" + "\n".join(failed)
    assert summary["cases"] == expected, "Pyodide loaded a different number of cases than CPython"
    assert summary["passed"] == expected
    assert returncode == 0, stderr[-4000:]


def test_it_really_ran_in_pyodide_on_python_314(leg):
    _, summary, _ = leg
    assert summary["stdlib_bytecode"] is True  # on the cut, precompiled standard library the site ships
    assert summary["platform"] == "emscripten"
    assert summary["version_info"][:2] == [3, 14], summary["python"]
    assert summary["python"].startswith("3.14")


def test_the_shipped_bytecode_keeps_line_numbers(leg):
    """Column positions are dropped to save bytes, line numbers are not: tracebacks stay useful."""
    _, summary, _ = leg
    frame = summary["stdlib_traceback"]
    assert frame["file"] == "/lib/python314.zip/json/decoder.py"
    assert frame["text"].startswith("raise "), frame


def test_rules_core_ran_from_the_shipped_engine_zip_compiled_from_the_wheel(leg, wheel):
    """As on the page: rules_core is imported from the standard library zip, as bytecode compiled from
    the wheel's sources at build time (nothing to unpack or compile in the browser)."""
    _, summary, _ = leg
    name, version = wheel.name.split("-")[:2]
    assert name == "rules_core"
    assert summary["rules_core"]["version"] == version == summary["rules_core"]["package_version"]
    assert summary["rules_core"]["file"] == "/lib/python314.zip/rules_core/__init__.pyc"


def test_free_dice_for_rating_7_in_pyodide(leg):
    _, summary, _ = leg
    assert summary["smoke"]["ok"] is True, summary["smoke"]
    assert summary["smoke"]["result"]["free_dice"] == 3


def test_every_doctest_passes_in_pyodide(leg):
    _, summary, _ = leg
    finder = doctest.DocTestFinder()
    modules = [rules_core] + [
        importlib.import_module(m.name)
        for m in pkgutil.walk_packages(rules_core.__path__, "rules_core.")
    ]
    examples = sum(len(t.examples) for m in modules for t in finder.find(m))
    assert summary["doctests"] == {"modules": len(modules), "attempted": examples, "failed": 0}


def test_a_failing_case_fails_the_leg(wheel, tmp_path):
    """The mechanism itself: a wrong expectation is reported and the exit code is non-zero."""
    cases = [
        {"id": "leg/right", "call": "boons.free_dice", "input": {"rating": 7}, "expect": {"free_dice": 3}},
        {"id": "leg/bad-input", "call": "boons.free_dice", "input": {"rating": 0}, "error": {"field": "rating"}},
        {"id": "leg/wrong", "call": "boons.free_dice", "input": {"rating": 7}, "expect": {"free_dice": 4}},
    ]
    (tmp_path / "leg.json").write_text(json.dumps(cases), encoding="utf-8")
    returncode, summary, _ = run_leg(wheel, tmp_path)
    assert returncode == 1
    assert (summary["cases"], summary["passed"]) == (3, 2)
    assert [f["id"] for f in summary["failed"]] == ["leg/wrong"]
    assert summary["failed"][0]["problems"] == ["result.free_dice: expected 4, got 3"]


def test_a_module_missing_from_the_shipped_standard_library_fails_the_leg(wheel, stdlib, tmp_path):
    """The leg runs on exactly the shipped zip: without fractions (which rules_core imports) it fails."""
    cut = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(stdlib) as src, zipfile.ZipFile(cut, "w") as out:
        for info in src.infolist():
            if info.filename != "fractions.pyc":
                out.writestr(info, src.read(info.filename))
    proc = subprocess.run([_node(), str(SCRIPT), "--wheel", str(wheel), "--stdlib", str(cut)],
                          cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT)
    assert proc.returncode == 1
    assert "No module named 'fractions'" in proc.stderr


EDGES = ROOT / "tests" / "pyodide" / "edges.mjs"


def test_the_engines_private_pyodide_edges_hold_on_the_pinned_pyodide():
    """Issue 67: what the worker uses of Pyodide beyond its documented API (calculators/browser/pyodide-edge.js:
    the private _makeSnapshot and _loadSnapshot options, makeMemorySnapshot, the wasm compile through the global
    WebAssembly) is run against the pinned Pyodide: a fresh start whose memory is kept, a restore from it that
    holds what the fresh one held, a start without the option that can't be kept, and a damaged wasm that fails
    the start instead of hanging. A Pyodide upgrade that renames or drops one of them fails here."""
    proc = subprocess.run([_node(), str(EDGES)], cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT)
    lines = proc.stdout.strip().splitlines()
    assert lines, f"edges.mjs printed no summary (exit {proc.returncode}):\n{proc.stderr[-4000:]}"
    checks = json.loads(lines[-1])["checks"]
    assert len(checks) == 4 and all(v is True for v in checks.values()), checks
    assert proc.returncode == 0
