from __future__ import annotations

from datetime import date

from sqlalchemy import and_, false, func, or_, select
from sqlalchemy.orm import Session

from kit.paging import Page, order_column
from reporting.constants import AGREED, DEPARTMENT, PROVIDER, SITE
from reporting.models import (CallFact, CleanedCommentView, ClientView, CommentSummaryView, EscalationView,
                              ProjectView, SamplingView, ServiceRecovery, SurveyAnswerView, UserView, VisitView)

CELL_COLUMN = {PROVIDER: VisitView.provider_name, SITE: VisitView.site_name, DEPARTMENT: VisitView.department_name}

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


def question_titles(session: Session, project_id: int) -> dict[int, str | None]:
    """{quesId: title} of the questions the project's saved surveys answered, by id; the title of the latest
    save that named it (None when no save did: surveys sent before titles went along)."""
    latest = (select(SurveyAnswerView.ques_id, func.max(SurveyAnswerView.id).label("id"))
              .where(SurveyAnswerView.project_id == project_id, SurveyAnswerView.question.is_not(None))
              .group_by(SurveyAnswerView.ques_id).subquery())
    titles = dict(session.execute(select(SurveyAnswerView.ques_id, SurveyAnswerView.question)
                                  .join(latest, SurveyAnswerView.id == latest.c.id)).all())
    ids = session.scalars(select(SurveyAnswerView.ques_id).where(SurveyAnswerView.project_id == project_id)
                          .group_by(SurveyAnswerView.ques_id).order_by(SurveyAnswerView.ques_id))
    return {q: titles.get(q) for q in ids}


def _survey_conditions(project_id: int, start: date, end: date, only_sr: bool) -> list:
    conds = [CallFact.project_id == project_id, CallFact.result == AGREED, CallFact.call_day >= start,
             CallFact.call_day <= end]
    if only_sr:
        conds.append(and_(CallFact.negative.is_not(None), func.length(func.trim(CallFact.negative)) > 0))
    return conds


CHUNK = 500  # calls per statement: the export reads its rows a chunk of calls at a time while it streams


def survey_ids(session: Session, project_id: int, start: date, end: date, only_sr: bool) -> list[int]:
    """The ids of the project's surveyed calls (Agreed to Survey) whose business day is in [start, end], in the
    export's order (call start, then id): plain integers, the rows themselves are read a chunk at a time."""
    q = (select(CallFact.call_id).where(*_survey_conditions(project_id, start, end, only_sr))
         .order_by(CallFact.call_start, CallFact.call_id))
    return list(session.scalars(q))


def surveys(session: Session, call_ids: list[int]):
    """Those calls with surveyor and visit (None when the visit's import is not known here), in the order of
    `call_ids`."""
    if not call_ids:
        return []
    q = (select(CallFact, UserView, VisitView)
         .join(UserView, UserView.id == CallFact.surveyor_id, isouter=True)
         .join(VisitView, VisitView.id == CallFact.visit_id, isouter=True)
         .where(CallFact.call_id.in_(call_ids)))
    at = {c: i for i, c in enumerate(call_ids)}
    return sorted(session.execute(q), key=lambda r: at[r[0].call_id])


def attempts(session: Session, project_id: int, visit_ids: set[int]) -> dict[int, int]:
    """{visitId: calls made to it} for these visits: calls with a result, as rosters counts a visit's attempts
    (sampling cell_figures) and call stats count attempts."""
    if not visit_ids:
        return {}
    q = (select(CallFact.visit_id, func.count()).where(
        CallFact.project_id == project_id, CallFact.result.is_not(None), CallFact.visit_id.in_(visit_ids))
         .group_by(CallFact.visit_id))
    return {v: int(n) for v, n in session.execute(q)}


def patient_encounters(session: Session, project_id: int, visitor_ids: set[str]) -> dict[str, int]:
    """{visitorId: visits of the patient in the project} for these patients (every visit known here, those of
    removed rosters too: they were encounters of the patient)."""
    if not visitor_ids:
        return {}
    q = (select(VisitView.visitor_id, func.count()).where(VisitView.project_id == project_id,
                                                          VisitView.visitor_id.in_(visitor_ids))
         .group_by(VisitView.visitor_id))
    return {v: int(n) for v, n in session.execute(q)}


def escalated(session: Session, call_ids: list[int]) -> set[int]:
    if not call_ids:
        return set()
    return set(session.scalars(select(EscalationView.call_id).where(EscalationView.call_id.in_(call_ids)).distinct()))


def cell_figures(session: Session, project_id: int, type_id: int) -> dict[str, tuple[int, date | None, int]]:
    """{value: (encounters, last encounter, completed)} per Provider / Site / Department value of the project,
    mirroring rosters' sampling figures (services/rosters/src/rosters/sampling/repository.py `cell_figures` and
    `_completed`): encounters count the visits of the project's Ready rosters (here: not removed) and the last
    encounter is their latest date of service; completed counts the project's calls Agreed to Survey, not
    partial, not removed by QA, of any visit of that value (a removed roster's too), over the project's life."""
    column = CELL_COLUMN[type_id]
    out: dict[str, list] = {}
    for value, n, last in session.execute(
            select(column, func.count(), func.max(VisitView.dos))
            .where(VisitView.project_id == project_id, VisitView.roster_removed.is_(False), column.is_not(None))
            .group_by(column)):
        out[value] = [int(n), last, 0]
    for value, n in session.execute(
            select(column, func.count(func.distinct(CallFact.call_id)))
            .select_from(CallFact).join(VisitView, VisitView.id == CallFact.visit_id)
            .where(CallFact.project_id == project_id, CallFact.result == AGREED,
                   func.coalesce(CallFact.is_partial, false()) == false(),
                   func.coalesce(CallFact.is_qa_removal, false()) == false(), column.is_not(None))
            .group_by(column)):
        out.setdefault(value, [0, None, 0])[2] = int(n)
    return {k: (v[0], v[1], v[2]) for k, v in out.items()}


def quotas(session: Session, project_id: int) -> dict[tuple[int, str], int | None]:
    """{(typeId, value): required} from the project's last rosters.sampling.updated."""
    s = session.get(SamplingView, project_id)
    return {(q["typeId"], q["value"]): q.get("required") for q in (s.quotas or [])} if s else {}


def answers(session: Session, call_ids: list[int]):
    """(callId, quesId, ansId, openEnded, answer) of the calls' saved answers, as plain rows."""
    if not call_ids:
        return []
    a = SurveyAnswerView
    q = (select(a.call_id, a.ques_id, a.ans_id, a.open_ended, a.answer).where(a.call_id.in_(call_ids))
         .order_by(a.call_id, a.ques_id, a.sequence))
    return list(session.execute(q))


def cleaned_comments(session: Session, call_ids: list[int]) -> dict[tuple[int, str, int], str]:
    """{(callId, kind, quesId): the text the client gets} for the calls' cleaned comments: the cleaned text with
    the named staff members, or without them when the cleaner gave none (a comment is cleaned with at least that)."""
    if not call_ids:
        return {}
    q = select(CleanedCommentView).where(CleanedCommentView.call_id.in_(call_ids),
                                         CleanedCommentView.is_cleaned.is_(True))
    out = {}
    for c in session.scalars(q):
        text = c.nsm or c.cleaned
        if text:
            out[(c.call_id, c.kind, c.ques_id)] = text
    return out


def add(session: Session, obj) -> None:
    session.add(obj)
    session.flush()


def remove(session: Session, obj) -> None:
    session.delete(obj)
