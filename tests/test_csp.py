"""The Content-Security-Policy build step on small pages (the built site is checked in tests/browser/test_csp.py)."""
import base64
import hashlib

from calculators.build import csp


def sha(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


PAGE = """<!doctype html><html><head>
<meta charset="utf-8"><script>var a=1</script><script src="x.js"></script>
<script id="__config" type="application/json">{"a": 1}</script><script type="module">import "./m.js"</script>
</head><body><p style="color: red">x</p><style>p{}</style></body></html>"""


def test_inline_hashes_cover_run_scripts_styles_and_style_attributes_only():
    found = csp.inline_hashes(PAGE)
    assert found["script"] == {sha("var a=1"), sha('import "./m.js"')}  # not the JSON, not src
    assert found["style"] == {sha("p{}")}
    assert found["style-attr"] == {sha("color: red")}
    policy = csp.policy_for(found)
    assert "style-src 'self' " + sha("p{}") + " 'unsafe-hashes' " + sha("color: red") in policy
    assert "frame-ancestors" not in policy and "frame-ancestors 'none'" in csp.policy_for(found, header=True)


def test_apply_csp_puts_one_site_wide_policy_after_the_charset_and_writes_the_header(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "index.html").write_text(PAGE)
    (tmp_path / "a" / "index.html").write_text(PAGE.replace("var a=1", "var a=2"))
    for _ in range(2):  # a second run replaces the policy, never adds another
        result = csp.apply_csp(tmp_path)
    assert result["pages"] == 2
    for page in ("index.html", "a/index.html"):
        html = (tmp_path / page).read_text()
        assert html.count('http-equiv="Content-Security-Policy"') == 1
        assert html.index('<meta charset="utf-8">') < html.index("Content-Security-Policy") < html.index("<script")
        assert sha("var a=1") in html and sha("var a=2") in html  # both pages' scripts, on every page
    assert csp.header_policy(tmp_path) == result["header"]
    assert result["header"] == result["meta"] + "; frame-ancestors 'none'"
