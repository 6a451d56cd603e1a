"""`call_day_project` stays equal to the call facts summed per business day and project, whatever order and
revisions the call events come in, and the Admin / manager figures read from it equal the ones read from the
facts (a surveyor filter reads the facts)."""

from sqlalchemy import case, func, literal_column, select

from kit.auth import Role
from reporting.models import CallDayProject, CallFact
from reporting_testkit import call, feed, project


def from_facts(s) -> dict:
    agreed = CallFact.result == 1
    complete = agreed & CallFact.is_partial.is_(False)
    pid = func.coalesce(CallFact.project_id, literal_column("0"))
    q = (select(CallFact.call_day, pid, func.count(),
                func.sum(case((complete, 1), else_=0)), func.sum(case((agreed, 1), else_=0)),
                func.sum(CallFact.duration_us), func.sum(case((complete, CallFact.duration_us), else_=0)))
         .where(CallFact.result.is_not(None), CallFact.call_day.is_not(None))
         .group_by(CallFact.call_day, pid))
    return {(str(d), int(p)): tuple(int(x) for x in rest) for d, p, *rest in s.execute(q)}


def rollup(s) -> dict:
    r = CallDayProject
    q = select(r.call_day, r.project_id, r.attempts, r.surveys, r.signed, r.duration_us, r.agreed_duration_us)
    return {(str(d), int(p)): tuple(int(x) for x in rest) for d, p, *rest in s.execute(q)}


def test_rollup_follows_every_revision_of_a_call(client, tokens):
    project(client, 1, 11, "12.50")
    project(client, 2, 12, "8.00")
    # started (no result: not counted), then an interim partial, then the final complete on the same row
    feed(client, "calling.call.started", {"callId": 1, "projectId": 1, "visitId": 10, "surveyorId": 21,
                                          "callStart": "2026-03-02T15:00:00Z"})
    call(client, 1, 1, 21, "2026-03-02T15:00:00Z", 12, partial=True)
    call(client, 1, 1, 21, "2026-03-02T15:00:00Z", 14)
    # a call whose start moves to another business day (05:30 UTC is the evening before in Chicago)
    call(client, 2, 2, 22, "2026-03-03T15:00:00Z", 3, result=4)
    call(client, 2, 2, 22, "2026-03-03T05:30:00Z", 5, result=4)
    # a call changing project, a released call without a result, a stale revision that must not count
    call(client, 3, 1, 21, "2026-03-04T16:00:00Z", 10, result=3)
    call(client, 3, 2, 21, "2026-03-04T16:00:00Z", 10, result=1, occurred_at="2027-01-01T00:00:00Z")
    call(client, 3, 1, 21, "2026-03-04T16:00:00Z", 99, result=3, occurred_at="2026-12-31T00:00:00Z")
    feed(client, "calling.call.released", {"callId": 4, "projectId": 1, "visitId": 40})
    db = client.app.state.db
    with db.session() as s:
        got = rollup(s)
        assert got == from_facts(s)
    assert got == {("2026-03-02", 1): (1, 1, 1, 14 * 60_000_000, 14 * 60_000_000),
                   ("2026-03-02", 2): (1, 0, 0, 5 * 60_000_000, 0),
                   ("2026-03-04", 2): (1, 1, 1, 10 * 60_000_000, 10 * 60_000_000)}

    # the figures served from the rollup (Admin, a manager) equal those served from the facts (a surveyor)
    params = {"from": "2026-03-01", "to": "2026-03-07", "weekly": "true"}
    admin = client.get("/api/call-stats", params=params, headers=tokens.headers(Role.ADMIN)).json()["data"]
    mine = client.get("/api/call-stats", params={**params, "surveyorId": 21},
                      headers=tokens.headers(Role.ADMIN)).json()["data"]
    theirs = client.get("/api/call-stats", params={**params, "surveyorId": 22},
                        headers=tokens.headers(Role.ADMIN)).json()["data"]
    assert admin["totals"]["attempts"] == mine["totals"]["attempts"] + theirs["totals"]["attempts"] == 3
    assert admin["totals"]["surveys"] == mine["totals"]["surveys"] == 2
    pm = client.get("/api/surveyor-earnings", params=params,
                    headers=tokens.headers(Role.PROJECT_MANAGER, user_id=12)).json()["data"]
    pm_s = client.get("/api/surveyor-earnings", params={**params, "surveyorId": 21},
                      headers=tokens.headers(Role.PROJECT_MANAGER, user_id=12)).json()["data"]
    assert pm["earningAndCallData"] == pm_s["earningAndCallData"]
    assert sum(float(r.get("earnings") or 0) for r in pm["earningAndCallData"]) == 8.0
