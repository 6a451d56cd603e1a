"""Every route × every role: the table is the access policy; a route missing from it fails the suite."""

import pytest

from kit.auth import Role
from kit.auth import route_access_table as access_table
from reporting_testkit import project

R = Role
PUBLIC = "public"
SURVEYORS = {R.SURVEYOR, R.CIMR_SURVEYOR, R.KELLER_SURVEYOR}
STATS = {R.ADMIN, R.PROJECT_MANAGER, R.OPERATIONS, R.CIMR_MANAGER} | SURVEYORS
EARNINGS = {R.ADMIN, R.PROJECT_MANAGER, R.OPERATIONS, R.FINANCE, R.SURVEYOR, R.KELLER_SURVEYOR}
STAFF = {R.ADMIN, R.PROJECT_MANAGER, R.OPERATIONS, R.QUALITY, R.COMMENT_CLEANER, R.CIMR_MANAGER}
SR = {R.PROJECT_MANAGER, R.OPERATIONS}  # Admin has no Client Report Exports screen: no patient answers
QUALITY = {R.ADMIN, R.PROJECT_MANAGER, R.OPERATIONS, R.QUALITY, R.CIMR_MANAGER, R.SURVEYOR, R.CIMR_SURVEYOR}
USER = 4242  # every probe's user id; project 1 is managed by this id, so a Project Manager owns it

RANGE = {"from": "2026-03-02", "to": "2026-03-03"}
# (method, path) -> (allowed roles, query, json body)
MATRIX = {
    ("GET", "/healthz"): (PUBLIC, {}, None),
    ("GET", "/metrics"): (PUBLIC, {}, None),
    ("GET", "/api/call-stats"): (STATS, RANGE, None),
    ("GET", "/api/call-stats/dispositions"): (STATS, RANGE, None),
    ("GET", "/api/call-stats/quality"): (QUALITY, RANGE, None),
    ("GET", "/api/surveyor-earnings"): (EARNINGS, RANGE, None),
    ("GET", "/api/earnings/surveyor-earnings-pay-stub"): (EARNINGS, {"date": "2026-03-02"}, None),
    ("GET", "/api/users/surveyors"): (STAFF, {}, None),
    ("GET", "/api/users/surveyors-info"): (STAFF, {}, None),
    ("GET", "/api/service-recoveries"): (SR, {}, None),
    ("GET", "/api/service-recoveries/header-keys"): (SR, {"projectId": 1}, None),
    ("POST", "/api/service-recoveries"): (SR, {}, {"projectId": 1, "srKeys": ["Call Id"], "filename": "Weekly"}),
    ("POST", "/api/service-recoveries/report"): (SR, {}, "report"),
    ("DELETE", "/api/service-recoveries"): (SR, "delete", None),
    ("GET", "/api/phi-audit/reporting"): ({R.ADMIN}, {}, None),
    ("GET", "/api/phi-audit/reporting/export"): ({R.ADMIN}, {}, None),
}


def test_every_route_has_a_row_and_matches_its_guard(client):
    table = {(m, p): g for m, p, g in access_table(client.app)}
    assert not sorted(set(table) - set(MATRIX)), f"routes without a row: {sorted(set(table) - set(MATRIX))}"
    assert not sorted(set(MATRIX) - set(table)), f"rows without a route: {sorted(set(MATRIX) - set(table))}"
    for key, guard in table.items():
        allowed = MATRIX[key][0]
        if allowed == PUBLIC or guard == PUBLIC:
            assert guard == allowed, key
        else:
            assert set(guard) == allowed, key


def _saved_export(client, tokens) -> int:
    r = client.post("/api/service-recoveries", headers=tokens.headers(R.OPERATIONS, USER),
                    json={"projectId": 1, "srKeys": ["Call Id"], "filename": "Probe"})
    assert r.status_code == 200, r.text
    return r.json()["data"]["id"]


@pytest.mark.parametrize("role", list(Role), ids=lambda r: r.name)
def test_every_role_against_every_row(client, tokens, role):
    project(client, 1, USER, "10.00")
    for (method, path), (allowed, query, body) in MATRIX.items():
        if query == "delete":
            query = {"id": _saved_export(client, tokens)}
        if body == "report":
            body = {"id": _saved_export(client, tokens)}
        r = client.request(method, path, params=query, json=body, headers=tokens.headers(role, USER))
        if allowed == PUBLIC or role in allowed:
            assert r.status_code == 200, (method, path, role, r.status_code, r.text)
        else:
            assert r.status_code == 403, (method, path, role, r.status_code)


def test_no_token_is_401(client):
    for (method, path), (allowed, _, _) in MATRIX.items():
        if allowed != PUBLIC:
            r = client.request(method, path)
            assert r.status_code == 401 and r.json()["message"] == "Session Expired"
