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


def test_the_trails_days_are_whole_central_days_across_a_dst_change(api, tokens, monkeypatch):
    """`from`/`to` name America/Chicago days, as the screen shows every time (CST): a row of 9:30 PM on 11/27 is
    11/27's although it is 11/28 in UTC; the fall-back day has 25 hours (01:30 twice), the spring-forward day 23."""
    import kit.phi_audit as audit_mod
    from kit.auth import Principal

    rows = {  # label: naive UTC instant (Central time in the comment)
        "11/26 late": datetime(2026, 11, 27, 5, 59, 59),  # 11/26 11:59:59 PM CST
        "11/27 first": datetime(2026, 11, 27, 6, 0),  # 11/27 12:00 AM CST
        "11/27 evening": datetime(2026, 11, 28, 3, 30),  # 11/27 9:30 PM CST: 11/28 in UTC
        "11/28 first": datetime(2026, 11, 28, 6, 0),
        "10/31 late": datetime(2026, 11, 1, 4, 59),  # 10/31 11:59 PM CDT
        "11/01 1:30 CDT": datetime(2026, 11, 1, 6, 30),  # the repeated hour, first time
        "11/01 1:30 CST": datetime(2026, 11, 1, 7, 30),  # and second time
        "11/01 late": datetime(2026, 11, 2, 5, 59),  # 11/01 11:59 PM CST
        "03/08 late": datetime(2026, 3, 9, 4, 59),  # 03/08 11:59 PM CDT (a 23-hour day)
        "03/09 first": datetime(2026, 3, 9, 5, 0),  # 03/09 12:00 AM CDT
    }
    admin = Principal(id=1, role=Role.ADMIN, sid="s", name="Ada")
    with api.app.state.db.session() as s:
        for label, at in rows.items():
            monkeypatch.setattr(audit_mod, "_utcnow", lambda at=at: at)
            audit_mod.record_phi_access(s, admin, "10.0.0.1", action="roster.export", export=label)

    def found(frm: str, to: str) -> set[str]:
        return {x["export"] for x in audit(api, tokens, **{"from": frm, "to": to})}

    assert found("2026-11-27", "2026-11-27") == {"11/27 first", "11/27 evening"}
    assert found("2026-11-26", "2026-11-27") == {"11/26 late", "11/27 first", "11/27 evening"}
    assert found("2026-11-01", "2026-11-01") == {"11/01 1:30 CDT", "11/01 1:30 CST", "11/01 late"}
    assert found("2026-03-08", "2026-03-08") == {"03/08 late"}
    assert found("2026-03-09", "2026-03-09") == {"03/09 first"}
    export = api.get("/api/phi-audit/rosters/export", headers=tokens.headers(Role.ADMIN, 1),
                     params={"from": "2026-11-27", "to": "2026-11-27"})
    assert export.status_code == 200 and "11/27 evening" in export.text and "11/28 first" not in export.text
    # the calendar's last day has no end: a 400 naming the field, not a 500
    for params in ({"to": "9999-12-31"}, {"from": "9999-12-31"}):
        r = api.get("/api/phi-audit/rosters", headers=tokens.headers(Role.ADMIN, 1), params=params)
        assert r.status_code == 400 and r.json()["message"].startswith(next(iter(params))), r.text
