"""Runs inside Pyodide (at build time, in Node): which standard-library modules
does the engine use, and their bytecode.

``main(stdlib_in, stdlib_out, payloads_json)`` imports ``rules_core.api`` (from
the wheel the site ships) and makes every call in ``payloads.json`` (one per
golden case), so every module a calculator imports gets imported; by then ``sys.modules`` also holds all that
Pyodide's own start needed (it ran in this same interpreter). It then writes
``stdlib_out``: a standard library holding **only those modules**, as
bytecode compiled by this very interpreter (unchecked hash-based ``.pyc``,
no sources, no docstrings, line numbers without column positions), plus the few Pyodide and Python may ask for later
(:data:`ALWAYS`). A module outside it fails to import — so the tests run on
exactly this zip, and a calculator that needs a new module says so in a
golden case and runs ``python -m devtools.payloads`` (or lists it in
:data:`ALWAYS`, for one imported only on a path no case takes).

The zip also holds **rules_core itself**, compiled by the same Python from the
wheel's sources (docstrings and asserts kept: ``describe()`` and the doctests
read the docstrings; line numbers without columns, as for the library). It sits
first on Pyodide's ``sys.path``, so the page imports the engine without
downloading, unpacking or compiling anything else: compiling the sources in
the browser took about a quarter of a second of every first visit.
"""
import importlib.util
import json
import marshal
import sys
import zipfile

ZIP = "/lib/python314.zip/"
ALWAYS = (
    # codecs looked up by name (bytes.decode("ascii"), a latin-1 file name, a BOM)
    "encodings/ascii.py",
    "encodings/latin_1.py",
    "encodings/utf_8_sig.py",
)
OPTIMIZE = 2  # like python -OO: no docstrings, no asserts (the stdlib needs neither to run; 15 % smaller)
STAMP = (2020, 2, 2, 0, 0, 0)  # fixed: the same modules give the same zip


def imported_sources() -> set[str]:
    """Paths inside the stdlib zip of every module imported so far, except the
    frozen ones (built into the interpreter: it never reads them from the zip)."""
    return {
        m.__file__[len(ZIP):]
        for m in list(sys.modules.values())
        if isinstance(getattr(m, "__file__", None), str) and m.__file__.startswith(ZIP) and m.__file__.endswith(".py")
        and getattr(getattr(m, "__spec__", None), "origin", None) != "frozen"
    }


def _lines_only(code) -> bytes:
    """``code``'s location table with line numbers but no columns (PEP 626/657 format,
    "no column" entries): a third of the bytecode's size goes to column positions,
    which only tracebacks' ^^^ markers use; line numbers (f_lineno, warnings) stay exact."""
    out, previous = bytearray(), code.co_firstlineno
    for start, end, line in code.co_lines():
        units = (end - start) // 2
        while units > 0:
            n = min(units, 8)
            if line is None:
                out.append(0x80 | (15 << 3) | (n - 1))  # no location
            else:
                out.append(0x80 | (13 << 3) | (n - 1))  # line only: a signed varint delta
                delta = line - previous
                value = ((-delta) << 1) | 1 if delta < 0 else delta << 1
                while value >= 64:
                    out.append(0x40 | (value & 63))
                    value >>= 6
                out.append(value)
                previous = line
            units -= n
    return bytes(out)


def _slim(code):
    """``code`` and the code objects inside it, with line-only location tables."""
    consts = tuple(_slim(c) if isinstance(c, type(code)) else c for c in code.co_consts)
    slim = code.replace(co_linetable=_lines_only(code), co_consts=consts)
    if list(slim.co_lines()) != list(code.co_lines()):
        raise AssertionError(f"line table rewrite changed the lines of {code.co_qualname}")
    return slim


def bytecode(source: bytes, name: str, optimize: int = OPTIMIZE) -> bytes:
    """An unchecked hash-based .pyc (PEP 552) for ``source``."""
    code = _slim(compile(source, ZIP + name, "exec", dont_inherit=True, optimize=optimize))
    flags = (1).to_bytes(4, "little")  # hash-based, not checked against a source
    return importlib.util.MAGIC_NUMBER + flags + importlib.util.source_hash(source) + marshal.dumps(code)


def rules_core_sources() -> dict[str, bytes]:
    """rules_core's modules as the wheel installed them: {path inside the zip: source}."""
    import pathlib

    import rules_core

    package = pathlib.Path(rules_core.__file__).parent
    return {path.relative_to(package.parent).as_posix(): path.read_bytes() for path in sorted(package.rglob("*.py"))}


def main(stdlib_in: str, stdlib_out: str, payloads_json: str) -> dict:
    import rules_core.api as api

    payloads = json.loads(payloads_json)
    if not payloads:
        raise ValueError("no payloads: the census would miss every module a calculator imports")
    for payload in payloads:
        api.call(payload["call"], payload["input"])
    api.describe()
    imported = imported_sources()
    with zipfile.ZipFile(stdlib_in) as src:
        sources = [i for i in src.infolist() if i.filename.endswith(".py")]
        wanted = sorted(i.filename for i in sources
                        if i.filename in imported or i.filename.startswith(ALWAYS))
        with zipfile.ZipFile(stdlib_out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
            for name in wanted:
                info = zipfile.ZipInfo(name[:-3] + ".pyc", date_time=STAMP)
                out.writestr(info, bytecode(src.read(name), name), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
            engine = rules_core_sources()
            for name, source in engine.items():
                info = zipfile.ZipInfo(name[:-3] + ".pyc", date_time=STAMP)
                out.writestr(info, bytecode(source, name, optimize=0),
                             compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
        source_modules = len(sources)
    return {"modules": len(imported), "compiled": len(wanted), "of": source_modules,
            "names": wanted, "rules_core": sorted(engine), "python": sys.version.split()[0],
            # what needs no file: compiled into the interpreter, or frozen in it
            "builtin": sorted(sys.builtin_module_names),
            "frozen": sorted(n for n, m in sys.modules.items()
                             if getattr(getattr(m, "__spec__", None), "origin", None) == "frozen")}
