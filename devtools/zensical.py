"""Zensical, Material's successor, as the site's second generator: build the site with it, or serve it.

    python -m devtools.zensical serve [--dev-addr 127.0.0.1:8000]   # make serve-zensical
    python -m devtools.zensical build DEST [--site-url URL]          # the tests' and the benchmarks' build

Zensical (pinned in requirements-dev.txt) reads ``mkdocs.yml`` and renders the same pages as MkDocs,
but runs no hooks: the post-build command, ``python -m calculators.build SITE``, follows it. ``make
build-zensical`` runs the two commands in the repository (into ``site/``); :func:`build` runs them for
a site anywhere else: Zensical writes only inside the folder of its configuration (``site_dir`` must be
there) and keeps the pages it rendered in that folder's ``.cache/``, so the configuration, ``docs/``
and ``overrides/`` are copied into a throwaway folder first (about 230 KB), which also keeps two builds
at once (the tests' two workers) from sharing a cache.

**Serving.** ``zensical serve`` renders the pages, serves them with live reload and renders them again
when ``docs/``, ``overrides/``, ``mkdocs.yml`` or a path of its ``watch:`` list changes (``calculators/``
and ``rules_core/``: the rendered pages it keeps are dropped with them). :func:`serve` runs it and adds
what the MkDocs hook does under ``mkdocs serve``:

* whenever Zensical has written pages, the post-build command runs over the site (``--dev``: no policy,
  a service worker that removes itself), once the pages stop changing; a page it has not yet been run on
  still links the glue's folder by its unrevisioned name (``assets/calc/``). Zensical's server tells the
  open pages to reload when the command rewrites them;
* when Python code under ``calculators/`` or ``rules_core/`` changes, ``zensical serve`` is started
  again: it renders the pages with the code it imported when it started (the ``calculator`` fence,
  the widgets' build-time HTML, ``rules_core``'s tables), as ``mkdocs serve`` does. The open pages reload
  when its live-reload socket comes back. Browser code (``calculators/browser/``) needs no restart: the
  command ships it afresh.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "mkdocs.yml"
PROJECT = ("mkdocs.yml", "docs", "overrides")
"""What Zensical reads of the repository besides the Python it imports."""
CODE = (ROOT / "calculators", ROOT / "rules_core")
"""The Python the pages are rendered with: a change restarts ``zensical serve``."""
UNSHIPPED = re.compile(r'(?:src|href|data-worker)="[^"]*assets/calc/')
"""A page the post-build command has not run on yet: it links the glue's folder by its first name."""


def zensical() -> str:
    """The ``zensical`` command of this interpreter's environment."""
    return str(Path(sys.executable).with_name("zensical"))


def copy_project(dest: Path) -> Path:
    """What Zensical reads of the repository (:data:`PROJECT`), copied into ``dest``; returns its ``mkdocs.yml``."""
    for name in PROJECT:
        (shutil.copytree if (ROOT / name).is_dir() else shutil.copy2)(ROOT / name, Path(dest) / name)
    return Path(dest) / "mkdocs.yml"


def build(dest: Path, site_url: str | None = None, dev: bool = False) -> subprocess.CompletedProcess:
    """``zensical build --strict --clean`` in a throwaway copy of the project, the site moved to ``dest``,
    then ``python -m calculators.build dest``: the site as ``make build-zensical`` builds it, for
    ``site_url`` (instant navigation works only under it). Returns the last command's result, or the
    first that failed, with both commands' output."""
    dest = Path(dest)
    env = {**os.environ, **({"SITE_URL": site_url} if site_url else {})}
    with tempfile.TemporaryDirectory(prefix="zensical-") as tmp:
        project = copy_project(tmp).parent
        pages = subprocess.run([zensical(), "build", "--strict", "--clean", "-f", "mkdocs.yml"],
                               cwd=project, env=env, capture_output=True, text=True, timeout=300)
        if pages.returncode != 0:
            return pages
        if dest.exists():
            shutil.rmtree(dest)
        shutil.move(project / "site", dest)
    post = subprocess.run([sys.executable, "-m", "calculators.build", str(dest), *(["--dev"] if dev else [])],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    post.stdout = pages.stdout + post.stdout
    post.stderr = pages.stderr + post.stderr
    return post


def _read(path: Path, how):
    """``how(path)``, or None for a file gone meanwhile (``zensical serve`` empties its site as it starts)."""
    try:
        return how(path)
    except (FileNotFoundError, NotADirectoryError):
        return None


def _files(top: Path, pattern: str) -> list[Path]:
    """The files under ``top`` matching ``pattern``; none while a build empties or rewrites ``top`` under the
    walk (a folder gone between its listing and its scan): the next look, a poll later, sees the new site."""
    try:
        return sorted(top.rglob(pattern))
    except (FileNotFoundError, NotADirectoryError):
        return []


def _stamps(paths, pattern: str) -> dict[Path, int | None]:
    return {p: _read(p, lambda f: f.stat().st_mtime_ns) for top in paths if top.is_dir() for p in _files(top, pattern)
            if "__pycache__" not in p.parts}


def unshipped(site: Path) -> list[Path]:
    """The pages of ``site`` the post-build command has not run on (:data:`UNSHIPPED`)."""
    return [page for page in _files(site, "*.html")
            if UNSHIPPED.search(_read(page, lambda f: f.read_text(encoding="utf-8")) or "")]


class Serve:
    """``zensical serve`` for ``config``, with the post-build command after each of its builds and a restart
    when the code changes (the module's docstring says why)."""

    def __init__(self, addr: str, config: Path = CONFIG, code=CODE, poll: float = 0.25):
        self.addr, self.config, self.code, self.poll = addr, Path(config), tuple(code), poll
        self.site = self.config.parent / "site"
        self.env = {**os.environ, "SITE_URL": os.environ.get("SITE_URL") or f"http://{addr}/"}
        self.proc: subprocess.Popen | None = None
        self.code_seen = _stamps(self.code, "*.py")  # the code as the running zensical serve imported it
        self.shipped = 0  # how many times the post-build command ran (the tests read it)
        self.failed_on = None  # what the command last failed on: it runs again once that changes

    def start(self) -> None:
        self.code_seen = _stamps(self.code, "*.py")
        self.proc = subprocess.Popen([zensical(), "serve", "-f", str(self.config), "-a", self.addr],
                                     cwd=self.config.parent, env=self.env)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def ship(self) -> None:
        """The post-build command over the site, once Zensical has stopped writing pages."""
        before = None
        while before != (now := _stamps([self.site], "*.html")):
            before = now
            time.sleep(self.poll * 2)
        proc = subprocess.run([sys.executable, "-m", "calculators.build", str(self.site), "--dev"],
                              cwd=ROOT, env=self.env, capture_output=True, text=True)
        self.shipped += 1
        self.failed_on = self._sources() if proc.returncode else None
        print((proc.stdout if proc.returncode == 0 else proc.stderr).rstrip(), flush=True)

    def _sources(self) -> tuple:
        """What the command reads that an edit changes: the pages and every file of the code."""
        return _stamps([self.site], "*.html"), _stamps(self.code, "*")

    def step(self) -> None:
        """One look: a restart when the Python code changed, the post-build command after a build."""
        if _stamps(self.code, "*.py") != self.code_seen:
            print("devtools.zensical: the Python code changed; starting zensical serve again", flush=True)
            self.stop()
            self.start()
        if self.site.is_dir() and unshipped(self.site) and (self.failed_on is None or self._sources() != self.failed_on):
            self.ship()

    def run(self) -> int:
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # stopped: zensical serve stops too (finally)
        self.start()
        try:
            while self.proc.poll() is None:
                time.sleep(self.poll)
                self.step()
            return self.proc.returncode
        except KeyboardInterrupt:
            return 0
        finally:
            self.stop()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    serving = commands.add_parser("serve", help="serve the site with Zensical, the post-build command after each build")
    serving.add_argument("--dev-addr", default="127.0.0.1:8000")
    building = commands.add_parser("build", help="build the site with Zensical into DEST, then the post-build command")
    building.add_argument("dest", type=Path)
    building.add_argument("--site-url")
    args = parser.parse_args(argv)
    if args.command == "serve":
        return Serve(args.dev_addr).run()
    result = build(args.dest, args.site_url)
    print(result.stdout.rstrip())
    print(result.stderr.rstrip(), file=sys.stderr)
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
