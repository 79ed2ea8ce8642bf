"""Render the site's PNG icons from docs/assets/logo.svg (run once after changing the logo).

    .venv/bin/python -m devtools.make_icons

Uses the same Chromium the tests drive; the PNGs are committed, so a build
needs no browser. Sizes: 192 and 512 (the web app manifest, also as
"maskable" with a safe margin), 180 (Apple touch icon), 32 (favicon).
"""
from __future__ import annotations

import base64
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
LOGO = ROOT / "docs" / "assets" / "logo.svg"
OUT = ROOT / "docs" / "assets" / "icons"
SIZES = {"icon-192.png": (192, 1.0), "icon-512.png": (512, 1.0), "maskable-512.png": (512, 0.72),
         "apple-touch-icon.png": (180, 0.9), "favicon-32.png": (32, 1.0)}


def main() -> None:
    svg = base64.b64encode(LOGO.read_bytes()).decode()
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--headless=new", "--no-sandbox"])
        for name, (size, scale) in SIZES.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            inner = int(size * scale)
            background = "#5e35b1" if scale < 1 else "transparent"
            page.set_content(
                f'<body style="margin:0;background:{background};display:grid;place-items:center;height:{size}px">'
                f'<img src="data:image/svg+xml;base64,{svg}" width="{inner}" height="{inner}"></body>'
            )
            page.screenshot(path=str(OUT / name), omit_background=scale == 1.0)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
