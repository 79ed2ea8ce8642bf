"""The board's rules called as the page calls them (``rules_core.api.call``), for the CPython tests of
the board: ``ok`` is a call that must succeed, ``crew`` the warehouse crew's setup from the rules' own
example."""
from rules_core.api import call


def ok(name, payload):
    reply = call(name, payload)
    assert reply["ok"], reply.get("error")
    return reply["result"]


def crew():
    return ok("board.example", {"name": "warehouse crew"})["setup"]
