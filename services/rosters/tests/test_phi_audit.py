"""PHI access audit in rosters (kit.phi_audit): each page of the called-roster export (GET /api/calls) that carries
patients leaves an append-only row (who, when, which filters and page, from where; no patient data); an empty
page and a refused one leave none; a page whose row cannot be written fails with 503 and shows nothing; the
trail's search (GET /api/phi-audit/rosters) is the Admin's."""

from datetime import UTC, date, datetime, timedelta

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from kit.auth import Role
from rosters.called.service import EXPORT_TZ
from rosters_support import OTHER_PROJECT, PM, PROJECT, event, event_visits, outbox, row, roster_csv, upload

TODAY = date.today()
SURVEYOR = 501


def audit(api, tokens, **params) -> list[dict]:
    r = api.get("/api/phi-audit/rosters", headers=tokens.headers(Role.ADMIN, 1), params=params)
    assert r.status_code == 200, r.text
    return r.json()["rows"]


def called_patients(api, tokens, n: int) -> list[dict]:
    """A committed roster of `n` visits of PROJECT, each called once (calling.call.completed) just now."""
    days = [(TODAY - timedelta(days=1 + i % 3)).strftime("%m/%d/%Y") for i in range(n)]
    r = upload(api, tokens.headers(Role.PROJECT_MANAGER, PM), roster_csv([row(i, DOS=days[i]) for i in range(n)]),
               only_parse="false")
    assert r.status_code == 200, r.text
    rid = r.json()["data"]["id"]
    visits = [v for e in outbox(api.app, "rosters.visits.imported") if e["data"]["rosterId"] == rid
              for v in event_visits(e["data"])]
    calls = next(c for c in api.app.state.consumers if c.name == "rosters.calls")
    now = datetime.now(UTC).isoformat()
    for i, v in enumerate(visits):
        assert calls.handle(event("calling.call.completed", {
            "callId": 100 + i, "projectId": PROJECT, "visitId": v["visitId"], "surveyorId": SURVEYOR, "result": 1,
            "isPartial": False, "surveyedOn": now, "surveyCompletedOn": now})) is True
    return visits


def test_each_export_page_with_patients_leaves_one_row_without_patient_data(api, tokens):
    visits = called_patients(api, tokens, 3)
    pm = tokens.headers(Role.PROJECT_MANAGER, PM)
    start, end = (TODAY - timedelta(days=7)).isoformat(), TODAY.isoformat()

    r = api.get("/api/calls", headers=pm, params={"projectId": PROJECT, "from": start, "to": end, "limit": 2})
    assert r.status_code == 200 and len(r.json()["data"]["rows"]) == 2
    r = api.get("/api/calls", headers=tokens.headers(Role.OPERATIONS, 88),
                params={"projectId": PROJECT, "from": start, "to": end, "skip": 2, "limit": 2})
    assert r.status_code == 200 and len(r.json()["data"]["rows"]) == 1

    rows = audit(api, tokens)
    assert [(x["action"], x["userId"], x["userRole"], x["service"]) for x in rows] == [
        ("roster.export", 88, int(Role.OPERATIONS), "rosters"),
        ("roster.export", PM, int(Role.PROJECT_MANAGER), "rosters")]
    assert rows[1]["export"] == (f"called roster, project {PROJECT}, {start} to {end}, skip 0, limit 2, rows 1-2 of 3")
    assert rows[0]["export"] == (f"called roster, project {PROJECT}, {start} to {end}, skip 2, limit 2, rows 3-3 of 3")
    assert all(x["visitId"] is None and x["patient"] is None and x["ip"] for x in rows)
    # nothing of the patients themselves: names, MRNs, phones, dates of birth
    trail = str(rows)
    for v in visits:
        for field in ("firstName", "lastName", "mrn", "phoneCell", "dob"):
            if v.get(field):
                assert str(v[field]) not in trail, field
    assert [x["userId"] for x in audit(api, tokens, userId=PM)] == [PM]

    # the default range (the last week, in the export's time zone) is resolved before it is recorded
    assert api.get("/api/calls", headers=pm, params={"projectId": PROJECT}).status_code == 200
    today = datetime.now(EXPORT_TZ).date()
    assert audit(api, tokens)[0]["export"] == (f"called roster, project {PROJECT}, {today - timedelta(days=7)} to "
                                               f"{today}, skip 0, limit 5000, rows 1-3 of 3")


def test_an_empty_or_refused_export_leaves_no_row(api, tokens):
    called_patients(api, tokens, 2)
    pm = tokens.headers(Role.PROJECT_MANAGER, PM)
    long_ago = (TODAY - timedelta(days=60)).isoformat()
    assert api.get("/api/calls", headers=pm, params={"projectId": PROJECT, "from": long_ago, "to": long_ago}
                   ).json()["data"]["count"] == 0
    assert api.get("/api/calls", headers=pm, params={"projectId": PROJECT, "skip": 10}).json()["data"]["rows"] == []
    assert api.get("/api/calls", headers=pm, params={"projectId": OTHER_PROJECT}).status_code == 404  # not theirs
    assert api.get("/api/calls", headers=tokens.headers(Role.SURVEYOR, SURVEYOR),
                   params={"projectId": PROJECT}).status_code == 403
    assert api.get("/api/calls", headers=pm, params={"projectId": PROJECT, "from": TODAY.isoformat(),
                                                     "to": long_ago}).status_code == 400
    assert audit(api, tokens) == []


def test_an_export_whose_row_cannot_be_written_fails_and_shows_nothing(api, tokens):
    called_patients(api, tokens, 2)
    h = tokens.headers(Role.ADMIN, 1)
    assert api.get("/api/calls", headers=h, params={"projectId": PROJECT}).status_code == 200
    with api.app.state.db.session() as s:  # the trail's table is gone: nothing can be recorded
        s.execute(text("ALTER TABLE phi_access_audit RENAME TO phi_access_audit_away"))
    r = api.get("/api/calls", headers=h, params={"projectId": PROJECT})
    assert r.status_code == 503 and "audit" in r.json()["message"]
    assert "Jane" not in r.text and "rows" not in r.text


def test_the_trail_is_append_only_and_its_search_is_the_admins(api, tokens):
    called_patients(api, tokens, 1)
    admin = tokens.headers(Role.ADMIN, 1)
    assert api.get("/api/calls", headers=admin, params={"projectId": PROJECT}).status_code == 200
    for stmt in ("UPDATE phi_access_audit SET user_id = 2", "DELETE FROM phi_access_audit"):
        with pytest.raises(DBAPIError, match="append-only"):
            with api.app.state.db.session() as s:
                s.execute(text(stmt))
    assert len(audit(api, tokens)) == 1
    for path in ("/api/phi-audit/rosters", "/api/phi-audit/rosters/export"):
        assert api.get(path).status_code == 401
        for role in Role:
            r = api.get(path, headers=tokens.headers(role, 500 + int(role)))
            assert r.status_code == (200 if role == Role.ADMIN else 403), (path, role, r.status_code)
    csv = api.get("/api/phi-audit/rosters/export", headers=admin)
    assert csv.headers["content-type"].startswith("text/csv") and "roster.export" in csv.text
