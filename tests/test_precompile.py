"""The precompiled standard library the site ships (calculators.precompile)."""
import zipfile

import pytest

from calculators.precompile import PYODIDE_STDLIB, build_stdlib
from calculators.wheel import build_wheel


@pytest.fixture(scope="module")
def shipped(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("precompile")
    wheel = build_wheel(tmp)
    census = build_stdlib(wheel, tmp / "python_stdlib.zip")
    with zipfile.ZipFile(tmp / "python_stdlib.zip") as zf:
        yield census, zf


def test_every_source_is_kept_so_any_module_still_imports(shipped):
    _, zf = shipped
    with zipfile.ZipFile(PYODIDE_STDLIB) as src:
        original = set(src.namelist())
    assert original <= set(zf.namelist())


def test_the_modules_the_engine_imports_come_as_unchecked_bytecode(shipped):
    census, zf = shipped
    assert census["python"].startswith("3.14") and census["compiled"] == census["modules"] > 50
    names = set(zf.namelist())
    for module in ("dataclasses.py", "fractions.py", "json/__init__.py", "heapq.py", "functools.py"):
        assert module[:-3] + ".pyc" in names, module
        header = zf.read(module[:-3] + ".pyc")[:16]
        assert int.from_bytes(header[4:8], "little") == 1  # hash-based, not checked (PEP 552)
    assert "doctest.pyc" not in names  # only what the engine uses, not the whole library


def test_the_result_is_reused_while_wheel_and_pyodide_stay_the_same(shipped, tmp_path):
    census, zf = shipped
    wheel = build_wheel(tmp_path)  # byte-identical wheel: the cached zip is reused
    again = build_stdlib(wheel, tmp_path / "again.zip")
    assert again == census
    with open(zf.filename, "rb") as first:
        assert (tmp_path / "again.zip").read_bytes() == first.read()
