"""``python -m calculators.build SITE [--dev]``: the post-build steps over a built site (see ``__init__``)."""
from __future__ import annotations

import argparse
import sys

from . import BuildError, run, summary


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m calculators.build",
        description="Put the calculators into a built site: engine, wheel, glue, early start, CSP, service worker.")
    parser.add_argument("site", help="the folder the site generator wrote (e.g. site/)")
    parser.add_argument("--dev", action="store_true",
                        help="while editing (mkdocs serve): no CSP, and a service worker that removes itself")
    args = parser.parse_args(argv)
    try:
        result = run(args.site, dev=args.dev)
    except BuildError as err:
        print(f"calculators.build: {err}", file=sys.stderr)
        return 1
    for line in summary(result):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
