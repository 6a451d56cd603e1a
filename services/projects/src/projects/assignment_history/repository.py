from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from projects.models import AssignmentWeek


def get(s: Session, week_id: int) -> AssignmentWeek | None:
    return s.get(AssignmentWeek, week_id)


def find(s: Session, assignment_id: int, week_date: date) -> AssignmentWeek | None:
    return s.scalars(select(AssignmentWeek).where(AssignmentWeek.assignment_id == assignment_id,
                                                  AssignmentWeek.week_date == week_date)).first()


def add(s: Session, week: AssignmentWeek) -> AssignmentWeek:
    s.add(week)
    s.flush()
    return week


def remove(s: Session, week: AssignmentWeek) -> None:
    s.delete(week)
    s.flush()
