"""The calls the precompile census makes, derived from the golden cases.

``calculators/build/precompile/payloads.json`` lists one ``{"call", "input"}`` per
distinct golden case (bad input included: an error path may import a module
too), so the site's build needs nothing from ``tests/``. The test
``tests/test_precompile.py`` fails when the file and the golden cases
disagree; rewrite it with::

    .venv/bin/python -m devtools.payloads
"""
from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "tests" / "cases"
PAYLOADS = ROOT / "calculators" / "build" / "precompile" / "payloads.json"


def from_cases(folder: Path = CASES) -> list[dict]:
    """Every distinct ``(call, input)`` of the golden cases, in file and case order. The case files are
    read here (data, in the order ``tests/golden.py`` reads them), so nothing below the tests imports them."""
    seen, out = set(), []
    for case in (c for path in sorted(folder.glob("*.json")) for c in json.loads(path.read_text(encoding="utf-8"))):
        payload = {"call": case["call"], "input": case.get("input", {})}
        key = json.dumps(payload, sort_keys=True)
        if key not in seen:
            seen.add(key)
            out.append(payload)
    return out


def render(payloads: list[dict]) -> str:
    """The file's text: one payload per line, so a diff shows which calls changed."""
    return "[\n" + ",\n".join(json.dumps(p, ensure_ascii=False, sort_keys=True) for p in payloads) + "\n]\n"


def main() -> None:
    PAYLOADS.write_text(render(from_cases()), encoding="utf-8")
    print(f"wrote {PAYLOADS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
