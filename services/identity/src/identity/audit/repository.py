"""The audit log is append-only: this module offers insert and read, and nothing else."""

from sqlalchemy import select
from sqlalchemy.orm import Session

from identity.models import AuditLog


def insert(session: Session, row: AuditLog) -> None:
    session.add(row)


def list_for_user(session: Session, user_id: int, limit: int = 100) -> list[AuditLog]:
    return list(session.scalars(select(AuditLog).where(AuditLog.user_id == user_id)
                                .order_by(AuditLog.id.desc()).limit(limit)))


def list_by_action(session: Session, action: str, limit: int = 100) -> list[AuditLog]:
    return list(session.scalars(select(AuditLog).where(AuditLog.action == action).order_by(AuditLog.id.desc()).limit(limit)))
