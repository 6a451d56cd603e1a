from sqlalchemy import func, select
from sqlalchemy.orm import Session

from kit.paging import Page, order_column
from projects.models import Assignment, Project
from projects.readmodel.views import UserView

ORDER = {"id": Assignment.id, "priority": Assignment.priority, "surveyorGoals": Assignment.surveyor_goals,
         "surveyorCompGoals": Assignment.surveyor_comp_goals, "firstName": UserView.first_name, "email": UserView.email,
         "createdAt": Assignment.created_at}


def get(s: Session, assignment_id: int) -> Assignment | None:
    return s.get(Assignment, assignment_id)


def find(s: Session, project_id: int, surveyor_id: int) -> Assignment | None:
    return s.scalars(select(Assignment).where(Assignment.project_id == project_id,
                                              Assignment.surveyor_id == surveyor_id)).first()


def list_rows(s: Session, page: Page, *, project_id: int | None, project_manager_id: int | None,
              manager_id: int | None, surveyor_roles: tuple[int, ...] | None) -> tuple[list[tuple[Assignment, UserView | None]], int]:
    q = select(Assignment, UserView).outerjoin(UserView, UserView.id == Assignment.surveyor_id)
    if project_id is not None:
        q = q.where(Assignment.project_id == project_id)
    if project_manager_id is not None:
        q = q.where(Assignment.project_id.in_(select(Project.id).where(Project.manager_id == project_manager_id)))
    if manager_id is not None:
        q = q.where(Assignment.manager_id == manager_id)
    if surveyor_roles is not None:
        q = q.where(UserView.role.in_(surveyor_roles))
    count = s.scalar(select(func.count()).select_from(q.subquery()))
    q = q.order_by(order_column(ORDER, page, Assignment.priority, fold_case=True, nulls_last=True), Assignment.id).offset(page.skip).limit(page.limit)
    return [(a, u) for a, u in s.execute(q).all()], int(count or 0)


def add(s: Session, a: Assignment) -> Assignment:
    s.add(a)
    s.flush()
    return a


def of_surveyor(s: Session, surveyor_id: int) -> list[Assignment]:
    return list(s.scalars(select(Assignment).where(Assignment.surveyor_id == surveyor_id)))


def remove(s: Session, a: Assignment) -> None:
    s.delete(a)
    s.flush()
