"""The UI is served with a Content-Security-Policy without inline script, nosniff, a Referrer-Policy and
frame-ancestors 'none'; the built shell has no inline script (so the policy does not break it)."""

import re

from fastapi.testclient import TestClient

from embedded.web import DEFAULT_DIST, create_web_app


def test_every_ui_answer_carries_the_security_headers(tmp_path):
    (tmp_path / "index.html").write_text('<!doctype html><script defer src="main.0123456789abcdef.js"></script>')
    (tmp_path / "main.0123456789abcdef.js").write_text("console.log(1)")
    c = TestClient(create_web_app(tmp_path))  # no lifespan: the static server has none
    for path in ("/", "/admin/users", "/main.0123456789abcdef.js", "/missing.js"):
        r = c.get(path)
        csp = r.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp, path
        assert "frame-src 'none'" in csp and "worker-src 'self'" in csp, path  # pdf.js's worker draws the guidelines
        assert "unsafe-inline" not in csp.split("script-src", 1)[1].split(";", 1)[0]
        assert "unsafe-eval" not in csp
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "strict-origin-when-cross-origin"


def test_the_built_shell_has_no_inline_script():
    index = DEFAULT_DIST / "index.html"
    if not index.exists():
        import pytest

        pytest.skip("the UI is not built here (make ui)")
    scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", index.read_text(), flags=re.S)
    inline = [attrs for attrs, body in scripts if body.strip() or "src=" not in attrs]
    assert not inline, f"inline script in the built shell: {inline}"
