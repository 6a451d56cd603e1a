"""Per-day call and survey counts for the progress chart: one pass over the range (no dialect date functions)."""

from datetime import datetime

from sqlalchemy import ColumnElement, case, func, literal, select
from sqlalchemy.orm import Session

from calling.models import AssignmentView, Call, ProjectView


def project(session: Session, project_id: int) -> ProjectView | None:
    """The project's start date and reporting frequency (from projects.project.* events)."""
    return session.get(ProjectView, project_id)


def is_assigned(session: Session, project_id: int, surveyor_id: int) -> bool:
    q = select(AssignmentView.id).where(AssignmentView.project_id == project_id,
                                        AssignmentView.surveyor_id == surveyor_id).limit(1)
    return session.scalar(q) is not None


def _day_index(col, starts: list[datetime], lo: int, hi: int):
    """The index of the day holding `col` among days lo..hi-1 (their UTC starts), as a CASE that halves the range
    at each level: about log2(days) comparisons a row, so a year-long reporting period costs little more than a
    week."""
    if hi - lo == 1:
        return literal(lo)
    mid = (lo + hi) // 2
    return case((col < starts[mid], _day_index(col, starts, lo, mid)), else_=_day_index(col, starts, mid, hi))


def day_counts(session: Session, where: list[ColumnElement],
               days: list[tuple[datetime, datetime]]) -> list[tuple[int, int]]:
    """(calls, completed surveys) for each consecutive [start, end) UTC range, in order."""
    starts = [start for start, _ in days]
    calls = (select(_day_index(Call.surveyed_on, starts, 0, len(days)).label("day"),
                    case((Call.survey_completed_on.is_not(None), 1), else_=0).label("done"))
             .where(*where, Call.result.is_not(None), Call.surveyed_on >= days[0][0], Call.surveyed_on < days[-1][1])
             .subquery())
    # grouped outside: an expression with bound values repeated in GROUP BY is not "the same" to PostgreSQL
    rows = session.execute(select(calls.c.day, func.count(), func.coalesce(func.sum(calls.c.done), 0))
                           .group_by(calls.c.day))
    out = [(0, 0)] * len(days)
    for day, n, done in rows:
        out[int(day)] = (int(n), int(done))
    return out
