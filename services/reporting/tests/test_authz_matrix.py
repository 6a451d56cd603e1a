"""Every route × every role: the table is the access policy; a route missing from it fails the suite."""

import pytest

from kit.auth import Role
from kit.auth import route_access_table as access_table

R = Role
PUBLIC = "public"
SURVEYORS = {R.SURVEYOR, R.CIMR_SURVEYOR, R.KELLER_SURVEYOR}

# Probes use no surveyorId, so a surveyor is asking for their own figures (allowed roles get 200).
MATRIX = {
    ("GET", "/healthz"): PUBLIC,
    ("GET", "/metrics"): PUBLIC,
    ("GET", "/api/call-stats"): {R.ADMIN, R.PROJECT_MANAGER, R.OPERATIONS, R.CIMR_MANAGER} | SURVEYORS,
    ("GET", "/api/surveyor-earnings"): {R.ADMIN, R.PROJECT_MANAGER, R.OPERATIONS, R.FINANCE, R.SURVEYOR,
                                        R.KELLER_SURVEYOR},
}


def test_every_route_has_a_row_and_matches_its_guard(client):
    table = {(m, p): g for m, p, g in access_table(client.app)}
    assert not sorted(set(table) - set(MATRIX)), f"routes without a row: {sorted(set(table) - set(MATRIX))}"
    assert not sorted(set(MATRIX) - set(table)), f"rows without a route: {sorted(set(MATRIX) - set(table))}"
    for key, guard in table.items():
        if MATRIX[key] == PUBLIC or guard == PUBLIC:
            assert guard == MATRIX[key], key
        else:
            assert set(guard) == MATRIX[key], key


@pytest.mark.parametrize("role", list(Role), ids=lambda r: r.name)
def test_every_role_against_every_row(client, tokens, role):
    for (method, path), allowed in MATRIX.items():
        r = client.request(method, path, params={"from": "2026-03-02", "to": "2026-03-03"},
                           headers=tokens.headers(role, 4242))
        if allowed == PUBLIC or role in allowed:
            assert r.status_code == 200, (method, path, role, r.status_code, r.text)
        else:
            assert r.status_code == 403, (method, path, role, r.status_code)


def test_no_token_is_401(client):
    for (method, path), allowed in MATRIX.items():
        if allowed != PUBLIC:
            r = client.request(method, path)
            assert r.status_code == 401 and r.json()["message"] == "Session Expired"
