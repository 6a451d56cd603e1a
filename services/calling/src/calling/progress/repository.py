"""Per-day call and survey counts for the progress chart: one pass over the range (no dialect date functions)."""

from datetime import datetime

from sqlalchemy import ColumnElement, and_, case, func, select
from sqlalchemy.orm import Session

from calling.models import Call


def day_counts(session: Session, where: list[ColumnElement],
               days: list[tuple[datetime, datetime]]) -> list[tuple[int, int]]:
    """(calls, completed surveys) for each [start, end) UTC range, in order."""
    cols = []
    for start, end in days:
        in_day = and_(Call.surveyed_on >= start, Call.surveyed_on < end)
        cols.append(func.coalesce(func.sum(case((in_day, 1), else_=0)), 0))
        cols.append(func.coalesce(func.sum(case((and_(in_day, Call.survey_completed_on.is_not(None)), 1), else_=0)), 0))
    row = session.execute(select(*cols).select_from(Call).where(
        *where, Call.result.is_not(None), Call.surveyed_on >= days[0][0], Call.surveyed_on < days[-1][1])).one()
    return [(int(row[i]), int(row[i + 1])) for i in range(0, len(cols), 2)]
