"""PHI access audit in calling (kit.phi_audit): the call-log detail, the call screen's claim, the escalation
detail and the call-log export each leave an append-only row (who, when, which patient or export, from where);
the database refuses to change or delete one; a read whose row cannot be written fails; the Admin search."""

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from kit.auth import Role


def data(r):
    assert r.status_code == 200, r.text
    return r.json()["data"]


def audit(world, **params) -> list[dict]:
    r = world.client.get("/api/phi-audit/calling", headers=world.h(Role.ADMIN, 1), params=params)
    assert r.status_code == 200, r.text
    return r.json()["rows"]


def test_each_read_of_a_patient_leaves_a_row_the_admin_finds(world):
    pm = world.user(Role.PROJECT_MANAGER)
    pid = world.project(manager_id=pm)
    sid = world.user()
    world.assign(pid, sid)
    world.sampling(pid)
    world.visits(pid, 3)
    call = data(world.claim(pid, sid))
    data(world.result(call, sid, 3, escalation="Patient wants a call back", surveyLanguageId=1))
    rows = audit(world)
    assert [(r["action"], r["userId"], r["visitId"], r["patient"]) for r in rows] == [
        ("call.claim", sid, call["visitId"], call["visitorId"])]
    assert rows[0]["ip"] and rows[0]["at"].endswith("Z") or "+00:00" in rows[0]["at"]

    data(world.client.get(f"/api/calls-log/{call['callId']}", headers=world.h(Role.QUALITY, 77)))
    esc = world.client.get("/api/escalations", headers=world.h(Role.PROJECT_MANAGER, pm)).json()["rows"][0]
    data(world.client.get(f"/api/escalations/{esc['id']}", headers=world.h(Role.PROJECT_MANAGER, pm)))
    r = world.client.get("/api/calls-log/export", headers=world.h(Role.OPERATIONS, 88), params={"projectId": pid})
    assert r.status_code == 200

    rows = audit(world)
    assert [(r["action"], r["userId"]) for r in rows] == [
        ("call_log.export", 88), ("escalation.view", pm), ("escalation.list", pm), ("call_log.view", 77),
        ("call.claim", sid)]
    assert rows[0]["export"] == f"call log, project {pid}" and rows[0]["visitId"] is None
    assert rows[1]["visitId"] == rows[3]["visitId"] == call["visitId"]
    # searched by user, by patient, by visit, by date
    assert [r["action"] for r in audit(world, userId=77)] == ["call_log.view"]
    assert len(audit(world, patient=call["visitorId"])) == 3
    assert len(audit(world, visitId=call["visitId"])) == 3
    today = rows[0]["at"][:10]
    assert len(audit(world, **{"from": today, "to": today})) == 5
    assert audit(world, **{"from": "2000-01-01", "to": "2000-01-02"}) == []
    bad = world.client.get("/api/phi-audit/calling", headers=world.h(Role.ADMIN, 1), params={"from": "yesterday"})
    assert bad.status_code == 400 and "from" in bad.json()["message"]
    for path in ("/api/phi-audit/calling", "/api/phi-audit/calling/export"):
        reversed_ = world.client.get(path, headers=world.h(Role.ADMIN, 1), params={"from": today, "to": "2000-01-01"})
        assert reversed_.status_code == 400 and reversed_.json()["message"] == "to: must not be before from"
    csv = world.client.get("/api/phi-audit/calling/export", headers=world.h(Role.ADMIN, 1), params={"userId": 77})
    assert csv.status_code == 200 and csv.headers["content-type"].startswith("text/csv")
    lines = csv.text.lstrip("\ufeff").strip().splitlines()
    assert len(lines) == 2 and "call_log.view" in lines[1]
    # a refused read and an empty page are not patient reads
    world.client.get(f"/api/calls-log/{call['callId']}", headers=world.h(Role.SURVEYOR, 999))  # not theirs: 404
    assert data_rows(world.client.get("/api/calls-log", headers=world.h(Role.SURVEYOR, 999))) == []
    assert data_rows(world.client.get("/api/escalations", headers=world.h(Role.PROJECT_MANAGER, 999))) == []
    assert len(audit(world)) == 5


def data_rows(r):
    assert r.status_code == 200, r.text
    return r.json()["rows"]


def test_a_page_of_the_call_log_is_recorded_with_what_it_showed(world):
    """The list rows carry names, phones, DOB, MRN and comments: each page read is in the trail."""
    pm = world.user(Role.PROJECT_MANAGER)
    pid = world.project(manager_id=pm)
    sid = world.user()
    world.assign(pid, sid)
    world.sampling(pid)
    world.visits(pid, 3)
    calls = []
    for _ in range(2):
        call = data(world.claim(pid, sid))
        data(world.result(call, sid, 4))
        calls.append(call)
    before = len(audit(world))
    rows = data_rows(world.client.get("/api/calls-log", headers=world.h(Role.PROJECT_MANAGER, pm),
                                      params={"projectId": pid, "limit": 1, "orderBy": "surveyedOn",
                                              "orderDir": "DESC"}))
    assert len(rows) == 1 and rows[0]["patientFullName"]
    listed = audit(world)[0]
    assert len(audit(world)) == before + 1
    assert (listed["action"], listed["userId"], listed["userRole"]) == ("call_log.list", pm, int(Role.PROJECT_MANAGER))
    assert listed["export"] == f"call log, project {pid}, order surveyedOn DESC, skip 0, limit 1, rows 1-1 of 2"
    assert (listed["visitId"], listed["patient"]) == (rows[0]["visitId"], rows[0]["visitorId"])  # one patient: named
    # a phone search names only that it searched, never the number
    phone = world.visit(calls[0]["visitId"]).phone_cell
    r = world.client.get("/api/calls-log", headers=world.h(Role.QUALITY, 77), params={"searchPhone": phone})
    assert data_rows(r)
    listed = audit(world, userId=77)[0]
    assert listed["action"] == "call_log.list" and "phone search" in listed["export"]
    assert phone not in listed["export"] and "".join(c for c in phone if c.isdigit()) not in listed["export"]
    # a page of several patients names none of them
    data_rows(world.client.get("/api/calls-log", headers=world.h(Role.OPERATIONS, 88)))
    listed = audit(world, userId=88)[0]
    assert listed["visitId"] is None and listed["patient"] is None and listed["export"].endswith("rows 1-2 of 2")


def test_a_page_of_escalations_is_recorded_with_what_it_showed(world):
    """The list's rows carry the escalation notes a surveyor wrote about the patient: each page read is in the
    trail, with its filters and rows and never the notes; an empty page is not."""
    pm = world.user(Role.PROJECT_MANAGER)
    pid = world.project(manager_id=pm)
    sid = world.user()
    world.assign(pid, sid)
    world.sampling(pid)
    world.visits(pid, 2)
    for notes in ("Patient Ann Example is angry", "Patient Bo Example wants a call back"):
        data(world.result(data(world.claim(pid, sid)), sid, 3, escalation=notes, surveyLanguageId=1))
    before = len(audit(world))
    r = world.client.get("/api/escalations", headers=world.h(Role.PROJECT_MANAGER, pm),
                         params={"projectId": pid, "limit": 1, "status": "false"})
    assert r.status_code == 200 and r.json()["rows"][0]["notes"], r.text
    rows = audit(world)
    assert len(rows) == before + 1
    listed = rows[0]
    assert (listed["action"], listed["userId"], listed["userRole"]) == (
        "escalation.list", pm, int(Role.PROJECT_MANAGER))
    assert listed["export"] == f"escalations, project {pid}, resolved False, skip 0, limit 1, rows 1-1 of 2"
    assert "Example" not in listed["export"] and listed["visitId"] is None
    # an empty page (another project manager's view of nothing) is not a read of any patient
    r = world.client.get("/api/escalations", headers=world.h(Role.PROJECT_MANAGER, world.user(Role.PROJECT_MANAGER)))
    assert r.status_code == 200 and r.json()["rows"] == []
    assert len(audit(world)) == before + 1


def test_the_edits_that_answer_with_the_record_are_recorded(world):
    pm = world.user(Role.PROJECT_MANAGER)
    pid = world.project(manager_id=pm)
    sid = world.user()
    world.assign(pid, sid)
    world.sampling(pid)
    world.visits(pid, 2)
    call = data(world.claim(pid, sid))
    data(world.result(call, sid, 3, escalation="Call me back", surveyLanguageId=1))
    edited = data(world.client.put("/api/calls-log", headers=world.h(Role.QUALITY, 77),
                                   json={"id": call["callId"], "isQARemoval": True}))
    assert edited["patientFullName"]
    row = audit(world, userId=77)[0]
    assert (row["action"], row["visitId"], row["patient"]) == ("call_log.edit", call["visitId"], call["visitorId"])
    esc = data_rows(world.client.get("/api/escalations", headers=world.h(Role.PROJECT_MANAGER, pm)))[0]
    resolved = data(world.client.put("/api/escalations", headers=world.h(Role.PROJECT_MANAGER, pm),
                                     json={"id": esc["id"], "status": True}))
    assert resolved["log"]["patientFullName"]
    row = audit(world, userId=pm)[0]
    assert (row["action"], row["visitId"], row["patient"]) == ("escalation.edit", call["visitId"], call["visitorId"])
    # a refused edit is no read
    n = len(audit(world))
    assert world.client.put("/api/calls-log", headers=world.h(Role.QUALITY, 77), json={"id": 10**9,
                                                                                       "isQARemoval": True}).status_code == 404
    assert len(audit(world)) == n


def test_the_trail_is_append_only_in_the_database(world):
    pid, sid = world.setup(2)
    data(world.claim(pid, sid))
    for stmt in ("UPDATE phi_access_audit SET user_id = 1", "DELETE FROM phi_access_audit"):
        with pytest.raises(DBAPIError, match="append-only"):
            with world.db.session() as s:
                s.execute(text(stmt))
    assert len(audit(world)) == 1


def test_a_read_whose_row_cannot_be_written_fails_and_shows_nothing(world):
    pid, sid = world.setup(2)
    call = data(world.claim(pid, sid))
    data(world.result(call, sid, 4))
    assert world.client.get(f"/api/calls-log/{call['callId']}", headers=world.h(Role.ADMIN, 1)).status_code == 200
    with world.db.session() as s:  # the trail's table is gone: nothing can be recorded
        s.execute(text("ALTER TABLE phi_access_audit RENAME TO phi_access_audit_away"))
    r = world.client.get(f"/api/calls-log/{call['callId']}", headers=world.h(Role.ADMIN, 1))
    assert r.status_code == 503 and "audit" in r.json()["message"]
    assert "visitorId" not in r.text


def test_only_rows_past_six_years_can_be_purged(world):
    from datetime import timedelta

    from kit.phi_audit import purge

    pid, sid = world.setup(2)
    data(world.claim(pid, sid))
    table = world.db.base.metadata.tables["phi_access_audit"]
    from kit.events import utcnow
    with world.db.session() as s:
        assert purge(s, table) == 0  # young rows stay
        s.execute(table.insert().values(at=utcnow() - timedelta(days=6 * 366 + 2), service="calling", user_id=1,
                                        user_role=0, user_name="x", action="call_log.view", ip="127.0.0.1"))
    with world.db.session() as s:
        assert purge(s, table) == 1
    assert len(audit(world)) == 1
