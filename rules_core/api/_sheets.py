"""What every sheet's answer is made of: its fields, each with its input and choices, the errors and the
missing values, each naming its field. A sheet (the board's :mod:`.board.sheet`, the tracker's
:mod:`.morale.sheet`) adds these field after field as it reads the draft.

Nothing here is a rule of the games.
"""
from __future__ import annotations


class Sheet:
    """The fields, errors and missing values of one answer, in the order they were added."""

    def __init__(self, draft: dict):
        self.d = draft
        self.kind = draft.get("kind")
        self.fields: list[dict] = []
        self.errors: list[dict] = []
        self.missing: list[dict] = []
        self.v: dict = {"kind": self.kind}   # the draft as the sheet reads it (choices made for it included)

    def field(self, name: str, input_: str, label: str, value=None, **more) -> dict:
        """A field of the sheet: its input (chips, text, dice…), its label and value, and ``more`` (its
        options, a note…) when given."""
        spec = {"name": name, "input": input_, "label": label, "value": value,
                **{k: v for k, v in more.items() if v is not None}}
        self.fields.append(spec)
        return spec

    def error(self, field: str, message: str):
        """What is wrong with a field's value (the first word on a field stands)."""
        if not any(e["field"] == field for e in self.errors):
            self.errors.append({"field": field, "message": message})

    def need(self, field: str, message: str):
        """A value still missing before the sheet can be logged."""
        self.missing.append({"field": field, "message": message})
