"""Users read model (from identity events): the only place that queries it."""

from sqlalchemy import delete as sa_delete, func, select
from sqlalchemy.orm import Session

from kit.events import utcnow
from projects.models import User


def get(s: Session, user_id: int) -> User | None:
    return s.get(User, user_id)


def get_by_email(s: Session, email: str) -> User | None:
    return s.scalars(select(User).where(func.lower(User.email) == email.lower())).first()


def get_many(s: Session, ids: list[int]) -> dict[int, User]:
    if not ids:
        return {}
    return {u.id: u for u in s.scalars(select(User).where(User.id.in_(ids)))}


def upsert(s: Session, *, id: int, **fields) -> User:
    user = s.get(User, id)
    if user is None:
        user = User(id=id, **fields)
        s.add(user)
    else:
        for k, v in fields.items():
            setattr(user, k, v)
    user.updated_at = utcnow()
    s.flush()
    return user


def delete(s: Session, user_id: int) -> None:
    s.execute(sa_delete(User).where(User.id == user_id))
