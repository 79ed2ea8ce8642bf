import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


BROWSER = Path(__file__).parent / "browser"


def pytest_collection_modifyitems(config, items):
    """Every test under tests/browser/ (Chromium and WebKit) is marked ``browser``:
    ``make test-fast`` (``pytest -m "not browser"``) leaves them out."""
    for item in items:
        if BROWSER in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.browser)
