from __future__ import annotations

from datetime import date

from sqlalchemy import and_, func, or_, select
from sqlalchemy.orm import Session

from kit.paging import LIKE_ESCAPE, Page, contains_pattern, order_column
from reporting.constants import AGREED
from reporting.models import AssignmentView, CallFact, ProjectView, UserView

SURVEYOR_ROLE_IDS = (3, 7, 9)
CIMR_SURVEYOR_ROLE = 7


def _name_like(search: str):
    like = contains_pattern(search)
    full = func.lower(UserView.first_name + " " + UserView.last_name)
    return or_(full.like(like, escape=LIKE_ESCAPE),
               func.lower(func.coalesce(UserView.email, "")).like(like, escape=LIKE_ESCAPE))


def _managed_by(manager_id: int):
    """Surveyors assigned to that manager's projects, or CIMR Surveyors linked to that CIMR Manager."""
    assigned = (select(AssignmentView.surveyor_id).join(ProjectView, ProjectView.id == AssignmentView.project_id)
                .where(ProjectView.manager_id == manager_id, AssignmentView.deleted.is_(False)))
    return UserView.id.in_(assigned)


def surveyor_conditions(*, roles: tuple[int, ...], search: str | None, manager_id: int | None,
                        cimr_ids: list[int] | None, only_ids: list[int] | None) -> list:
    conds = [UserView.role.in_(roles), UserView.is_deleted.is_(False)]
    if search:
        conds.append(_name_like(search))
    if manager_id is not None:
        conds.append(or_(_managed_by(manager_id), UserView.id.in_(cimr_ids or [-1])))
    if only_ids is not None:
        conds.append(UserView.id.in_(only_ids or [-1]))
    return conds


ORDER = {"firstName": UserView.first_name, "lastName": UserView.last_name, "email": UserView.email,
         "id": UserView.id, "role": UserView.role}


def list_surveyors(session: Session, conds: list, page: Page | None) -> tuple[list[UserView], int]:
    count = session.scalar(select(func.count()).select_from(UserView).where(*conds)) or 0
    q = select(UserView).where(*conds)
    if page is not None:
        order = order_column(ORDER, page, UserView.first_name, fold_case=True, nulls_last=True)
        q = q.order_by(order, UserView.id).offset(page.skip).limit(page.limit)
    else:
        # the filters' dropdowns: names as a person reads them ("dee" with "Dee", not after "Sam")
        q = q.order_by(func.lower(UserView.first_name), func.lower(UserView.last_name), UserView.id)
    return list(session.scalars(q)), count


def assignments(session: Session, surveyor_ids: list[int], manager_id: int | None = None,
                project_id: int | None = None) -> list[tuple[AssignmentView, ProjectView | None]]:
    if not surveyor_ids:
        return []
    q = (select(AssignmentView, ProjectView).join(ProjectView, ProjectView.id == AssignmentView.project_id, isouter=True)
         .where(AssignmentView.surveyor_id.in_(surveyor_ids), AssignmentView.deleted.is_(False)))
    if manager_id is not None:
        q = q.where(ProjectView.manager_id == manager_id)
    if project_id is not None:
        q = q.where(AssignmentView.project_id == project_id)
    return [(a, p) for a, p in session.execute(q.order_by(ProjectView.name, AssignmentView.id))]


def surveys_done(session: Session, surveyor_ids: list[int],
                 spans: dict[int, tuple[date, date]]) -> dict[tuple[int, int], int]:
    """Completed surveys per (surveyor, project), each project's counted in its own [first, last] business days."""
    if not surveyor_ids or not spans:
        return {}
    by_span: dict[tuple[date, date], list[int]] = {}
    for project_id, span in spans.items():
        by_span.setdefault(span, []).append(project_id)
    in_period = or_(*(and_(CallFact.project_id.in_(pids), CallFact.call_day >= lo, CallFact.call_day <= hi)
                      for (lo, hi), pids in by_span.items()))
    q = (select(CallFact.surveyor_id, CallFact.project_id, func.count())
         .where(and_(CallFact.result == AGREED, CallFact.is_partial.is_(False)),
                CallFact.surveyor_id.in_(surveyor_ids),
                # the overall range first, so the (surveyor, day) index narrows before the per-project periods
                CallFact.call_day >= min(lo for lo, _ in by_span), CallFact.call_day <= max(hi for _, hi in by_span),
                in_period)
         .group_by(CallFact.surveyor_id, CallFact.project_id))
    return {(s, p): int(n) for s, p, n in session.execute(q)}
