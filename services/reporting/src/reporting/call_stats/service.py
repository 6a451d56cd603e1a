"""Who sees which calls, the call-stats figures and the AAPOR dispositions.

Scope by caller (decided from the local read models, applied in the query for every parameter combination):
- Surveyor, CIMR Surveyor, Keller Surveyor: only their own calls; asking for another surveyorId is 403.
- Project Manager: only calls on projects they manage; another managerId or a foreign projectId is 403.
- CIMR Manager: only CIMR Surveyors linked to them (identity's cimrManagerIds); stats only.
- Operations, Admin: everything, filtered as asked. Finance: earnings only (see earnings.service).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal

from sqlalchemy.orm import Session

from kit import periods
from kit.auth import SURVEYOR_ROLES, Principal, Role
from kit.errors import Forbidden, NotFound
from reporting.call_stats import figures as f
from reporting.call_stats import repository as repo
from reporting.call_stats.schemas import DispositionQuery, StatsQuery
from reporting.constants import (BUSINESS_TZ, COMPLETE, DAILY, DEFAULT_SPAN_DAYS, DISPOSITION_LABELS,
                                 DISPOSITION_ORDER, FREQUENCIES, MAX_DAYS, MONTHLY, NON_CONTACT, OTHER, PARTIAL,
                                 REFUSAL, UNKNOWN_HOUSEHOLD, UNKNOWN_OTHER, WEEKLY)
from reporting.errors import Unprocessable
from reporting.readmodel import repository as rm

CIMR_ROLES = (Role.CIMR_SURVEYOR, Role.CIMR_MANAGER)


@dataclass
class Window:
    start: date
    end: date
    frequency: int


def frequency_of(q: StatsQuery, default: int) -> int:
    if q.type is not None:
        if q.type not in FREQUENCIES:
            raise Unprocessable("type: must be 1 (Daily), 7 (Weekly) or 30 (Monthly)")
        return q.type
    if q.monthly:
        return MONTHLY
    if q.weekly:
        return WEEKLY
    return default


def window(q, frequency: int) -> Window:
    # the last period (and the day after it, the bound the query takes) must stay on the calendar; so must the
    # default start before `to`
    for name, day in (("from", q.from_), ("to", q.to)):
        if problem := periods.off_calendar(name, day):
            raise Unprocessable(problem)
    end = q.to or datetime.now(BUSINESS_TZ).date()
    start = q.from_ or end - timedelta(days=DEFAULT_SPAN_DAYS[frequency])
    if start > end:
        raise Unprocessable("from: must not be after to")
    if (end - start).days + 1 > MAX_DAYS[frequency]:
        raise Unprocessable(f"from: the range may span at most {MAX_DAYS[frequency]} days at this frequency")
    return Window(start, end, frequency)


def not_known(project_id: int) -> NotFound:
    return NotFound(f"projectId: project {project_id} is not known to the reporting service yet; it may have been "
                    "created a moment ago - try again shortly")


def scope(session: Session, principal: Principal, q, w: Window) -> repo.Filters:
    """The caller's filters narrowed to what they may see."""
    base = dict(start=w.start, end=w.end, project_id=q.project_id)
    if principal.role in SURVEYOR_ROLES:
        if q.surveyor_id is not None and q.surveyor_id != principal.id:
            raise Forbidden("surveyorId: you can only see your own figures")
        return repo.Filters(surveyor_ids=[principal.id], manager_id=q.manager_id, **base)
    if principal.has(Role.PROJECT_MANAGER):
        if q.manager_id is not None and q.manager_id != principal.id:
            raise Forbidden("managerId: you can only see your own projects")
        if q.project_id is not None:
            p = rm.get_project(session, q.project_id)
            # another manager's project answers as an unknown one (conventions: 404, not a 403 confirming it
            # exists), as the client report exports of this service do
            if p is None or p.manager_id != principal.id:
                raise not_known(q.project_id)
        return repo.Filters(surveyor_ids=None if q.surveyor_id is None else [q.surveyor_id], manager_id=principal.id,
                            **base)
    if principal.has(Role.CIMR_MANAGER):
        linked = rm.cimr_surveyor_ids(session, principal.id)
        if q.surveyor_id is not None and q.surveyor_id not in linked:
            raise Forbidden("surveyorId: not one of your CIMR Surveyors")
        ids = [q.surveyor_id] if q.surveyor_id is not None else linked
        # the frontend passes the manager's own id as managerId: that means "my surveyors", not a project filter
        manager = None if q.manager_id in (None, principal.id) else q.manager_id
        return repo.Filters(surveyor_ids=ids, manager_id=manager, **base)
    return repo.Filters(surveyor_ids=None if q.surveyor_id is None else [q.surveyor_id], manager_id=q.manager_id,
                        **base)


def tallies(session: Session, principal: Principal, q: StatsQuery, default_frequency: int):
    w = window(q, frequency_of(q, default_frequency))
    # every row is a whole period: "Week Of 10/26" counts that Monday to Sunday even when `from` is a Friday, as
    # the row's pay stub (the period holding its date) does
    w.start = f.bucket_start(w.start, w.frequency)
    w.end = f.period_end(f.bucket_start(w.end, w.frequency), w.frequency)
    groups = repo.stats_groups(session, scope(session, principal, q, w), w.frequency)
    return w, f.tally_by_bucket(groups, w.start, w.end, w.frequency)


def call_stats(session: Session, principal: Principal, q: StatsQuery) -> dict:
    w, by_bucket = tallies(session, principal, q, DAILY)
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


# --- AAPOR ------------------------------------------------------------------------------------------------

RATE_PLACES = Decimal("0.0001")


def _ratio(n: int, d: int) -> Decimal | None:
    return (Decimal(n) / Decimal(d)).quantize(RATE_PLACES, rounding=ROUND_HALF_UP) if d else None


def aapor_rates(c: dict[str, int]) -> dict:
    """AAPOR Standard Definitions: RR1, RR2, COOP1, REF1, CON1 (not-eligible cases are left out)."""
    i, p, r, nc, o = (c.get(k, 0) for k in (COMPLETE, PARTIAL, REFUSAL, NON_CONTACT, OTHER))
    unknown = c.get(UNKNOWN_HOUSEHOLD, 0) + c.get(UNKNOWN_OTHER, 0)
    eligible_and_unknown = (i + p) + (r + nc + o) + unknown
    return {"rr1": _ratio(i, eligible_and_unknown), "rr2": _ratio(i + p, eligible_and_unknown),
            "coop1": _ratio(i, (i + p) + r + o), "ref1": _ratio(r, eligible_and_unknown),
            "con1": _ratio((i + p) + r + o, eligible_and_unknown)}


def dispositions(session: Session, principal: Principal, q: DispositionQuery) -> dict:
    w = window(q, WEEKLY)
    counts = repo.disposition_counts(session, scope(session, principal, q, w), q.group_by)
    names: dict = {}
    if q.group_by == "project":
        names = repo.project_names(session, {k for k in counts if k is not None})
    elif q.group_by == "surveyor":
        names = repo.user_names(session, {k for k in counts if k is not None})
    rows, total = [], {d: 0 for d in DISPOSITION_ORDER}
    # names as a person reads them, regardless of case ("dee Lane" before "Eve Park")
    for key in sorted(counts, key=lambda k: (k is None, str(names.get(k, k)).casefold(), str(names.get(k, k)))):
        c = {d: counts[key].get(d, 0) for d in DISPOSITION_ORDER}
        for d in DISPOSITION_ORDER:
            total[d] += c[d]
        label = names.get(key) or ("(none)" if key is None else str(key))
        rows.append({"key": None if key is None else str(key), "name": label, "counts": c,
                     "cases": sum(c.values()), **aapor_rates(c)})
    return {"groupBy": q.group_by, "from": w.start, "to": w.end, "rows": rows, "count": len(rows),
            "totals": {"counts": total, "cases": sum(total.values()), **aapor_rates(total)},
            "labels": DISPOSITION_LABELS}
