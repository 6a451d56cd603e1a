from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from kit.paging import LIKE_ESCAPE, Page, contains_pattern, order_column
from projects.models import Client, ClientContact, Project

ORDER = {"id": Client.id, "name": Client.name, "abbr": Client.abbr, "stateId": Client.state_id,
         "createdAt": Client.created_at}


def get(s: Session, client_id: int) -> Client | None:
    return s.get(Client, client_id)


def get_by_name(s: Session, name: str) -> Client | None:
    return s.scalars(select(Client).where(Client.name == name)).first()


def list_page(s: Session, page: Page, *, search: str | None, active_only: bool) -> tuple[list[Client], int]:
    q = select(Client)
    if active_only:
        q = q.where(Client.deleted_at.is_(None))
    if search:
        like = contains_pattern(search)
        q = q.where(or_(func.lower(Client.name).like(like, escape=LIKE_ESCAPE),
                        func.lower(Client.abbr).like(like, escape=LIKE_ESCAPE)))
    count = s.scalar(select(func.count()).select_from(q.subquery()))
    order = order_column(ORDER, page, Client.name, fold_case=True, nulls_last=True)
    q = q.order_by(order, Client.id).offset(page.skip).limit(page.limit)
    return list(s.scalars(q)), int(count or 0)


def project_ids(s: Session, client_id: int) -> list[int]:
    return list(s.scalars(select(Project.id).where(Project.client_id == client_id)))


def add(s: Session, client: Client) -> Client:
    s.add(client)
    s.flush()
    return client


def remove(s: Session, client: Client) -> None:
    # Contacts go with the client (ORM cascade); projects by delete, so their assignments cascade too.
    for project in s.scalars(select(Project).where(Project.client_id == client.id)):
        s.delete(project)
    s.delete(client)
    s.flush()


def get_contact(s: Session, contact_id: int) -> ClientContact | None:
    return s.get(ClientContact, contact_id)
