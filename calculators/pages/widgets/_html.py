"""Small HTML builders shared by the widgets (escaped, accessible by default)."""
from __future__ import annotations

import json
from html import escape


def attrs(**values) -> str:
    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        key = key.rstrip("_").replace("_", "-")
        out.append(key if value is True else f'{key}="{escape(str(value), quote=True)}"')
    return " ".join(out)


def _field(fid: str, name: str, label: str, control: str, *, hint: str = "", kind: str = "") -> str:
    """The frame of every field (``draw.js``'s ``fieldHtml`` draws the same in the browser): the
    ``data-field`` the rules' errors are matched on, the label, the hint (``{fid}-hint``), the
    control and its message (``{fid}-error``, hidden until there is one). A checkbox comes
    before its label; ``kind`` adds ``calc__field--<kind>`` (``wide``, ``check``)."""
    label_html = f'<label for="{escape(fid)}">{escape(label)}</label>'
    hint_html = f'<span class="calc__hint" id="{escape(fid)}-hint">{escape(hint)}</span>' if hint else ""
    inner = control + label_html + hint_html if kind == "check" else label_html + hint_html + control
    return (
        f'<div class="calc__field{f" calc__field--{kind}" if kind else ""}" data-field="{escape(name)}">'
        f'{inner}<p class="calc__error" id="{escape(fid)}-error" hidden></p>'
        "</div>"
    )


def _described(fid: str, hint: str) -> str:
    """A control is described by its message, then its hint."""
    return f"{fid}-error" + (f" {fid}-hint" if hint else "")


def number_field(wid: str, name: str, label: str, value="", *, hint: str = "", wide: bool = False) -> str:
    """A whole-number field: text input (so a wrong entry can be shown and explained), numeric keypad."""
    fid = f"{wid}-{name}"
    control = f'<input {attrs(id=fid, name=name, type="text", inputmode="numeric", autocomplete="off", spellcheck="false", value=value, aria_describedby=_described(fid, hint))}>'
    return _field(fid, name, label, control, hint=hint, kind="wide" if wide else "")


def text_field(wid: str, name: str, label: str, value="", *, hint: str = "") -> str:
    """A line of text (a name): a wide field."""
    fid = f"{wid}-{name}"
    control = f'<input {attrs(id=fid, name=name, type="text", autocomplete="off", spellcheck="false", value=value, aria_describedby=_described(fid, hint))}>'
    return _field(fid, name, label, control, hint=hint, kind="wide")


def checkbox(wid: str, name: str, label: str, checked: bool = False, *, hint: str = "") -> str:
    fid = f"{wid}-{name}"
    control = f'<input {attrs(id=fid, name=name, type="checkbox", checked=checked, aria_describedby=_described(fid, hint))}>'
    return _field(fid, name, label, control, hint=hint, kind="check")


def file_field(wid: str, name: str, label: str, accept: str) -> str:
    """A file to open (an import): a wide field."""
    fid = f"{wid}-{name}"
    control = f'<input {attrs(id=fid, name=name, type="file", accept=accept, aria_describedby=_described(fid, ""))}>'
    return _field(fid, name, label, control, kind="wide")


def select(wid: str, name: str, label: str, options: list[tuple[str, str]], value: str = "", *, hint: str = "",
           wide: bool = False) -> str:
    fid = f"{wid}-{name}"
    opts = "".join(
        f'<option {attrs(value=v, selected=(v == value))}>{escape(text)}</option>' for v, text in options
    )
    control = f'<select {attrs(id=fid, name=name, aria_describedby=_described(fid, hint))}>{opts}</select>'
    return _field(fid, name, label, control, hint=hint, kind="wide" if wide else "")


def table(headers: list[str], rows: list[list], *, caption: str = "", cls: str = "") -> str:
    """A table whose every cell names its column (``data-label``): a table with the class
    ``calc__table--stack`` turns into one card per row in a narrow calculator (calc.css),
    each value after its column's name, so a phone never scrolls sideways."""
    head = "".join(f'<th scope="col">{escape(str(h))}</th>' for h in headers)
    body = "".join(
        "<tr>" + "".join(f'<td {attrs(data_label=h)}>{escape(str(c))}</td>' for h, c in zip(headers, row)) + "</tr>"
        for row in rows
    )
    cap = f"<caption>{escape(caption)}</caption>" if caption else ""
    return f'<table class="{escape(cls)}">{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def widget(wid: str, name: str, *, title: str, static: str, form: str, options: dict | None = None,
           known: list | None = None) -> str:
    """The outer frame every calculator shares.

    The static part is always visible; the form stays hidden until the
    script mounts it; the status line says what the engine is doing. The
    form and the status line are controls, not rules text: the site search
    leaves them out (``data-search-exclude``). ``known``: the rules' answers
    for the form as it first shows (``base.known``), so the page shows them
    before the engine has started.
    """
    data = json.dumps(options or {}, ensure_ascii=False, separators=(",", ":"))
    answers = json.dumps(known, ensure_ascii=False, separators=(",", ":")) if known else None
    return (
        f'<div {attrs(class_="calc", id=wid, data_calc=name, data_options=data, data_known=answers)}>'
        f'<p class="calc__title">{escape(title)}</p>'
        f'<div class="calc__static">{static}</div>'
        f'<form class="calc__form" novalidate hidden autocomplete="off" data-search-exclude>{form}</form>'
        '<p class="calc__status" role="status" data-search-exclude>'
        "This calculator needs JavaScript; what is shown above works without it.</p>"
        "</div>"
    )
