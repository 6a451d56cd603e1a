"""The figures as GROUP BY queries over the call facts (the database aggregates; Python folds a few rows)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal

from sqlalchemy import BigInteger, Date, and_, case, cast, func, select
from sqlalchemy.orm import Session

from reporting.call_stats.figures import RATE_SCALE, Group
from reporting.constants import (AGREED, COMPLETE, DAILY, DISPOSITION_ORDER, DO_NOT_CALL, INCORRECT_ROSTER,
                                 NO_ANSWER, NON_CONTACT, NOT_ELIGIBLE, OTHER, PARTIAL, REFUSAL, REFUSED, SCHEDULED,
                                 UNAVAILABLE, UNKNOWN_HOUSEHOLD, UNKNOWN_OTHER, WEEKLY)
from reporting.models import CallDayProject, CallFact, ProjectView, UserView


@dataclass
class Filters:
    """Which calls: None means no filter on that field; an empty list matches nothing."""
    start: date
    end: date
    surveyor_ids: list[int] | None = None
    project_id: int | None = None
    manager_id: int | None = None
    utc_bounds: tuple[datetime, datetime] | None = None  # instead of business days: [lo, hi) on the result time


def conditions(f: Filters) -> list:
    if f.utc_bounds is not None:
        # the result time in another zone's days; the business days around them let the day indexes narrow first
        # (a zone's day overlaps at most the business day before and after it)
        conds = [CallFact.call_day >= f.start - timedelta(days=1), CallFact.call_day <= f.end + timedelta(days=1),
                 CallFact.surveyed_on >= f.utc_bounds[0], CallFact.surveyed_on < f.utc_bounds[1]]
    else:
        conds = [CallFact.call_day >= f.start, CallFact.call_day <= f.end]
    if f.surveyor_ids is not None:
        conds.append(CallFact.surveyor_id.in_(f.surveyor_ids or [-1]))
    if f.project_id is not None:
        conds.append(CallFact.project_id == f.project_id)
    if f.manager_id is not None:
        conds.append(CallFact.project_id.in_(select(ProjectView.id).where(ProjectView.manager_id == f.manager_id)))
    return conds


def _bucket(session: Session, frequency: int, day=CallFact.call_day):
    if frequency == DAILY:
        return day
    if session.get_bind().dialect.name == "postgresql":
        return cast(func.date_trunc("week" if frequency == WEEKLY else "month", day), Date)
    # SQLite keeps dates as ISO text: the Monday on or before the day, or the first of its month
    return func.date(day, "-6 days", "weekday 1") if frequency == WEEKLY else func.date(day, "start of month")


def _as_date(v) -> date:
    if isinstance(v, date):
        return v if type(v) is date else v.date()
    return date.fromisoformat(str(v)[:10])


def _rate_units():
    return cast(func.round(func.coalesce(ProjectView.payment_rate, 0) * RATE_SCALE), BigInteger)


def _stats_groups_by_day_project(session: Session, f: Filters, frequency: int):
    """The same figures from `call_day_project` (a row per day and project), when no surveyor narrows them."""
    r = CallDayProject
    bucket = _bucket(session, frequency, r.call_day).label("bucket")
    conds = [r.call_day >= f.start, r.call_day <= f.end]
    if f.project_id is not None:
        conds.append(r.project_id == f.project_id)
    if f.manager_id is not None:
        conds.append(r.project_id.in_(select(ProjectView.id).where(ProjectView.manager_id == f.manager_id)))
    return (select(bucket, func.sum(r.attempts), func.sum(r.surveys), func.sum(r.signed), func.sum(r.duration_us),
                   func.sum(r.agreed_duration_us), func.sum(r.surveys * _rate_units()))
            .select_from(r).join(ProjectView, ProjectView.id == r.project_id, isouter=True)
            .where(*conds).group_by(bucket))


def stats_groups(session: Session, f: Filters, frequency: int) -> list[Group]:
    """One row per bucket. Earnings are summed in the database in exact integer units of 1/10,000 (the rate's
    scale), rounded before the cast so SQLite's binary floats cannot lose a unit. Without a surveyor filter or
    UTC bounds the per-day rollup answers (thousands of rows for a year instead of every call)."""
    if f.surveyor_ids is None and f.utc_bounds is None:
        return [Group(_as_date(b), int(n or 0), int(s or 0), int(sig or 0), int(d or 0), int(ad or 0), int(units or 0))
                for b, n, s, sig, d, ad, units in session.execute(_stats_groups_by_day_project(session, f, frequency))]
    agreed = and_(CallFact.result == AGREED, CallFact.is_partial.is_(False))
    bucket = _bucket(session, frequency).label("bucket")
    rate_units = _rate_units()
    q = (select(bucket, func.count(),
                func.sum(case((agreed, 1), else_=0)),
                func.sum(case((CallFact.result == AGREED, 1), else_=0)),
                func.sum(CallFact.duration_us),
                func.sum(case((agreed, CallFact.duration_us), else_=0)),
                func.sum(case((agreed, rate_units), else_=0)))
         .select_from(CallFact).join(ProjectView, ProjectView.id == CallFact.project_id, isouter=True)
         .where(CallFact.result.is_not(None), *conditions(f))
         .group_by(bucket))
    return [Group(_as_date(b), int(n), int(s or 0), int(sig or 0), int(d or 0), int(ad or 0), int(units or 0))
            for b, n, s, sig, d, ad, units in session.execute(q)]


def payment_rates(session: Session, project_ids: set[int]) -> dict[int, Decimal]:
    if not project_ids:
        return {}
    q = select(ProjectView.id, ProjectView.payment_rate).where(ProjectView.id.in_(project_ids))
    return {i: Decimal(str(r or 0)) for i, r in session.execute(q)}


# --- AAPOR dispositions -----------------------------------------------------------------------------------

# Rank of a call's disposition: a case keeps its lowest rank (the most informative outcome over its calls).
_RANK = {d: i for i, d in enumerate(DISPOSITION_ORDER)}


def _disposition_rank():
    c = CallFact
    return case(
        (and_(c.result == AGREED, c.is_partial.is_(False)), _RANK[COMPLETE]),
        (c.result == AGREED, _RANK[PARTIAL]),
        (c.result.in_([DO_NOT_CALL, REFUSED]), _RANK[REFUSAL]),
        (c.result == INCORRECT_ROSTER, _RANK[NOT_ELIGIBLE]),
        (c.result.in_([NO_ANSWER, UNAVAILABLE]), _RANK[NON_CONTACT]),
        (c.result == SCHEDULED, _RANK[OTHER]),
        (and_(c.result.is_(None), c.released.is_(True)), _RANK[UNKNOWN_OTHER]),
        (c.result.is_(None), _RANK[UNKNOWN_HOUSEHOLD]),
        else_=_RANK[OTHER],  # a result code this service does not know yet: contact made, outcome other
    )


GROUP_COLUMNS = {"project": CallFact.project_id, "site": CallFact.site, "provider": CallFact.provider,
                 "surveyor": CallFact.surveyor_id}


def disposition_counts(session: Session, f: Filters, group_by: str) -> dict:
    """{group key: {disposition: cases}}; a case is a visit (or a call without one) within the group."""
    key = GROUP_COLUMNS[group_by]
    case_key = func.coalesce(CallFact.visit_id, -CallFact.call_id)
    per_case = (select(key.label("g"), case_key.label("k"), func.min(_disposition_rank()).label("rank"))
                .where(*conditions(f)).group_by(key, case_key).subquery())
    q = select(per_case.c.g, per_case.c.rank, func.count()).group_by(per_case.c.g, per_case.c.rank)
    out: dict = {}
    for g, rank, n in session.execute(q):
        out.setdefault(g, {})[DISPOSITION_ORDER[int(rank)]] = int(n)
    return out


def project_names(session: Session, ids: set[int]) -> dict[int, str]:
    if not ids:
        return {}
    return dict(session.execute(select(ProjectView.id, ProjectView.name).where(ProjectView.id.in_(ids))).all())


def user_names(session: Session, ids: set[int]) -> dict[int, str]:
    if not ids:
        return {}
    q = select(UserView.id, UserView.first_name, UserView.last_name).where(UserView.id.in_(ids))
    return {i: f"{fn} {ln}".strip() for i, fn, ln in session.execute(q)}


def pay_stub_lines(session: Session, f: Filters) -> list[tuple[int, int | None, int | None, int]]:
    """(surveyor, project, survey language, surveys) of the completed surveys in the range."""
    q = (select(CallFact.surveyor_id, CallFact.project_id, CallFact.survey_language_id, func.count())
         .where(CallFact.result == AGREED, CallFact.is_partial.is_(False), CallFact.surveyor_id.is_not(None),
                *conditions(f))
         .group_by(CallFact.surveyor_id, CallFact.project_id, CallFact.survey_language_id)
         .order_by(CallFact.surveyor_id, CallFact.project_id, CallFact.survey_language_id))
    return [(s, p, lang, int(n)) for s, p, lang, n in session.execute(q)]


def users(session: Session, ids: set[int]) -> dict[int, UserView]:
    if not ids:
        return {}
    return {u.id: u for u in session.scalars(select(UserView).where(UserView.id.in_(ids)))}
