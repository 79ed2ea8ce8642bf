"""Runs inside Pyodide (at build time, in Node): which standard-library modules
does the engine import, and their bytecode.

``main(stdlib_in, stdlib_out, cases_json)`` imports ``rules_core.api`` (from
the wheel the site ships), asks it every golden case so that every module a
calculator may import is imported, then writes ``stdlib_out``: the original
``python_stdlib.zip`` with every source kept, plus a ``.pyc`` beside each
source the engine imported, compiled by this very interpreter. zipimport
prefers the ``.pyc`` (unchecked hash-based, so it is not compared with the
source) and falls back to the ``.py`` for anything else.
"""
import importlib.util
import json
import marshal
import sys
import zipfile

ZIP = "/lib/python314.zip/"


def imported_sources() -> set[str]:
    """Paths inside the stdlib zip of every module imported so far."""
    return {
        m.__file__[len(ZIP):]
        for m in list(sys.modules.values())
        if isinstance(getattr(m, "__file__", None), str) and m.__file__.startswith(ZIP) and m.__file__.endswith(".py")
    }


def bytecode(source: bytes, name: str) -> bytes:
    """An unchecked hash-based .pyc (PEP 552) for ``source``."""
    code = compile(source, name, "exec", dont_inherit=True)
    flags = (1).to_bytes(4, "little")  # hash-based, not checked against the source
    return importlib.util.MAGIC_NUMBER + flags + importlib.util.source_hash(source) + marshal.dumps(code)


def main(stdlib_in: str, stdlib_out: str, cases_json: str) -> dict:
    import rules_core.api as api

    for case in json.loads(cases_json):
        api.call(case["call"], case.get("input", {}))
    api.describe()
    wanted = imported_sources()
    compiled = 0
    with zipfile.ZipFile(stdlib_in) as src, zipfile.ZipFile(stdlib_out, "w", zipfile.ZIP_DEFLATED) as out:
        for info in src.infolist():
            data = src.read(info.filename)
            out.writestr(info, data)
            if info.filename in wanted:
                pyc = zipfile.ZipInfo(info.filename[:-3] + ".pyc", date_time=info.date_time)
                out.writestr(pyc, bytecode(data, info.filename), compress_type=zipfile.ZIP_DEFLATED)
                compiled += 1
    return {"modules": len(wanted), "compiled": compiled, "python": sys.version.split()[0]}
