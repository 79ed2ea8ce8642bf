"""Replayed logs kept between calls, so that one tap costs one event.

The morale tracker and the Edgerunner conflict board are logs of
events: their state is what replaying the log gives. Replaying a 2,000-event
log on every tap would make a long conflict slow, so the engine keeps each
log it has replayed, step by step, under a **token**, and a tap sends only the
token, the length of the log it believes in and the new event.

The protocol every log calculator ``X`` follows:

* ``X.replay`` ``{setup, events}`` → the whole state, and ``token`` and
  ``length`` (how many events the engine holds for it). (``token``, not
  ``log``: a state's ``log`` is its list of entries.)
* ``X.apply`` ``{token, length, event}`` → what changed: the new log entry and
  the state after it. The kept log is first cut to ``length`` events (undo on
  the page is "the log without its last event"; redo applies it again), so
  any earlier length the engine still holds is a valid place to continue.
* A token the engine does not know (a restarted worker, a log forgotten to
  make room) or a ``length`` it does not hold is refused with the error code
  ``stale``: the page then sends the whole log again through ``X.replay``.
  A stale token never answers for another log (tokens are random).

Nothing here is a rule of the games.

>>> logs = Logs(kept=2)
>>> token = logs.keep("setup", ["s1", "s2"])
>>> logs.steps(token, 1)
('setup', ['s1'])
>>> logs.steps(token, 3)
Traceback (most recent call last):
...
rules_core.errors.RulesError: The engine no longer holds this conflict as the page has it (it restarted, or another tab changed it); it is read again from its log.
>>> logs.steps("nope", 0)[0]
Traceback (most recent call last):
...
rules_core.errors.RulesError: The engine no longer holds this conflict as the page has it (it restarted, or another tab changed it); it is read again from its log.
"""
from __future__ import annotations

import os
from collections import OrderedDict

from ..errors import RulesError

__docformat__ = "google"

MAX_KEPT = 8
"""How many replayed logs one engine keeps (the oldest is forgotten first)."""

STALE = "stale"
"""The error code of a token or length the engine does not hold: replay the log."""


def _stale() -> RulesError:
    return RulesError("The engine no longer holds this conflict as the page has it (it restarted, or another tab changed it); it is read again from its log.", field="token", code=STALE)


class Logs:
    """Replayed logs by token: a setup and its steps (whatever the calculator's
    history gives, one per event), the most recently used kept last."""

    def __init__(self, kept: int = MAX_KEPT):
        self._kept = kept
        self._logs: OrderedDict[str, tuple[object, list]] = OrderedDict()

    def keep(self, setup, steps: list) -> str:
        """Keep a replayed log; returns its new token."""
        token = os.urandom(8).hex()
        self._logs[token] = (setup, list(steps))
        while len(self._logs) > self._kept:
            self._logs.popitem(last=False)
        return token

    def steps(self, token, length) -> tuple[object, list]:
        """The setup and the kept steps cut to ``length`` (the list is the kept
        one: append the next step to it). Raises the ``stale`` error when the
        token is unknown or ``length`` is more than the engine holds."""
        kept = self._logs.get(token) if isinstance(token, str) else None
        if kept is None or type(length) is not int or not 0 <= length <= len(kept[1]):
            raise _stale()
        self._logs.move_to_end(token)
        setup, steps = kept
        del steps[length:]
        return setup, steps
