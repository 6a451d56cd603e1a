from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from kit.paging import Page, order_column
from projects.models import Assignment, Client, Project

ORDER = {"id": Project.id, "name": Project.name, "deadline": Project.deadline, "startDate": Project.start_date,
         "statusId": Project.status_id, "typeId": Project.type_id, "createdAt": Project.created_at,
         "updatedAt": Project.updated_at, "managerId": Project.manager_id}


def get(s: Session, project_id: int) -> Project | None:
    return s.get(Project, project_id)


def get_by_name(s: Session, name: str) -> Project | None:
    return s.scalars(select(Project).where(Project.name == name)).first()


def is_assigned(s: Session, project_id: int, surveyor_id: int) -> bool:
    return s.scalar(select(Assignment.id).where(Assignment.project_id == project_id,
                                                Assignment.surveyor_id == surveyor_id)) is not None


def list_page(s: Session, page: Page, *, manager_id: int | None = None, surveyor_id: int | None = None,
              search: str | None = None, type_id: int | None = None) -> tuple[list[Project], int]:
    q = select(Project)
    if manager_id is not None:
        q = q.where(Project.manager_id == manager_id)
    if surveyor_id is not None:
        q = q.where(Project.id.in_(select(Assignment.project_id).where(Assignment.surveyor_id == surveyor_id)))
    if type_id is not None:
        q = q.where(Project.type_id == type_id)
    if search:
        like = f"%{search.lower()}%"
        q = q.outerjoin(Client, Client.id == Project.client_id).where(
            or_(func.lower(Project.name).like(like), func.lower(Client.name).like(like)))
    count = s.scalar(select(func.count()).select_from(q.subquery()))
    q = q.order_by(order_column(ORDER, page, Project.name), Project.id).offset(page.skip).limit(page.limit)
    return list(s.scalars(q)), int(count or 0)


def add(s: Session, project: Project) -> Project:
    s.add(project)
    s.flush()
    return project


def clients_by_id(s: Session, ids: set[int]) -> dict[int, Client]:
    if not ids:
        return {}
    return {c.id: c for c in s.scalars(select(Client).where(Client.id.in_(ids)))}
