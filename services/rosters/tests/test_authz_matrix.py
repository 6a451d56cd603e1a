"""Every route of the rosters app, who may call it, and own-vs-foreign project checks for managers."""

from kit.auth import Role
from kit.auth import route_access_table as access_table
from rosters_support import OTHER_PROJECT, PM, PROJECT, row, roster_csv, upload

R = Role
MANAGERS = {R.ADMIN, R.OPERATIONS, R.PROJECT_MANAGER}
MATRIX: dict[tuple[str, str], set[Role] | str] = {
    ("POST", "/api/roster/{project_id}"): MANAGERS,
    ("DELETE", "/api/roster/{project_id}"): MANAGERS,
    ("GET", "/api/roster"): MANAGERS,
    ("PUT", "/api/roster"): MANAGERS,
    ("GET", "/api/sampling"): MANAGERS,
    ("PUT", "/api/sampling"): MANAGERS,
    ("POST", "/api/sampling"): MANAGERS,
    ("DELETE", "/api/sampling"): MANAGERS,
    ("GET", "/api/sampling/providers"): MANAGERS,
    ("PUT", "/api/sampling/providers"): MANAGERS,
    ("POST", "/api/sampling/operations"): MANAGERS,
    ("PUT", "/api/language"): MANAGERS,
    ("GET", "/api/calls"): MANAGERS,
    ("GET", "/api/phi-audit/rosters"): {R.ADMIN},
    ("GET", "/api/phi-audit/rosters/export"): {R.ADMIN},
    ("GET", "/healthz"): "public",
    ("GET", "/metrics"): "public",
}


def test_every_route_has_a_row_and_the_guards_match(make_client):
    with make_client() as c:
        table = {(m, p): g for m, p, g in access_table(c.app)}
    assert set(table) == set(MATRIX), f"unmatched: {set(table) ^ set(MATRIX)}"
    for key, guard in table.items():
        expected = MATRIX[key]
        assert (guard == "public") if expected == "public" else (set(guard) == expected), key


def test_every_role_against_every_row(make_client, tokens):
    with make_client() as c:
        for (method, path), allowed in MATRIX.items():
            url = path.replace("{project_id}", "999999")
            if allowed == "public":
                assert c.request(method, url).status_code == 200
                continue
            assert c.request(method, url).status_code == 401, (method, path)
            for role in Role:
                r = c.request(method, url, headers=tokens.headers(role, 500 + int(role)))
                assert r.status_code < 500, (method, path, role, r.text)
                if role in allowed:
                    assert r.status_code not in (401, 403), (method, path, role)
                else:
                    assert r.status_code == 403, (method, path, role, r.status_code)


def test_project_manager_reaches_only_own_projects(make_client, tokens):
    with make_client() as c:
        pm = tokens.headers(Role.PROJECT_MANAGER, PM)
        content = roster_csv([row(i) for i in range(3)])
        assert upload(c, pm, content, project_id=PROJECT).status_code == 200
        assert upload(c, pm, content, project_id=OTHER_PROJECT).status_code == 404
        assert upload(c, pm, content, project_id=OTHER_PROJECT, only_parse="false").status_code == 404
        assert c.get(f"/api/roster?projectId={OTHER_PROJECT}", headers=pm).status_code == 404
        assert c.get(f"/api/sampling?projectId={OTHER_PROJECT}", headers=pm).status_code == 404
        assert c.get(f"/api/sampling?projectId={PROJECT}", headers=pm).status_code == 200
        assert c.put("/api/sampling", json={"projectId": OTHER_PROJECT, "maxCalls": 5}, headers=pm).status_code == 404
        ops = tokens.headers(Role.OPERATIONS, 99)
        assert upload(c, ops, content, project_id=OTHER_PROJECT, only_parse="false").status_code == 200
        assert c.get("/api/roster", headers=pm).json()["count"] == 0  # the committed roster is PM2's project's
        assert c.get("/api/roster", headers=ops).json()["count"] == 1
        rid = c.get("/api/roster", headers=ops).json()["rows"][0]["id"]
        assert c.put("/api/roster", json={"id": rid, "projectId": OTHER_PROJECT}, headers=pm).status_code == 404
