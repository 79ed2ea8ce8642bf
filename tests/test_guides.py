"""What the five guides name is there: every path, file, function, make target and command that
README.md, CONTRIBUTING.md, ARCHITECTURE.md, hosting/README.md and benchmarks/README.md put in
backticks or in a shell block exists in the repository as they name it.

A guide that names a file, a function or a flag the code no longer has sends a newcomer looking for
it; this test reads the guides the way that newcomer does and fails with each name it could not find:

* a **path** (``calculators/browser/calc.js``, ``widgets/<name>/index.js``, ``tests/cases/*.json``) is a
  tracked file or folder, from the root, from the guide's folder, or as the end of a tracked path;
  ``<name>`` and ``*`` stand for any one part. A bare file name (``snapshot.js``) is a tracked file of
  that name. What the build or a command writes (``site/``, ``assets/…``, ``benchmarks/results/``,
  ``sw.js``) is a name the code that writes it spells;
* a **dotted name**: ``rules_core.api.call`` is imported and looked up; ``boons.free_dice`` (an engine
  calculator's name) is in ``rules_core.api.CALCULATORS``; ``ship.ship_registry`` or
  ``engine.retry()`` (a module by its file's name) is spelled in a file of that name;
* a **function** written with its parentheses (``as_page()``, ``render(widget_id, options)``) or a
  constant (``SLOWEST``) is defined in the code;
* a **command**: ``make X`` is a target of the Makefile; ``python -m X`` a module; ``python F.py``,
  ``node F`` and ``bash F`` a file; each ``--flag`` given is one the module or file reads.

A **claim** about the code is checked where the guides make one that can go stale: the names
CONTRIBUTING.md lists as still to be renamed are still in the code.
"""
from __future__ import annotations

import builtins
import importlib
import importlib.util
import re
import subprocess
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GUIDES = ["README.md", "CONTRIBUTING.md", "ARCHITECTURE.md", "hosting/README.md", "benchmarks/README.md"]
PACKAGES = ("rules_core", "calculators", "devtools", "tests", "benchmarks")
EXTENSIONS = ("py", "js", "mjs", "json", "md", "css", "yml", "yaml", "toml", "txt", "html", "ts", "conf", "sh",
              "svg", "webmanifest", "cfg", "wasm", "zip", "whl", "pth")
# What the build and the commands write, not the repository: their names are spelled by the code that
# writes them (calculators/ for the site; the benchmarks and the Makefile for the rest).
WRITTEN = ("site/", "assets/", ".build/", "benchmarks/results/", "node_modules/", "dist/", "stdlib-", "wheel-",
           "pyodide-")
# Where a guide tells the reader to put a file of theirs (hosting/README.md: the GitHub Pages workflow).
THEIRS = (".github/workflows/",)
# Not names of ours: a file kind (.pth, *.wasm), a media type, an address or a path of the machine.
NOT_OURS = re.compile(r"^\.\w+$|^\*\.\w+$|^(?:application|text|image|font)/[\w.+-]+$|^/")

CODE = re.compile(r"`([^`\n]+)`")
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.M | re.S)
PATHLIKE = re.compile(rf"^[\w.<>*/@-]+/?$|^[\w.<>*-]+\.(?:{'|'.join(EXTENSIONS)})$")
DOTTED = re.compile(r"^([A-Za-z_]\w*(?:\.[A-Za-z_*]\w*\*?)+)(\(.*\))?$")
CALLED = re.compile(r"^([A-Za-z_]\w*)\((.*)\)$")
CONSTANT = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$|^[A-Z]{4,}$")
COMMAND = re.compile(r"^(?:[A-Z_]+=\S+\s+)*(make|\.venv/bin/python|python3?|node|bash|sudo apt-get|npm|\.venv/bin/\w+)\b(.*)$")


@cache
def tracked() -> tuple[str, ...]:
    """Every tracked file and every folder that holds one, as paths from the root ("a/b/" for a folder)."""
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    folders = {str(Path(f).parent) + "/" for f in files for _ in [0] if "/" in f}
    parents = {p for f in folders for p in (str(q) + "/" for q in Path(f).parents) if p not in ("./",)}
    return tuple(sorted(set(files) | folders | parents))


@cache
def source(where: str = "", tests: bool = True) -> str:
    """The text of every tracked code file (under ``where``), for names the code must spell; without
    ``tests``, not the tests' own (this file spells the names it checks are missing)."""
    texts = []
    for f in tracked():
        if f.startswith(where) and f.endswith((".py", ".js", ".mjs", ".sh")) and (tests or not f.startswith("tests/")):
            path = ROOT / f
            if path.stat().st_size < 2_000_000:
                texts.append(path.read_text(encoding="utf-8", errors="replace"))
    return "\n".join(texts) + "\n" + ((ROOT / "Makefile").read_text(encoding="utf-8") if not where else "")


def pattern_of(path: str) -> re.Pattern:
    """A path with ``<name>`` or ``*`` parts as a pattern over tracked paths."""
    parts = re.split(r"(<[^>]*>|\*)", path)
    return re.compile("".join("[^/]+" if p.startswith("<") or p == "*" else re.escape(p) for p in parts))


def path_exists(path: str, guide: str) -> bool:
    path = path.split("#")[0].rstrip(":,")
    if not path:
        return True
    base = str(Path(guide).parent)
    candidates = [path] + ([f"{base}/{path}"] if base != "." else [])
    if path.startswith(THEIRS):
        return True
    if any(c.startswith(WRITTEN) or c.lstrip("./").startswith(WRITTEN) for c in candidates) or path.startswith(WRITTEN):
        concrete = [p for p in re.split(r"[/]", path) if p and "<" not in p and "*" not in p and p not in (".", "..")]
        name = concrete[-1] if concrete else ""
        return not name or name.split("-")[0] in source(tests=False) or name in source(tests=False)
    for c in candidates:
        c = c.removeprefix("./")
        pat = pattern_of(c)
        if any(pat.fullmatch(t) or pat.fullmatch(t.rstrip("/")) for t in tracked()):
            return True
    pat = pattern_of(path.removeprefix("./"))
    if "/" in path.rstrip("/"):  # the end of a tracked path (widgets/<name>/index.js, keeping/logs.js)
        return any(re.search(r"(^|/)" + pat.pattern + r"/?$", t) for t in tracked())
    if any(re.search(r"(^|/)" + pat.pattern + r"/?$", t) for t in tracked()):
        return True
    # A file the build or a command writes (sw.js, registry.js, _headers, offline-report.json), or one
    # of the pinned npm packages' (pyodide.asm.wasm): its name is spelled where it is written or read.
    if path.endswith("/"):  # a folder the build writes (chunks/): its name as code spells a path in it
        return re.search(r"[\"'/`]" + re.escape(path), source(tests=False)) is not None
    return re.search(r"[\"'/`]" + re.escape(path) + r"[\"'`]", source(tests=False)) is not None


def defined(name: str) -> bool:
    """``name`` is defined somewhere in the code: a def, a class, a function, a method, an assignment."""
    n = re.escape(name)
    return re.search(rf"(?:\b(?:def|class|function|const|let|var)\s+{n}\b|^\s*(?:async\s+)?(?:get\s+)?{n}\s*\([^)]*\)\s*{{"
                     rf"|\b{n}\s*[:=](?!=)|^\s*{n}\s*,?\s*(?://.*)?$|\bexport\s+\{{[^}}]*\b{n}\b)",
                     source(), re.M) is not None


@cache
def calculators() -> dict:
    from rules_core.api import CALCULATORS
    return CALCULATORS


def dotted_exists(name: str) -> bool:
    """A Python name under one of the repository's packages, an engine calculator, or a name a file of that
    stem spells (``ship.ship_registry``: calculators/build/ship.py; ``engine.retry``: engine.js)."""
    parts = name.split(".")
    if parts[0] in PACKAGES:
        for cut in range(len(parts), 0, -1):
            module = ".".join(parts[:cut])
            try:
                spec = importlib.util.find_spec(module)
            except ModuleNotFoundError:
                spec = None
            if spec is None:
                continue
            obj = importlib.import_module(module)
            for attr in parts[cut:]:
                if attr.endswith("*"):
                    return any(a.startswith(attr[:-1]) for a in dir(obj))
                if not hasattr(obj, attr):
                    return False
                obj = getattr(obj, attr)
            return True
        return False
    topics = {c.split(".")[0] for c in calculators()}
    if parts[0] in topics and len(parts) == 2:
        if parts[1].endswith("*"):  # borders.*: every calculator of a topic
            return any(c.startswith(name.rstrip("*")) for c in calculators())
        return name in calculators()
    files = [ROOT / t for t in tracked() if re.search(rf"(^|/){re.escape(parts[0])}\.(py|js|mjs)$", t)]
    if not files:  # not a module of ours (a browser's API, a local name in an example): not checked here
        return True
    last = parts[-1].rstrip("*")
    return any(re.search(rf"\b{re.escape(last)}", f.read_text(encoding="utf-8")) for f in files)


def command_problems(line: str, guide: str) -> list[str]:
    """What a shell command names that is not there (a make target, a module, a file, a flag)."""
    line = line.split(" #")[0].strip()
    m = COMMAND.match(line)
    if not m:
        return []
    tool, rest = m.group(1), m.group(2).split()
    flags = [w.split("=")[0] for w in rest if w.startswith("--")]
    if tool == "make":
        targets = [w for w in rest if not w.startswith("-") and "=" not in w and not w.startswith(('"', "'"))]
        makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
        return [f"make {t}" for t in targets[:1] if not re.search(rf"^{re.escape(t)}:", makefile, re.M)]
    if tool.startswith((".venv/bin/python", "python")):
        if rest[:1] == ["-m"] and len(rest) > 1:
            module = rest[1]
            spec = importlib.util.find_spec(module) if module.split(".")[0] in PACKAGES else True
            if spec is None:
                return [f"python -m {module}"]
            text = Path(spec.origin).read_text(encoding="utf-8") if spec is not True and spec.origin else ""
            if spec is not True and spec.submodule_search_locations:  # a package: its __main__ or __init__
                text = "\n".join(p.read_text(encoding="utf-8") for p in Path(spec.origin).parent.glob("*.py"))
            return [f"python -m {module} {f}" for f in flags if text and f not in text]
        script = next((w for w in rest if w.endswith(".py")), None)
        if script:
            if not (ROOT / script).exists():
                return [f"python {script}"]
            text = (ROOT / script).read_text(encoding="utf-8")
            text += "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / script).parent.glob("*_parts/*.py"))
            return [f"{script} {f}" for f in flags if f not in text]
        return []
    if tool in ("node", "bash"):
        files = [w for w in rest if not w.startswith("-") and ("/" in w or "." in w)]
        return [f"{tool} {f}" for f in files[:1] if not (ROOT / f).exists()]
    if tool.startswith(".venv/bin/"):  # a pinned package's command (properdocs, pytest, ruff)
        return [] if (ROOT / tool).exists() or tool.rsplit("/", 1)[1] in (ROOT / "requirements-dev.txt").read_text() else [tool]
    return []


def spans(text: str):
    """The inline code of a guide (outside its fenced blocks), and the lines of its shell blocks."""
    inline = FENCE.sub("", text)
    for m in CODE.finditer(inline):
        yield "code", m.group(1).strip()
    for lang, body in FENCE.findall(text):
        if lang in ("sh", "bash", "console", "shell"):
            for line in body.splitlines():
                if line.strip() and not line.lstrip().startswith("#"):
                    yield "command", line.strip()


def problems(guide: str) -> list[str]:
    """Every name the guide gives that is not there, each once, with what kind of name it is."""
    text = (ROOT / guide).read_text(encoding="utf-8")
    found = []
    for kind, span in spans(text):
        if kind == "command" or COMMAND.match(span):
            found += [f"command: {p}" for p in command_problems(span, guide)]
            continue
        if " " in span.strip() or span.startswith(("http", "<", "#", "@", "-", "{", "[", "'", '"')) or "=" in span:
            continue
        if NOT_OURS.match(span):
            continue
        if PATHLIKE.match(span) and ("/" in span or re.search(rf"\.(?:{'|'.join(EXTENSIONS)})$", span.split("#")[0])):
            if not path_exists(span, guide):
                found.append(f"path: {span}")
            continue
        called = CALLED.match(span)
        dotted = DOTTED.match(span)
        if dotted:
            if not dotted_exists(dotted.group(1)):
                found.append(f"name: {span}")
        elif called:  # ours, defined in the code; or a platform's (a browser's, Pyodide's), called by it
            name = called.group(1)
            if name not in dir(builtins) and not defined(name) and not re.search(rf"\b{re.escape(name)}\(", source()):
                found.append(f"function: {span}")
        elif CONSTANT.match(span) and not defined(span):
            found.append(f"constant: {span}")
    return list(dict.fromkeys(found))


@pytest.mark.parametrize("guide", GUIDES)
def test_every_path_function_target_and_command_a_guide_names_is_there(guide):
    assert problems(guide) == []


def test_the_names_still_to_be_renamed_are_still_in_the_code():
    """CONTRIBUTING.md lists what the naming rule has not reached yet: each old name is still in use."""
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    match = re.search(r"Still to be renamed[^\n]*(?:\n(?!\n)[^\n]*)*", text)
    assert match, "CONTRIBUTING.md says what is still to be renamed (or that nothing is)"
    old = [name for name in re.findall(r"`([^`]+)`", match.group(0).split("→")[0]) if not name.startswith("calc")]
    old += re.findall(r"`([^`]+)`(?= \(→)", match.group(0))
    code = source("calculators/") + "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "calculators").rglob("*.css"))
    gone = [name for name in dict.fromkeys(old) if name.rstrip("*").rstrip("_-") not in code]
    assert gone == [], f"named as still to be renamed, but no longer in the code: {gone}"


@pytest.mark.parametrize("guide", ["README.md", "CONTRIBUTING.md"])
def test_the_npm_packages_a_guide_lists_are_the_ones_pinned_in_package_json(guide):
    """The guides' row for ``package.json`` names every package it pins, and a package pinned elsewhere
    (Lighthouse, in ``benchmarks/audit/package.json``) only together with where it is pinned."""
    import json

    def packages(path):
        data = json.loads((ROOT / path).read_text(encoding="utf-8"))
        return {**data.get("dependencies", {}), **data.get("devDependencies", {})}
    pinned, apart = packages("package.json"), packages("benchmarks/audit/package.json")
    row = next(line for line in (ROOT / guide).read_text(encoding="utf-8").splitlines() if line.startswith("| `package.json` |"))
    words = row.lower()
    unnamed = [name for name in pinned if name not in words and name.split("-")[0] not in words]
    assert unnamed == [], f"{guide}'s package.json row leaves out {unnamed}"
    for name in apart:
        if name in words:
            assert "benchmarks/audit/package.json" in words.split(name, 1)[1], \
                f"{guide} names {name} in package.json's row without saying it is pinned in benchmarks/audit/package.json"


def test_the_reader_finds_what_it_must_judge():
    """A check of this test itself: it reads each kind of name from the guides, and it fails on names
    that are not there (so a guide that named them would fail)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    kinds = [k for k, _ in spans(readme)]
    assert kinds.count("command") >= 3 and kinds.count("code") >= 40
    assert path_exists("calculators/browser/widgets/<name>/index.js", "CONTRIBUTING.md")
    assert path_exists("engine_parts/", "benchmarks/README.md") and path_exists("keeping/logs.js", "ARCHITECTURE.md")
    assert not path_exists("calculators/browser/stores.js", "ARCHITECTURE.md")
    assert not path_exists("widgets/stress.js", "ARCHITECTURE.md") and not path_exists("stores.js", "CONTRIBUTING.md")
    assert dotted_exists("rules_core.api.call") and not dotted_exists("rules_core.api.calls")
    assert dotted_exists("boons.free_dice") and not dotted_exists("boons.free_die")
    assert dotted_exists("engine.deadlineMs") and not dotted_exists("engine.deadlineSeconds")
    assert defined("as_page") and not defined("as_pages")
    assert command_problems("make test-held", "README.md") == [] and command_problems("make tests", "README.md")
    assert command_problems(".venv/bin/python benchmarks/phone_cpu.py --taps-only", "x") == []
    assert command_problems(".venv/bin/python benchmarks/phone_cpu.py --tap-only", "x")
    assert command_problems("python -m devtools.held --cores 0.5 -- x", "x") == []
    assert command_problems("python -m devtools.hold", "x")
