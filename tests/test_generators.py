"""The site does not depend on MkDocs: ProperDocs builds the same site, and a
generator that runs no hooks (Zensical) gets it all from the post-build
command, ``python -m calculators.build SITE``.

Four builds, one each per module (a build of the pages takes seconds once
``.build/`` holds the compiled engine; ``make setup`` installs ProperDocs and Zensical):

* MkDocs 1.6.1 with the hook: the default build (``make build``);
* ProperDocs 1.6.7 with the same ``mkdocs.yml`` and the same hook;
* MkDocs with the hook taken out of its configuration (the pages only), then
  the post-build command over that folder;
* Zensical 0.0.73 with the same ``mkdocs.yml``, then the command (``make build-zensical``).
  Its theme's markup is its own, so its pages are compared with MkDocs' by what they
  say: each page's article, title, navigation and search entries, and what the command
  put in them (the browser leg, ``tests/browser/zensical/``, checks what they do).
"""
from __future__ import annotations

import json
import os
import posixpath
import re
import subprocess
import sys
from pathlib import Path

import pytest

from devtools import zensical

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


@pytest.fixture(scope="module")
def zensical_site(tmp_path_factory) -> Path:
    site = tmp_path_factory.mktemp("zensical") / "site"
    result = zensical.build(site, SITE_URL)
    assert result.returncode == 0, f"the Zensical build failed:\n{result.stdout[-2000:]}\n{result.stderr[-3000:]}"
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


# ---------------------------------------------------------------- Zensical: the same pages, by content

ARTICLE = re.compile(r'<article class="md-content__inner md-typeset">(.*?)</article>', re.S)
TITLE = re.compile(r"<title>(.*?)</title>", re.S)
# Zensical reads data-search-exclude for its index and leaves it out of the page; its theme adds a skip target.
THEIRS_ONLY = re.compile(r' data-search-exclude(?=[\s>])|<a id="__skip" tabindex="-1"></a>')
NAV_LINK = re.compile(r'<a href="([^"]*)"[^>]*class="md-nav__link[^"]*"[^>]*>(.*?)</a>', re.S)
PRIMARY_NAV = re.compile(r'<nav class="md-nav md-nav--primary".*?</nav>\s*</div>\s*</div>\s*</div>', re.S)
HEAD_PARTS = re.compile(r'<link rel="(?:manifest|apple-touch-icon|icon)"[^>]*>|<meta name="(?:theme-color|apple-mobile-web-app-title)"[^>]*>'
                        r'|<script data-worker="[^"]*" data-early>.*?</script>|<link rel="stylesheet" href="[^"]*assets/(?:rules|calc-)[^"]*">'
                        r'|<script src="[^"]*assets/calc-[^"]*" type="module"></script>', re.S)


def _page(site: Path, name: str) -> str:
    return (site / name).read_text(encoding="utf-8")


def _said(html: str) -> str:
    """What a page's article says, as markup, whitespace between tags aside."""
    return re.sub(r">\s+<", "><", THEIRS_ONLY.sub("", ARTICLE.search(html).group(1))).strip()


def _nav(html: str, name: str) -> list[tuple[str, str]]:
    """The site navigation's links (target from the site's root, label)."""
    here = posixpath.dirname(name)
    return [(posixpath.normpath(posixpath.join(here, href)) if not href.startswith("#") else href,
             " ".join(re.sub(r"<[^>]+>", "", label).split()))
            for href, label in NAV_LINK.findall(PRIMARY_NAV.search(html).group(0))]


def _head(html: str, name: str) -> list[str]:
    """What the overrides and the command put in a page's head, each address from the site's root."""
    here = posixpath.dirname(name)
    return [re.sub(r'((?:href|src|data-worker)=")([^"]*)"', lambda m: f'{m[1]}{posixpath.normpath(posixpath.join(here, m[2]))}"', part)
            for part in HEAD_PARTS.findall(html)]


def _pages(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))


def test_zensical_renders_every_page_as_mkdocs_does(mkdocs_site, zensical_site):
    """Every page, with the same title, article (the calculators' build-time HTML, the reference page, the
    worked examples' links) and navigation."""
    assert _pages(zensical_site) == _pages(mkdocs_site)
    for name in _pages(mkdocs_site):
        ours, theirs = _page(mkdocs_site, name), _page(zensical_site, name)
        assert TITLE.search(theirs).group(1) == TITLE.search(ours).group(1), name
        assert _said(theirs) == _said(ours), name
        if name != "404.html":
            assert _nav(theirs, name) == _nav(ours, name), name
    assert 'data-calc="board"' in _page(zensical_site, "table/index.html")
    assert 'id="widget-board"' in _page(zensical_site, "calculators-reference/index.html")


def test_zensical_indexes_the_same_search_entries(mkdocs_site, zensical_site):
    ours = json.loads((mkdocs_site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    theirs = json.loads((zensical_site / "search.json").read_text(encoding="utf-8"))["items"]
    assert [(d["location"], d["title"], d["text"]) for d in theirs] == [(d["location"], d["title"], d["text"]) for d in ours]
    assert not any("needs JavaScript" in d["text"] for d in theirs)  # the calculators' forms stay out of it


def test_the_command_puts_the_same_calculators_into_zensicals_pages(mkdocs_site, zensical_site):
    """The early start, the manifest and icons, the glue (the same revisioned folder), the engine, and a
    policy in every page; a service worker precaching every page and the theme's own files."""
    for name in _pages(mkdocs_site):
        ours, theirs = _page(mkdocs_site, name), _page(zensical_site, name)
        assert _head(theirs, name) == _head(ours, name), name
        assert 'http-equiv="Content-Security-Policy"' in theirs, name
    files = _files(zensical_site)
    shipped = [n for n in _files(mkdocs_site) if n.startswith(("assets/engine/", "assets/calc-"))]
    assert shipped and [n for n in shipped if files.get(n) != (mkdocs_site / n).read_bytes()] == []
    precached = {e["url"] for e in json.loads(files["offline-report.json"])["entries"]}
    assert set(_pages(zensical_site)) | {"search.json", "site.webmanifest"} <= precached
    theme = {n for n in precached if n.startswith(("assets/javascripts/", "assets/stylesheets/"))}
    assert {posixpath.dirname(n) for n in theme} == {"assets/javascripts", "assets/javascripts/workers",
                                                    "assets/stylesheets/classic"}  # not the look no page links
