"""The ``calculator`` fence: how a page author places a calculator.

Placeholder: renders a marker until the widgets land.
"""
from __future__ import annotations

import html

import yaml


def _options(source: str) -> dict:
    data = yaml.safe_load(source) or {}
    if isinstance(data, str):
        data = {"widget": data}
    return data


def validate_calculator(language, inputs, options, attrs, md) -> bool:
    return True


def format_calculator(source, language, css_class, options, md, **kwargs) -> str:
    name = html.escape(str(_options(source).get("widget", "?")))
    return (
        f'<div class="admonition note calc-placeholder" data-calc="{name}">'
        f'<p class="admonition-title">Calculator: {name}</p>'
        "<p>This calculator is coming soon.</p></div>"
    )
