"""A clear marker where a calculator will go that has not landed yet."""
from __future__ import annotations

from html import escape


def render(name: str, title: str):
    def _render(widget_id: str, options: dict) -> str:
        return (
            f'<div class="admonition info calc-pending" id="{escape(widget_id)}" data-calc-pending="{escape(name)}">'
            f'<p class="admonition-title">{escape(title)} calculator</p>'
            "<p>This calculator is being built and will appear here.</p></div>"
        )

    return _render
