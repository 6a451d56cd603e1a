from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from reporting.call_stats.figures import CallRow, ZERO
from reporting.models import CallFact, ProjectView


def calls_between(session: Session, lo: datetime, hi: datetime, *, surveyor_ids: list[int] | None = None,
                  project_id: int | None = None, manager_id: int | None = None) -> list[CallRow]:
    q = (select(CallFact.call_start, CallFact.ended_at, CallFact.result, CallFact.is_partial, ProjectView.payment_rate)
         .join(ProjectView, ProjectView.id == CallFact.project_id, isouter=True)
         .where(CallFact.call_start >= lo, CallFact.call_start < hi, CallFact.result.is_not(None)))
    if surveyor_ids is not None:
        q = q.where(CallFact.surveyor_id.in_(surveyor_ids or [-1]))
    if project_id is not None:
        q = q.where(CallFact.project_id == project_id)
    if manager_id is not None:
        q = q.where(ProjectView.manager_id == manager_id)
    return [CallRow(call_start=r[0], ended_at=r[1], result=r[2], is_partial=bool(r[3]),
                    payment_rate=r[4] if r[4] is not None else ZERO) for r in session.execute(q)]
