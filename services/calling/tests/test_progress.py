"""GET calls-progress: calls and completed surveys per day of the week or the reporting period, per scope."""

from datetime import date, datetime, timedelta

from sqlalchemy import text

from kit import periods
from kit.auth import Role
from kit.events import utcnow


def data(r):
    assert r.status_code == 200, r.text
    return r.json()["data"]


def test_progress_counts_per_day_in_scope(world):
    pm, pm2 = world.user(Role.PROJECT_MANAGER), world.user(Role.PROJECT_MANAGER)
    p1, p2 = world.project(manager_id=pm), world.project(manager_id=pm2)
    s1, s2 = world.user(), world.user()
    for p in (p1, p2):
        for s in (s1, s2):
            world.assign(p, s)
        world.sampling(p)
        world.visits(p, 6)
    calls = []
    for pid, sid, result in ((p1, s1, 1), (p1, s1, 4), (p1, s2, 1), (p2, s1, 1), (p2, s2, 3)):
        c = data(world.claim(pid, sid))
        data(world.result(c, sid, result))
        calls.append(c["callId"])

    def get(role, uid, **params):
        return data(world.client.get("/api/calls-progress", headers=world.h(role, uid), params=params))

    week = get(Role.OPERATIONS, 1)
    assert week["isWeekly"] is True and len(week["days"]) == 7 and week["timezone"] == "America/Chicago"
    assert datetime.fromisoformat(week["from"]).weekday() == 0
    assert week["totalCalls"] == 5 and week["totalSurveys"] == 3 and week["max"] == 10
    # a project calling has no start date for (before it kept them): the calendar month
    period = get(Role.OPERATIONS, 1, isWeekly="false", projectId=p1)
    assert 28 <= len(period["days"]) <= 31 and period["days"][0]["date"].endswith("-01") and period["totalSurveys"] == 2
    assert get(Role.OPERATIONS, 1, projectId=p1)["totalSurveys"] == 2
    assert get(Role.OPERATIONS, 1, managerId=pm2)["totalCalls"] == 2
    assert get(Role.OPERATIONS, 1, surveyorId=s2)["totalCalls"] == 2
    # scopes: a surveyor only own calls, a PM only own projects
    assert get(Role.SURVEYOR, s1)["totalCalls"] == 3
    assert get(Role.SURVEYOR, s1, surveyorId=s1)["totalCalls"] == 3
    other = world.client.get("/api/calls-progress", headers=world.h(Role.SURVEYOR, s1), params={"surveyorId": s2})
    assert other.status_code == 403 and other.json()["message"] == "surveyorId: you can only see your own calls"
    assert get(Role.PROJECT_MANAGER, pm)["totalCalls"] == 3
    assert get(Role.PROJECT_MANAGER, pm, projectId=p2)["totalCalls"] == 0
    # a call outside the period does not count; the day it falls on does
    with world.db.session() as s:
        s.execute(text("UPDATE calls SET surveyed_on = '2000-01-01 12:00:00' WHERE id = :id"), {"id": calls[0]})
    assert get(Role.OPERATIONS, 1)["totalCalls"] == 4
    today = [d for d in get(Role.OPERATIONS, 1)["days"] if d["calls"]]
    assert len(today) == 1 and today[0]["surveys"] == 2
    r = world.client.get("/api/calls-progress", headers=world.h(Role.OPERATIONS, 1), params={"projectId": 2**64})
    assert r.status_code in (400, 422) and "projectId" in r.json()["message"]
    # several projects have no one reporting period
    r = world.client.get("/api/calls-progress", headers=world.h(Role.OPERATIONS, 1), params={"isWeekly": "false"})
    assert r.status_code == 400 and "projectId" in r.json()["message"]


def test_the_reporting_period_is_the_projects_own(world):
    """start + k x reporting frequency months (kit.periods, as projects and reporting count it), not the month."""
    today = periods.business_today()
    start = periods.add_months(today, -2)
    pid = world.project()
    world.feed("projects.project.updated", {"id": pid, "startDate": start.isoformat(), "reportFreqId": 3})
    sid = world.user()
    world.assign(pid, sid)
    world.sampling(pid)
    world.visits(pid, 3)
    first = data(world.claim(pid, sid))
    data(world.result(first, sid, 1))
    second = data(world.claim(pid, sid))
    data(world.result(second, sid, 1))
    # 45 days ago: in this quarterly period (started two months ago), never in the current calendar month
    earlier = utcnow() - timedelta(days=45)
    with world.db.session() as s:
        s.execute(text("UPDATE calls SET surveyed_on = :at WHERE id = :id"), {"at": earlier, "id": first["callId"]})

    r = data(world.client.get("/api/calls-progress", headers=world.h(Role.OPERATIONS, 1),
                              params={"isWeekly": "false", "projectId": pid}))
    lo, hi = periods.reporting_period(start, 3, today)
    assert (r["from"], r["to"]) == (start.isoformat(), (hi - timedelta(days=1)).isoformat()) and lo == start
    assert len(r["days"]) == (hi - lo).days and r["days"][0]["date"] == start.isoformat()
    assert r["totalCalls"] == 2 and r["totalSurveys"] == 2
    assert [d["date"] for d in r["days"] if d["surveys"]] == [periods.business_today(earlier).isoformat(),
                                                             today.isoformat()]
    week = data(world.client.get("/api/calls-progress", headers=world.h(Role.OPERATIONS, 1), params={"projectId": pid}))
    assert week["totalSurveys"] == 1 and date.fromisoformat(week["from"]).weekday() == 0
    # an annual period: every day of the year, the same two surveys
    world.feed("projects.project.updated", {"id": pid, "startDate": start.isoformat(), "reportFreqId": 12})
    year = data(world.client.get("/api/calls-progress", headers=world.h(Role.OPERATIONS, 1),
                                 params={"isWeekly": "false", "projectId": pid}))
    assert year["from"] == start.isoformat() and len(year["days"]) in (365, 366) and year["totalSurveys"] == 2
    # a project calling has not heard of has no period of its own: said so (its week is still every day at 0)
    r = world.client.get("/api/calls-progress", headers=world.h(Role.OPERATIONS, 1),
                         params={"isWeekly": "false", "projectId": 987654})
    assert r.status_code == 404 and "not known to the calling service yet" in r.json()["message"]


def test_pm2_and_an_unassigned_surveyor_do_not_read_pm1_projects_reporting_period(world):
    """PM1's project, started two months ago with a quarterly period: PM2 and a surveyor not assigned to it asking
    for its period (isWeekly=false) get the 404 of a project calling has not heard of (its period would tell its
    start date and frequency); PM1, the assigned surveyor, Operations and the CIMR Manager read it. The week
    (isWeekly=true) stays a scoped count: 0 for them."""
    start = periods.add_months(periods.business_today(), -2)
    pm1, pm2 = world.user(Role.PROJECT_MANAGER), world.user(Role.PROJECT_MANAGER)
    pid = world.project(manager_id=pm1)
    world.feed("projects.project.updated", {"id": pid, "startDate": start.isoformat(), "reportFreqId": 3})
    assigned, other = world.user(), world.user()
    world.assign(pid, assigned)

    def get(role, uid, weekly="false"):
        return world.client.get("/api/calls-progress", headers=world.h(role, uid),
                                params={"isWeekly": weekly, "projectId": pid})

    for role, uid in ((Role.PROJECT_MANAGER, pm1), (Role.SURVEYOR, assigned), (Role.OPERATIONS, 1),
                      (Role.CIMR_MANAGER, world.user(Role.CIMR_MANAGER))):
        assert data(get(role, uid))["from"] == start.isoformat(), (role, uid)
    unknown = world.client.get("/api/calls-progress", headers=world.h(Role.OPERATIONS, 1),
                               params={"isWeekly": "false", "projectId": 987655}).json()["message"]
    for role, uid in ((Role.PROJECT_MANAGER, pm2), (Role.SURVEYOR, other), (Role.KELLER_SURVEYOR, other)):
        r = get(role, uid)
        assert (r.status_code, r.json()["message"]) == (404, unknown.replace("987655", str(pid))), r.text
        assert data(get(role, uid, weekly="true"))["totalCalls"] == 0


def test_chart_max():
    from calling.progress.service import chart_max

    assert chart_max(0) == 10 and chart_max(9) == 10 and chart_max(10) == 11 and chart_max(100) == 110
