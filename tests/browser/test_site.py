"""The built site: strict build, what it ships, and nothing loaded from another host."""
import gzip
import json
import posixpath
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import yaml

from calculators.build import ship

ROOT = Path(__file__).resolve().parents[2]
LOCAL_HOSTS = {"127.0.0.1", "localhost"}


def test_site_ships_the_engine_and_the_wheel(site):
    engine = site / "assets" / "engine"
    manifest = json.loads((engine / "engine.json").read_text())
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json"):
        assert (engine / manifest["pyodide"] / name).stat().st_size > 0, name
    assert (engine / manifest["stdlib"]).stat().st_size > 0
    wheels = list(engine.glob("wheel-*/rules_core-*-py3-none-any.whl"))
    assert len(wheels) == 1
    assert manifest["wheel"] == wheels[0].relative_to(engine).as_posix()
    assert (site / ship.calc_folder(site) / "worker.js").exists()


STATIC_IMPORT = re.compile(r"""^(?:import|export)\b[^;]*?\bfrom\s*["'](\.[^"']+)["']|^import\s*["'](\.[^"']+)["']""", re.M)


def static_imports(folder: Path, module: str) -> set[str]:
    """``module`` and every file of ``folder`` it imports by a relative path, directly or not."""
    seen, todo = set(), [module]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for found in STATIC_IMPORT.finditer((folder / name).read_text(encoding="utf-8")):
            todo.append(posixpath.normpath(posixpath.join(posixpath.dirname(name), found.group(1) or found.group(2))))
    return seen


def test_a_calculator_page_asks_for_a_few_scripts_not_ninety(site):
    """The glue's modules ship bundled (calculators/build/bundle.mjs): before a calculator can draw,
    its page asks for its own two scripts and the widget's module, and what they import, about ten
    files in all, where the modules as written were about ninety requests, each one more for a phone
    to wait on and for the browser to compile and link."""
    calc = site / ship.calc_folder(site)
    page = static_imports(calc, "calc.js") | static_imports(calc, "offline.js")
    for widget in sorted(p.parent.name for p in calc.glob("widgets/*/index.js")):
        files = page | static_imports(calc, f"widgets/{widget}/index.js")
        assert all((calc / f).is_file() for f in files), widget
        assert len(files) <= 12, (widget, sorted(files))
    assert not (calc / "ui.js").exists() and not (calc / "keeping").exists()  # bundled, not shipped twice
    assert all((calc / f).is_file() for f in ("worker.js", "snapshot.js", "pyodide-edge.js"))  # the worker's own, as written


def test_the_worker_carries_the_engines_manifest_and_the_page_starts_it_before_its_styles(site):
    """On a phone link each request that waits for another costs a round trip: the worker needs no
    engine.json request, and a calculator page starts the worker before it asks for any stylesheet,
    with no script file to fetch first."""
    manifest = json.loads((site / "assets" / "engine" / "engine.json").read_text())
    calc = ship.calc_folder(site)
    worker = (site / calc / "worker.js").read_text()
    written = re.search(r"^const BUILT_MANIFEST = (\{.*\}); //", worker, re.M)
    assert written and json.loads(written.group(1)) == manifest
    assert manifest["lock"]["packages"] == {}  # handed to loadPyodide: no lock file request either
    html = (site / "gauntlet-forge" / "boons-and-banes" / "index.html").read_text()
    start = html.index("window.__calcEarly")
    assert start < html.index('rel="stylesheet"')
    assert f'data-worker="../../{calc}/worker.js"' in html
    assert "early.js" not in html and not (site / calc / "early.js").exists()
    assert html.count('rel="stylesheet"') == 4  # the theme's two, rules.css and our one bundle
    assert "window.__calcEarly" not in (site / "credits" / "index.html").read_text()  # no calculator there


def test_the_engines_folders_are_named_after_their_content(site):
    """Revisioned URLs: a file at such a URL never changes, so hosts and the precache may reuse it."""
    engine = site / "assets" / "engine"
    manifest = json.loads((engine / "engine.json").read_text())
    folders = [manifest["pyodide"].rstrip("/"), manifest["stdlib"].split("/")[0], manifest["wheel"].split("/")[0]]
    assert sorted(p.name for p in engine.iterdir() if p.is_dir()) == sorted(folders)
    for folder in folders:
        assert re.fullmatch(r"(pyodide|stdlib|wheel)-[0-9a-f]{12}", folder), folder
        assert folder.split("-")[1] == ship._digest(*sorted((engine / folder).iterdir()))


def test_the_big_engine_files_have_precompressed_copies(site):
    """For hosts that serve .br/.gz files themselves (nginx gzip_static, Caddy): same bytes, fewer of them."""
    engine = site / "assets" / "engine"
    runtime = engine / json.loads((engine / "engine.json").read_text())["pyodide"]
    wasm = (runtime / "pyodide.asm.wasm").read_bytes()
    assert gzip.decompress((runtime / "pyodide.asm.wasm.gz").read_bytes()) == wasm
    assert (runtime / "pyodide.asm.wasm.br").stat().st_size < 0.8 * (runtime / "pyodide.asm.wasm.gz").stat().st_size
    for name in ship.PRECOMPRESS:
        assert (runtime / (name + ".br")).exists() and (runtime / (name + ".gz")).exists(), name
    report = json.loads((site / "offline-report.json").read_text())
    assert not [e["url"] for e in report["entries"] if e["url"].endswith((".br", ".gz"))]  # never precached


def test_netlify_and_cloudflare_headers_ship_at_the_root(site):
    headers = (site / "_headers").read_text()
    assert "Content-Security-Policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval'" in headers
    assert "/assets/engine/:folder/*\n  Cache-Control: public, max-age=31536000, immutable" in headers
    assert "/sw.js\n  Cache-Control: no-cache" in headers


class _Loads(HTMLParser):
    """URLs an HTML page makes the browser load (not plain links to follow)."""

    def __init__(self):
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("script", "img", "iframe", "source", "audio", "video", "embed", "track") and a.get("src"):
            self.urls.append(a["src"])
        if tag == "link" and a.get("href") and set((a.get("rel") or "").split()) - {"canonical", "alternate", "author", "license", "next", "prev"}:
            self.urls.append(a["href"])
        if tag == "object" and a.get("data"):
            self.urls.append(a["data"])
        for candidate in (a.get("srcset") or "").split(","):
            if candidate.strip():
                self.urls.append(candidate.split()[0])
        style = a.get("style") or ""
        self.urls += re.findall(r"url\(\s*['\"]?([^'\")]+)", style)


JS_LOADS = re.compile(
    r"""(?:\bimport\s*\(|\bfrom\s+|\bimport\s+|\bfetch\s*\(|\bimportScripts\s*\(|\bnew\s+(?:Shared)?Worker\s*\(|\bregister\s*\()\s*["'`](https?:)?//([^/"'`]+)""",
)
CSS_LOADS = re.compile(r"""(?:url\(\s*["']?|@import\s+["'])(?:https?:)?//([^/"')]+)""")


def _foreign(host: str) -> bool:
    return (urlsplit("//" + host).hostname or host) not in LOCAL_HOSTS


def test_no_file_of_the_site_loads_anything_from_another_host(site):
    problems = []
    for path in site.rglob("*"):
        if path.suffix == ".html":
            parser = _Loads()
            parser.feed(path.read_text(encoding="utf-8"))
            for url in parser.urls:
                host = urlsplit(url).hostname
                if host and host not in LOCAL_HOSTS:
                    problems.append(f"{path.relative_to(site)}: {url}")
        elif path.suffix in (".js", ".mjs"):
            for match in JS_LOADS.finditer(path.read_text(encoding="utf-8", errors="replace")):
                if _foreign(match.group(2)):
                    problems.append(f"{path.relative_to(site)}: loads from {match.group(2)}")
        elif path.suffix == ".css":
            for match in CSS_LOADS.finditer(path.read_text(encoding="utf-8", errors="replace")):
                if _foreign(match.group(1)):
                    problems.append(f"{path.relative_to(site)}: loads from {match.group(1)}")
    assert problems == []


def test_no_font_host_or_cdn_is_named_in_pages_styles_or_our_scripts(site):
    hosts = re.compile(r"fonts\.googleapis|fonts\.gstatic|cdn\.jsdelivr|unpkg\.com|cdnjs\.")
    offenders = []
    for path in list(site.rglob("*.html")) + list(site.rglob("*.css")) + list((site / ship.calc_folder(site)).rglob("*.js")):
        if hosts.search(path.read_text(encoding="utf-8", errors="replace")):
            offenders.append(str(path.relative_to(site)))
    assert offenders == []


def test_config_is_offline_and_strict():
    config = yaml.load((ROOT / "mkdocs.yml").read_text(), Loader=yaml.BaseLoader)  # tags stay strings
    assert config["strict"] == "true"
    assert config["theme"]["font"] == "false"
    assert "navigation.instant" in config["theme"]["features"]
    assert len(config["theme"]["palette"]) == 2  # light and dark, with a toggle


def test_the_search_finds_one_glossary_entry_and_no_calculator_controls(site):
    """A search for a term lands on its own entry, not on a wall of glossary text;
    the calculators' buttons and labels, and the tables of the stress models not
    shown, are not search results."""
    docs = json.loads((site / "search" / "search_index.json").read_text())["docs"]
    by_location = {d["location"]: d for d in docs}
    glossary = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    anchors = re.findall(r"^### .* \{ #([\w-]+) \}$", glossary, re.M)
    assert len(anchors) >= 50
    for anchor in anchors:
        entry = by_location[f"glossary/#{anchor}"]
        assert 0 < len(entry["text"]) < 700, anchor
    shift = by_location["glossary/#shift"]
    assert shift["title"] == "Shift" and "skill + 4dF" in shift["text"]
    stress = "".join(d["text"] for d in docs if d["location"].startswith("gauntlet-forge/stress-and-wounds/"))
    assert "Box" in stress and "Capacity" in stress  # the model shown first keeps its tables
    for control in ("Take the mild consequence", "Reset the boxes", "Favor available", "needs JavaScript"):
        assert control not in stress, control
    assert "What lowers a hit" not in stress  # the Edgerunner track's table, hidden on this page


def test_the_glue_lives_in_a_folder_named_after_its_content_and_every_page_points_there(site):
    """A revisioned URL: the precache takes these files from the HTTP cache the page has just filled
    (no second download), and a page never mixes one deployment's modules with another's."""
    calc = ship.calc_folder(site)
    folder = site / calc
    assert re.fullmatch(r"assets/calc-[0-9a-f]{12}", calc) and calc.endswith(ship._digest_tree(folder))
    assert not (site / "assets" / "calc").exists()
    for page in site.rglob("*.html"):
        html = page.read_text()
        assert not re.search(r'(src|href|data-worker)="[^"]*assets/calc/', html), page
    assert f'{calc}/calc.js' in (site / "table" / "index.html").read_text()
    sw = (site / "sw.js").read_text()
    assert f"{calc}/sw-update.js" in sw


def test_the_service_worker_precaches_exactly_what_its_report_lists(site):
    """The precache list written into sw.js (into a runtime bundled once per config and kept, see
    calculators/build/sw/build.mjs) is the one the build reports: every page and engine file, each
    with its revision; no stand-in is left where the list goes."""
    sw = (site / "sw.js").read_text()
    assert "__conflict_table_precache_list__" not in sw and "self.__WB_MANIFEST" not in sw
    # {"url":…,"revision":…} written into the kept bundle, or {url:…,revision:…} if generateSW wrote it all
    listed = re.findall(r'\{"?url"?:"([^"]+)","?revision"?:(?:"([0-9a-f]+)"|null)\}', sw)
    written = {(url, rev or None) for url, rev in listed}
    report = json.loads((site / "offline-report.json").read_text())
    assert written == {(e["url"], e["revision"]) for e in report["entries"]}
    assert len(written) == report["files"]
    urls = {url for url, _ in written}
    pages = {p.relative_to(site).as_posix() for p in site.rglob("*.html")}
    glue = {p.relative_to(site).as_posix() for p in (site / ship.calc_folder(site)).rglob("*.*js")}
    assert pages <= urls and glue <= urls and len(pages) > 10 and len(glue) > 10
