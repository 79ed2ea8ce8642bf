"""The ``worked-example`` fence: a worked example opens in its calculator, and proves itself at build time.

In a page, inside the example's box::

    !!! example "Reading a 4dF roll"
        Athletics 3, dice ⊞⊡⊟⊟ … **2 shifts**

        ```worked-example
        name: Reading a 4dF roll
        calculator: dice
        state: {game: edgerunner, skill: 3, faces: "+0--"}
        outcome: {shifts: 2}
        ```

``state`` is what the calculator opens with (see :mod:`.kinds` for each
calculator's keys); ``outcome`` is what the box states, marked here rather
than read out of its prose. The build runs the state through ``rules_core``
and fails, naming the page and the example, when an outcome it states is not
what the rules compute (the page as MkDocs names it: no hook is involved). ``page`` (optional) is the address of another page,
relative to this one, that holds the calculator (``../table/``); by default
it is on this page.

The fence renders a plain link, ``#<calculator>=<state>`` in the share-link
format (``calculators/browser/share.js``): it works before the engine is
ready and when copied, and the calculator that receives it follows its own
receiver rules (what the player had is set aside or kept to bring back).
``calculators/browser/examples.js`` scrolls to the calculator and opens it.
"""
from __future__ import annotations

import base64
import json
import posixpath
import re
from html import escape
from pathlib import Path

import yaml

from .. import yaml_limits
from .kinds import KINDS, ExampleError

__all__ = ["KINDS", "ExampleError", "check", "find", "format_example", "link_of", "page_of", "parse", "validate_example"]

KEYS = {"name", "calculator", "state", "outcome", "page"}

def _zensical_page(md):
    """The page Zensical is rendering, as its rendering context tells the Markdown; None elsewhere."""
    try:
        return md.preprocessors["rendering_context"].page
    except (AttributeError, KeyError, TypeError):
        return None


def page_of(md) -> str:
    """The Markdown file being rendered, from the docs folder: MkDocs tells its Markdown through its link
    rewriter ("relpath"), Zensical through its rendering context; "" elsewhere."""
    try:
        return md.treeprocessors["relpath"].file.src_uri
    except (AttributeError, KeyError, TypeError):
        page = _zensical_page(md)
        return str(page.path) if page is not None else ""


def _as_written_for(md, address: str) -> str:
    """``address`` (relative to the page being rendered, as a reader's browser resolves it) as the generator
    needs it in the fence's raw HTML: as is for MkDocs, which leaves raw HTML alone; relative to the
    Markdown file for Zensical, which resolves a relative link in raw HTML against the file, as it does
    a Markdown link (zensical#258), and would otherwise send ``../conflicts/`` from
    ``gauntlet-forge/editions.md`` one folder too far up."""
    page = _zensical_page(md)
    if page is None or not address or address.startswith(("#", "/")) or ":" in address.split("/", 1)[0]:
        return address
    source = str(page.path)
    folder = posixpath.dirname(source)
    here = folder if posixpath.basename(source) in ("index.md", "README.md") else source.removesuffix(".md")
    target = posixpath.normpath(posixpath.join(here, address))
    return posixpath.relpath(target, folder or ".") + ("/" if address.endswith("/") else "")


def parse(source: str) -> dict:
    """The fence's YAML, checked for its shape (not yet against the rules)."""
    try:
        data = yaml.safe_load(source)
    except yaml.YAMLError as err:
        raise ExampleError(f"a worked-example fence is not valid YAML: {err}") from None
    problem = yaml_limits.check(data)
    if problem:
        raise ExampleError(f"a worked-example fence can't be read: {problem}")
    if not isinstance(data, dict):
        raise ExampleError("a worked-example fence is a mapping with name, calculator, state and outcome")
    name = data.get("name")
    where = f"worked example {name!r}" if isinstance(name, str) and name else "a worked example"
    if not isinstance(name, str) or not name.strip():
        raise ExampleError(f"{where} needs a `name` (the title of its box)")
    unknown = set(data) - KEYS
    if unknown:
        raise ExampleError(f"{where}: unknown key {sorted(unknown)[0]!r} (keys: {', '.join(sorted(KEYS))})")
    if data.get("calculator") not in KINDS:
        raise ExampleError(f"{where}: `calculator` is one of {', '.join(KINDS)}")
    for key in ("state", "outcome"):
        if not isinstance(data.get(key), dict) or not data[key]:
            raise ExampleError(f"{where} needs `{key}`, a mapping")
    missing = [k for k in KINDS[data["calculator"]].needs if k not in data["state"]]
    if missing:
        raise ExampleError(f"{where}: its state needs {', '.join(missing)}")
    if not isinstance(data.get("page", ""), str):
        raise ExampleError(f"{where}: `page` is the address of a page, relative to this one")
    return data


def _agrees(stated, got) -> bool:
    """A stated mapping need name only some of the computed keys; anything else must be equal."""
    if isinstance(stated, dict) and isinstance(got, dict):
        return all(k in got and _agrees(v, got[k]) for k, v in stated.items())
    return stated == got


def check(example: dict) -> dict:
    """The outcome the rules compute for the example; an :class:`ExampleError` when it differs from the one stated."""
    kind = KINDS[example["calculator"]]
    try:
        got = kind.outcome(example["state"])
    except (KeyError, TypeError, ValueError) as err:
        if isinstance(err, ExampleError):
            raise
        raise ExampleError(f"its state can't be used ({type(err).__name__}: {err})") from None
    for key, stated in example["outcome"].items():
        if key not in got:
            raise ExampleError(f"it states {key!r}, which {kind.noun} does not compute (it gives {', '.join(got)})")
        if not _agrees(stated, got[key]):
            raise ExampleError(f"it states {key} = {stated!r}, but the rules give {got[key]!r}")
    return got


def link_of(example: dict, md=None) -> str:
    """The example's share link: ``<page>#<calculator>=<base64url JSON>`` (share.js reads the plain form),
    its page written for the generator that renders ``md`` (:func:`_as_written_for`)."""
    kind = KINDS[example["calculator"]]
    text = json.dumps(kind.link(example["state"]), ensure_ascii=False, separators=(",", ":"))
    code = base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii").rstrip("=")
    return f"{_as_written_for(md, example.get('page', ''))}#{kind.share}={code}"


_FENCE = re.compile(r"^(?P<indent>[ \t]*)```worked-example\n(?P<body>.*?)^(?P=indent)```", re.M | re.S)


def find(docs: Path) -> list[tuple[str, dict]]:
    """Every worked example in the pages under ``docs``: (the page's path there, its fence's data)."""
    found = []
    for path in sorted(Path(docs).rglob("*.md")):
        for m in _FENCE.finditer(path.read_text(encoding="utf-8")):
            body = "\n".join(line[len(m["indent"]):] for line in m["body"].splitlines())
            found.append((path.relative_to(docs).as_posix(), parse(body)))
    return found


def validate_example(language, inputs, options, attrs, md) -> bool:
    return True


def format_example(source, language, css_class, options, md, **kwargs) -> str:
    """The button under a worked example (a plain link), once the rules agree with what it states."""
    example = parse(source)
    try:
        check(example)
        href = link_of(example, md)
    except ExampleError as err:
        page = f"{page_of(md)}: " if page_of(md) else ""
        raise ExampleError(f"{page}worked example “{example['name']}”: {err}") from None
    kind = KINDS[example["calculator"]]
    return (f'<p class="calc-example"><a class="md-button calc-example__open" href="{escape(href)}" '
            f'data-example="{kind.share}" data-example-name="{escape(example["name"])}">'
            f"Open in {escape(kind.noun)}</a></p>")
