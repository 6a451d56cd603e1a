from sqlalchemy import select
from sqlalchemy.orm import Session

from surveys.models import LogicRule


def get(session: Session, rule_id: int) -> LogicRule | None:
    return session.get(LogicRule, rule_id)


def rules_of(session: Session, project_ids: list[int] | None, *, deleted: bool | None = False) -> list[LogicRule]:
    q = select(LogicRule)
    if project_ids is not None:
        q = q.where(LogicRule.project_id.in_(project_ids or [-1]))
    if deleted is not None:
        q = q.where(LogicRule.is_deleted.is_(deleted))
    return list(session.scalars(q.order_by(LogicRule.project_id, LogicRule.id)))


def add(session: Session, obj) -> None:
    session.add(obj)
    session.flush()
