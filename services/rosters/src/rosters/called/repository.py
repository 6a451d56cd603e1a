"""The called visits of a project (calls read model joined with the roster's visits) for the roster export."""

from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from rosters.models import CallView, Visit


def called_page(s: Session, project_id: int, start: datetime, end: datetime, skip: int,
                limit: int) -> tuple[list[tuple[CallView, Visit]], int]:
    """Calls with a result recorded in [start, end) whose visit the roster still holds, oldest first."""
    where = (CallView.project_id == project_id, CallView.result.is_not(None), CallView.surveyed_on >= start,
             CallView.surveyed_on < end)
    q = select(CallView, Visit).join(Visit, Visit.id == CallView.visit_id).where(*where)
    count = s.scalar(select(func.count()).select_from(q.subquery()))
    rows = s.execute(q.order_by(CallView.surveyed_on, CallView.call_id).offset(skip).limit(limit)).all()
    return [(c, v) for c, v in rows], int(count or 0)
