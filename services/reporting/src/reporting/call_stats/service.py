"""Who sees which calls, and the call-stats figures.

Scope by caller (decided from the local read models):
- Surveyor, CIMR Surveyor, Keller Surveyor: only their own calls; asking for another surveyorId is 403.
- Project Manager: only calls on projects they manage; another managerId or a foreign projectId is 403.
- CIMR Manager: only CIMR Surveyors linked to them (identity's cimrManagerIds); stats only.
- Operations, Admin: everything, filtered as asked. Finance: earnings only (see earnings.service).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy.orm import Session

from kit.auth import SURVEYOR_ROLES, Principal, Role
from kit.errors import Forbidden, NotFound
from reporting.call_stats import figures as f
from reporting.call_stats import repository as repo
from reporting.call_stats.schemas import StatsQuery
from reporting.errors import Unprocessable
from reporting.readmodel import repository as rm

CIMR_ROLES = (Role.CIMR_SURVEYOR, Role.CIMR_MANAGER)
MAX_DAYS = {f.DAILY: 366, f.WEEKLY: 3 * 366, f.MONTHLY: 10 * 366}


@dataclass
class Scope:
    surveyor_ids: list[int] | None
    project_id: int | None
    manager_id: int | None


@dataclass
class Window:
    start: date
    end: date
    frequency: int


def window(q: StatsQuery, tz: ZoneInfo, default_frequency: int) -> Window:
    if q.type is not None:
        if q.type not in (f.DAILY, f.WEEKLY, f.MONTHLY):
            raise Unprocessable("type: must be 1 (Daily), 7 (Weekly) or 30 (Monthly)")
        frequency = q.type
    elif q.monthly:
        frequency = f.MONTHLY
    elif q.weekly:
        frequency = f.WEEKLY
    else:
        frequency = default_frequency
    end = q.to or datetime.now(tz).date()
    start = q.from_ or end - timedelta(days={f.DAILY: 6, f.WEEKLY: 27, f.MONTHLY: 89}[frequency])
    if start > end:
        raise Unprocessable("from: must not be after to")
    if (end - start).days + 1 > MAX_DAYS[frequency]:
        raise Unprocessable(f"from: the range may span at most {MAX_DAYS[frequency]} days at this frequency")
    return Window(start, end, frequency)


def scope(session: Session, principal: Principal, q: StatsQuery) -> Scope:
    if principal.role in SURVEYOR_ROLES:
        if q.surveyor_id is not None and q.surveyor_id != principal.id:
            raise Forbidden("surveyorId: you can only see your own figures")
        return Scope([principal.id], q.project_id, q.manager_id)
    if principal.has(Role.PROJECT_MANAGER):
        if q.manager_id is not None and q.manager_id != principal.id:
            raise Forbidden("managerId: you can only see your own projects")
        if q.project_id is not None:
            p = rm.get_project(session, q.project_id)
            if p is None:
                raise NotFound("projectId: project not found")
            if p.manager_id != principal.id:
                raise Forbidden("projectId: you can only see your own projects")
        return Scope(None if q.surveyor_id is None else [q.surveyor_id], q.project_id, principal.id)
    if principal.has(Role.CIMR_MANAGER):
        linked = rm.cimr_surveyor_ids(session, principal.id)
        if q.surveyor_id is not None and q.surveyor_id not in linked:
            raise Forbidden("surveyorId: not one of your CIMR Surveyors")
        ids = [q.surveyor_id] if q.surveyor_id is not None else linked
        # the frontend passes the manager's own id as managerId: that means "my surveyors", not a project filter
        manager = None if q.manager_id in (None, principal.id) else q.manager_id
        return Scope(ids, q.project_id, manager)
    return Scope(None if q.surveyor_id is None else [q.surveyor_id], q.project_id, q.manager_id)


def tallies(session: Session, principal: Principal, q: StatsQuery, tz: ZoneInfo, default_frequency: int):
    w = window(q, tz, default_frequency)
    s = scope(session, principal, q)
    lo, hi = f.utc_range(w.start, w.end, tz)
    calls = repo.calls_between(session, lo, hi, surveyor_ids=s.surveyor_ids, project_id=s.project_id,
                               manager_id=s.manager_id)
    return w, f.tally_by_bucket(calls, w.start, w.end, w.frequency, tz)


def call_stats(session: Session, principal: Principal, q: StatsQuery, tz: ZoneInfo) -> dict:
    w, by_bucket = tallies(session, principal, q, tz, f.DAILY)
    with_earnings = principal.role not in CIMR_ROLES
    rows, total = [], f.Tally()
    for b, t in by_bucket.items():
        rows.append({"weekOf": b, **t.stats(with_earnings=with_earnings)})
        total.merge(t)
    surveys = [r["surveys"] for r in rows]
    attempts = [r["attempts"] for r in rows]
    chart = {
        "categories": [r["weekOf"] for r in rows],
        "series": [{"name": "Surveys", "type": "bar", "data": surveys},
                   {"name": "Attempts", "type": "bar", "data": attempts},
                   {"name": "Completion Rate", "type": "line", "data": [r["completionRate"] for r in rows]}],
        "max": f.chart_max(surveys + attempts),
    }
    return {"frequency": w.frequency, "callStatsData": rows, "totals": total.stats(with_earnings=with_earnings),
            "chartData": chart}
