"""The Content-Security-Policy build step on small pages (the built site is checked in tests/browser/test_csp.py)."""
import base64
import hashlib

import pytest

from calculators.build import csp
from calculators.build.files import ShipError


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


def test_a_style_the_themes_script_writes_is_allowed_by_its_hash(tmp_path):
    """Zensical's search styles its shadow root with a <style> made from a constant of its bundle
    (``h("style",{},Tc.toString())``): the policy carries that text's hash, escapes read as the browser reads them."""
    scripts = tmp_path / "assets" / "javascripts"
    scripts.mkdir(parents=True)
    (scripts / "bundle.12345678.min.js").write_text(
        """var x=1,Tc='.r{color:red}.q:after{content:\\'\\\\2014\\'}';function S(){o.appendChild(C("style",{},Tc.toString()))}""")
    (tmp_path / "index.html").write_text(PAGE)
    assert csp.script_styles(tmp_path) == {".r{color:red}.q:after{content:'\\2014'}"}
    policy = csp.apply_csp(tmp_path)["meta"]
    assert sha(".r{color:red}.q:after{content:'\\2014'}") in policy.split("style-src", 1)[1].split(";")[0]


def test_a_style_made_from_anything_but_a_constant_stops_the_build(tmp_path):
    scripts = tmp_path / "assets" / "javascripts"
    scripts.mkdir(parents=True)
    (scripts / "bundle.js").write_text('function S(){o.appendChild(C("style",{},css().toString()))}var Q=f();C("style",{},Q.toString())')
    with pytest.raises(ShipError, match="not a constant"):
        csp.script_styles(tmp_path)
