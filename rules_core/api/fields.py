"""Reading a page's input: every value checked, every problem named.

Pages send what the player typed. A number field arrives as a JSON number
when it looks like one, else as the raw text, so the message can quote it.
Each reader raises :class:`~rules_core.errors.RulesError` with the field's
name and a sentence for the player.

>>> integer({"rating": 7}, "rating", "The rating", low=1)
7
>>> try:
...     integer({"rating": "abc"}, "rating", "The rating", low=1)
... except RulesError as e:
...     print(e.code, "|", e.message)
not_integer | The rating must be a whole number; “abc” is not.
"""
from __future__ import annotations

import json
import re
import unicodedata
from contextlib import contextmanager

from ..errors import RulesError, shown
from ..looks import look, why_alike

__docformat__ = "google"

_MISSING = object()


def only(payload: dict, *allowed: str) -> dict:
    """Reject keys the calculator does not know (a typo would silently do nothing)."""
    for key in payload:
        if key not in allowed:
            raise RulesError(
                f"This calculator has no input called {shown(key)}. Inputs: {', '.join(allowed) or 'none'}.",
                field=str(key), code="unknown",
            )
    return payload


def integer(payload: dict, key: str, what: str, *, low: int | None = None, high: int | None = None,
            default=_MISSING, field: str | None = None) -> int:
    """A whole number within [low, high].

    Args:
        payload: The input mapping.
        key: Its key in the payload.
        what: How the player knows it, capitalised ("The rating").
        low, high: Inclusive bounds, or ``None``.
        default: Used when the key is absent or ``None``; without one the value is required.
        field: Name reported with errors (defaults to ``key``).
    """
    field = field or key
    value = payload.get(key)
    if value is None or (isinstance(value, str) and not value.strip()):
        if default is not _MISSING and (value is None):
            return default
        raise RulesError(f"{what} is missing: enter a whole number.", field=field, code="required")
    return check_integer(value, what, field=field, low=low, high=high)


def check_integer(value, what: str, *, field: str, low: int | None = None, high: int | None = None) -> int:
    """Check one value that should be a whole number (see :func:`integer`)."""
    if isinstance(value, bool):
        raise RulesError(f"{what} must be a whole number, not {str(value).lower()}.", field=field, code="not_integer")
    if isinstance(value, float):
        raise RulesError(
            f"{what} must be a whole number; {value:g} has a fraction." if not value.is_integer()
            else f"{what} must be a whole number like {int(value)}, not {shown(value)}.",
            field=field, code="not_integer",
        )
    if isinstance(value, str) and not value.strip():
        raise RulesError(f"{what} is missing: enter a whole number.", field=field, code="required")
    if isinstance(value, str):
        raise RulesError(f"{what} must be a whole number; “{value.strip()[:40]}” is not.", field=field, code="not_integer")
    if not isinstance(value, int):
        raise RulesError(f"{what} must be a whole number.", field=field, code="not_integer")
    if low is not None and value < low:
        raise RulesError(f"{what} must be at least {low} (it is {value}).", field=field, code="too_small")
    if high is not None and value > high:
        raise RulesError(f"{what} can be at most {high} (it is {value}).", field=field, code="too_large")
    return value


def optional_integer(payload: dict, key: str, what: str, **bounds) -> int | None:
    """Like :func:`integer`, but absent, ``None`` or blank text means "not given"."""
    value = payload.get(key)
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    return check_integer(value, what, field=key, **bounds)


def boolean(payload: dict, key: str, what: str, *, default: bool = False) -> bool:
    value = payload.get(key, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise RulesError(f"{what} is yes or no (true or false).", field=key, code="invalid")
    return value


def choice(payload: dict, key: str, what: str, options, *, default=_MISSING) -> str:
    value = payload.get(key)
    if value is None:
        if default is _MISSING:
            raise RulesError(f"{what} is missing: choose {_or(options)}.", field=key, code="required")
        return default
    if not isinstance(value, str) or value not in options:   # a list or a mapping is no option (and not hashable)
        raise RulesError(f"{what} must be {_or(options)}, not {shown(value)}.", field=key, code="unknown")
    return value


def text(payload: dict, key: str, what: str, *, default: str | None = None, max_length: int = 80) -> str:
    """Free text, trimmed, at most ``max_length`` characters."""
    value = payload.get(key, default)
    if value is None:
        raise RulesError(f"{what} is missing.", field=key, code="required")
    return check_text(value, what, field=key, max_length=max_length)


def check_text(value, what: str, *, field: str, max_length: int = 80) -> str:
    """Check one value that should be text (see :func:`text`)."""
    if not isinstance(value, str):
        raise RulesError(f"{what} is text.", field=field, code="invalid")
    if len(value) > max_length:
        raise RulesError(f"{what} is too long (at most {max_length} characters).", field=field, code="too_large")
    return unformatted(value).strip()


MAX_KEPT_CHARS = 1_000_000
"""The largest value a calculator keeps and sends back to the engine whole (a conflict's setup and log,
as JSON): a log calculator refuses, at the tap, an event that would make its log longer
(:func:`json_chars` measures it), and the engine reads a request of this size with its envelope
(:data:`rules_core.api.MAX_REQUEST_CHARS`): what a tap accepts, a reload accepts."""

_LONE = re.compile("[\ud800-\udfff]")


def json_chars(value) -> int:
    """How many characters ``value`` takes in a page's JSON (``JSON.stringify``: no spaces, text as
    it is, a lone surrogate as a six-character escape).

    >>> json_chars({"kind": "simple", "note": "é"})
    28
    """
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return len(text) + 5 * len(_LONE.findall(text))


_SHAPING = frozenset("\u200c\u200d")
"""Joiners: invisible, but they shape some scripts and emoji (kept between two such characters)."""
_BLANK = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0\u2800")
"""Characters that show nothing though Unicode does not call them format characters."""


def unformatted(text: str) -> str:
    """``text`` without the characters a reader can't see but that change what is shown: format
    characters (zero-width spaces, direction marks and overrides, a byte order mark), control
    characters other than line breaks and tabs, and blank fillers; a joiner or variation selector
    stays only between two characters beyond ASCII (an emoji, a script that needs it).

    >>> unformatted("Gat\u200bto \u202egnaG") == "Gatto gnaG"
    True
    """
    if text.isascii() and text.isprintable():  # nothing to take out: the common case, read at once
        return text
    out = []
    for i, ch in enumerate(text):
        cat = unicodedata.category(ch)
        if ch in _SHAPING or "\ufe00" <= ch <= "\ufe0f":
            before = out[-1] if out else ""
            after = text[i + 1] if i + 1 < len(text) else ""
            if before > "\x7f" and (after > "\x7f" or ch not in _SHAPING):
                out.append(ch)
        elif cat == "Cf" or ch in _BLANK or (cat == "Cc" and ch not in "\n\t"):
            continue
        else:
            out.append(ch)
    return unicodedata.normalize("NFC", "".join(out))


def typed_number(value):
    """A value as a page's field typed it: whole-number-looking text is a number; other text stays as
    typed (trimmed), for the rules to quote back in their message.

    >>> typed_number(" 3 "), typed_number("-2"), typed_number("2.5"), typed_number(None)
    (3, -2, '2.5', '')
    """
    text = "" if value is None else str(value).strip()
    return int(text) if re.fullmatch(r"[+-]?[0-9]+", text) else text


def seen(text: str) -> str:
    """A name as a reader sees it, the one form names are kept and compared in: invisible characters
    gone (:func:`unformatted`), compatibility forms made plain (NFKC: a fullwidth or styled letter is the
    letter), every run of spaces one space, trimmed. "Gat\u200bto" and "Ｇａｔｔｏ" are "Gatto". Two names
    that still differ but look alike are refused where they meet (:func:`distinct`).

    >>> seen("  Gat\u200bto\u00a0 di  Roma "), seen("\uff27\uff41\uff54\uff54\uff4f")
    ('Gatto di Roma', 'Gatto')
    """
    return " ".join(unicodedata.normalize("NFKC", unformatted(text)).split())


def distinct(named, *, twice=None) -> None:
    """Names that share one conflict (each ``(name, field)``, as :func:`seen` made them): the second of two
    that look alike (:mod:`rules_core.looks`: "Gаtto", its "а" Cyrillic, beside "Gatto") is refused beside
    its field. Two written the same are refused too when ``twice(name)`` gives the sentence; else they are
    left to the caller's own check, which says what a second one means there.

    >>> try:
    ...     distinct([("Gatto", "actors[0].name"), ("G\u0430tto", "actors[1].name")])
    ... except RulesError as e:
    ...     print(e.code, e.field)
    duplicate actors[1].name
    >>> distinct([("Gatto", "a"), ("Gatto", "b")])  # the same name twice: the caller's to say
    """
    first: dict[str, str] = {}
    for name, field in named:
        key = look(name)
        if key not in first:
            first[key] = name
        elif first[key] != name:
            raise RulesError(why_alike(first[key], name), field=field, code="duplicate")
        elif twice is not None:
            raise RulesError(twice(name), field=field, code="duplicate")


def name(value, what: str, *, field: str, max_length: int = 60) -> str:
    """A name (a team, a member, a zone, a way): text, not blank, at most
    ``max_length`` characters once trimmed. The one way every calculator checks a name.

    >>> name(" Ada ", "A member", field="name")
    'Ada'
    >>> try:
    ...     name("", "Zone 2", field="zones[1]")
    ... except RulesError as e:
    ...     print(e.code, "|", e.message)
    required | Zone 2 needs a name.
    """
    if isinstance(value, str):
        value = seen(value)
    if not isinstance(value, str) or not value:
        raise RulesError(f"{what} needs a name.", field=field, code="required")
    if len(value) > max_length:
        raise RulesError(f"The name of {_lower(what)} is too long (at most {max_length} characters).",
                         field=field, code="too_large")
    return value


def mapping(payload: dict, key: str, what: str, *, default=_MISSING) -> dict:
    value = payload.get(key)
    if value is None and default is not _MISSING:
        return default
    if not isinstance(value, dict):
        raise RulesError(f"{what} is missing or not in the right shape.", field=key, code="invalid" if value is not None else "required")
    return value


def sequence(payload: dict, key: str, what: str, *, default=_MISSING, max_length: int = 1000) -> list:
    """A list of at most ``max_length`` entries; ``what`` is plural ("The events").

    >>> try:
    ...     sequence({"events": [{}] * 3}, "events", "The events", max_length=2)
    ... except RulesError as e:
    ...     print(e.message)
    Too many events: at most 2 (there are 3).
    """
    value = payload.get(key)
    if value is None and default is not _MISSING:
        return default
    if not isinstance(value, list):
        raise RulesError(f"{what} must be a list.", field=key, code="invalid" if value is not None else "required")
    if len(value) > max_length:
        raise RulesError(f"Too many {_bare(what)}: at most {max_length} (there are {len(value)}).", field=key,
                         code="too_large")
    return value


def events(payload: dict, read, *, max_length: int) -> list:
    """The ``events`` of a log's payload, each read by ``read``; an error names the event's number, its own
    field, and its index as ``event`` (the page marks that event).

    >>> def read(e):
    ...     return integer(e, "n", "The number", low=0)
    >>> events({"events": [{"n": 1}, {"n": 2}]}, read, max_length=5)
    [1, 2]
    >>> try:
    ...     events({"events": [{"n": 1}, {"n": -1}]}, read, max_length=5)
    ... except RulesError as e:
    ...     print(e.message, e.field, e.event)
    Event 2: The number must be at least 0 (it is -1). n 1

    A log longer than ``max_length`` names its first event past the limit: two tabs' logs merged past
    it drop the later tap's event there, and the tab that made it names it
    (``calculators/browser/keeping/logs.js``).

    >>> try:
    ...     events({"events": [{"n": 1}] * 3}, read, max_length=2)
    ... except RulesError as e:
    ...     print(e.message, e.field, e.event)
    Too many events: at most 2 (there are 3). events 2
    """
    out = []
    try:
        listed = sequence(payload, "events", "The events", default=[], max_length=max_length)
    except RulesError as err:
        raise RulesError(err.message, field=err.field, code=err.code,
                         event=max_length if err.code == "too_large" else None) from None
    for i, raw in enumerate(listed):
        try:
            out.append(read(raw))
        except RulesError as err:
            raise RulesError(f"Event {i + 1}: {err.message}", field=err.field, code=err.code, event=i) from None
    return out


def _lower(what: str) -> str:
    """"The captain" → "the captain", "Zone 2" stays (a name-like label keeps its capital)."""
    return what[0].lower() + what[1:] if what.startswith(("The ", "A ", "An ")) else what


def _bare(what: str) -> str:
    """"The events" → "events": a plural label as it reads after "Too many"."""
    return what[4:] if what.startswith("The ") else _lower(what)


def _or(options) -> str:
    options = [str(o) for o in options]
    return options[0] if len(options) == 1 else ", ".join(options[:-1]) + " or " + options[-1]


@contextmanager
def within(prefix: str):
    """Errors raised inside name their field under ``prefix`` (``track`` → ``track.marked``)."""
    try:
        yield
    except RulesError as err:
        field = f"{prefix}.{err.field}" if err.field else prefix
        raise RulesError(err.message, field=field, code=err.code) from None


def name_in(value, options, what: str, *, field: str) -> str:
    """One of a fixed set of names (a consequence slot, an event kind…)."""
    if not isinstance(value, str) or value not in options:
        raise RulesError(f"{what} must be {_or(options)}, not {shown(value) if isinstance(value, str) else 'that'}.", field=field,
                         code="unknown" if isinstance(value, str) else "invalid")
    return value
