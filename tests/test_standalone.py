"""The site builds from what it ships: nothing under ``calculators/`` or
``rules_core/`` reads ``tests/`` or the development tools (``devtools/``), and
``mkdocs build --strict`` succeeds in a copy of the repository without them."""
import shutil
import subprocess
import sys
from pathlib import Path

from calculators.build.precompile import build_stdlib
from calculators.build.wheel import build_wheel
from tests.imports import imports

ROOT = Path(__file__).resolve().parent.parent
NOT_SHIPPED = ("tests", "devtools", "benchmarks")


def test_no_shipped_module_imports_the_tests_or_the_dev_tools():
    offenders = [
        f"{path.relative_to(ROOT)}: {module}"
        for package in ("calculators", "rules_core")
        for path in sorted((ROOT / package).rglob("*.py"))
        for module in imports(path)
        if module.split(".")[0] in NOT_SHIPPED
    ]
    assert offenders == []


def test_nothing_but_the_tests_imports_the_tests():
    """The development tools and the benchmarks sit below the tests: what both need (the tests' Chromium
    flags, the golden cases' files) lives in ``devtools/`` or is read as data, never imported from ``tests/``."""
    offenders = [
        f"{path.relative_to(ROOT)}: {module}"
        for package in ("devtools", "benchmarks")
        for path in sorted((ROOT / package).rglob("*.py"))
        for module in imports(path)
        if module.split(".")[0] in ("tests", "golden")
    ]
    assert offenders == []


def test_no_test_file_imports_another():
    """What several test files share lives in a driver module (``tests/browser/*_page.py``,
    ``offline_visit.py``, ``support.py``, ``waits.py``), never in a test file that others import: each
    test file can be read, moved or deleted on its own."""
    offenders = [
        f"{path.relative_to(ROOT)}: {module}"
        for path in sorted((ROOT / "tests").rglob("test_*.py"))
        for module in imports(path)
        if module.rsplit(".", 1)[-1].startswith("test_")
    ]
    assert offenders == []

def test_no_shipped_file_names_the_tests_folder_as_a_path():
    """A path built from strings (``ROOT / "tests" / "cases"``) is no import, yet breaks the build just the same."""
    offenders = [
        str(path.relative_to(ROOT))
        for package in ("calculators", "rules_core")
        for path in sorted((ROOT / package).rglob("*"))
        if path.suffix in (".py", ".mjs", ".js") and '"tests"' in path.read_text(encoding="utf-8")
    ]
    assert offenders == []


# Run mkdocs in the copy with the checkout itself off sys.path (the venv's .pth
# file puts it there) and any import of the unshipped packages refused.
BUILD = """
import sys
from pathlib import Path

class Refuse:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {not_shipped!r}:
            raise ImportError(f"the site's build imported {{name}}, which is not shipped")

sys.meta_path.insert(0, Refuse())
sys.path[:] = [{copy!r}] + [p for p in sys.path if p and Path(p).resolve() != Path({root!r})]
sys.argv = ["mkdocs", "build", "--strict", "--site-dir", {out!r}]
from mkdocs.__main__ import cli
cli()
"""


def test_the_site_builds_without_tests_and_dev_tools(tmp_path):
    copy = tmp_path / "repo"
    skip = {*NOT_SHIPPED, ".git", ".venv", "node_modules", "site", ".pytest_cache", ".hypothesis", "__pycache__"}
    shutil.copytree(ROOT, copy, ignore=lambda folder, names: [n for n in names if n in skip])
    (copy / "node_modules").symlink_to(ROOT / "node_modules")
    assert not (copy / "tests").exists()
    script = BUILD.format(not_shipped=NOT_SHIPPED, copy=str(copy), root=str(ROOT), out=str(tmp_path / "site"))
    proc = subprocess.run([sys.executable, "-c", script], cwd=copy, capture_output=True, text=True, timeout=600,
                          env={"PATH": "/usr/bin:/bin", "NO_MKDOCS_2_WARNING": "1", "HOME": str(tmp_path)})
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert (tmp_path / "site" / "index.html").exists()
    # the same standard library as a build in the checkout: the census made the same calls
    [shipped] = (tmp_path / "site").rglob("python_stdlib.zip")
    wheel = build_wheel(tmp_path / "wheel")
    build_stdlib(wheel, tmp_path / "here.zip")
    assert shipped.read_bytes() == (tmp_path / "here.zip").read_bytes()
