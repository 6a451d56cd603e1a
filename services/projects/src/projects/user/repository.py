"""Users read model (from identity events): the only place that queries it."""

from sqlalchemy import delete as sa_delete, func, select
from sqlalchemy.orm import Session

from kit.events import utcnow
from projects.readmodel.views import UserView


def get(s: Session, user_id: int) -> UserView | None:
    return s.get(UserView, user_id)


def get_by_email(s: Session, email: str) -> UserView | None:
    return s.scalars(select(UserView).where(func.lower(UserView.email) == email.lower())).first()


def get_many(s: Session, ids: list[int]) -> dict[int, UserView]:
    if not ids:
        return {}
    return {u.id: u for u in s.scalars(select(UserView).where(UserView.id.in_(ids)))}


def upsert(s: Session, *, id: int, **fields) -> UserView:
    user = s.get(UserView, id)
    if user is None:
        user = UserView(id=id, **fields)
        s.add(user)
    else:
        for k, v in fields.items():
            setattr(user, k, v)
    user.updated_at = utcnow()
    s.flush()
    return user


def delete(s: Session, user_id: int) -> None:
    s.execute(sa_delete(UserView).where(UserView.id == user_id))
