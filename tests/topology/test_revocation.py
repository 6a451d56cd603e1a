"""Revocation everywhere through Traefik with RabbitMQ: after sign-out, every service answers the same token
401 "Session Expired" within a second (the broadcast of identity.session.revoked, kit.revocation)."""

import time

from gateway.table import load
from kit.auth import Role, route_access_table

WITHIN = 1.0


def admin_probes() -> dict[str, str]:
    """One GET per service an Admin may call without path parameters."""
    from embedded.app import build_service_apps
    from kit.events import InProcessBus
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp:
        apps = build_service_apps(Path(tmp), InProcessBus(), demo=False, public_base_url="http://127.0.0.1:8000")
    out = {}
    for name, app in apps.items():
        for method, path, guard in route_access_table(app):
            if method == "GET" and "{" not in path and isinstance(guard, tuple) and Role.ADMIN in guard:
                out[name] = path
                break
    return out


def test_signed_out_session_is_refused_by_every_service_within_a_second(stack):
    paths = admin_probes()
    assert set(paths) == set(load()[0]), paths
    me = stack.sign_in("admin@demo.test")
    with stack.client() as c:
        for svc, path in paths.items():
            r = c.get(path, headers=me["headers"])
            assert r.status_code == 200, (svc, path, r.status_code, r.text[:200])
        assert c.delete("/api/sessions", headers=me["headers"]).status_code < 300
        since = time.monotonic()
        while True:
            left = {}
            for svc, path in paths.items():
                r = c.get(path, headers=me["headers"])
                if r.status_code != 401 or r.json().get("message") != "Session Expired":
                    left[svc] = r.status_code
            if not left:
                break
            assert time.monotonic() - since <= WITHIN, f"still answered {WITHIN}s after sign-out: {left}"
            time.sleep(0.05)
