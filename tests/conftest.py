import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


BROWSER = Path(__file__).parent / "browser"

# Seconds the slowest files took in a whole `make test` on the 2-core machine (junit, 2026-12-04).
# xdist deals whole files to its workers first come, first served (`--dist loadfile
# --no-loadscope-reorder`); dealt longest first, the short ones fill the gaps at the end. Dealt in
# xdist's own order (most tests first) a one-minute file came last and held one worker while the
# other idled: the two ended 64 s apart. A file not listed weighs as a short browser file.
SLOWEST = {
    "browser/test_a11y.py": 147, "browser/test_offline.py": 116, "browser/test_engine.py": 94,
    "browser/test_board_tabs.py": 76, "browser/test_board.py": 63, "browser/test_morale.py": 62,
    "browser/test_party.py": 60, "browser/test_keeping.py": 55, "browser/test_morale_sheet.py": 50,
    "browser/webkit/test_webkit.py": 47, "browser/test_borders.py": 46, "browser/zensical/test_zensical.py": 45,
    "browser/test_probes.py": 45, "browser/test_keeper_widgets.py": 43, "browser/test_everything.py": 41,
    "browser/test_table.py": 38, "browser/test_table_view.py": 37, "browser/test_stress.py": 37,
    "browser/test_links_forgotten.py": 35, "browser/test_engine_answers.py": 30, "test_generators.py": 28,
    "browser/test_board_claims.py": 27, "browser/test_board_tabs_random.py": 27, "browser/test_calculator_pages.py": 27,
    "browser/test_board_sheet.py": 26, "browser/webkit/test_webkit_board.py": 26, "browser/test_board_kept.py": 25,
    "browser/test_examples.py": 21, "browser/webkit/test_webkit_failures.py": 20, "browser/test_qr.py": 19,
    "browser/test_csp.py": 14, "test_pyodide.py": 13, "test_properties.py": 11, "browser/test_morale_table.py": 11,
    "test_zensical_serve.py": 10, "browser/test_navigation.py": 10, "browser/test_phone.py": 9,
}
TESTS = Path(__file__).parent


def weight(item) -> float:
    """The file's seconds in SLOWEST; else 5 for a browser file, 0 for any other."""
    path = Path(str(item.path))
    if TESTS not in path.parents:
        return 0  # rules_core's doctests
    return SLOWEST.get(path.relative_to(TESTS).as_posix(), 5 if BROWSER in path.parents else 0)


def pytest_collection_modifyitems(config, items):
    """Every test under tests/browser/ (Chromium and WebKit) is marked ``browser``:
    ``make test-fast`` (``pytest -m "not browser"``) leaves them out. The slowest files run
    first (``SLOWEST``; a file's tests stay together and in order)."""
    for item in items:
        if BROWSER in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.browser)
    items.sort(key=weight, reverse=True)
