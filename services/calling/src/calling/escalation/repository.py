"""Escalations' queries (the only place with select() for the escalations table)."""

from datetime import datetime

from sqlalchemy import ColumnElement, Select, func, select
from sqlalchemy.orm import Session

from kit.paging import Page, order_column

from calling.call_log.repository import Surveyor
from calling.models import Escalation, ProjectView

ORDER_COLUMNS = {"surveyedOn": Escalation.surveyed_on, "status": Escalation.status,
                 "projectId": Escalation.project_id, "surveyorId": Escalation.surveyor_id,
                 # what the Project Name and Surveyor Name columns show (ids would sort them in creation order)
                 "projectName": ProjectView.name, "surveyorName": Surveyor.first_name + " " + Surveyor.last_name}


def by_call(session: Session, call_id: int) -> Escalation | None:
    return session.scalars(select(Escalation).where(Escalation.call_id == call_id)).first()


def by_calls(session: Session, call_ids: list[int]) -> dict[int, dict]:
    if not call_ids:
        return {}
    rows = session.scalars(select(Escalation).where(Escalation.call_id.in_(call_ids))).all()
    return {e.call_id: {"id": e.id, "notes": e.notes, "status": e.status} for e in rows}


def add(session: Session, escalation: Escalation) -> Escalation:
    session.add(escalation)
    session.flush()
    return escalation


def scope_manager(manager_id: int) -> list[ColumnElement]:
    return [Escalation.project_id.in_(select(ProjectView.id).where(ProjectView.manager_id == manager_id))]


def conditions(scope: list[ColumnElement], *, start: datetime | None, end: datetime | None, project_id: int | None,
               status: bool | None, surveyor_id: int | None, manager_id: int | None) -> list[ColumnElement]:
    where = list(scope)
    if start is not None:
        where.append(Escalation.surveyed_on >= start)
    if end is not None:
        where.append(Escalation.surveyed_on < end)
    if project_id is not None:
        where.append(Escalation.project_id == project_id)
    if status is not None:
        where.append(Escalation.status == status)
    if surveyor_id is not None:
        where.append(Escalation.surveyor_id == surveyor_id)
    if manager_id is not None:
        where.extend(scope_manager(manager_id))
    return where


def _joined(where: list[ColumnElement]) -> Select:
    return (select(Escalation, ProjectView, Surveyor)
            .join(ProjectView, ProjectView.id == Escalation.project_id, isouter=True)
            .join(Surveyor, Surveyor.id == Escalation.surveyor_id, isouter=True)
            .where(*where))


def page(session: Session, where: list[ColumnElement], p: Page) -> tuple[list, int]:
    if p.order_by:
        order = [order_column(ORDER_COLUMNS, p, Escalation.surveyed_on, fold_case=True, nulls_last=True),
                 Escalation.id.desc() if p.descending else Escalation.id.asc()]
    else:  # default: surveyedOn descending
        order = [Escalation.surveyed_on.desc(), Escalation.id.desc()]
    count = session.scalar(select(func.count()).select_from(Escalation).where(*where)) or 0
    return session.execute(_joined(where).order_by(*order).offset(p.skip).limit(p.limit)).all(), count


def one(session: Session, where: list[ColumnElement], escalation_id: int, *, for_update: bool = False):
    q = _joined([*where, Escalation.id == escalation_id])
    if for_update:
        q = q.with_for_update(of=Escalation)
    return session.execute(q).first()
