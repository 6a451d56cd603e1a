"""The rest of the projects API on SQLite and PostgreSQL: contacts, project life cycle, dates, status, visit info,
list parameters and the sort keys fed by other contexts' events, goals and progress, surveyors' view."""

from datetime import UTC, datetime, timedelta

from kit.auth import Role
from projects import periods
from projects.project.schemas import VISIT_INFO_FIELDS
from projects_support import (
    ADMIN, CIMR_SURVEYOR, OPS, PM, PM2, SURVEYOR, client_body, envelope, figures_consumer, outbox, project_body,
)


def h(tokens, role=Role.ADMIN, uid=ADMIN):
    return tokens.headers(role, uid)


def _now_iso(delta_days: float = 0) -> str:
    return (datetime.now(UTC) + timedelta(days=delta_days)).isoformat().replace("+00:00", "Z")


def test_client_contacts_search_format_and_delete(api, tokens):
    a = h(tokens)
    body = client_body(contacts=[
        {"firstName": "Jo", "lastName": "Smith", "email": "jo@acme.example", "phoneNumber": "3125551234"},
        {"firstName": "Ann", "lastName": "Baker", "email": "ann@acme.example", "typeId": 2, "phoneNumber": "13125557654"}])
    c = api.post("/api/clients", json=body, headers=a).json()["data"]
    detail = api.get(f"/api/clients/{c['id']}", headers=a).json()
    assert [x["phoneNumber"] for x in detail["contacts"]] == ["(312) 555-1234", "(312) 555-7654"]
    found = api.get(f"/api/clients/contact/{c['id']}?search=bak", headers=a).json()
    assert found["count"] == 1 and found["rows"][0]["firstName"] == "Ann"
    assert api.get(f"/api/clients/contact/{c['id']}?search=b", headers=a).json()["count"] == 2  # < 2 chars
    assert api.get("/api/clients/contact/999999", headers=a).status_code == 404
    ann = found["rows"][0]["id"]
    r = api.delete(f"/api/clients/contact?id={ann}", headers=a)
    assert r.status_code == 200 and r.json()["data"]["firstName"] == "Ann"
    last = detail["contacts"][0]["id"]
    r = api.delete(f"/api/clients/contact?id={last}", headers=a)
    assert r.status_code == 400 and "at least one contact" in r.json()["message"]
    assert api.delete("/api/clients/contact?id=999999", headers=a).status_code == 404
    # deactivated: no edit
    api.delete(f"/api/clients?id={c['id']}&isDeactivated=true", headers=a)
    r = api.put("/api/clients", json={**client_body(), "id": c["id"]}, headers=a)
    assert r.status_code == 400 and "deactivated" in r.json()["message"]
    # ... nor its contacts (two of them, so the one-contact rule is not what refuses)
    api.delete(f"/api/clients?id={c['id']}&isDeactivated=false", headers=a)
    other = api.post("/api/clients", json={**body, "name": "Other Health"}, headers=a).json()["data"]
    api.delete(f"/api/clients?id={other['id']}&isDeactivated=true", headers=a)
    r = api.delete(f"/api/clients/contact?id={other['contacts'][1]['id']}", headers=a)
    assert r.status_code == 400 and "deactivated" in r.json()["message"], r.text
    assert len(api.get(f"/api/clients/{other['id']}", headers=a).json()["contacts"]) == 2


def test_client_permanent_delete_tells_other_contexts(api, tokens):
    a = h(tokens)
    cid = api.post("/api/clients", json=client_body(), headers=a).json()["data"]["id"]
    p1 = api.post("/api/projects", json=project_body(name="P1", clientId=cid), headers=a).json()["data"]["id"]
    p2 = api.post("/api/projects", json=project_body(name="P2", clientId=cid), headers=a).json()["data"]["id"]
    assert api.delete(f"/api/clients?id={cid}", headers=a).status_code == 200
    ev = outbox(api.app, "projects.client.deleted")
    assert ev[-1]["data"]["id"] == cid and sorted(ev[-1]["data"]["projectIds"]) == sorted([p1, p2])
    assert {e["data"]["id"] for e in outbox(api.app, "projects.project.deleted")} == {p1, p2}


def test_project_life_cycle_status_dates_and_names(api, tokens):
    a = h(tokens)
    pid = api.post("/api/projects", json=project_body(), headers=a).json()["data"]["id"]
    r = api.put("/api/projects/dates", json={"id": pid, "startDate": "2026-03-15"}, headers=a)
    assert r.status_code == 200 and r.json()["data"]["deadline"] == "2026-06-15"  # start + 3 months
    r = api.put("/api/projects/dates", json={"id": pid, "deadline": "2026-07-01", "reportWeeks": 12}, headers=a)
    assert r.json()["data"] == {"id": pid, "startDate": "2026-03-15", "deadline": "2026-07-01", "reportWeeks": 12}
    assert api.put("/api/projects/dates", json={"id": pid, "deadline": "2020-01-01"}, headers=a).status_code == 400
    r = api.put("/api/projects/dates", json={"id": pid, "startDate": "2026-04-01", "deadline": "2026-05-20"}, headers=a)
    assert r.json()["data"]["deadline"] == "2026-05-20"  # a deadline given with the new start is kept
    assert api.put("/api/projects/dates", json={"id": pid, "reportWeeks": 100}, headers=a).status_code == 422
    assert api.put("/api/projects/dates", json={"id": pid}, headers=a).status_code == 400
    r = api.put("/api/projects/status", json={"id": pid, "statusId": 5}, headers=a)
    assert r.json()["data"] == {"id": pid, "statusId": 5}
    assert api.put("/api/projects/status", json={"id": pid, "statusId": 7}, headers=a).status_code == 422
    assert outbox(api.app, "projects.project.updated")[-1]["data"]["statusId"] == 5
    assert api.get(f"/api/projects/name?id={pid}", headers=a).json() == {"id": pid, "name": "Heart Clinic 2026"}
    # deactivate: kept (Admin's list), hidden from working lists, no edits; reactivate; delete
    assert api.delete(f"/api/projects?id={pid}&isDeactivated=true", headers=a).json()["data"]["deletedAt"]
    assert api.get("/api/projects?isAdmin=true", headers=a).json()["count"] == 1
    assert api.get("/api/projects", headers=a).json()["count"] == 0
    # ... and its details too: only the Admin's management screen (isAdmin=true) still opens it
    r = api.get(f"/api/projects/{pid}", headers=a)
    assert r.status_code == 404 and r.json()["message"] == f"Project {pid} is deactivated"
    assert api.get(f"/api/projects/{pid}?isAdmin=true", headers=a).json()["deletedAt"]
    ops = h(tokens, Role.OPERATIONS, OPS)
    assert api.get(f"/api/projects/{pid}?isAdmin=true", headers=ops).status_code == 404
    r = api.put("/api/projects/status", json={"id": pid, "statusId": 2}, headers=a)
    assert r.status_code == 400 and "deactivated" in r.json()["message"]
    r = api.put("/api/projects/lock", json={"id": pid, "isLocked": True}, headers=a)
    assert r.status_code == 400 and "deactivated" in r.json()["message"]
    assert api.delete(f"/api/projects?id={pid}&isDeactivated=false", headers=a).json()["data"]["deletedAt"] is None
    assert api.get("/api/projects", headers=a).json()["count"] == 1
    assert api.delete(f"/api/projects?id={pid}", headers=a).json()["message"] == "Project deleted successfully"
    assert api.get(f"/api/projects/{pid}", headers=a).status_code == 404
    assert outbox(api.app, "projects.project.deleted")[-1]["data"] == {"id": pid}
    assert api.delete(f"/api/projects?id={pid}", headers=a).status_code == 404
    pm = h(tokens, Role.PROJECT_MANAGER, PM)
    assert api.delete("/api/projects?id=1", headers=pm).status_code == 403


def test_visit_info_checklist(api, tokens):
    a = h(tokens)
    pid = api.post("/api/projects", json=project_body(), headers=a).json()["data"]["id"]
    got = api.get(f"/api/projects/visit-info/{pid}", headers=a).json()
    # never saved: the fields the call screen shows until a selection arrives (calling's default: every roster
    # column but DOB and MRN), so that the checklist says what surveyors see and an unchanged Update changes nothing
    assert got["projectId"] == pid and [f["field"] for f in got["fields"]] == list(VISIT_INFO_FIELDS)
    assert [f["field"] for f in got["fields"] if not f["show"]] == ["DOB", "MRN"]
    assert api.get(f"/api/projects/{pid}", headers=a).json()["visitInfo"] == got["fields"]
    assert outbox(api.app, "projects.visit_info.updated") == []
    r = api.put("/api/projects/visit-info", json={"projectId": pid, "fields": [
        {"field": "MRN", "show": True}, {"field": "Guarantor", "show": True}, {"field": "Race", "show": False}]}, headers=a)
    assert r.status_code == 200
    shown = [f["field"] for f in api.get(f"/api/projects/visit-info/{pid}", headers=a).json()["fields"] if f["show"]]
    assert shown == ["Guarantor", "MRN"]
    assert outbox(api.app, "projects.visit_info.updated")[-1]["data"] == {"projectId": pid, "fields": ["Guarantor", "MRN"]}
    # Age and Race ticked (given in any order): read back and published in the checklist's order
    r = api.put("/api/projects/visit-info", json={"projectId": pid, "fields": [
        {"field": f, "show": f in ("Race", "Age")} for f in reversed(VISIT_INFO_FIELDS)]}, headers=a)
    assert [f["field"] for f in r.json()["data"]["fields"] if f["show"]] == ["Age", "Race"]
    got = api.get(f"/api/projects/visit-info/{pid}", headers=a).json()["fields"]
    assert [f["field"] for f in got] == list(VISIT_INFO_FIELDS) and [f["field"] for f in got if f["show"]] == ["Age", "Race"]
    assert outbox(api.app, "projects.visit_info.updated")[-1]["data"] == {"projectId": pid, "fields": ["Age", "Race"]}
    # nothing ticked is a selection too: none shown, not the never-saved default
    api.put("/api/projects/visit-info", json={"projectId": pid, "fields": []}, headers=a)
    assert not any(f["show"] for f in api.get(f"/api/projects/visit-info/{pid}", headers=a).json()["fields"])
    assert outbox(api.app, "projects.visit_info.updated")[-1]["data"] == {"projectId": pid, "fields": []}
    r = api.put("/api/projects/visit-info", json={"projectId": pid, "fields": [{"field": "Password", "show": True}]}, headers=a)
    assert r.status_code == 422 and "field" in r.json()["message"]
    assert api.get(f"/api/projects/visit-info/{pid}?managerId={PM2}", headers=a).status_code == 404
    foreign = api.post("/api/projects", json=project_body(name="Other", managerId=PM2), headers=a).json()["data"]["id"]
    pm = h(tokens, Role.PROJECT_MANAGER, PM)
    assert api.get(f"/api/projects/visit-info/{foreign}", headers=pm).status_code == 404
    assert api.get(f"/api/projects/visit-info/{pid}", headers=pm).status_code == 200
    # python -m projects.reannounce: the saved selections again (never-saved projects are not announced)
    from projects.reannounce import reannounce

    api.put("/api/projects/visit-info", json={"projectId": pid, "fields": [{"field": "Sex", "show": True}]}, headers=a)
    before = len(outbox(api.app, "projects.visit_info.updated"))
    lines = []
    assert reannounce(api.app.state.db, dry_run=True, out=lines.append) == 1
    assert len(outbox(api.app, "projects.visit_info.updated")) == before
    assert reannounce(api.app.state.db, project_ids=[pid, foreign], out=lines.append) == 1
    sent = outbox(api.app, "projects.visit_info.updated")
    assert len(sent) == before + 1 and sent[-1]["data"] == {"projectId": pid, "fields": ["Sex"]}
    assert lines[-1] == "announced the Additional Info of 1 project"
    # without --project, the languages an admin added after the twelve too (consumers that name them catch up)
    hmong = api.post("/api/language", json={"name": "Hmong"}, headers=a).json()["data"]["id"]
    before = len(outbox(api.app, "projects.language.created"))
    assert reannounce(api.app.state.db, out=lines.append) == 2
    sent = outbox(api.app, "projects.language.created")
    assert [e["data"] for e in sent[before:]] == [{"id": hmong, "name": "Hmong"}]
    assert lines[-1] == "announced 1 added language"


def test_list_parameters_paging_filters_and_slim_rows(api, tokens):
    a = h(tokens)
    cid = api.post("/api/clients", json=client_body(name="Zenith Care"), headers=a).json()["data"]["id"]
    for i, (name, type_id) in enumerate([("Alpha", 1), ("Bravo", 2), ("Charlie", 2), ("Delta", 3)]):
        api.post("/api/projects", json=project_body(name=name, typeId=type_id, clientId=cid if i == 3 else None),
                 headers=a)
    page = api.get("/api/projects?skip=1&limit=2&orderBy=name&orderDir=DESC", headers=a).json()
    assert page["count"] == 4 and [p["name"] for p in page["rows"]] == ["Charlie", "Bravo"]
    assert [p["name"] for p in api.get("/api/projects?typeId=2", headers=a).json()["rows"]] == ["Bravo", "Charlie"]
    assert [p["name"] for p in api.get("/api/projects?search=zen", headers=a).json()["rows"]] == ["Delta"]
    assert api.get("/api/projects?search=z", headers=a).json()["count"] == 4
    slim = api.get("/api/projects?onlyNames=true&limit=1", headers=a).json()["rows"][0]
    assert slim == {"id": slim["id"], "name": "Alpha"}
    slim = api.get("/api/projects?onlyNames=true&onlyNamesAttrs=isLocked,clientId&limit=1", headers=a).json()["rows"][0]
    assert set(slim) == {"id", "name", "isLocked", "clientId"}
    r = api.get("/api/projects?onlyNames=true&onlyNamesAttrs=billableRate", headers=a)
    assert r.status_code == 400 and "onlyNamesAttrs" in r.json()["message"]
    assert api.get("/api/projects?orderBy=secret", headers=a).status_code == 400
    assert api.get("/api/projects?limit=5001", headers=a).status_code == 422
    assert api.get("/api/projects?orderBy=surveysRP", headers=a).status_code == 400
    assert api.get("/api/projects?orderBy=surveysRP&isWeekly=true", headers=a).status_code == 200


def test_client_and_project_lists_sort_names_as_read_and_search_literally(api, tokens):
    """Names sort case-insensitively ("de la Cruz" between "Davis" and "Evans"), both ways, on the clients and the
    projects lists; a search's % and _ are the characters typed, not wildcards matching every row."""
    a = h(tokens)
    for name in ("Davis Health", "de la Cruz Clinic", "Evans 100% Care", "evans_family"):
        cid = api.post("/api/clients", json=client_body(name=name, abbr=name[:3]), headers=a).json()["data"]["id"]
        r = api.post("/api/projects", json=project_body(name=f"{name} survey", clientId=cid), headers=a)
        assert r.status_code == 201, r.text
    for path in ("/api/clients", "/api/projects"):
        for direction in ("ASC", "DESC"):
            names = [x["name"] for x in api.get(f"{path}?orderBy=name&orderDir={direction}", headers=a).json()["rows"]]
            assert names == sorted(names, key=str.lower, reverse=direction == "DESC"), (path, direction, names)
        assert api.get(f"{path}?search=%25%25", headers=a).json()["count"] == 0, path
        found = [x["name"] for x in api.get(f"{path}?search=0%25", headers=a).json()["rows"]]
        assert len(found) == 1 and found[0].startswith("Evans 100% Care"), (path, found)
        found = [x["name"] for x in api.get(f"{path}?search=s_f", headers=a).json()["rows"]]
        assert len(found) == 1 and found[0].startswith("evans_family"), (path, found)


def test_sort_keys_fed_by_events(api, tokens):
    a = h(tokens)
    ids = {n: api.post("/api/projects", json=project_body(name=n), headers=a).json()["data"]["id"]
           for n in ("Alpha", "Bravo", "Charlie")}
    fc = figures_consumer(api.app)
    fc.handle(envelope("rosters.roster.committed", {"rosterId": 1, "projectId": ids["Alpha"],
                                                   "uploadedOn": "2026-05-01T10:00:00Z", "totalEnc": 10}))
    fc.handle(envelope("rosters.roster.committed", {"rosterId": 2, "projectId": ids["Bravo"],
                                                   "uploadedOn": "2026-05-03T10:00:00Z", "totalEnc": 5}))
    fc.handle(envelope("rosters.roster.committed", {"rosterId": 3, "projectId": ids["Charlie"],
                                                   "uploadedOn": "2026-05-02T10:00:00Z"}))

    def order(key, direction="DESC", extra=""):
        rows = api.get(f"/api/projects?orderBy={key}&orderDir={direction}{extra}", headers=a).json()["rows"]
        return [r["name"] for r in rows]

    assert order("lastRosterUpload") == ["Bravo", "Charlie", "Alpha"]
    removed = envelope("rosters.roster.removed", {"rosterId": 2, "projectId": ids["Bravo"]})
    assert fc.handle(removed) is True and fc.handle(removed) is False  # idempotent
    assert order("lastRosterUpload") == ["Charlie", "Alpha", "Bravo"]  # Bravo has none now: last
    fc.handle(envelope("rosters.sampling.updated", {"projectId": ids["Alpha"], "undefinedProviders": 7},
                       "2026-05-02T00:00:00Z"))
    fc.handle(envelope("rosters.sampling.updated", {"projectId": ids["Charlie"], "undefinedProviders": 2}))
    # an older event does not undo a newer one
    fc.handle(envelope("rosters.sampling.updated", {"projectId": ids["Alpha"], "undefinedProviders": 0},
                       "2026-05-01T00:00:00Z"))
    assert order("undefinedProviders") == ["Alpha", "Charlie", "Bravo"]
    for esc, pid in ((1, ids["Charlie"]), (2, ids["Charlie"]), (3, ids["Bravo"])):
        fc.handle(envelope("calling.escalation.created", {"id": esc, "projectId": pid, "surveyorId": SURVEYOR}))
    assert order("uncleanedEscalation")[:2] == ["Charlie", "Bravo"]
    fc.handle(envelope("calling.escalation.resolved", {"id": 1, "projectId": ids["Charlie"]}))
    fc.handle(envelope("calling.escalation.resolved", {"id": 2, "projectId": ids["Charlie"]}))
    rows = api.get("/api/projects?orderBy=uncleanedEscalation&orderDir=DESC", headers=a).json()["rows"]
    assert rows[0]["name"] == "Bravo" and rows[0]["uncleanedEscalation"] == 1
    assert [r["name"] for r in api.get("/api/projects?isEscalations=true", headers=a).json()["rows"]] == ["Bravo", "Charlie"]
    fc.handle(envelope("surveys.comment_summary.updated", {"projectId": ids["Bravo"], "cleaned": 1, "total": 4,
                                                          "oldestUncleanedSurveyedOn": "2026-04-01T12:00:00Z"}))
    fc.handle(envelope("surveys.comment_summary.updated", {"projectId": ids["Alpha"], "cleaned": 0, "total": 2,
                                                          "oldestUncleanedSurveyedOn": "2026-03-01T12:00:00Z"}))
    assert order("oldestUncleanedSurveyedOn", "ASC") == ["Alpha", "Bravo", "Charlie"]
    row = next(r for r in api.get("/api/projects", headers=a).json()["rows"] if r["name"] == "Bravo")
    assert row["oldestUncleanedSurveyedOn"].startswith("2026-04-01T12:00") and row["undefinedProviders"] is None
    # tolerant: a malformed event is poison, not a crash of the list
    import pytest

    from kit.events import PoisonMessage
    with pytest.raises(PoisonMessage):
        fc.handle(envelope("rosters.roster.committed", {"rosterId": True, "projectId": ids["Alpha"]}))


def test_goals_progress_and_surveyor_view(api, tokens):
    a = h(tokens)
    today = periods.business_today()
    pid = api.post("/api/projects", json=project_body(startDate=today.isoformat(), reportFreqId=1,
                                                      billingModifier=[{"typeId": 0, "details": "Spanish", "rate": "1.50"}],
                                                      lineItems=[{"name": "Setup", "price": "100.00"}]),
                   headers=a).json()["data"]["id"]
    asg = api.post("/api/assignment", json={"projectId": pid, "surveyorId": SURVEYOR, "surveyorGoals": 20},
                   headers=a).json()["data"]["id"]
    fc = figures_consumer(api.app)
    for call_id, result, partial in ((1, 1, False), (2, 1, False), (3, 3, False), (4, 1, True)):
        fc.handle(envelope("calling.call.completed", {"callId": call_id, "projectId": pid, "surveyorId": SURVEYOR,
                                                      "result": result, "isPartial": partial,
                                                      "surveyedOn": _now_iso(), "surveyCompletedOn": _now_iso()}))
    # another surveyor's wrong-info call today; a call of ten days ago is not today's survey day
    for call_id, surveyor, result, days in ((5, CIMR_SURVEYOR, 7, 0), (6, SURVEYOR, 1, -10)):
        fc.handle(envelope("calling.call.completed", {"callId": call_id, "projectId": pid, "surveyorId": surveyor,
                                                      "result": result, "isPartial": False,
                                                      "surveyedOn": _now_iso(days)}))
    api.post("/api/assignment-history/add-week", json={"assignmentId": asg, "weekGoals": 15}, headers=a)
    sv = h(tokens, Role.SURVEYOR, SURVEYOR)
    rows = api.get("/api/projects/surveyors?isWeekly=true", headers=sv).json()["rows"]
    assert rows == [{**rows[0], "id": pid, "surveyorGoals": 20, "weekGoals": 15, "surveys": 2, "isLocked": False}]
    detail = api.get(f"/api/projects/{pid}", headers=sv).json()
    for money in ("billableRate", "paymentRate", "billingModifier", "paymentModifier", "perReportingPeriodFee",
                  "powerBiFee", "pmFee", "lineItems"):
        assert money not in detail, money
    assert [g["surveyorId"] for g in detail["goals"]] == [SURVEYOR] and detail["goals"][0]["surveys"] == 2
    # today's survey day: the surveyor's own calls by outcome
    assert detail["surveyDay"] == {"date": today.isoformat(), "complete": 2, "incomplete": 1, "refused": 1,
                                   "wrongInfo": 0}
    listed = api.get("/api/projects", headers=sv).json()["rows"][0]
    assert "billableRate" not in listed and listed["surveysRP"] == 2
    # Last QA: the latest call-log review; an older review delivered later does not move it back
    assert listed["lastQA"] is None
    for call_id, qa_at in ((1, "2026-03-04T10:00:00Z"), (2, "2026-03-01T09:00:00Z")):
        fc.handle(envelope("calling.call.completed", {"callId": call_id, "projectId": pid, "surveyorId": SURVEYOR,
                                                      "result": 1, "isPartial": False, "surveyedOn": _now_iso(),
                                                      "surveyCompletedOn": _now_iso(), "qaAt": qa_at}))
    assert api.get("/api/projects", headers=sv).json()["rows"][0]["lastQA"] == "2026-03-04T10:00:00Z"
    assert api.get(f"/api/projects/{pid}", headers=sv).json()["lastQA"] == "2026-03-04T10:00:00Z"
    full = api.get(f"/api/projects/{pid}", headers=a).json()
    assert full["billingModifier"][0]["rate"] == "1.50" and full["lineItems"] == [{"name": "Setup", "price": "100.00"}]
    assert full["surveysRP"] == 2 and full["goals"][0]["assignmentHistory"][0]["weekGoals"] == 15
    assert full["surveyDay"] == {"date": today.isoformat(), "complete": 2, "incomplete": 1, "refused": 1,
                                 "wrongInfo": 1}
    assert api.get(f"/api/projects/{pid}?surveyorId={CIMR_SURVEYOR}", headers=a).json()["surveyDay"]["wrongInfo"] == 1
    assert "billableRate" not in api.get(f"/api/projects/{pid}?isSvProject=true", headers=a).json()
    # a manager reads a surveyor's projects; another PM does not see this one
    ops = h(tokens, Role.OPERATIONS, OPS)
    assert api.get(f"/api/projects/surveyors?surveyorId={SURVEYOR}", headers=ops).json()["count"] == 1
    pm2 = h(tokens, Role.PROJECT_MANAGER, PM2)
    assert api.get(f"/api/projects/surveyors?surveyorId={SURVEYOR}", headers=pm2).json()["count"] == 0
    assert api.get("/api/projects/surveyors", headers=ops).status_code == 400
    # the lock shows on the surveyor's list at once
    api.put("/api/projects/lock", json={"id": pid, "isLocked": True}, headers=h(tokens, Role.PROJECT_MANAGER, PM))
    assert api.get("/api/projects/surveyors", headers=sv).json()["rows"][0]["isLocked"] is True
    # deactivated projects leave the surveyor's view
    api.delete(f"/api/projects?id={pid}&isDeactivated=true", headers=a)
    assert api.get(f"/api/projects/{pid}", headers=sv).status_code == 404
    assert api.get("/api/projects/surveyors", headers=sv).json()["count"] == 0


def test_my_projects_week_goal_is_the_latest_history_week_started(api, tokens):
    """My Projects' Current Week Minimum Surveys follows the rule Project Details and My Surveyors use: the latest
    weekly goal history week starting on or before this week, else the assignment's weekly goal; a week set for
    later does not count yet."""
    from datetime import timedelta
    a = h(tokens)
    today = periods.business_today()
    monday = periods.week_start(today)
    pid = api.post("/api/projects", json=project_body(startDate=today.isoformat(), reportFreqId=1),
                   headers=a).json()["data"]["id"]
    asg = api.post("/api/assignment", json={"projectId": pid, "surveyorId": SURVEYOR, "surveyorGoals": 20},
                   headers=a).json()["data"]["id"]
    sv = h(tokens, Role.SURVEYOR, SURVEYOR)

    def goals() -> tuple:
        row = next(r for r in api.get("/api/projects/surveyors?isWeekly=true", headers=sv).json()["rows"] if r["id"] == pid)
        return row["surveyorGoals"], row["weekGoals"], row["weekCompGoals"]

    assert goals() == (20, None, None)
    r = api.post("/api/assignment-history", headers=a, json={"rows": [
        {"assignmentId": asg, "weekDate": (monday - timedelta(days=14)).isoformat(), "weekGoals": 5, "weekCompGoals": 50},
        {"assignmentId": asg, "weekDate": (monday - timedelta(days=7)).isoformat(), "weekGoals": 7, "weekCompGoals": 70},
        {"assignmentId": asg, "weekDate": (monday + timedelta(days=7)).isoformat(), "weekGoals": 9, "weekCompGoals": 90}]})
    assert r.status_code in (200, 201), r.text
    assert goals() == (20, 7, 70)  # last week's goal still holds this week
