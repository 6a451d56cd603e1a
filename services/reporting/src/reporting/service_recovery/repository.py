from __future__ import annotations

from datetime import date

from sqlalchemy import and_, func, or_, select
from sqlalchemy.orm import Session

from kit.paging import Page, order_column
from reporting.constants import AGREED
from reporting.models import (CallFact, ClientView, CommentSummaryView, ProjectView, ServiceRecovery,
                              SurveyAnswerView, UserView)

_client_name = func.coalesce(ClientView.name, "")
PROJECT_ORDER = {"clientName": _client_name, "projectName": ProjectView.name, "name": ProjectView.name,
                 "oldestUncleaned": CommentSummaryView.oldest_uncleaned}
HISTORY_ORDER = {"name": ServiceRecovery.name, "downloadedOn": ServiceRecovery.downloaded_on,
                 "id": ServiceRecovery.id, "createdAt": ServiceRecovery.created_at}


def projects(session: Session, *, manager_id: int | None, search: str | None, page: Page):
    conds = [ProjectView.deleted_at.is_(None)]
    if manager_id is not None:
        conds.append(ProjectView.manager_id == manager_id)
    if search:
        like = f"%{search.lower()}%"
        conds.append(or_(func.lower(ProjectView.name).like(like), func.lower(_client_name).like(like)))
    base = (select(ProjectView, ClientView.name, CommentSummaryView.oldest_uncleaned)
            .join(ClientView, ClientView.id == ProjectView.client_id, isouter=True)
            .join(CommentSummaryView, CommentSummaryView.project_id == ProjectView.id, isouter=True)
            .where(*conds))
    count = session.scalar(select(func.count()).select_from(base.subquery())) or 0
    q = base.order_by(order_column(PROJECT_ORDER, page, ProjectView.name), ProjectView.id)
    return list(session.execute(q.offset(page.skip).limit(page.limit))), count


def history(session: Session, project_id: int, page: Page, start: date | None, end: date | None):
    """The range selects downloads by the span they covered; an export never downloaded is always listed (the
    default range ends yesterday: one saved today would otherwise be hidden and could not be downloaded)."""
    conds = [ServiceRecovery.project_id == project_id]
    span = []
    if start is not None:
        span.append(ServiceRecovery.to_date >= start)
    if end is not None:
        span.append(ServiceRecovery.from_date <= end)
    if span:
        conds.append(or_(ServiceRecovery.from_date.is_(None), and_(*span)))
    count = session.scalar(select(func.count()).select_from(ServiceRecovery).where(*conds)) or 0
    q = (select(ServiceRecovery).where(*conds)
         .order_by(order_column(HISTORY_ORDER, page, ServiceRecovery.id), ServiceRecovery.id))
    return list(session.scalars(q.offset(page.skip).limit(page.limit))), count


def get(session: Session, sr_id: int) -> ServiceRecovery | None:
    return session.get(ServiceRecovery, sr_id)


def client_name(session: Session, client_id: int | None) -> str:
    c = session.get(ClientView, client_id) if client_id is not None else None
    return c.name if c else ""


def question_ids(session: Session, project_id: int) -> list[int]:
    q = (select(SurveyAnswerView.ques_id).where(SurveyAnswerView.project_id == project_id)
         .group_by(SurveyAnswerView.ques_id).order_by(SurveyAnswerView.ques_id))
    return list(session.scalars(q))


def surveys(session: Session, project_id: int, start: date, end: date, only_sr: bool):
    """The project's surveyed calls (Agreed to Survey) whose business day is in [start, end], with surveyor."""
    conds = [CallFact.project_id == project_id, CallFact.result == AGREED, CallFact.call_day >= start,
             CallFact.call_day <= end]
    if only_sr:
        conds.append(and_(CallFact.negative.is_not(None), func.length(func.trim(CallFact.negative)) > 0))
    q = (select(CallFact, UserView).join(UserView, UserView.id == CallFact.surveyor_id, isouter=True)
         .where(*conds).order_by(CallFact.call_start, CallFact.call_id))
    return list(session.execute(q))


def answers(session: Session, call_ids: list[int]) -> list[SurveyAnswerView]:
    if not call_ids:
        return []
    q = (select(SurveyAnswerView).where(SurveyAnswerView.call_id.in_(call_ids))
         .order_by(SurveyAnswerView.call_id, SurveyAnswerView.ques_id, SurveyAnswerView.sequence))
    return list(session.scalars(q))


def add(session: Session, obj) -> None:
    session.add(obj)
    session.flush()


def remove(session: Session, obj) -> None:
    session.delete(obj)
