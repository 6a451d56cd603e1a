from datetime import datetime

from sqlalchemy import Select, func, or_, select
from sqlalchemy.orm import Session, aliased

from kit.paging import Page, order_column

from calling.models import Call, Project, User, UserCimrManager, Visit

Surveyor = aliased(User, name="surveyor")

ORDER_COLUMNS = {"id": Call.id, "callId": Call.id, "callStart": Call.call_start, "surveyedOn": Call.surveyed_on,
                 "surveyCompletedOn": Call.survey_completed_on, "result": Call.result, "projectId": Call.project_id,
                 "surveyorId": Call.surveyor_id, "patientLastName": Visit.last_name, "projectName": Project.name}


def _base() -> Select:
    return (select(Call, Visit, Surveyor, Project)
            .join(Visit, Visit.id == Call.visit_id, isouter=True)
            .join(Surveyor, Surveyor.id == Call.surveyor_id, isouter=True)
            .join(Project, Project.id == Call.project_id, isouter=True)
            .where(Call.result.is_not(None)))  # a claim given back without a result is not a call


def scope_own(q: Select, surveyor_id: int) -> Select:
    return q.where(Call.surveyor_id == surveyor_id)


def scope_manager(q: Select, manager_id: int) -> Select:
    return q.where(Project.manager_id == manager_id)


def scope_cimr_manager(q: Select, manager_id: int, cimr_role: int) -> Select:
    linked = select(UserCimrManager.user_id).where(UserCimrManager.manager_id == manager_id)
    return q.where(Call.surveyor_id.in_(linked), Surveyor.role == cimr_role)


def apply_filters(q: Select, *, start: datetime | None, end: datetime | None, is_complete: bool | None,
                  manager_id: int | None, project_id: int | None, result: int | None, phone_digits: str | None,
                  surveyor_id: int | None) -> Select:
    if start is not None:
        q = q.where(Call.call_start >= start)
    if end is not None:
        q = q.where(Call.call_start < end)
    if is_complete is True:
        q = q.where(Call.survey_completed_on.is_not(None))
    elif is_complete is False:
        q = q.where(Call.survey_completed_on.is_(None))
    if manager_id is not None:
        q = q.where(Project.manager_id == manager_id)
    if project_id is not None:
        q = q.where(Call.project_id == project_id)
    if result is not None:
        q = q.where(Call.result == result)
    if surveyor_id is not None:
        q = q.where(Call.surveyor_id == surveyor_id)
    if phone_digits:
        like = f"%{phone_digits}%"
        q = q.where(or_(Visit.phone_cell.like(like), Visit.phone_home.like(like)))
    return q


def page(session: Session, q: Select, p: Page) -> tuple[list, int]:
    count = session.scalar(select(func.count()).select_from(q.with_only_columns(Call.id).subquery())) or 0
    # without an orderBy the newest calls come first (what a call log is opened for)
    order = [order_column(ORDER_COLUMNS, p, Call.id), Call.id] if p.order_by else [Call.surveyed_on.desc(), Call.id.desc()]
    rows = session.execute(q.order_by(*order).offset(p.skip).limit(p.limit)).all()
    return rows, count


def one(session: Session, q: Select, call_id: int):
    return session.execute(q.where(Call.id == call_id)).first()

