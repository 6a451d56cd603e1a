from datetime import datetime

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from identity.models import ExternalLoginAttempt
from kit.paging import Page, order_column

ORDER_COLUMNS = {"id": ExternalLoginAttempt.id, "email": ExternalLoginAttempt.email,
                 "ipAddress": ExternalLoginAttempt.ip_address, "createdAt": ExternalLoginAttempt.created_at}


def add(session: Session, row: ExternalLoginAttempt) -> None:
    session.add(row)


def get(session: Session, attempt_id: int) -> ExternalLoginAttempt | None:
    return session.get(ExternalLoginAttempt, attempt_id)


def page(session: Session, p: Page) -> tuple[list[ExternalLoginAttempt], int]:
    count = session.scalar(select(func.count()).select_from(ExternalLoginAttempt)) or 0
    rows = session.scalars(select(ExternalLoginAttempt)
                           .order_by(order_column(ORDER_COLUMNS, p, ExternalLoginAttempt.created_at, fold_case=True,
                                                        nulls_last=True), ExternalLoginAttempt.id)
                           .offset(p.skip).limit(p.limit))
    return list(rows), int(count)


def purge_before(session: Session, cutoff: datetime) -> int:
    return session.execute(delete(ExternalLoginAttempt).where(ExternalLoginAttempt.created_at < cutoff)).rowcount or 0
