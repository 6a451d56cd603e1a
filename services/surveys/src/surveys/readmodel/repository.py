"""Queries of the read models (projects, assignments, calls) fed by other contexts' events."""

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from surveys.models import AssignmentView, CallView, ProjectView, UserView


def get_project(session: Session, project_id: int) -> ProjectView | None:
    return session.get(ProjectView, project_id)


def get_project_by_name(session: Session, name: str) -> ProjectView | None:
    return session.scalars(select(ProjectView).where(ProjectView.name == name).order_by(ProjectView.id)).first()


def project_ids_of_manager(session: Session, manager_id: int) -> list[int]:
    return list(session.scalars(select(ProjectView.id).where(ProjectView.manager_id == manager_id)))


def project_ids_of_surveyor(session: Session, surveyor_id: int) -> list[int]:
    return list(session.scalars(select(AssignmentView.project_id).where(
        AssignmentView.surveyor_id == surveyor_id, AssignmentView.deleted.is_(False)).distinct()))


def is_assigned(session: Session, project_id: int, surveyor_id: int) -> bool:
    return session.scalars(select(AssignmentView.id).where(
        AssignmentView.project_id == project_id, AssignmentView.surveyor_id == surveyor_id,
        AssignmentView.deleted.is_(False))).first() is not None


def get_assignment(session: Session, assignment_id: int) -> AssignmentView | None:
    return session.get(AssignmentView, assignment_id)


def get_call(session: Session, call_id: int) -> CallView | None:
    return session.get(CallView, call_id)


def get_call_for_save(session: Session, call_id: int) -> CallView | None:
    """The call as a survey save must see it: its row written first (a row lock on PostgreSQL, the database's
    write lock on SQLite), so a release or expiry being applied meanwhile either comes before and is read here,
    or waits for the save and then finds its answers to discard."""
    session.execute(update(CallView).where(CallView.call_id == call_id).values(call_id=CallView.call_id)
                    .execution_options(synchronize_session=False))
    return session.get(CallView, call_id, populate_existing=True)


def get_user(session: Session, user_id: int) -> UserView | None:
    return session.get(UserView, user_id)


def add(session: Session, obj) -> None:
    session.add(obj)
