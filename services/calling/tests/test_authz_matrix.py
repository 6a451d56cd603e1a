"""Every route of the app has a row here; every role is tried against every row; own vs foreign objects."""

import pytest

from kit.auth import Role

from kit.auth import route_access_table as access_table
from calling_testkit import CIMR_SURVEYOR

SURVEYORS = {Role.SURVEYOR, Role.CIMR_SURVEYOR, Role.KELLER_SURVEYOR}
ESCALATION_READERS = {Role.OPERATIONS, Role.PROJECT_MANAGER}
LOG_EDITORS = {Role.OPERATIONS, Role.QUALITY}
PROGRESS_READERS = {Role.ADMIN, Role.OPERATIONS, Role.PROJECT_MANAGER, Role.CIMR_MANAGER, *SURVEYORS}
LOG_READERS = {Role.ADMIN, Role.OPERATIONS, Role.PROJECT_MANAGER, Role.QUALITY, Role.CIMR_MANAGER, *SURVEYORS}

CALL_BODY = {"id": 1, "projectId": 1, "visitId": 1, "visitorId": "P1", "result": 4, "isPartial": True}
MATRIX = {
    # (method, path): (allowed roles, request kwargs builder(user_id), status an allowed role gets on empty data)
    ("POST", "/api/calls"): (SURVEYORS, lambda uid: {"json": {"projectId": 1, "surveyorId": uid}}, 404),
    ("PUT", "/api/calls"): (SURVEYORS, lambda uid: {"json": CALL_BODY}, 404),
    ("PUT", "/api/call-lock"): (SURVEYORS, lambda uid: {"json": {"callId": 1, "projectId": 1}}, 404),
    ("GET", "/api/calls-log"): (LOG_READERS, lambda uid: {}, 200),
    ("GET", "/api/calls-log/{call_id}"): (LOG_READERS, lambda uid: {}, 404),
    ("GET", "/api/calls-log/export"): (LOG_READERS, lambda uid: {}, 404),  # "No Data Found"
    ("PUT", "/api/calls-log"): (LOG_EDITORS, lambda uid: {"json": {"id": 1, "isQARemoval": True}}, 404),
    ("GET", "/api/calls-progress"): (PROGRESS_READERS, lambda uid: {"params": {"isWeekly": "false", "projectId": 1}}, 404),  # unknown project
    ("GET", "/api/escalations"): (ESCALATION_READERS, lambda uid: {}, 200),
    ("GET", "/api/escalations/{escalation_id}"): (ESCALATION_READERS, lambda uid: {}, 404),
    ("PUT", "/api/escalations"): (ESCALATION_READERS, lambda uid: {"json": {"id": 1, "status": True}}, 404),
    ("GET", "/api/phi-audit/calling"): ({Role.ADMIN}, lambda uid: {}, 200),
    ("GET", "/api/phi-audit/calling/export"): ({Role.ADMIN}, lambda uid: {}, 200),
    ("GET", "/healthz"): ("public", lambda uid: {}, 200),
    ("GET", "/metrics"): ("public", lambda uid: {}, 200),
}


def test_every_route_has_a_row(client):
    table = {(m, p): g for m, p, g in access_table(client.app)}
    assert set(table) == set(MATRIX), set(table) ^ set(MATRIX)
    for key, guard in table.items():
        allowed = MATRIX[key][0]
        assert (guard == "public") if allowed == "public" else (set(guard) == set(allowed)), key


def test_every_role_against_every_row(client, tokens):
    for (method, path), (allowed, kwargs, ok_status) in MATRIX.items():
        url = path.replace("{call_id}", "1").replace("{escalation_id}", "1")
        if allowed == "public":
            assert client.request(method, url).status_code == ok_status
            continue
        assert client.request(method, url, **kwargs(1)).status_code == 401, (method, path)
        for role in Role:
            uid = 500 + int(role)
            r = client.request(method, url, headers=tokens.headers(role, user_id=uid), **kwargs(uid))
            expected = ok_status if role in allowed else 403
            assert r.status_code == expected, (method, path, role, r.status_code, r.text)


@pytest.mark.parametrize("role", sorted(SURVEYORS))
def test_own_vs_foreign_call(world, role):
    pid = world.project()
    me, other = world.user(role=role), world.user(role=CIMR_SURVEYOR)
    for s in (me, other):
        world.assign(pid, s)
    world.sampling(pid)
    world.visits(pid, 3)
    mine = world.claim(pid, me, role=role).json()["data"]
    theirs = world.claim(pid, other, role=CIMR_SURVEYOR).json()["data"]
    assert world.result(theirs, me, 4, role=role).status_code == 404
    assert world.release(theirs, me, role=role).status_code == 404
    assert world.result(mine, me, 4, role=role).status_code == 200
    assert world.result(theirs, other, 4, role=CIMR_SURVEYOR).status_code == 200
    h = world.h(role, me)
    assert world.client.get(f"/api/calls-log/{mine['callId']}", headers=h).status_code == 200
    assert world.client.get(f"/api/calls-log/{theirs['callId']}", headers=h).status_code == 404
    # nobody claims for somebody else
    r = world.client.post("/api/calls", headers=h, json={"projectId": pid, "surveyorId": other})
    assert r.status_code == 403
