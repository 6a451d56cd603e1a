"""The audit log is append-only: this module offers insert and read, and nothing else."""

from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from identity.models import AuditLog, User


_INSERT = AuditLog.__table__.insert()


def insert(session: Session, **values) -> None:
    """One row, written now in the caller's transaction (a Core INSERT built once: no ORM object to flush)."""
    session.execute(_INSERT, values)


def list_for_user(session: Session, user_id: int, limit: int = 100) -> list[AuditLog]:
    return list(session.scalars(select(AuditLog).where(AuditLog.user_id == user_id)
                                .order_by(AuditLog.id.desc()).limit(limit)))


def list_by_action(session: Session, action: str, limit: int = 100) -> list[AuditLog]:
    return list(session.scalars(select(AuditLog).where(AuditLog.action == action).order_by(AuditLog.id.desc()).limit(limit)))


def page_by_actions(session: Session, actions: tuple[str, ...], *, user_id: int | None, start: datetime | None,
                    end: datetime | None, skip: int, limit: int) -> tuple[list[tuple[AuditLog, User | None]], int]:
    """Records of these actions, newest first, with the account concerned (None once it is gone)."""
    cond = [AuditLog.action.in_(actions)]
    if user_id is not None:
        cond.append(AuditLog.user_id == user_id)
    if start is not None:
        cond.append(AuditLog.occurred_at >= start)
    if end is not None:
        cond.append(AuditLog.occurred_at < end)
    rows = session.execute(select(AuditLog, User).outerjoin(User, User.id == AuditLog.user_id).where(*cond)
                           .order_by(AuditLog.occurred_at.desc(), AuditLog.id.desc()).offset(skip).limit(limit)).all()
    count = session.scalar(select(func.count()).select_from(AuditLog).where(*cond)) or 0
    return [(a, u) for a, u in rows], count
