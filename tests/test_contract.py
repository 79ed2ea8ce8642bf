"""The widget contract: the registry (calculators/widgets) and the files a calculator needs agree.

The README's recipe "Adding a calculator" names the files; :func:`problems`
says, in words, which of them is missing or unregistered.
"""
import json
import re
from pathlib import Path

from calculators.build import ship
from calculators.pages.widgets import REGISTRY, Option, Widget, browser_list
from rules_core.api import CALCULATORS
from tests.golden import load_cases

ROOT = Path(__file__).resolve().parent.parent
BROWSER = ROOT / "calculators" / "browser" / "widgets"
MOUNT = re.compile(r"^export\s+(?:async\s+)?function\s+mount\s*\(", re.M)


def calculators_of(widget: Widget) -> list[str]:
    """The rules_core.api calculators whose handler lives in one of the widget's API modules."""
    modules = {f"rules_core.api.{api}" for api in (widget.api, *widget.apis)}
    return [name for name, fn in CALCULATORS.items() if fn.__module__ in modules]


def problems(registry: dict[str, Widget], root: Path = ROOT) -> list[str]:
    """Every way the registry and the files disagree (empty when they agree)."""
    out = []
    browser = root / "calculators" / "browser" / "widgets"
    golden = {case["call"] for case in load_cases(root / "tests" / "cases")}
    census = {p["call"] for p in json.loads((root / "calculators" / "build" / "precompile" / "payloads.json").read_text())}
    pages = "\n".join(p.read_text(encoding="utf-8") for p in sorted((root / "docs").rglob("*.md")))
    for name, widget in registry.items():
        module = browser / name / "index.js"
        if not module.exists():
            out.append(f"{name}: no browser module calculators/browser/widgets/{name}/index.js")
        elif not MOUNT.search(module.read_text(encoding="utf-8")):
            out.append(f"{name}: calculators/browser/widgets/{name}/index.js exports no mount()")
        for api in (widget.api, *widget.apis):
            module = root / "rules_core" / "api" / api
            if not (module.with_suffix(".py").exists() or (module / "__init__.py").exists()):  # a module or a package
                out.append(f"{name}: no API module rules_core/api/{api}.py")
        calcs = calculators_of(widget)
        if not calcs:
            out.append(f"{name}: rules_core.api.CALCULATORS has no calculator from rules_core/api/{widget.api}.py")
        out += [f"{name}: no golden case calls {c} (tests/cases/*.json)" for c in calcs if c not in golden]
        out += [f"{name}: the precompile census never calls {c} (run python -m devtools.payloads)"
                for c in calcs if c not in census]
        if not widget.title or not widget.bench.get("out") or not (widget.bench.get("field") or widget.bench.get("taps")):
            out.append(f"{name}: needs a title and a bench interaction (field or taps, and out)")
        out += [f"{name}: option {key!r} says nothing for page authors" for key, o in widget.options.items() if not o.doc]
        if not re.search(rf"^\s*widget:\s*{re.escape(name)}\s*$", pages, re.M):
            out.append(f"{name}: no page in docs/ places it (```calculator widget: {name})")
    for module in sorted(browser.glob("*.js")):
        if module.stem not in registry:
            out.append(f"calculators/browser/widgets/{module.name} is not a registered widget (calculators/pages/widgets/)")
    for folder in sorted(p for p in browser.iterdir() if p.is_dir()):
        if folder.name not in registry:
            out.append(f"calculators/browser/widgets/{folder.name}/ belongs to no registered widget")
    return out


def test_the_registry_and_the_files_agree():
    assert problems(REGISTRY) == []


def _fake(name: str, **changes) -> Widget:
    base = dict(name=name, title="Fake", render=lambda wid, options: "", api="boons",
                options={"x": Option(1, "an option")}, bench={"field": "input", "values": ["1"], "out": "output"})
    return Widget(**{**base, **changes})


def test_a_widget_missing_its_files_is_named_with_what_it_lacks():
    found = problems({**REGISTRY, "ghost": _fake("ghost", api="ghost", options={"x": Option(1, "")})})
    assert "ghost: no browser module calculators/browser/widgets/ghost/index.js" in found
    assert "ghost: no API module rules_core/api/ghost.py" in found
    assert any(p.startswith("ghost: rules_core.api.CALCULATORS has no calculator") for p in found)
    assert "ghost: option 'x' says nothing for page authors" in found
    assert any(p.startswith("ghost: no page in docs/") for p in found)


def test_a_browser_module_nobody_registered_is_named():
    registry = {k: v for k, v in REGISTRY.items() if k != "dice"}
    found = problems(registry)
    assert "calculators/browser/widgets/dice/ belongs to no registered widget" in found


def test_a_calculator_without_golden_cases_or_census_payloads_is_named(monkeypatch):
    import rules_core.api as api

    def lonely(payload):
        return {}
    lonely.__module__ = "rules_core.api.boons"
    monkeypatch.setitem(api.CALCULATORS, "boons.lonely", lonely)
    found = problems(REGISTRY)
    assert "boons: no golden case calls boons.lonely (tests/cases/*.json)" in found
    assert "boons: the precompile census never calls boons.lonely (run python -m devtools.payloads)" in found


def test_the_browser_reads_the_registry_and_lists_no_widget_by_hand():
    text = ship.registry_module()
    assert json.dumps(browser_list(), separators=(",", ":")) in text
    assert browser_list()["widgets"] == list(REGISTRY)
    calc = (ROOT / "calculators" / "browser" / "calc.js").read_text(encoding="utf-8")
    assert 'from "./registry.js"' in calc
    assert not [name for name in REGISTRY if f'"{name}"' in calc], "calc.js names a widget by hand"


def test_the_edition_list_is_written_once_and_the_browser_reads_it_from_the_build():
    from rules_core.editions import EDITIONS

    assert f"export const EDITIONS = {json.dumps(list(EDITIONS))};" in ship.registry_module()
    edition = (ROOT / "calculators" / "browser" / "edition.js").read_text(encoding="utf-8")
    assert 'from "./registry.js"' in edition
    assert not re.search(r'\[\s*"2023"', edition), "edition.js lists the editions by hand"


def test_the_benchmark_times_every_registered_widget():
    from benchmarks.engine import INTERACTIONS
    assert set(INTERACTIONS) == set(REGISTRY)


def _recipe() -> list[str]:
    readme = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")  # the developer guide moved out of the README
    section = readme.split("### Adding a calculator", 1)[1].split("\n#", 1)[0]
    return re.findall(r"^\d+\. ", section, re.M)


def test_the_recipe_for_a_new_calculator_lists_at_most_six_files():
    steps = _recipe()
    assert 1 <= len(steps) <= 6, steps


def test_an_api_module_registers_its_own_calculators(tmp_path, monkeypatch):
    """A new rules_core/api module is found by its CALCULATORS alone (no edit of __init__.py);
    every API module's calculators are in the merged table, and a name taken twice is refused."""
    import importlib
    import sys

    from rules_core import api

    for info in __import__("pkgutil").iter_modules(api.__path__):
        module = importlib.import_module(f"rules_core.api.{info.name}")
        for name, fn in getattr(module, "CALCULATORS", {}).items():
            assert CALCULATORS[name] is fn
    package = tmp_path / "fakeapi"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "extra.py").write_text("def hello(p):\n    return {'hi': 1}\n\nCALCULATORS = {'extra.hello': hello}\n")
    (package / "_private.py").write_text("CALCULATORS = {'private.no': None}\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    found = api._gather("fakeapi", [str(package)])
    assert list(found) == ["extra.hello"] and found["extra.hello"]({}) == {"hi": 1}
    (package / "again.py").write_text("CALCULATORS = {'extra.hello': None}\n")
    for name in [n for n in sys.modules if n.startswith("fakeapi")]:
        monkeypatch.delitem(sys.modules, name)
    try:
        api._gather("fakeapi", [str(package)])
    except RuntimeError as err:
        assert "extra.hello" in str(err)
    else:
        raise AssertionError("a calculator registered twice was accepted")
