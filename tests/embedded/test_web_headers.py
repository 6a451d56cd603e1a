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


def test_the_containers_web_server_sends_the_same_security_headers():
    """docker-compose serves the UI from nginx (deploy/web/nginx.conf), not from embedded.web: its answers need the
    same headers. nginx drops the server's add_header lines in a location that has its own, so every location
    (hashed bundles, other files, the app's routes) must carry all of them, `always` (404s too)."""
    from pathlib import Path

    from embedded.web import SECURITY_HEADERS

    conf = (Path(__file__).resolve().parents[2] / "deploy" / "web" / "nginx.conf").read_text()
    locations, body = [], None
    for line in (ln.split("#", 1)[0].strip() for ln in conf.splitlines()):  # comments aside
        if line.startswith("location ") and line.endswith("{"):
            body = []
        elif line == "}" and body is not None:
            locations.append("\n".join(body))
            body = None
        elif body is not None:
            body.append(line)
    assert len(locations) >= 3, locations
    for body in locations:
        found = dict(re.findall(r'add_header\s+(\S+)\s+"([^"]*)"\s+always\s*;', body))
        for name, value in SECURITY_HEADERS.items():
            assert found.get(name) == value, f"{name} missing or different in nginx location: {body.strip()}"


def test_the_containers_web_server_config_loads_and_answers_with_the_headers(tmp_path):
    """nginx itself reads deploy/web/nginx.conf (a regular expression with `{8,}` unquoted stopped it from loading:
    the container served nothing) and answers the app, a bundle and a missing file with the security headers."""
    import os
    import shutil
    import socket
    import subprocess
    import time
    import urllib.error
    import urllib.request
    from pathlib import Path

    import pytest

    from embedded.web import SECURITY_HEADERS

    nginx = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if Path(p).exists()), None)
    if nginx is None:
        pytest.skip("nginx is not installed here (apt-get install nginx-light)")
    html = tmp_path / "html"
    html.mkdir()
    (html / "index.html").write_text("<!doctype html><title>SurveyOps</title>")
    (html / "main.0123456789abcdef.js").write_text("console.log(1)")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    site = (Path(__file__).resolve().parents[2] / "deploy" / "web" / "nginx.conf").read_text()
    assert "listen 8080;" in site and "root /usr/share/nginx/html;" in site
    site = site.replace("listen 8080;", f"listen 127.0.0.1:{port};").replace("/usr/share/nginx/html", str(html))
    (tmp_path / "site.conf").write_text(site)
    mime = "include /etc/nginx/mime.types;" if Path("/etc/nginx/mime.types").exists() else ""
    (tmp_path / "main.conf").write_text(
        ""
        # run as root, nginx's workers would switch to `nobody`, who cannot read the test's private directory
        + ("user root;\n" if os.geteuid() == 0 else "")
        + f"daemon off; pid {tmp_path}/nginx.pid; error_log {tmp_path}/error.log;\nevents {{}}\n"
        f"http {{ access_log off; client_body_temp_path {tmp_path}; {mime} include {tmp_path}/site.conf; }}\n")
    check = subprocess.run([nginx, "-t", "-c", str(tmp_path / "main.conf")], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    proc = subprocess.Popen([nginx, "-c", str(tmp_path / "main.conf")], stderr=subprocess.PIPE)
    try:
        def get(path):
            for _ in range(100):
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as r:
                        return r.status, r.headers
                except urllib.error.HTTPError as e:
                    return e.code, e.headers
                except OSError:
                    time.sleep(0.05)
            raise AssertionError("nginx did not answer")

        for path, status in (("/", 200), ("/admin/users", 200), ("/main.0123456789abcdef.js", 200), ("/missing.js", 404)):
            code, headers = get(path)
            assert code == status, path
            for name, value in SECURITY_HEADERS.items():
                assert headers.get(name) == value, (path, name, headers.get(name))
    finally:
        proc.terminate()
        proc.wait(10)
