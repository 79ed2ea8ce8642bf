"""Hostile input that more than one test feeds the site, kept in one place."""

# "Billion laughs" in YAML: nine levels of aliases, each repeating the one before nine times. A few
# hundred bytes that would expand to 9**9 values: the build's YAML reader and the border map's import
# in the browser must both refuse it with a message instead of hanging.
LAUGHS = 'a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]\n' + "".join(
    f"{n}: &{n} [" + ", ".join([f"*{p}"] * 9) + "]\n" for p, n in zip("abcdefgh", "bcdefghi"))
