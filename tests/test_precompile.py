"""The standard library the site ships (calculators.build.precompile): only what the engine uses, as bytecode."""
import zipfile
from pathlib import Path

import pytest

from calculators.build.precompile import PYODIDE_STDLIB, build_stdlib
from calculators.build.wheel import build_wheel
from tests.imports import imports

RULES_CORE = Path(__file__).resolve().parent.parent / "rules_core"


@pytest.fixture(scope="module")
def shipped(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("precompile")
    wheel = build_wheel(tmp)
    census = build_stdlib(wheel, tmp / "python_stdlib.zip")
    with zipfile.ZipFile(tmp / "python_stdlib.zip") as zf:
        yield census, zf


def test_only_bytecode_of_the_modules_the_engine_uses_is_shipped(shipped):
    census, zf = shipped
    names = set(zf.namelist())
    assert names == {n[:-3] + ".pyc" for n in census["names"] + census["rules_core"]}
    assert not [n for n in names if n.endswith(".py")]  # no sources
    assert "doctest.pyc" not in names and "unittest/__init__.pyc" not in names  # only what the engine uses
    assert census["compiled"] < census["of"] / 3


def test_it_is_much_smaller_than_pyodides_own(shipped):
    _, zf = shipped
    assert Path(zf.filename).stat().st_size < 0.5 * PYODIDE_STDLIB.stat().st_size


def test_the_modules_come_as_unchecked_bytecode_from_python_314(shipped):
    census, zf = shipped
    assert census["python"].startswith("3.14")
    for module in ("dataclasses.pyc", "fractions.pyc", "json/__init__.pyc", "heapq.pyc", "functools.pyc",
                   "pyodide/__init__.pyc", "_pyodide/_base.pyc", "pyodide/webloop.pyc"):
        header = zf.read(module)[:16]
        assert int.from_bytes(header[4:8], "little") == 1, module  # hash-based, not checked (PEP 552)


def test_every_standard_module_rules_core_imports_anywhere_is_shipped(shipped):
    """Statically, so an import inside a function that no golden case reaches fails here, not for a player."""
    census, zf = shipped
    names = set(zf.namelist())
    builtin = set(census["builtin"]) | set(census["frozen"])  # Pyodide's, not this CPython's
    missing = []
    for path in RULES_CORE.rglob("*.py"):
        for module in imports(path):
            if module.split(".")[0] == "rules_core" or module in builtin:
                continue
            stem = module.replace(".", "/")
            if f"{stem}.pyc" not in names and f"{stem}/__init__.pyc" not in names:
                missing.append(f"{path.relative_to(RULES_CORE.parent)}: {module}")
    assert missing == [], "rules_core imports modules the shipped standard library lacks (see CONTRIBUTING.md):\n" + "\n".join(missing)


def test_the_result_is_reused_while_wheel_and_pyodide_stay_the_same(shipped, tmp_path):
    census, zf = shipped
    wheel = build_wheel(tmp_path)  # byte-identical wheel: the cached zip is reused
    again = build_stdlib(wheel, tmp_path / "again.zip")
    assert again == census
    with open(zf.filename, "rb") as first:
        assert (tmp_path / "again.zip").read_bytes() == first.read()


def test_the_census_payloads_are_the_golden_cases():
    """The census makes one call per distinct golden case, read from a file beside it (the site's
    build never reads tests/); a golden case added or changed without rewriting it fails here."""
    from devtools.payloads import PAYLOADS, from_cases, render

    assert PAYLOADS.read_text(encoding="utf-8") == render(from_cases()), (
        "calculators/build/precompile/payloads.json is stale: run `.venv/bin/python -m devtools.payloads`")
    calls = {p["call"] for p in from_cases()}
    from rules_core.api import describe
    assert calls >= {d["name"] for d in describe()}, "every calculator is exercised by the census"


def test_rules_core_itself_is_in_the_zip_compiled_from_the_wheel_with_its_docstrings(shipped):
    """The page imports the engine straight from the zip: every module of the package is there, as
    unchecked bytecode of the wheel's source, docstrings kept (describe() and the doctests read them)."""
    census, zf = shipped
    sources = sorted(p.relative_to(RULES_CORE.parent).as_posix() for p in RULES_CORE.rglob("*.py"))
    assert census["rules_core"] == sources
    for name in sources:
        pyc = zf.read(name[:-3] + ".pyc")
        assert int.from_bytes(pyc[4:8], "little") == 1, name
    # a 3.14 code object (this CPython cannot load it), its docstrings among its constants
    assert b"Free dice an extraordinary boon of this rating adds to a roll." in zf.read("rules_core/boons.pyc")
