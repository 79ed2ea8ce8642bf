"""``make serve-zensical`` (``devtools/zensical.py``): ``zensical serve``, with the post-build command after
each of its builds and a restart when the Python code changes, as the MkDocs hook does under ``mkdocs serve``.

Served from a throwaway copy of the project (Zensical writes its site beside its configuration), with a
folder of its own standing for the code, so that nothing of the repository is touched.
"""
from __future__ import annotations

import socket
import time
import urllib.request

import pytest

from devtools import zensical


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _page(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return answer.read().decode("utf-8")


@pytest.fixture
def serving(tmp_path):
    config = zensical.copy_project(tmp_path)
    code = tmp_path / "calculators"  # stands for the code: the copied mkdocs.yml watches this folder
    code.mkdir()
    (code / "widget.py").write_text("A = 1\n")
    serve = zensical.Serve(f"127.0.0.1:{_free_port()}", config=config, code=[code], poll=0.1)
    serve.start()
    yield serve, tmp_path
    serve.stop()


def run_until(serve, done, what: str, timeout: float = 120) -> None:
    """Let the server look (``Serve.step``) until ``done()``: what ``Serve.run`` does between its looks."""
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, f"no {what} within {timeout} s"
        assert serve.proc.poll() is None, f"zensical serve stopped ({serve.proc.returncode})"
        time.sleep(serve.poll)
        serve.step()


def shipped(page: str) -> bool:
    """The post-build command ran on the page: the glue's revisioned folder, the early start filled."""
    return 'assets/calc-' in page and '"assets/calc/' not in page and 'data-early></script>' not in page


def test_each_build_gets_the_post_build_command_and_a_code_change_restarts_the_server(serving):
    serve, project = serving
    url = f"http://{serve.addr}/"
    run_until(serve, lambda: serve.shipped >= 1, "post-build command after the first build")
    assert shipped(_page(url + "table/")) and not zensical.unshipped(serve.site)
    assert "removes itself" in _page(url + "sw.js")  # --dev: nothing is cached while editing

    page = project / "docs" / "glossary.md"  # an edited page: Zensical renders it again, the command follows
    page.write_text(page.read_text(encoding="utf-8") + "\nA line written while serving.\n", encoding="utf-8")
    run_until(serve, lambda: serve.shipped >= 2 and "written while serving" in _page(url + "glossary/"),
              "edited page served")
    assert shipped(_page(url + "glossary/"))

    first = serve.proc.pid  # the code changes: the pages are rendered by a new zensical serve
    (project / "calculators" / "widget.py").write_text("A = 2\n")
    run_until(serve, lambda: serve.proc.pid != first and serve.shipped >= 3 and not zensical.unshipped(serve.site),
              "restart")
    assert shipped(_page(url + "table/"))


def test_a_site_emptied_under_the_look_for_unshipped_pages_waits_for_the_next_look(tmp_path, monkeypatch):
    """``zensical serve`` rewrites the site while the watcher walks it: a folder listed and gone before its
    scan stopped the whole serve command (FileNotFoundError out of rglob). Now that look finds nothing to
    ship yet, and the next look, a poll later, finds the new pages."""
    page = tmp_path / "site" / "rules" / "index.html"
    page.parent.mkdir(parents=True)
    page.write_text('<script type="module" src="../../assets/calc/calc.js"></script>', encoding="utf-8")  # not shipped yet

    def gone(self, pattern):
        raise FileNotFoundError(2, "No such file or directory", str(self / "credits"))
        yield  # (a generator, as rglob is)
    with monkeypatch.context() as m:
        m.setattr(zensical.Path, "rglob", gone)
        assert zensical.unshipped(tmp_path / "site") == []
    assert zensical.unshipped(tmp_path / "site") == [page]
