"""Assignments, weekly goal history and guidelines on SQLite and PostgreSQL; bad input changes nothing."""

from contextlib import contextmanager
from datetime import date, timedelta

import pytest
from fastapi.testclient import TestClient

from kit.auth import Role
from kit.testing import base_settings
from projects import periods
from projects.config import Settings
from projects.main import create_app
from projects_support import (
    ADMIN, CIMR_MANAGER, CIMR_SURVEYOR, KELLER, OPS, PDF, PM, PM2, SURVEYOR, client_body, load_users, outbox,
    project_body,
)


def h(tokens, role=Role.ADMIN, uid=ADMIN):
    return tokens.headers(role, uid)


@pytest.fixture
def project(api, tokens):
    return api.post("/api/projects", json=project_body(), headers=h(tokens)).json()["data"]["id"]


def test_assignment_update_and_cimr_rules(api, tokens, project):
    ops = h(tokens, Role.OPERATIONS, OPS)
    for sid in (SURVEYOR, CIMR_SURVEYOR, KELLER):  # other assigners pick any of the three surveyor roles
        r = api.post("/api/assignment", json={"projectId": project, "surveyorId": sid, "surveyorGoals": 10}, headers=ops)
        assert r.status_code == 201, r.text
    rows = api.get(f"/api/assignment?projectId={project}&orderBy=email&orderDir=ASC", headers=ops).json()["rows"]
    assert [r["surveyor"]["email"] for r in rows] == ["cimr-surveyor@demo.test", "keller@demo.test", "surveyor@demo.test"]
    asg = next(r["id"] for r in rows if r["surveyorId"] == SURVEYOR)
    r = api.put("/api/assignment", json={"id": asg, "surveyorGoals": 25, "surveyorCompGoals": 5}, headers=ops)
    assert r.status_code == 200 and (r.json()["data"]["surveyorGoals"], r.json()["data"]["surveyorCompGoals"]) == (25, 5)
    assert outbox(api.app, "projects.assignment.updated")[-1]["data"]["surveyorGoals"] == 25
    assert api.put("/api/assignment", json={"id": asg}, headers=ops).status_code == 400
    assert api.put("/api/assignment", json={"id": 999999, "surveyorGoals": 1}, headers=ops).status_code == 404
    assert api.put("/api/assignment", json={"id": asg, "surveyorGoals": -1}, headers=ops).status_code == 422
    cimr = h(tokens, Role.CIMR_MANAGER, CIMR_MANAGER)
    listed = api.get(f"/api/assignment?projectId={project}", headers=cimr).json()
    assert [r["surveyorId"] for r in listed["rows"]] == [CIMR_SURVEYOR]
    assert api.put("/api/assignment", json={"id": asg, "surveyorGoals": 1}, headers=cimr).status_code == 404
    other = api.post("/api/projects", json=project_body(name="Other"), headers=h(tokens)).json()["data"]["id"]
    r = api.post("/api/assignment", json={"projectId": other, "surveyorId": SURVEYOR}, headers=cimr)
    assert r.status_code == 403 and "CIMR" in r.json()["message"]
    assert api.post("/api/assignment", json={"projectId": other, "surveyorId": CIMR_SURVEYOR}, headers=cimr).status_code == 201
    r = api.post("/api/assignment", json={"projectId": other, "surveyorId": 4242}, headers=ops)
    assert r.status_code == 400 and "surveyorId" in r.json()["message"]
    pm2 = h(tokens, Role.PROJECT_MANAGER, PM2)
    assert api.put("/api/assignment", json={"id": asg, "surveyorGoals": 1}, headers=pm2).status_code == 404


def test_a_deactivated_project_takes_no_new_or_changed_assignment(api, tokens, project):
    """Spec §4: a deactivated project offers no Edit; its assignments are changed only after reactivating it."""
    ops = h(tokens, Role.OPERATIONS, OPS)
    asg = api.post("/api/assignment", json={"projectId": project, "surveyorId": SURVEYOR}, headers=ops).json()["data"]["id"]
    api.delete(f"/api/projects?id={project}&isDeactivated=true", headers=h(tokens))
    before = len(outbox(api.app, "projects.assignment.created")), len(outbox(api.app, "projects.assignment.updated"))
    r = api.post("/api/assignment", json={"projectId": project, "surveyorId": KELLER}, headers=ops)
    assert r.status_code == 400 and "deactivated" in r.json()["message"], r.text
    r = api.put("/api/assignment", json={"id": asg, "surveyorGoals": 9}, headers=ops)
    assert r.status_code == 400 and "deactivated" in r.json()["message"], r.text
    r = api.post("/api/assignment-history/add-week", json={"assignmentId": asg}, headers=ops)
    assert r.status_code == 400 and "deactivated" in r.json()["message"], r.text
    monday = periods.week_start(date(2026, 3, 4)).isoformat()
    r = api.put("/api/assignment-history/week-data", headers=ops, json={
        "projectId": project, "surveyorId": SURVEYOR, "weekDate": monday, "weekGoals": 5, "weekCompGoals": 1})
    assert r.status_code == 400 and "deactivated" in r.json()["message"], r.text
    assert api.get(f"/api/assignment?projectId={project}", headers=h(tokens)).json()["rows"][0]["assignmentHistory"] == []
    after = len(outbox(api.app, "projects.assignment.created")), len(outbox(api.app, "projects.assignment.updated"))
    assert after == before
    api.delete(f"/api/projects?id={project}&isDeactivated=false", headers=h(tokens))
    assert api.post("/api/assignment", json={"projectId": project, "surveyorId": KELLER}, headers=ops).status_code == 201


def test_weekly_goal_history(api, tokens, project):
    ops = h(tokens, Role.OPERATIONS, OPS)
    asg = api.post("/api/assignment", json={"projectId": project, "surveyorId": SURVEYOR, "surveyorGoals": 12},
                   headers=ops).json()["data"]["id"]
    monday = periods.week_start(periods.business_today())
    r = api.post("/api/assignment-history", json={"rows": [
        {"assignmentId": asg, "weekDate": (monday + timedelta(days=2)).isoformat(), "weekGoals": 8},  # a Wednesday
        {"assignmentId": asg, "weekDate": (monday - timedelta(days=7)).isoformat(), "weekGoals": 6}]}, headers=ops)
    assert r.status_code == 201, r.text
    weeks = r.json()["data"]["rows"]
    assert [w["weekDate"] for w in weeks] == [monday.isoformat(), (monday - timedelta(days=7)).isoformat()]
    added = api.post("/api/assignment-history/add-week", json={"assignmentId": asg}, headers=ops).json()["data"]
    assert added["weekDate"] == (monday + timedelta(days=7)).isoformat() and added["weekGoals"] == 12
    r = api.put("/api/assignment-history", json={"id": added["id"], "weekGoals": 30}, headers=ops)
    assert r.json()["data"]["weekGoals"] == 30
    wd = api.get(f"/api/assignment-history/week-data?projectId={project}&surveyorId={SURVEYOR}"
                 f"&weekDate={(monday + timedelta(days=9)).isoformat()}", headers=ops).json()
    assert (wd["id"], wd["weekGoals"]) == (added["id"], 30)
    empty = api.get(f"/api/assignment-history/week-data?projectId={project}&surveyorId={SURVEYOR}"
                    f"&weekDate={(monday + timedelta(days=70)).isoformat()}", headers=ops).json()
    assert empty["id"] is None and empty["weekGoals"] == 12  # no row: the assignment's goals
    r = api.put("/api/assignment-history/week-data", json={"projectId": project, "surveyorId": SURVEYOR,
                                                           "weekDate": (monday + timedelta(days=70)).isoformat(),
                                                           "weekGoals": 3}, headers=ops)
    assert r.json()["data"]["weekGoals"] == 3 and r.json()["data"]["id"] is not None
    history = api.get(f"/api/assignment?projectId={project}", headers=ops).json()["rows"][0]["assignmentHistory"]
    assert len(history) == 4 and history == sorted(history, key=lambda w: w["weekDate"])
    assert api.delete(f"/api/assignment-history?id={added['id']}&assignmentId=999", headers=ops).status_code == 404
    r = api.delete(f"/api/assignment-history?id={added['id']}&assignmentId={asg}", headers=ops)
    assert r.status_code == 200
    assert len(api.get(f"/api/assignment?projectId={project}", headers=ops).json()["rows"][0]["assignmentHistory"]) == 3
    assert outbox(api.app, "projects.assignment.updated")[-1]["data"]["weeks"]
    # not assigned / foreign project / bad dates
    assert api.get(f"/api/assignment-history/week-data?projectId={project}&surveyorId={KELLER}&weekDate=2026-01-05",
                   headers=ops).status_code == 404
    pm2 = h(tokens, Role.PROJECT_MANAGER, PM2)
    assert api.post("/api/assignment-history/add-week", json={"assignmentId": asg}, headers=pm2).status_code == 404
    assert api.get(f"/api/assignment-history/week-data?projectId={project}&surveyorId={SURVEYOR}&weekDate=junk",
                   headers=ops).status_code == 422
    assert api.post("/api/assignment-history", json={"rows": [{"assignmentId": asg, "weekDate": "1900-01-01"}]},
                    headers=ops).status_code == 400
    # deleting the assignment takes its weeks along
    assert api.delete(f"/api/assignment?id={asg}", headers=ops).status_code == 200


@contextmanager
def _app(tmp_path, keypair, url, **over):
    app = create_app(Settings(**{**base_settings(tmp_path, url, keypair), **over}))
    with TestClient(app) as c:
        load_users(app)
        yield c


@pytest.mark.parametrize("store", ["folder", "database"])
def test_guidelines_upload_gate_status_and_file(tmp_path, keypair, tokens, database_url, store):
    with _app(tmp_path, keypair, database_url, guideline_store=store, guideline_max_bytes=4096) as api:
        a = h(tokens)
        pid = api.post("/api/projects", json=project_body(), headers=a).json()["data"]["id"]
        api.post("/api/assignment", json={"projectId": pid, "surveyorId": SURVEYOR}, headers=a)
        sv = h(tokens, Role.SURVEYOR, SURVEYOR)
        st = api.get(f"/api/guidelines/status?projectId={pid}", headers=sv).json()
        assert st == {"projectId": pid, "surveyorId": SURVEYOR, "guidelineId": None, "status": None, "required": False}
        assert api.get(f"/api/guidelines?projectId={pid}", headers=sv).json() == {"rows": [], "count": 0}
        pm = h(tokens, Role.PROJECT_MANAGER, PM)

        def up(content, name="rules.pdf", headers=pm, project=pid):
            return api.post("/api/guidelines", data={"projectId": str(project), "fileName": name},
                            files={"file": (name, content, "application/pdf")}, headers=headers)

        r = up(b"GIF89a not a pdf")
        assert r.status_code == 415 and "PDF" in r.json()["message"]
        r = up(b"%PDF-" + b"x" * 5000)
        assert r.status_code == 413 and "file" in r.json()["message"]
        r = up(b"%PDF-1.4\nthis is not really a pdf\n")  # pdf.js could not show it to the surveyors
        assert r.status_code == 415 and r.json()["message"].startswith("file: the PDF could not be read"), r.text
        r = up(b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >>"
               b" endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")
        assert r.status_code == 415 and r.json()["message"] == "file: the PDF has no pages", r.text
        r = api.post("/api/guidelines", data={"projectId": str(pid)}, headers=pm)
        assert r.status_code == 400 and "file" in r.json()["message"]
        assert up(PDF, headers=h(tokens, Role.QUALITY, 40)).status_code == 403
        assert up(PDF, headers=h(tokens, Role.PROJECT_MANAGER, PM2)).status_code == 404
        assert up(PDF, project=999999).status_code == 404
        assert api.get(f"/api/guidelines?projectId={pid}", headers=sv).json()["count"] == 0  # nothing changed
        r = up(PDF, name="C:\\docs\\Guidelines v1.pdf")
        assert r.status_code == 201, r.text
        g = r.json()["data"]
        assert g["fileName"] == "Guidelines v1.pdf" and g["isCurrent"] and g["size"] == len(PDF)
        ev = outbox(api.app, "projects.guideline.uploaded")[-1]["data"]
        assert (ev["projectId"], ev["guidelineId"], ev["fileName"]) == (pid, g["id"], "Guidelines v1.pdf")
        assert ev["uploadedAt"].endswith("Z")
        f = api.get(g["url"], headers=sv)
        assert f.status_code == 200 and f.content == PDF and f.headers["content-type"] == "application/pdf"
        assert api.get(g["url"], headers=h(tokens, Role.QUALITY, 40)).status_code == 200
        assert api.get(g["url"], headers=h(tokens, Role.SURVEYOR, 999)).status_code == 404  # not assigned
        assert api.get(g["url"], headers=h(tokens, Role.PROJECT_MANAGER, PM2)).status_code == 404
        st = api.get(f"/api/guidelines/status?projectId={pid}", headers=sv).json()
        assert st["required"] is True and st["status"] is None
        r = api.put("/api/guidelines/status", json={"projectId": pid, "status": "remind"}, headers=sv)
        assert r.json()["data"]["status"] == "remind" and r.json()["data"]["required"] is True
        r = api.put("/api/guidelines/status", json={"projectId": pid, "status": "confirmed"}, headers=sv)
        assert r.json()["data"] == {"projectId": pid, "surveyorId": SURVEYOR, "guidelineId": g["id"],
                                    "status": "confirmed", "required": False}
        assert outbox(api.app, "projects.guideline.status_changed")[-1]["data"] == {
            "projectId": pid, "surveyorId": SURVEYOR, "guidelineId": g["id"], "status": "confirmed"}
        assert api.put("/api/guidelines/status", json={"projectId": pid, "status": "maybe"}, headers=sv).status_code == 422
        assert api.put("/api/guidelines/status", json={"projectId": pid, "status": "confirmed"},
                       headers=h(tokens, Role.SURVEYOR, 999)).status_code == 404
        # a new upload is the current guidelines: the surveyor must confirm again
        g2 = up(PDF + b"%v2\n", name="v2.pdf").json()["data"]
        listed = api.get(f"/api/guidelines?projectId={pid}&managerId={PM}", headers=a).json()["rows"]
        assert [x["id"] for x in listed] == [g2["id"], g["id"]] and [x["isCurrent"] for x in listed] == [True, False]
        assert api.get(f"/api/guidelines/status?projectId={pid}", headers=sv).json()["required"] is True
        ops = h(tokens, Role.OPERATIONS, OPS)
        assert api.get(f"/api/guidelines/status?projectId={pid}&surveyorId={SURVEYOR}", headers=ops).json()["required"]
        assert api.get(f"/api/guidelines?projectId={pid}&surveyorId={KELLER}", headers=ops).status_code == 404
        assert api.get(f"/api/guidelines/status?projectId={pid}", headers=ops).status_code == 400
        if store == "folder":
            assert len(list(tmp_path.rglob("guidelines/*.pdf"))) == 2


def _count(api, tokens, path):
    return api.get(path, headers=h(tokens)).json()["count"]


def test_bad_input_is_a_4xx_naming_the_field_and_changes_nothing(api, tokens, project):
    a = h(tokens)
    before = (_count(api, tokens, "/api/clients"), _count(api, tokens, "/api/projects"))
    huge = "x" * 1_048_000
    cases = [
        ("post", "/api/clients", client_body(name=huge), "name"),
        ("post", "/api/clients", client_body(stateId="five"), "stateId"),
        ("post", "/api/clients", {k: v for k, v in client_body().items() if k != "abbr"}, "abbr"),
        ("post", "/api/clients", client_body(name="A\x00B"), "name"),
        ("put", "/api/clients", {**client_body(), "id": 2**70}, "id"),
        ("put", "/api/clients", {**client_body(), "id": 999999}, "Client"),
        ("post", "/api/projects", project_body(name=huge), "name"),
        ("post", "/api/projects", project_body(managerId=2**63), "managerId"),
        ("post", "/api/projects", project_body(managerId=4242), "managerId"),
        ("post", "/api/projects", project_body(clientId=999999), "clientId"),
        ("post", "/api/projects", project_body(langIds=[99]), "langIds"),
        ("post", "/api/projects", project_body(billableRate="abc"), "billableRate"),
        ("post", "/api/projects", project_body(reqGoals=2**40), "reqGoals"),
        ("post", "/api/projects", project_body(notes="n\x00"), "notes"),
        ("post", "/api/projects", {k: v for k, v in project_body().items() if k != "startDate"}, "startDate"),
        ("post", "/api/projects", project_body(lineItems=[{"name": "Setup", "price": "-1"}]), "price"),
        ("put", "/api/projects", {**project_body(), "id": 999999}, "Project"),
        ("put", "/api/projects/lock", {"id": project, "isLocked": "perhaps"}, "isLocked"),
        ("put", "/api/projects/dates", {"id": project, "startDate": "31/01/2026"}, "startDate"),
        ("put", "/api/projects/status", {"id": "x", "statusId": 2}, "id"),
        ("put", "/api/projects/visit-info", {"projectId": project, "fields": "MRN"}, "fields"),
        ("post", "/api/assignment", {"projectId": project}, "surveyorId"),
        ("post", "/api/assignment", {"projectId": project, "surveyorId": SURVEYOR, "surveyorGoals": 2**40}, "surveyorGoals"),
        ("post", "/api/assignment", {"projectId": project, "surveyorId": SURVEYOR, "managerId": 4242}, "managerId"),
        ("post", "/api/assignment", {"projectId": project, "surveyorId": SURVEYOR, "managerId": KELLER}, "managerId"),
        ("post", "/api/assignment-history", {"rows": []}, "rows"),
        ("put", "/api/assignment-history", {"id": 999999, "weekGoals": 1}, "week"),
        ("put", "/api/assignment-history/week-data", {"projectId": project, "surveyorId": SURVEYOR, "weekDate": "x",
                                                      "weekGoals": 1}, "weekDate"),
        ("post", "/api/language", {"name": huge}, "name"),
    ]
    for method, path, body, field in cases:
        r = getattr(api, method)(path, json=body, headers=a)
        assert 400 <= r.status_code < 500, (path, field, r.status_code, r.text[:200])
        assert field in r.json()["message"], (path, field, r.json()["message"][:200])
    for path in ("/api/projects/99999999999999999999999", "/api/clients/abc", "/api/projects?typeId=99",
                 "/api/projects?userId=99999999999999999999", "/api/guidelines?projectId=-1",
                 "/api/projects/name?id=0", "/api/clients?limit=0"):
        r = api.get(path, headers=a)
        assert 400 <= r.status_code < 500, (path, r.status_code)
    for path in ("/api/projects?id=99999999999999999999", "/api/clients?id=x", "/api/assignment?id=2147483648"):
        assert 400 <= api.delete(path, headers=a).status_code < 500, path
    assert (_count(api, tokens, "/api/clients"), _count(api, tokens, "/api/projects")) == before
    assert not outbox(api.app, "projects.assignment.created")


def test_assigned_surveyors_sort_by_name_and_email_as_read(api, tokens, project):
    """The assigned-surveyors table's Surveyor and Email columns sort case-insensitively, both ways."""
    from projects_support import user_event, users_consumer

    consumer = users_consumer(api.app)
    for uid, first, email in ((61, "bob", "bob@demo.test"), (62, "Zed", "Zed@demo.test"), (63, "Amy", "amy@demo.test")):
        consumer.handle(user_event(uid, Role.SURVEYOR, email, firstName=first))
    ops = h(tokens, Role.OPERATIONS, OPS)
    for sid in (61, 62, 63):
        assert api.post("/api/assignment", json={"projectId": project, "surveyorId": sid}, headers=ops).status_code == 201
    for key in ("firstName", "email"):
        for direction in ("ASC", "DESC"):
            rows = api.get(f"/api/assignment?projectId={project}&orderBy={key}&orderDir={direction}", headers=ops).json()["rows"]
            shown = [r["surveyor"][key] for r in rows]
            assert shown == sorted(shown, key=str.lower, reverse=direction == "DESC"), (key, direction, shown)


def test_a_surveyor_deleted_for_good_leaves_the_projects_they_were_assigned_to(api, tokens, project):
    """A permanently deleted account's assignments go with it (they stayed as rows without a surveyor), and the
    other contexts hear of each as of any removed assignment."""
    from projects_support import user_event, users_consumer

    ops = h(tokens, Role.OPERATIONS, OPS)
    for sid in (SURVEYOR, KELLER):
        assert api.post("/api/assignment", json={"projectId": project, "surveyorId": sid}, headers=ops).status_code == 201
    gone = {**user_event(SURVEYOR, Role.SURVEYOR, "x"), "type": "identity.user.deleted", "data": {"id": SURVEYOR}}
    assert users_consumer(api.app).handle(gone) is True
    rows = api.get(f"/api/assignment?projectId={project}", headers=ops).json()["rows"]
    assert [r["surveyorId"] for r in rows] == [KELLER]
    assert [e["data"]["surveyorId"] for e in outbox(api.app, "projects.assignment.deleted")] == [SURVEYOR]


def test_a_goal_left_out_of_a_week_change_keeps_its_saved_value(api, tokens, project):
    """PUT assignment-history, PUT week-data and a bulk row that name only one goal change only that one: the
    report-period goal another manager saved for the week is not reset to 0 (a new week takes the assignment's)."""
    ops, pm = h(tokens, Role.OPERATIONS, OPS), h(tokens, Role.ADMIN, ADMIN)
    asg = api.post("/api/assignment", json={"projectId": project, "surveyorId": SURVEYOR, "surveyorGoals": 12,
                                            "surveyorCompGoals": 150}, headers=ops).json()["data"]["id"]
    monday = periods.week_start(periods.business_today())
    week = api.post("/api/assignment-history", json={"rows": [
        {"assignmentId": asg, "weekDate": monday.isoformat(), "weekGoals": 8, "weekCompGoals": 50}]},
        headers=ops).json()["data"]["rows"][0]
    base = {"projectId": project, "surveyorId": SURVEYOR, "weekDate": monday.isoformat()}
    r = api.put("/api/assignment-history/week-data", json={**base, "weekGoals": 13}, headers=pm)
    assert r.status_code == 200, r.text
    assert (r.json()["data"]["weekGoals"], r.json()["data"]["weekCompGoals"]) == (13, 50)
    r = api.put("/api/assignment-history", json={"id": week["id"], "weekGoals": 4}, headers=ops)
    assert (r.json()["data"]["weekGoals"], r.json()["data"]["weekCompGoals"]) == (4, 50)
    r = api.put("/api/assignment-history", json={"id": week["id"], "weekCompGoals": 60}, headers=pm)
    assert r.status_code == 200, r.text
    assert (r.json()["data"]["weekGoals"], r.json()["data"]["weekCompGoals"]) == (4, 60)
    r = api.post("/api/assignment-history", json={"rows": [{"assignmentId": asg, "weekDate": monday.isoformat(),
                                                            "weekGoals": 9}]}, headers=ops)
    assert (r.json()["data"]["rows"][0]["weekGoals"], r.json()["data"]["rows"][0]["weekCompGoals"]) == (9, 60)
    # a new week given one goal takes the assignment's other one, as week-data reads a week without its own row
    later = (monday + timedelta(days=7)).isoformat()
    r = api.put("/api/assignment-history/week-data", json={**base, "weekDate": later, "weekCompGoals": 70}, headers=ops)
    assert (r.json()["data"]["weekGoals"], r.json()["data"]["weekCompGoals"]) == (12, 70)
    # naming no goal at all (or only nulls) is a 400 naming the fields, and changes nothing
    for bad in ({"id": week["id"]}, {"id": week["id"], "weekGoals": None}):
        r = api.put("/api/assignment-history", json=bad, headers=ops)
        assert r.status_code == 400 and "weekGoals" in r.json()["message"], r.text
    r = api.put("/api/assignment", json={"id": asg, "surveyorGoals": None}, headers=ops)
    assert r.status_code == 400 and "nothing to change" in r.json()["message"], r.text
    history = api.get(f"/api/assignment?projectId={project}", headers=ops).json()["rows"][0]["assignmentHistory"]
    assert [(w["weekGoals"], w["weekCompGoals"]) for w in history] == [(9, 60), (12, 70)]


def test_two_managers_changing_one_goal_the_second_gets_409_and_loses_nothing_unseen(api, tokens, project):
    """Optimistic concurrency (docs/decisions.md, "Two managers, one goal"): a change that names the value its screen
    showed (`expected`) is refused with 409 once another manager has saved a different one; the other's value
    stays, the message says what it is now. Without `expected` the last save still wins (API clients, bulk)."""
    ops, pm = h(tokens, Role.OPERATIONS, OPS), h(tokens, Role.ADMIN, ADMIN)
    asg = api.post("/api/assignment", json={"projectId": project, "surveyorId": SURVEYOR, "surveyorGoals": 20,
                                            "surveyorCompGoals": 100}, headers=ops).json()["data"]["id"]
    # both screens show 20; the first saves 25, the second (still showing 20) tries 30
    r = api.put("/api/assignment", json={"id": asg, "surveyorGoals": 25, "expected": {"surveyorGoals": 20}}, headers=ops)
    assert r.status_code == 200, r.text
    r = api.put("/api/assignment", json={"id": asg, "surveyorGoals": 30, "expected": {"surveyorGoals": 20}}, headers=pm)
    assert r.status_code == 409, r.text
    assert "weekly goal from 20 to 25" in r.json()["message"] and "30 was not saved" in r.json()["message"]
    # another field's change is not a conflict with the goal's: each field is compared on its own
    r = api.put("/api/assignment", json={"id": asg, "priority": 3, "expected": {"priority": 1}}, headers=pm)
    assert r.status_code == 200, r.text
    r = api.put("/api/assignment", json={"id": asg, "typeId": 1, "expected": {"typeId": 1}}, headers=pm)
    assert r.status_code == 409 and "from Coverage to Assigned" in r.json()["message"], r.text
    row = api.get(f"/api/assignment?projectId={project}", headers=ops).json()["rows"][0]
    assert (row["surveyorGoals"], row["priority"], row["typeId"]) == (25, 3, 0)

    monday = periods.week_start(periods.business_today())
    week = api.post("/api/assignment-history", json={"rows": [
        {"assignmentId": asg, "weekDate": monday.isoformat(), "weekGoals": 8, "weekCompGoals": 50}]},
        headers=ops).json()["data"]["rows"][0]
    r = api.put("/api/assignment-history", json={"id": week["id"], "weekGoals": 9, "expected": {"weekGoals": 8}}, headers=ops)
    assert r.status_code == 200, r.text
    r = api.put("/api/assignment-history", json={"id": week["id"], "weekGoals": 7, "expected": {"weekGoals": 8}}, headers=pm)
    assert r.status_code == 409, r.text
    assert f"week of {monday:%m/%d/%Y} from 8 to 9" in r.json()["message"]
    # week-data: a week without its own row shows the assignment's goal, which is what the client expects
    base = {"projectId": project, "surveyorId": SURVEYOR}
    later = (monday + timedelta(days=7)).isoformat()
    r = api.put("/api/assignment-history/week-data", json={**base, "weekDate": later, "weekGoals": 11,
                                                           "expected": {"weekGoals": 25}}, headers=ops)
    assert r.status_code == 200 and r.json()["data"]["weekGoals"] == 11, r.text
    r = api.put("/api/assignment-history/week-data", json={**base, "weekDate": later, "weekGoals": 14,
                                                           "expected": {"weekGoals": 25}}, headers=pm)
    assert r.status_code == 409 and "from 25 to 11" in r.json()["message"], r.text
    history = api.get(f"/api/assignment?projectId={project}", headers=ops).json()["rows"][0]["assignmentHistory"]
    assert [w["weekGoals"] for w in history] == [9, 11]
    # without `expected` the change is made as before
    r = api.put("/api/assignment-history", json={"id": week["id"], "weekGoals": 6}, headers=pm)
    assert r.status_code == 200 and r.json()["data"]["weekGoals"] == 6, r.text


def test_two_assigners_adding_the_same_surveyor_at_once_get_one_assignment_and_a_clear_409(api, tokens, project,
                                                                                          monkeypatch):
    """Both requests read "not assigned" before either commits (simulated: the check sees nothing); the unique key
    keeps one assignment and the second assigner is told so in words, not by a column list."""
    from projects.assignment import repository as assignment_repository

    ops, pm = h(tokens, Role.OPERATIONS, OPS), h(tokens, Role.ADMIN, ADMIN)
    body = {"projectId": project, "surveyorId": SURVEYOR}
    assert api.post("/api/assignment", json=body, headers=ops).status_code == 201
    monkeypatch.setattr(assignment_repository, "find", lambda *a, **k: None)
    r = api.post("/api/assignment", json=body, headers=pm)
    assert r.status_code == 409, r.text
    assert r.json()["message"] == "The surveyor is already assigned to this project"
    monkeypatch.undo()
    assert len(api.get(f"/api/assignment?projectId={project}", headers=ops).json()["rows"]) == 1
    assert len(outbox(api.app, "projects.assignment.created")) == 1


def test_two_managers_saving_one_project_the_stale_save_gets_409(api, tokens, project):
    """The project wizard sends the whole project: a save from a screen opened before another manager's save names the
    updatedAt it read and is refused (409), so the other's contacts, fees and dates are not overwritten unseen."""
    ops, admin = h(tokens, Role.OPERATIONS, OPS), h(tokens, Role.ADMIN, ADMIN)
    read = api.get(f"/api/projects/{project}", headers=admin).json()
    stamp = read["updatedAt"]
    r = api.put("/api/projects", json={**project_body(name="First save", notes="from ops"), "id": project,
                                       "updatedAt": stamp}, headers=ops)
    assert r.status_code == 200, r.text
    r = api.put("/api/projects", json={**project_body(name="Second save"), "id": project, "updatedAt": stamp},
                headers=admin)
    assert r.status_code == 409, r.text
    assert r.json()["message"].startswith("Another user saved this project after you opened it")
    now = api.get(f"/api/projects/{project}", headers=admin).json()
    assert (now["name"], now["notes"]) == ("First save", "from ops") and now["updatedAt"] != stamp
    # with the version read again the save is made; without updatedAt the last save wins, as before
    r = api.put("/api/projects", json={**project_body(name="Second save"), "id": project,
                                       "updatedAt": now["updatedAt"]}, headers=admin)
    assert r.status_code == 200 and r.json()["data"]["name"] == "Second save", r.text
    r = api.put("/api/projects", json={**project_body(name="Third save"), "id": project}, headers=ops)
    assert r.status_code == 200, r.text


def test_a_guideline_named_in_any_script_downloads_under_its_name(tmp_path, keypair, tokens, database_url):
    """A file name outside latin-1 (Cyrillic, Chinese, an emoji) made every download of the guidelines a 500 (an
    HTTP header is latin-1); quotes, line breaks and slashes must not shape the header either, and no override
    character may show the name backwards."""
    from urllib.parse import quote, unquote

    with _app(tmp_path, keypair, database_url) as api:
        a = h(tokens)
        pid = api.post("/api/projects", json=project_body(), headers=a).json()["data"]["id"]
        pm = h(tokens, Role.PROJECT_MANAGER, PM)
        for name in ("Руководство опроса.pdf", "指南 v2 😀.pdf", 'say "hi"; filename=evil.exe.pdf', "café.pdf",
                     "a\r\nX-Injected: 1.pdf"):
            r = api.post("/api/guidelines", data={"projectId": str(pid), "fileName": name},
                         files={"file": ("x.pdf", PDF, "application/pdf")}, headers=pm)
            assert r.status_code == 201, (name, r.text)
            g = r.json()["data"]
            f = api.get(g["url"], headers=pm)
            assert f.status_code == 200 and f.content == PDF, (name, f.status_code, f.text[:200])
            cd = f.headers["content-disposition"]
            assert "x-injected" not in {k.lower() for k in f.headers}
            fallback = cd.split('filename="', 1)[1].split('"', 1)[0]
            assert fallback.isascii() and fallback.endswith(".pdf") and ";" not in fallback, cd
            assert fallback != ".pdf" and not fallback.startswith((" ", ".")), cd  # a name, never a bare extension
            assert cd.startswith('inline; filename="') and f"filename*=UTF-8''{quote(g['fileName'], safe='')}" in cd, cd
            assert unquote(cd.split("filename*=UTF-8''", 1)[1]) == g["fileName"]
        # a name that reads backwards from a bidirectional override ("guidefdp.png") is kept without the override
        r = api.post("/api/guidelines", data={"projectId": str(pid), "fileName": "guide\u202egnp.pdf"},
                     files={"file": ("x.pdf", PDF, "application/pdf")}, headers=pm)
        assert r.status_code == 201 and r.json()["data"]["fileName"] == "guidegnp.pdf", r.text
