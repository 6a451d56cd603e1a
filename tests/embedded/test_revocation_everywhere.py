"""Revocation everywhere (issue 15): a signed-out, deactivated or idle-expired session stops working on every
service within a second, not at its token's expiry. Embedded run: SQLite, the in-process bus."""

import sys
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from embedded.app import create_embedded_app
from kit.auth import Role, route_access_table

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scenario"))
from scenario import sign_in  # noqa: E402

WITHIN = 1.0  # seconds


# GET /api/sessions is the token refresh: called without `idle` it says the user was active just now, which
# rightly keeps an idle session alive, so it cannot probe idle expiry.
NOT_PROBES = {"/api/sessions"}


def probes(app) -> dict[str, str]:
    """One GET per service an Admin may call without path parameters: {service: path}."""
    out = {}
    for name, svc in app.apps.items():
        for method, path, guard in route_access_table(svc):
            if (method == "GET" and "{" not in path and path not in NOT_PROBES and isinstance(guard, tuple)
                    and Role.ADMIN in guard):
                out[name] = path
                break
    return out


def refused_everywhere(client, token: str, paths: dict[str, str]) -> dict[str, int]:
    """{service: status} of the services that still answer the token with something else than 401."""
    left = {}
    for svc, path in paths.items():
        r = client.get(path, headers={"Authorization": f"Bearer {token}"})
        if r.status_code != 401 or r.json().get("message") != "Session Expired":
            left[svc] = r.status_code
    return left


def assert_refused_within(client, token: str, paths: dict[str, str], since: float) -> None:
    while True:
        left = refused_everywhere(client, token, paths)
        if not left:
            assert time.monotonic() - since <= WITHIN + 0.5  # the last round of probes itself takes a moment
            return
        assert time.monotonic() - since <= WITHIN, f"still answered after {WITHIN}s: {left}"
        time.sleep(0.05)


def assert_served_everywhere(client, token: str, paths: dict[str, str]) -> None:
    for svc, path in paths.items():
        r = client.get(path, headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200, f"{svc} GET {path} -> {r.status_code} {r.text[:200]}"


@pytest.fixture
def embedded(tmp_path):
    var = tmp_path / "var"
    with TestClient(create_embedded_app(var, demo=True)) as client:
        yield client, var


def test_a_signed_out_session_is_refused_by_every_service_within_a_second(embedded):
    client, var = embedded
    paths = probes(client.app)
    assert set(paths) == set(client.app.apps), f"a service without an Admin GET to probe: {paths}"
    token, _ = sign_in(client, var, "admin@demo.test")
    assert_served_everywhere(client, token, paths)
    assert client.delete("/api/sessions", headers={"Authorization": f"Bearer {token}"}).status_code < 300
    assert_refused_within(client, token, paths, time.monotonic())


def test_a_deactivated_account_is_refused_by_every_service_within_a_second(embedded):
    client, var = embedded
    paths = probes(client.app)
    admin, _ = sign_in(client, var, "admin@demo.test")
    victim, user = sign_in(client, var, "ops@demo.test")
    ops_paths = {}
    for svc, path in paths.items():  # what Operations may read of the Admin probes
        if client.get(path, headers={"Authorization": f"Bearer {victim}"}).status_code == 200:
            ops_paths[svc] = path
    assert len(ops_paths) >= 3, ops_paths
    r = client.put("/api/users/status", json={"id": user["id"], "status": "deactivated"},
                   headers={"Authorization": f"Bearer {admin}"})
    assert r.status_code < 300, r.text
    assert_refused_within(client, victim, ops_paths, time.monotonic())
    assert_served_everywhere(client, admin, paths)  # only that account's sessions end


def test_an_idle_expired_session_is_refused_by_every_service_within_a_second(tmp_path, monkeypatch):
    monkeypatch.setenv("IDENTITY_IDLE_SECONDS", "3")
    monkeypatch.setenv("IDENTITY_IDLE_GRACE_SECONDS", "0")
    var = tmp_path / "var"
    with TestClient(create_embedded_app(var, demo=True)) as client:
        paths = probes(client.app)
        token, _ = sign_in(client, var, "admin@demo.test")
        signed_in = time.monotonic()
        assert_served_everywhere(client, token, paths)
        time.sleep(max(0.0, signed_in + 3 - time.monotonic()))
        assert_refused_within(client, token, paths, signed_in + 3)
