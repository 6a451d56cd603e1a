from datetime import datetime

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from identity.models import ContactChange, PasswordToken


def add(session: Session, row: PasswordToken) -> None:
    session.add(row)


def by_hash(session: Session, token_hash: str) -> PasswordToken | None:
    return session.scalars(select(PasswordToken).where(PasswordToken.token_hash == token_hash)).first()


def retire_for_user(session: Session, user_id: int, now: datetime, kind: str | None = None) -> None:
    stmt = update(PasswordToken).where(PasswordToken.user_id == user_id, PasswordToken.used_at.is_(None))
    if kind:
        stmt = stmt.where(PasswordToken.kind == kind)
    session.execute(stmt.values(used_at=now))


def get_contact_change(session: Session, user_id: int) -> ContactChange | None:
    return session.get(ContactChange, user_id)


def put_contact_change(session: Session, row: ContactChange) -> None:
    """One pending change per user: a new request replaces the previous one (and its code)."""
    drop_contact_change(session, row.user_id)
    session.add(row)


def drop_contact_change(session: Session, user_id: int) -> None:
    session.execute(delete(ContactChange).where(ContactChange.user_id == user_id))
