from datetime import datetime

from sqlalchemy import and_, case, func, or_, select
from sqlalchemy.orm import Session

from kit.paging import Page, order_column
from surveys.models import CallView, Comment, ProjectView

CLEANED = 1


def get(session: Session, comment_id: int) -> Comment | None:
    return session.get(Comment, comment_id)


def of_call(session: Session, call_id: int) -> list[Comment]:
    return list(session.scalars(select(Comment).where(Comment.call_id == call_id)))


PAIR_KINDS = ("positive", "negative")


def _filters(project_ids: list[int] | None, ques_id: int | None) -> list:
    where = []
    if project_ids is not None:
        where.append(Comment.project_id.in_(project_ids or [-1]))
    if ques_id is not None:
        where += [Comment.ques_id == ques_id, Comment.kind == "oe"]
    return where


def page_of_units(session: Session, project_ids: list[int] | None, ques_id: int | None, skip: int,
                  limit: int) -> tuple[list[Comment], int]:
    """One page of Comment Cleaning's rows, cut in the database, and the count of all of them.

    A row (unit) is an open-ended answer, or a call's positive/negative pair; comments go by (surveyed on, call,
    id) and a unit stands where its first comment does. The first comment of each unit is found by a window
    (numbered within the unit in that order); the page is a LIMIT/OFFSET over those. The count is the open-ended
    comments plus the calls with a pair, in one pass without the window (20,000 comments on SQLite: 8 ms
    against 170 ms for counting the window's firsts).
    Returns the page's comments (the pairs' both halves) in comment order, so the first of each unit comes first."""
    where = _filters(project_ids, ques_id)
    count = session.scalar(select(
        func.count(case((Comment.kind == "oe", 1), else_=None))
        + func.count(case((Comment.kind != "oe", Comment.call_id), else_=None).distinct())).where(*where)) or 0
    unit = case((Comment.kind == "oe", Comment.id), else_=0)  # ids start at 1: 0 is the call's pair
    order = (Comment.surveyed_on, Comment.call_id, Comment.id)
    numbered = (select(Comment.id, Comment.call_id, Comment.kind, Comment.surveyed_on,
                       func.row_number().over(partition_by=(Comment.call_id, unit), order_by=order).label("n"))
                .where(*where).subquery())
    firsts = select(numbered.c.id, numbered.c.call_id, numbered.c.kind).where(numbered.c.n == 1)
    heads = session.execute(firsts.order_by(numbered.c.surveyed_on, numbered.c.call_id, numbered.c.id)
                            .offset(skip).limit(limit)).all()
    if not heads:
        return [], int(count)
    oe_ids = [h.id for h in heads if h.kind == "oe"]
    pair_calls = [h.call_id for h in heads if h.kind != "oe"]
    wanted = []
    if oe_ids:
        wanted.append(Comment.id.in_(oe_ids))
    if pair_calls:
        wanted.append(and_(Comment.call_id.in_(pair_calls), Comment.kind.in_(PAIR_KINDS), *where))
    comments = list(session.scalars(select(Comment).where(or_(*wanted)).order_by(*order)))
    return comments, int(count)


def cleaned_of_project(session: Session, project_id: int) -> list[Comment]:
    return list(session.scalars(select(Comment).where(Comment.project_id == project_id, Comment.status == CLEANED)
                                .order_by(Comment.call_id, Comment.id)))


def projects_with_cleaned(session: Session) -> list[int]:
    return list(session.scalars(select(Comment.project_id).where(Comment.status == CLEANED).distinct()
                                .order_by(Comment.project_id)))


def calls(session: Session, call_ids: list[int]) -> dict[int, CallView]:
    if not call_ids:
        return {}
    return {c.call_id: c for c in session.scalars(select(CallView).where(CallView.call_id.in_(call_ids)))}


def summary(session: Session, project_id: int) -> tuple[int, int, datetime | None]:
    row = session.execute(select(
        func.count(Comment.id),
        func.coalesce(func.sum(case((Comment.status == CLEANED, 1), else_=0)), 0),
        func.min(case((Comment.status != CLEANED, Comment.surveyed_on), else_=None)),
    ).where(Comment.project_id == project_id)).one()
    return int(row[1]), int(row[0]), row[2]


def project_rows(session: Session, project_ids: list[int] | None, search: str | None, page: Page):
    cleaned = func.coalesce(func.sum(case((Comment.status == CLEANED, 1), else_=0)), 0)
    total = func.count(Comment.id)
    oldest = func.min(case((Comment.status != CLEANED, Comment.surveyed_on), else_=None))
    q = (select(Comment.project_id, func.coalesce(ProjectView.name, ""), func.coalesce(ProjectView.is_locked, False),
                cleaned.label("cleaned"), total.label("total"), oldest.label("oldest"))
         .join(ProjectView, ProjectView.id == Comment.project_id, isouter=True)
         .where(ProjectView.deleted_at.is_(None))
         .group_by(Comment.project_id, ProjectView.name, ProjectView.is_locked))
    if project_ids is not None:
        q = q.where(Comment.project_id.in_(project_ids or [-1]))
    if search:
        q = q.where(func.lower(ProjectView.name).like(f"%{search.lower()}%"))
    count = session.scalar(select(func.count()).select_from(q.subquery())) or 0
    order = order_column({"name": ProjectView.name, "id": Comment.project_id, "cleaned": cleaned, "total": total,
                          "oldestUncleanedSurveyedOn": oldest}, page, ProjectView.name)
    rows = session.execute(q.order_by(order, Comment.project_id).offset(page.skip).limit(page.limit)).all()
    return [tuple(r) for r in rows], int(count)


def add(session: Session, obj) -> None:
    session.add(obj)
    session.flush()


def delete(session: Session, obj) -> None:
    session.delete(obj)
    session.flush()
