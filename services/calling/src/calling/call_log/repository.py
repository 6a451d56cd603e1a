"""The call log's queries. Scope and filters are conditions on `calls` alone (joined tables enter through
indexed sub-selects), so the count never joins and the newest-first page walks `ix_calls_logged`.

The count is exact up to COUNT_PAST_PAGE rows past the requested page and says so (`exact`); beyond that it is
a lower bound. Counting a million-row history exactly costs a scan of every row on every page turn (hundreds of
milliseconds at 1,000,000 calls); no one pages 10,000 rows past where they are, and the pager can still walk to
any page (the bound moves with `skip`)."""

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import ColumnElement, Select, func, or_, select
from sqlalchemy.sql import operators
from sqlalchemy.orm import Session, aliased

from kit.eventdata import INT64_MAX
from kit.paging import Page, order_column

from calling.models import (Call, CleanedCommentView, ProjectView, SurveyAnswerView, UserView, UserCimrManagerView,
                            Visit)

Surveyor = aliased(UserView, name="surveyor")

ORDER_COLUMNS = {"id": Call.id, "callId": Call.id, "callStart": Call.call_start, "surveyedOn": Call.surveyed_on,
                 "surveyCompletedOn": Call.survey_completed_on, "result": Call.result, "projectId": Call.project_id,
                 "surveyorId": Call.surveyor_id, "patientLastName": Visit.last_name, "projectName": ProjectView.name,
                 # what the Surveyor column shows (surveyorId would sort it in account creation order)
                 "surveyorName": Surveyor.first_name + " " + Surveyor.last_name}


@dataclass(frozen=True)
class CallFilter:
    start: datetime | None = None
    end: datetime | None = None
    is_complete: bool | None = None
    manager_id: int | None = None
    project_id: int | None = None
    result: int | None = None
    phone_digits: str | None = None
    surveyor_id: int | None = None


def scope_own(surveyor_id: int) -> list[ColumnElement]:
    return [Call.surveyor_id == surveyor_id]


def scope_manager(manager_id: int) -> list[ColumnElement]:
    return [Call.project_id.in_(select(ProjectView.id).where(ProjectView.manager_id == manager_id))]


def scope_cimr_manager(manager_id: int, cimr_role: int) -> list[ColumnElement]:
    linked = (select(UserCimrManagerView.user_id).join(UserView, UserView.id == UserCimrManagerView.user_id)
              .where(UserCimrManagerView.manager_id == manager_id, UserView.role == cimr_role))
    return [Call.surveyor_id.in_(linked)]


def conditions(scope: list[ColumnElement], f: CallFilter) -> list[ColumnElement]:
    """The scope plus every filter, as conditions on `calls` (a claim given back without a result is not a call)."""
    where = [*scope, Call.result.is_not(None)]
    if f.start is not None:
        where.append(Call.surveyed_on >= f.start)
    if f.end is not None:
        where.append(Call.surveyed_on < f.end)
    if f.is_complete is True:
        where.append(Call.survey_completed_on.is_not(None))
    elif f.is_complete is False:
        where.append(Call.survey_completed_on.is_(None))
    if f.manager_id is not None:
        where.extend(scope_manager(f.manager_id))
    if f.project_id is not None:
        where.append(Call.project_id == f.project_id)
    if f.result is not None:
        where.append(Call.result == f.result)
    if f.surveyor_id is not None:
        where.append(Call.surveyor_id == f.surveyor_id)
    if f.phone_digits:
        like = f"%{f.phone_digits}%"
        where.append(Call.visit_id.in_(select(Visit.id).where(or_(Visit.phone_cell.like(like),
                                                                  Visit.phone_home.like(like)))))
    return where


def _joined(where: list[ColumnElement], *, visit_inner: bool = False) -> Select:
    return (select(Call, Visit, Surveyor, ProjectView)
            .join(Visit, Visit.id == Call.visit_id, isouter=not visit_inner)
            .join(Surveyor, Surveyor.id == Call.surveyor_id, isouter=True)
            .join(ProjectView, ProjectView.id == Call.project_id, isouter=True)
            .where(*where))


def _order(p: Page) -> list:
    # without an orderBy the newest calls come first (what a call log is opened for)
    if not p.order_by:
        return [Call.surveyed_on.desc(), Call.id.desc()]
    tie = Call.id.desc() if p.descending else Call.id.asc()
    if p.order_by == "patientLastName":
        # name regardless of case ("de la Cruz" among the Ds), then patient, then call: the page walks
        # ix_visits_last_name_ci (lower(last_name), id) and each patient's few calls (an incremental sort),
        # instead of sorting every joined call by name
        visit = Visit.id.desc() if p.descending else Visit.id.asc()
        return [order_column(ORDER_COLUMNS, p, Call.id, fold_case=True), visit, tie]
    if p.order_by in ("projectName", "surveyorName"):
        return [order_column(ORDER_COLUMNS, p, Call.id, fold_case=True, nulls_last=True), tie]
    return [order_column(ORDER_COLUMNS, p, Call.id), tie]


JOINED_ORDER = {"patientLastName", "projectName", "surveyorName"}  # orders on a joined table


COUNT_PAST_PAGE = 10_000


def any_call(session: Session, where: list[ColumnElement]) -> bool:
    return session.scalar(select(Call.id).where(*where).limit(1)) is not None


def count_at_most(session: Session, where: list[ColumnElement], bound: int) -> tuple[int, bool]:
    """(matching calls, exact): exact when there are at most `bound`; else (bound + 1, False). The bound is capped
    where a 64-bit LIMIT ends (a `skip` at the top of its range plus the page would overflow it): no table holds
    that many calls, so the count stays exact."""
    bound = min(bound, INT64_MAX - 1)
    limited = select(Call.id).where(*where).limit(bound + 1).subquery()
    n = session.scalar(select(func.count()).select_from(limited)) or 0
    return n, n <= bound


def _ids_and_count(session: Session, where: list[ColumnElement], order: list, p: Page) -> tuple[list[int], int, bool]:
    """The page's call ids and the count from one walk of the index: the walk skips `skip` entries and reads up to
    COUNT_PAST_PAGE more (materialised once); the page is its first `limit` rows, the count `skip` + what it read.
    A page past the end reads nothing, and the count is then taken on its own."""
    window = p.limit + COUNT_PAST_PAGE
    labels = [f"k{i}" for i in range(len(order))]
    walk = (select(Call.id.label("call_id"), *[o.element.label(k) for o, k in zip(order, labels)])
            .where(*where).order_by(*order).offset(p.skip).limit(window + 1).cte("walk"))
    again = [walk.c[k].desc() if o.modifier is operators.desc_op else walk.c[k].asc() for o, k in zip(order, labels)]
    read = select(func.count()).select_from(walk).scalar_subquery()
    got = session.execute(select(walk.c.call_id, read).order_by(*again).limit(p.limit)).all()
    if not got:
        count, exact = count_at_most(session, where, p.skip + window)
        return [], count, exact
    return [r[0] for r in got], p.skip + got[0][1], got[0][1] <= window


def page(session: Session, where: list[ColumnElement], p: Page) -> tuple[list, int, bool]:
    order = _order(p)  # checks orderBy before any query runs
    if p.order_by in JOINED_ORDER:
        count, exact = count_at_most(session, where, p.skip + p.limit + COUNT_PAST_PAGE)
        # deferred join here too: the page's ids sorted with only the sort key's table joined (a year of calls
        # sorted by name carries ids, not every column of four tables: 600 ms became 150 ms, bench/seed_year.py),
        # then the page's rows. A called patient's visit is never dropped (undo and the final count keep called
        # visits), so the inner join loses no call and lets the name order start from the visits' index.
        ids_q = select(Call.id)
        if p.order_by == "patientLastName":
            ids_q = ids_q.join(Visit, Visit.id == Call.visit_id)
        elif p.order_by == "projectName":
            ids_q = ids_q.join(ProjectView, ProjectView.id == Call.project_id, isouter=True)
        else:
            ids_q = ids_q.join(Surveyor, Surveyor.id == Call.surveyor_id, isouter=True)
        ids = list(session.scalars(ids_q.where(*where).order_by(*order).offset(p.skip).limit(p.limit)))
        rows = session.execute(_joined([Call.id.in_(ids)]).order_by(*order)).all() if ids else []
        return rows, count, exact
    # deferred join: the page's ids from `calls` alone (a deep page skips index entries, not joined rows). Near the
    # start, the count takes whichever index suits its filters best (a manager's projects: the per-project index)
    # and the page reads `limit` entries; deep down, both would walk the same `skip` entries, so they walk once.
    if p.skip >= COUNT_PAST_PAGE:
        ids, count, exact = _ids_and_count(session, where, order, p)
    else:
        count, exact = count_at_most(session, where, p.skip + p.limit + COUNT_PAST_PAGE)
        ids = list(session.scalars(select(Call.id).where(*where).order_by(*order).offset(p.skip).limit(p.limit)))
    rows = session.execute(_joined([Call.id.in_(ids)]).order_by(*order)).all() if ids else []
    return rows, count, exact


def one(session: Session, where: list[ColumnElement], call_id: int):
    return session.execute(_joined([*where, Call.id == call_id])).first()


EXPORT_COLUMNS = (ProjectView.name.label("project_name"), Surveyor.first_name.label("surveyor_first"),
                  Surveyor.last_name.label("surveyor_last"), Call.survey_language_id, Visit.language_id,
                  Visit.phone_cell, Visit.phone_home, Call.result, Call.is_partial, Call.call_start,
                  Call.survey_completed_on)


def stream(session: Session, where: list[ColumnElement], batch: int) -> Iterator:
    """The export's columns of every matching call, newest first, fetched in batches over a server-side cursor
    (plain rows: no ORM identity map that grows with the export)."""
    q = (select(*EXPORT_COLUMNS).select_from(Call)
         .join(Visit, Visit.id == Call.visit_id, isouter=True)
         .join(Surveyor, Surveyor.id == Call.surveyor_id, isouter=True)
         .join(ProjectView, ProjectView.id == Call.project_id, isouter=True)
         .where(*where).order_by(Call.surveyed_on.desc(), Call.id.desc()))
    yield from session.execute(q.execution_options(yield_per=batch))


def get_call_for_update(session: Session, where: list[ColumnElement], call_id: int) -> Call | None:
    return session.scalars(select(Call).where(*where, Call.id == call_id).with_for_update()).first()


def survey_of(session: Session, call_id: int) -> list[SurveyAnswerView]:
    return list(session.scalars(select(SurveyAnswerView).where(SurveyAnswerView.call_id == call_id)
                                .order_by(SurveyAnswerView.sequence, SurveyAnswerView.id)))


def cleaned_comments_of(session: Session, call_id: int) -> dict[str, CleanedCommentView]:
    """{kind: its cleaned texts} of the call's positive and negative comments known here."""
    return {c.kind: c for c in session.scalars(select(CleanedCommentView).where(CleanedCommentView.call_id == call_id))}


def cleaned_comment(session: Session, call_id: int, kind: str) -> CleanedCommentView | None:
    return session.get(CleanedCommentView, (call_id, kind))


def add(session: Session, obj) -> None:
    session.add(obj)
