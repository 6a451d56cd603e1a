from sqlalchemy import select
from sqlalchemy.orm import Session

from reporting.models import CallFact, ProjectView, UserView


def get_call(session: Session, call_id: int) -> CallFact | None:
    return session.get(CallFact, call_id)


def get_project(session: Session, project_id: int) -> ProjectView | None:
    return session.get(ProjectView, project_id)


def get_user(session: Session, user_id: int) -> UserView | None:
    return session.get(UserView, user_id)


def cimr_surveyor_ids(session: Session, manager_id: int) -> list[int]:
    """CIMR Surveyors (role 7) linked to this CIMR Manager. JSON membership is checked in Python so the same
    code runs on SQLite and PostgreSQL (the list of CIMR surveyors is small)."""
    users = session.scalars(select(UserView).where(UserView.role == 7, UserView.is_deleted.is_(False)))
    return [u.id for u in users if manager_id in (u.cimr_manager_ids or [])]


def add(session: Session, obj) -> None:
    session.add(obj)
