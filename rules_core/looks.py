"""How a name looks to a reader: two names in one conflict that can't be told apart at the table are
one name (docs/edgerunner/conflicts.md#board: every actor, thing and aspect has a name of its own).

A name's *look* is a skeleton in the manner of Unicode's confusables (UTS #39): the letters of the
Cyrillic and Greek scripts that are drawn as Latin ones are written as those Latin letters, so
"Gаtto" (its "а" Cyrillic) and "Gatto" have one look. The names themselves are kept as they were
typed (once made plain: :func:`rules_core.api.fields.seen`); a name wholly in another script
("Наташа") is a name like any other, and only two names of one look are refused. Case is part of
the look ("gatto" and "Gatto" are told apart), as are Latin letters that resemble each other ("l"
and "I"): both are ordinary spellings a table chooses.

>>> look("G\\u0430tto") == look("Gatto")
True
>>> alike("Cluttered \\u0430isles", "Cluttered aisles"), alike("Gatto", "Gatto"), alike("Наташа", "Natasha")
(True, False, False)
"""
from __future__ import annotations

import unicodedata

from .errors import shown

_LATIN = {
    # Cyrillic capitals and small letters drawn as Latin ones
    "А": "A", "В": "B", "Е": "E", "Ѕ": "S", "І": "I", "Ј": "J", "К": "K", "М": "M", "Н": "H", "О": "O",
    "Р": "P", "С": "C", "Т": "T", "Х": "X", "У": "Y", "Ү": "Y", "Һ": "H", "Ԛ": "Q", "Ԝ": "W", "Ӏ": "I",
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ј": "j",
    "һ": "h", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ѵ": "v", "ү": "y", "ӏ": "l", "ё": "ë", "ї": "ï",
    # Greek
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O",
    "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "ο": "o", "ν": "v", "ρ": "p", "ϲ": "c", "ϳ": "j", "ι": "i",
    "α": "a", "κ": "k", "υ": "u",
    # Latin letters of other alphabets drawn as the plain ones
    "ı": "i", "ɑ": "a", "ɡ": "g",
}
_TO_LATIN = str.maketrans(_LATIN)


def look(name: str) -> str:
    """A name's look: its letters of other scripts that are drawn as Latin ones written as those (after
    NFKC, so a fullwidth or styled letter is the plain one)."""
    return unicodedata.normalize("NFKC", name).translate(_TO_LATIN)


def alike(a: str, b: str) -> bool:
    """Do two different names look the same?"""
    return a != b and look(a) == look(b)


def _ordinal(n: int) -> str:
    """1 → "1st", 2 → "2nd", 12 → "12th"."""
    end = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{end}"


def why_alike(taken: str, name: str) -> str:
    """The sentence for a name that looks just like one already taken: which letter is of another script.

    >>> print(why_alike("Gatto", "G\\u0430tto"))
    'Gаtto' looks just like 'Gatto' but is written with other letters (its 2nd letter is Cyrillic): give each its own name.
    """
    where = ""
    for i, (x, y) in enumerate(zip(name, taken, strict=False), start=1):
        if x != y:
            odd = x if x in _LATIN else y
            script = unicodedata.name(odd, "").split(" ")[0].capitalize()
            where = f" (its {_ordinal(i)} letter is {script})" if script and script != "Latin" else ""
            break
    return f"{shown(name)} looks just like {shown(taken)} but is written with other letters{where}: give each its own name."
