"""Every route of the projects app, who may call it, and own-vs-foreign project checks for managers."""

import pytest

from kit.auth import Role
from kit.auth import route_access_table as access_table
from projects_support import OPS, PM, PM2, SURVEYOR, project_body

R = Role
ALL = set(Role)
SURVEYORS = {R.SURVEYOR, R.CIMR_SURVEYOR, R.KELLER_SURVEYOR}
PROJECT_READERS = {R.ADMIN, R.PROJECT_MANAGER, R.OPERATIONS, R.QUALITY, R.COMMENT_CLEANER, R.CIMR_MANAGER} | SURVEYORS
ASSIGNERS = {R.ADMIN, R.OPERATIONS, R.CIMR_MANAGER, R.PROJECT_MANAGER}
EDITORS = {R.ADMIN, R.OPERATIONS, R.PROJECT_MANAGER}
CLIENT_READERS = {R.ADMIN, R.OPERATIONS, R.PROJECT_MANAGER}

MATRIX: dict[tuple[str, str], set[Role] | str] = {
    ("GET", "/api/clients"): {R.ADMIN, R.OPERATIONS, R.PROJECT_MANAGER},
    ("GET", "/api/clients/{client_id}"): {R.ADMIN, R.OPERATIONS, R.PROJECT_MANAGER},
    ("POST", "/api/clients"): {R.ADMIN},
    ("PUT", "/api/clients"): {R.ADMIN},
    ("DELETE", "/api/clients"): {R.ADMIN},
    ("GET", "/api/clients/contact/{client_id}"): CLIENT_READERS,
    ("DELETE", "/api/clients/contact"): {R.ADMIN},
    ("GET", "/api/projects/surveyors"): PROJECT_READERS,
    ("GET", "/api/projects/name"): PROJECT_READERS,
    ("GET", "/api/projects/visit-info/{project_id}"): EDITORS,
    ("PUT", "/api/projects/visit-info"): EDITORS,
    ("DELETE", "/api/projects"): {R.ADMIN, R.OPERATIONS},
    ("PUT", "/api/projects/status"): EDITORS,
    ("PUT", "/api/projects/dates"): EDITORS,
    ("PUT", "/api/assignment"): ASSIGNERS,
    ("POST", "/api/assignment-history"): ASSIGNERS,
    ("PUT", "/api/assignment-history"): ASSIGNERS,
    ("DELETE", "/api/assignment-history"): ASSIGNERS,
    ("POST", "/api/assignment-history/add-week"): ASSIGNERS,
    ("GET", "/api/assignment-history/week-data"): ASSIGNERS,
    ("PUT", "/api/assignment-history/week-data"): ASSIGNERS,
    ("POST", "/api/guidelines"): EDITORS,
    ("GET", "/api/guidelines"): PROJECT_READERS,
    ("GET", "/api/guidelines/status"): PROJECT_READERS,
    ("PUT", "/api/guidelines/status"): SURVEYORS,
    ("GET", "/api/guidelines/{guideline_id}/file"): PROJECT_READERS,
    ("GET", "/api/projects"): PROJECT_READERS,
    ("GET", "/api/projects/{project_id}"): PROJECT_READERS,
    ("POST", "/api/projects"): {R.ADMIN, R.OPERATIONS},
    ("PUT", "/api/projects"): {R.ADMIN, R.OPERATIONS, R.PROJECT_MANAGER},
    ("PUT", "/api/projects/lock"): {R.ADMIN, R.OPERATIONS, R.PROJECT_MANAGER},
    ("GET", "/api/assignment"): ASSIGNERS,
    ("POST", "/api/assignment"): ASSIGNERS,
    ("DELETE", "/api/assignment"): ASSIGNERS,
    ("GET", "/api/language"): ALL,
    ("POST", "/api/language"): {R.ADMIN},
    ("DELETE", "/api/language"): {R.ADMIN},
    ("GET", "/api/language/usage"): {R.ADMIN},
    ("GET", "/healthz"): "public",
    ("GET", "/metrics"): "public",
}


def test_every_route_has_a_row_and_the_guards_match(make_client):
    with make_client() as c:
        table = {(m, p): g for m, p, g in access_table(c.app)}
    assert set(table) == set(MATRIX), f"routes without a matrix row or rows without a route: {set(table) ^ set(MATRIX)}"
    for key, guard in table.items():
        expected = MATRIX[key]
        assert (guard == "public") if expected == "public" else (set(guard) == expected), key


def test_every_role_against_every_row(make_client, tokens):
    with make_client() as c:
        for (method, path), allowed in MATRIX.items():
            url = (path.replace("{client_id}", "999999").replace("{project_id}", "999999")
                   .replace("{guideline_id}", "999999"))
            if allowed == "public":
                assert c.request(method, url).status_code == 200
                continue
            assert c.request(method, url).status_code == 401, (method, path)
            for role in Role:
                r = c.request(method, url, headers=tokens.headers(role, 500 + int(role)))
                assert r.status_code < 500, (method, path, role, r.text)
                if role in allowed:
                    assert r.status_code not in (401, 403), (method, path, role, r.status_code)
                else:
                    assert r.status_code == 403, (method, path, role, r.status_code)


@pytest.fixture
def two_projects(make_client, tokens):
    with make_client() as c:
        admin = tokens.headers(Role.ADMIN, 1)
        own = c.post("/api/projects", json=project_body(name="Own", managerId=PM), headers=admin).json()["data"]["id"]
        foreign = c.post("/api/projects", json=project_body(name="Foreign", managerId=PM2), headers=admin).json()["data"]["id"]
        c.post("/api/assignment", json={"projectId": own, "surveyorId": SURVEYOR}, headers=admin)
        yield c, own, foreign


def test_project_manager_sees_and_changes_only_own_projects(two_projects, tokens):
    c, own, foreign = two_projects
    pm = tokens.headers(Role.PROJECT_MANAGER, PM)
    assert c.get(f"/api/projects/{own}", headers=pm).status_code == 200
    assert c.get(f"/api/projects/{foreign}", headers=pm).status_code == 404
    assert [p["id"] for p in c.get("/api/projects", headers=pm).json()["rows"]] == [own]
    # userId cannot widen a PM's view
    assert c.get(f"/api/projects?userId={PM2}", headers=pm).json()["count"] == 1
    assert c.put("/api/projects/lock", json={"id": own, "isLocked": True}, headers=pm).status_code == 200
    assert c.put("/api/projects/lock", json={"id": foreign, "isLocked": True}, headers=pm).status_code == 404
    assert c.post("/api/assignment", json={"projectId": foreign, "surveyorId": SURVEYOR}, headers=pm).status_code == 404
    assert c.get(f"/api/assignment?projectId={foreign}", headers=pm).status_code == 404
    assert c.get(f"/api/language?projectId={foreign}", headers=pm).status_code == 404
    body = project_body(name="Taken", managerId=PM2)
    assert c.put("/api/projects", json={**body, "id": foreign}, headers=pm).status_code == 404
    ops = tokens.headers(Role.OPERATIONS, OPS)
    assert c.get("/api/projects", headers=ops).json()["count"] == 2
    assert c.get(f"/api/projects?userId={PM2}", headers=ops).json()["count"] == 1


def test_surveyor_sees_only_assigned_projects(two_projects, tokens):
    c, own, foreign = two_projects
    sv = tokens.headers(Role.SURVEYOR, SURVEYOR)
    assert [p["id"] for p in c.get("/api/projects", headers=sv).json()["rows"]] == [own]
    assert c.get(f"/api/projects/{own}", headers=sv).status_code == 200
    assert c.get(f"/api/projects/{foreign}", headers=sv).status_code == 404
    other = tokens.headers(Role.SURVEYOR, 999)
    assert c.get(f"/api/projects/{own}", headers=other).status_code == 404
    assert c.get("/api/projects", headers=other).json()["count"] == 0
