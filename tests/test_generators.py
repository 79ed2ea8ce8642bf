"""The site does not depend on MkDocs: ProperDocs builds the same site, and a
generator that runs no hooks (as Zensical does) gets it all from the post-build
command, ``python -m calculators.build SITE``.

Three builds, one each per module (a build of the pages takes seconds once
``.build/`` holds the compiled engine; ``make setup`` installs ProperDocs):

* MkDocs 1.6.1 with the hook: the default build (``make build``);
* ProperDocs 1.6.7 with the same ``mkdocs.yml`` and the same hook;
* MkDocs with the hook taken out of its configuration (the pages only), then
  the post-build command over that folder.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GENERATOR = re.compile(rb'\s*<meta name="generator" content="[^"]*">')
SITE_URL = "http://127.0.0.1:8000/"
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "SITE_URL": SITE_URL,
       "SOURCE_DATE_EPOCH": "1790000000"}  # the sitemap's dates and the .gz headers: the same in every build

# MkDocs with `hooks: []` over mkdocs.yml: the pages as a generator that runs no hooks renders them.
NO_HOOKS = """
import sys
from mkdocs.commands.build import build
from mkdocs.config import load_config
build(load_config("mkdocs.yml", hooks=[], strict=True, site_dir=sys.argv[1]))
"""


def _run(args: list[str]) -> None:
    proc = subprocess.run(args, cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, f"{' '.join(args[:4])} failed:\n{proc.stdout[-2000:]}\n{proc.stderr[-3000:]}"


@pytest.fixture(scope="module")
def mkdocs_site(tmp_path_factory) -> Path:
    site = tmp_path_factory.mktemp("mkdocs") / "site"
    _run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)])
    return site


@pytest.fixture(scope="module")
def properdocs_site(tmp_path_factory) -> Path:
    site = tmp_path_factory.mktemp("properdocs") / "site"
    _run([sys.executable, "-m", "properdocs", "build", "--strict", "-f", "mkdocs.yml", "--site-dir", str(site)])
    return site


@pytest.fixture(scope="module")
def pages_only(tmp_path_factory) -> Path:
    """The pages rendered with no hook; the post-build command has not run yet."""
    site = tmp_path_factory.mktemp("nohooks") / "site"
    _run([sys.executable, "-c", NO_HOOKS, str(site)])
    return site


def _files(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


def _generators(files: dict[str, bytes]) -> set[bytes]:
    return {m.strip() for name, data in files.items() if name.endswith(".html") for m in GENERATOR.findall(data)}


def test_properdocs_builds_the_same_site_but_for_the_generator_tag(mkdocs_site, properdocs_site):
    ours, theirs = _files(mkdocs_site), _files(properdocs_site)
    assert sorted(ours) == sorted(theirs)
    assert _generators(ours) == {b'<meta name="generator" content="mkdocs-1.6.1, mkdocs-material-9.8.1">'}
    assert _generators(theirs) == {b'<meta name="generator" content="mkdocs-ProperDocs 1.6.7, mkdocs-material-9.8.1">'}
    # The service worker names every page's revision (its content's hash), so only its page entries
    # follow the generator tag; the rest of it must agree, entry for entry.
    revisioned = {"sw.js", "offline-report.json"}
    differ = [name for name in ours if name not in revisioned
              and GENERATOR.sub(b"", ours[name]) != GENERATOR.sub(b"", theirs[name])]
    assert differ == []
    entries = [{e["url"]: e["revision"] for e in json.loads(files["offline-report.json"])["entries"]}
               for files in (ours, theirs)]
    assert sorted(entries[0]) == sorted(entries[1])
    assert {u: r for u, r in entries[0].items() if not u.endswith(".html")} == \
        {u: r for u, r in entries[1].items() if not u.endswith(".html")}


def test_properdocs_runs_the_hook(properdocs_site):
    """What the hook adds is there: the engine, the glue, the policy, the service worker."""
    assert (properdocs_site / "assets" / "engine" / "engine.json").is_file()
    assert (properdocs_site / "sw.js").is_file() and (properdocs_site / "_headers").is_file()
    assert b"Content-Security-Policy" in (properdocs_site / "table" / "index.html").read_bytes()


def test_without_hooks_the_pages_ship_nothing(pages_only):
    """What a generator without hooks leaves: the pages, with an empty early-start slot and links to a glue
    folder that is not there yet (so the test below shows the command adds it all)."""
    table = (pages_only / "table" / "index.html").read_text(encoding="utf-8")
    assert '<script data-worker="../assets/calc/worker.js" data-early></script>' in table
    assert 'src="../assets/calc/calc.js"' in table
    assert not (pages_only / "assets" / "engine").exists() and not (pages_only / "sw.js").exists()
    assert "Content-Security-Policy" not in table


def test_the_post_build_command_after_any_generator_gives_the_hooks_site(pages_only, mkdocs_site):
    """A render without hooks, then ``python -m calculators.build SITE``: the very site the hook builds
    (the engine, the wheel, the glue, the early start, the CSP, the service worker), byte for byte."""
    proc = subprocess.run([sys.executable, "-m", "calculators.build", str(pages_only)],
                          cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "offline: the service worker precaches" in proc.stdout
    after, hooked = _files(pages_only), _files(mkdocs_site)
    assert sorted(after) == sorted(hooked)
    assert [name for name in hooked if after[name] != hooked[name]] == []
    for shipped in ("sw.js", "_headers", "assets/engine/engine.json", "offline-report.json"):
        assert shipped in after


def test_the_command_refuses_a_folder_that_is_not_a_built_site(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "calculators.build", str(tmp_path)],
                          cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1
    assert "is not a built site (no index.html): build the pages first" in proc.stderr
