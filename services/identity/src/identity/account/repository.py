from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from identity.models import PasswordToken


def add(session: Session, row: PasswordToken) -> None:
    session.add(row)


def by_hash(session: Session, token_hash: str) -> PasswordToken | None:
    return session.scalars(select(PasswordToken).where(PasswordToken.token_hash == token_hash)).first()


def retire_for_user(session: Session, user_id: int, now: datetime, kind: str | None = None) -> None:
    stmt = update(PasswordToken).where(PasswordToken.user_id == user_id, PasswordToken.used_at.is_(None))
    if kind:
        stmt = stmt.where(PasswordToken.kind == kind)
    session.execute(stmt.values(used_at=now))
