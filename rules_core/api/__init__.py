"""The one entry point the pages use: :func:`call`.

``call(name, payload)`` takes JSON-safe input and returns
``{"ok": True, "result": …}`` or ``{"ok": False, "error": {"code", "message",
"field"}}``. It never raises: wrong types, out-of-range values, unknown
calculators, editions, zones and malformed maps each come back as an error a
player can read, naming the field.

Every calculator's docstring documents its input and output;
:func:`describe` lists them (a page can render it).

>>> call("boons.free_dice", {"rating": 7})["result"]["free_dice"]
3
>>> call("boons.free_dice", {"rating": 0})["error"]["field"]
'rating'

:func:`handle`, the worker's entry, answers even a request nested 3000 levels
deep (``json`` alone would raise ``RecursionError``):

>>> reply = json.loads(handle('{"id": 1, "name": "boons.free_dice", "payload": ' + "[" * 3000 + "]" * 3000 + "}"))
>>> reply["ok"], reply["error"]["code"]
(False, 'invalid')
"""
from __future__ import annotations

import importlib
import inspect
import json
import pkgutil
import re
from itertools import accumulate

from ..errors import RulesError, shown
from .fields import MAX_KEPT_CHARS

__docformat__ = "google"

REQUEST_ENVELOPE = 20_000
"""Room in a request beyond the value a calculator keeps: the request's own fields, and the one event a
preview or a tap adds to a whole log."""
MAX_REQUEST_CHARS = MAX_KEPT_CHARS + REQUEST_ENVELOPE
"""The longest request :func:`handle` reads: never below the largest value a calculator keeps
(:data:`rules_core.api.fields.MAX_KEPT_CHARS`, checked at the tap that adds to it)."""
MAX_DEPTH = 32
"""How deeply lists and mappings may nest in a payload (a map needs 6 levels)."""

def _gather(package: str = __name__, path=__path__) -> dict:
    """Every API module's ``CALCULATORS``, merged (a module of this package that
    defines ``CALCULATORS`` is found by itself: adding one needs no edit here),
    grouped by the name's topic (``dice.`` …) and in each module's own order."""
    found: list[tuple[str, object]] = []
    for info in pkgutil.iter_modules(path):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{package}.{info.name}")
        for name, handler in getattr(module, "CALCULATORS", {}).items():
            if any(name == known for known, _ in found):
                raise RuntimeError(f"Two API modules register the calculator {name!r}.")
            found.append((name, handler))
    return dict(sorted(found, key=lambda item: item[0].partition(".")[0]))


CALCULATORS = _gather()
"""Calculator name → handler (a function from a payload dict to a result dict), from every API module."""


def call(name: str, payload: dict | None = None) -> dict:
    """Run calculator ``name`` on ``payload``; never raises."""
    try:
        handler = CALCULATORS.get(name) if isinstance(name, str) else None
        if handler is None:
            raise RulesError(f"There is no calculator called {shown(name)}.", field=None, code="unknown_calculator")
        if payload is None:
            payload = {}
        if not isinstance(payload, dict):
            raise RulesError("The input must be a mapping of field names to values.", field=None, code="invalid")
        _check_depth(payload)
        return {"ok": True, "result": handler(payload)}
    except RulesError as err:
        return {"ok": False, "error": err.to_payload()}
    except RecursionError:
        return {"ok": False, "error": _too_deep().to_payload()}
    except Exception as err:  # the page must always get an answer
        return {
            "ok": False,
            "error": {
                "code": "internal",
                "message": f"The calculator stumbled ({type(err).__name__}). Your input is kept; please report this.",
                "field": None,
            },
        }


def _too_deep() -> RulesError:
    return RulesError(f"This input is nested more than {MAX_DEPTH} levels deep, which no calculator reads: "
                      "it is damaged or not meant for this page.", field=None, code="invalid")


def _check_depth(payload) -> None:
    """Refuse lists and mappings nested deeper than :data:`MAX_DEPTH` (walked without recursion)."""
    stack = [(payload, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise _too_deep()
        children = node.values() if isinstance(node, dict) else node
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))


_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _text_depth(message: str) -> int:
    """How deeply a JSON text nests lists and mappings, read without parsing it."""
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", message))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def _refusal(request_id, err: RulesError) -> str:
    return json.dumps({"id": request_id, "ok": False, "error": err.to_payload()}, ensure_ascii=False)


def handle(message: str) -> str:
    """The worker's entry: a JSON request ``{id, name, payload}`` in, a JSON reply ``{id, ok, result|error}`` out.

    Never raises: a request that is not JSON, too large (:data:`MAX_REQUEST_CHARS`)
    or nested too deeply (:data:`MAX_DEPTH`) gets an error reply.
    """
    try:
        if isinstance(message, str) and len(message) > MAX_REQUEST_CHARS:
            return _refusal(None, RulesError(
                f"This input is too large for the calculator ({len(message):,} characters; "
                f"at most {MAX_REQUEST_CHARS:,}). Nothing was changed.", field=None, code="too_large"))
        if isinstance(message, str) and _text_depth(message) > MAX_DEPTH + 1:  # + the request around the payload
            return _refusal(None, _too_deep())  # refused before parsing: deep parsing can exhaust the stack
        try:
            request = json.loads(message)
        except RecursionError:
            return _refusal(None, _too_deep())
        except (TypeError, ValueError):
            return _refusal(None, RulesError("Unreadable request.", field=None, code="invalid"))
        if not isinstance(request, dict):
            request = {}
        reply = call(request.get("name"), request.get("payload"))
        return json.dumps({"id": request.get("id"), **reply}, ensure_ascii=False)
    except Exception as err:  # any exception: the worker must always post a reply
        return _refusal(None, RulesError(f"The calculator stumbled ({type(err).__name__}). Your input is kept; "
                                         "please report this.", field=None, code="internal"))


def describe() -> list[dict]:
    """Every calculator with its documentation: [{name, doc}]."""
    return [{"name": n, "doc": inspect.cleandoc(fn.__doc__ or "")} for n, fn in CALCULATORS.items()]
