"""Content-Security-Policy for a built site: a plain build step, like those in ``ship.py``.

The policy is strict: scripts, styles, workers and fetches come from the site
itself, nothing else. The engine needs ``'wasm-unsafe-eval'`` (Pyodide compiles
WebAssembly); nothing needs ``'unsafe-eval'`` or ``'unsafe-inline'``.

Material for MkDocs writes a few small inline scripts into every page (the
storage scope, the colour palette, the remembered tabs); they are allowed by
their SHA-256 hashes, computed here from the built pages. Zensical's theme
also draws its search in a shadow root styled by a ``<style>`` its script
writes there; that style is allowed by its hash too, read from the theme's
script (:func:`script_styles`). ``__md_scope``'s
script differs with a page's depth, so the hashes are collected over the whole
site and every page carries the same policy: a page reached by Material's
instant navigation keeps the policy of the first page, which must allow it too.

* :func:`apply_csp` puts ``<meta http-equiv="Content-Security-Policy">`` first
  in every page's ``<head>`` and writes :data:`HEADERS_FILE`, the header form
  for hosts (with ``frame-ancestors``, which a ``<meta>`` cannot carry).
* :func:`policy_for`, :func:`inline_hashes` and :func:`script_styles` are the pieces, for tests.
"""
from __future__ import annotations

import base64
import hashlib
import html
import re
from pathlib import Path

from .files import ShipError

POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'wasm-unsafe-eval'"],
    "worker-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
}
"""The policy before hashes; the same in the ``<meta>`` and in the header."""

HEADER_ONLY = {"frame-ancestors": ["'none'"]}
"""Directives a ``<meta>`` policy ignores: only a response header can carry them."""

HEADERS_FILE = "_headers"
"""The header form, in the ``_headers`` format Netlify and Cloudflare Pages read."""

META = re.compile(r'<meta http-equiv="Content-Security-Policy"[^>]*>\s*', re.I)
SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.I | re.S)
STYLE = re.compile(r"<style\b[^>]*>(.*?)</style\s*>", re.I | re.S)
STYLE_ATTR = re.compile(r"""<[a-zA-Z][^>]*?\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)')""")
HEAD = re.compile(r"<head\b[^>]*>(\s*<meta charset=[^>]*>)?", re.I)
JS_TYPES = {"", "text/javascript", "application/javascript", "module"}


def _sha256(text: str) -> str:
    # Browsers hash the element's text as parsed: CRLF is already LF there.
    digest = hashlib.sha256(text.replace("\r\n", "\n").encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def _type(attrs: str) -> str:
    match = re.search(r"""\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""", attrs, re.I)
    return (next(g for g in match.groups() if g is not None) if match else "").strip().lower()


def inline_hashes(page: str) -> dict[str, set[str]]:
    """Hashes of what a page runs or applies inline: ``script`` (executable
    inline scripts; JSON data blocks are not run), ``style`` (``<style>``
    elements) and ``style-attr`` (``style=""`` attributes)."""
    found = {"script": set(), "style": set(), "style-attr": set()}
    for attrs, body in SCRIPT.findall(page):
        if re.search(r"\bsrc\s*=", attrs, re.I) or _type(attrs) not in JS_TYPES:
            continue
        found["script"].add(_sha256(body))
    for body in STYLE.findall(page):
        found["style"].add(_sha256(body))
    for double, single in STYLE_ATTR.findall(page):
        found["style-attr"].add(_sha256(html.unescape(double or single)))
    return found


THEME_SCRIPTS = "assets/javascripts/*.js"
"""The theme's own scripts in a built site (Material's and Zensical's bundle)."""

SCRIPT_STYLE = re.compile(r"""\(\s*["']style["']\s*,\s*\{\s*\}\s*,\s*([A-Za-z_$][\w$]*)\.toString\(\)\s*\)""")
"""A ``<style>`` element made by the theme's script with a constant for its text: Zensical 0.0.73's
search writes ``h("style", {}, Tc.toString())`` into its shadow root (the names are the minifier's)."""

JS_ESCAPE = re.compile(r"\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|\r\n|[\s\S])")
JS_ESCAPED = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0", "\n": "", "\r\n": ""}


def _js_string(literal: str) -> str:
    """The value of a JavaScript string literal (quoted with ' or "), as the browser reads it."""
    def unescape(match: re.Match) -> str:
        code = match.group(1)
        if code[0] in "ux" and len(code) > 1:
            return chr(int(code[1:].strip("{}"), 16))
        return JS_ESCAPED.get(code, code)
    return JS_ESCAPE.sub(unescape, literal[1:-1])


def script_styles(site_dir: Path) -> set[str]:
    """The text of every ``<style>`` the theme's scripts write into a page (:data:`SCRIPT_STYLE`): a
    policy that allows only ``'self'`` styles blocks them, so they are allowed by their hash. Material
    9.8 writes none."""
    found = set()
    for script in sorted(Path(site_dir).glob(THEME_SCRIPTS)):
        text = script.read_text(encoding="utf-8")
        for name in dict.fromkeys(SCRIPT_STYLE.findall(text)):
            value = re.search(r"(?<![\w$.])" + re.escape(name) + r"""=('(?:[^'\\\n]|\\[\s\S])*'|"(?:[^"\\\n]|\\[\s\S])*")""", text)
            if value is None:
                raise ShipError(f"{script.name}: the theme writes a <style> whose text is not a constant ({name}), "
                                "so the policy cannot allow it by its hash")
            found.add(_js_string(value.group(1)))
    return found


def policy_for(hashes: dict[str, set[str]], header: bool = False) -> str:
    """The policy text, with the hashes added to ``script-src`` and ``style-src``.

    Inline ``style=""`` attributes need ``'unsafe-hashes'`` besides their hash;
    Material writes none today, so it appears only if a page has one."""
    policy = {name: list(sources) for name, sources in POLICY.items()}
    policy["script-src"] += sorted(hashes.get("script", ()))
    policy["style-src"] += sorted(hashes.get("style", ()))
    if hashes.get("style-attr"):
        policy["style-src"] += ["'unsafe-hashes'", *sorted(hashes["style-attr"])]
    if header:
        policy.update(HEADER_ONLY)
    return "; ".join(" ".join([name, *sources]) for name, sources in policy.items())


def apply_csp(site_dir: Path) -> dict:
    """Put the policy in every page's ``<head>`` (first, so it covers every
    script after it) and write the header form to ``_headers``.

    Returns ``{"meta": policy, "header": policy, "pages": count}``."""
    site_dir = Path(site_dir)
    pages = sorted(site_dir.rglob("*.html"))
    texts = {path: META.sub("", path.read_text(encoding="utf-8")) for path in pages}  # a rerun replaces it
    hashes = {"script": set(), "style": set(), "style-attr": set()}
    for text in texts.values():
        for kind, values in inline_hashes(text).items():
            hashes[kind] |= values
    hashes["style"] |= {_sha256(style) for style in script_styles(site_dir)}
    meta = policy_for(hashes)
    tag = f'<meta http-equiv="Content-Security-Policy" content="{html.escape(meta, quote=False)}">'
    for path, text in texts.items():
        head = HEAD.search(text)
        if head is None:
            continue
        path.write_text(f"{text[:head.end()]}\n    {tag}{text[head.end():]}", encoding="utf-8")
    header = policy_for(hashes, header=True)
    _write_header(site_dir / HEADERS_FILE, header)
    return {"meta": meta, "header": header, "pages": len(pages)}


CSP_LINE = re.compile(r"^(\s*)Content-Security-Policy:.*$", re.M)


def _write_header(path: Path, header: str) -> None:
    """Put the policy in the ``_headers`` file: in place of the policy line of the
    one shipped from ``hosting/`` (which also sets cache headers), or as a new file."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    if CSP_LINE.search(text):
        text = CSP_LINE.sub(lambda m: f"{m.group(1)}Content-Security-Policy: {header}", text, count=1)
    else:
        text = f"/*\n  Content-Security-Policy: {header}\n" + (f"\n{text}" if text else "")
    path.write_text(text, encoding="utf-8")


def header_policy(site_dir: Path) -> str:
    """The Content-Security-Policy a host should send, as :func:`apply_csp` wrote it."""
    for line in (Path(site_dir) / HEADERS_FILE).read_text(encoding="utf-8").splitlines():
        name, _, value = line.strip().partition(":")
        if name == "Content-Security-Policy":
            return value.strip()
    raise LookupError(f"no Content-Security-Policy in {HEADERS_FILE}")
