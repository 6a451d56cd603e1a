"""Queries and upserts of the read models kept from rosters, surveys and calling events."""

from datetime import datetime

from sqlalchemy import Integer, and_, func, literal, select, union_all
from sqlalchemy.orm import Session

from projects.readmodel.views import CompletedCallView, EscalationView, ProjectFiguresView, RosterView

SURVEY_COMPLETE = 1  # call result "Agreed to Survey" (shown as Survey Complete)
RESPONDENT_REFUSED = 3
INCORRECT_ROSTER_INFORMATION = 7


def upsert_roster(s: Session, roster_id: int, project_id: int, uploaded_on: datetime | None, total_enc: int | None) -> None:
    row = s.get(RosterView, roster_id)
    if row is None:
        s.add(RosterView(roster_id=roster_id, project_id=project_id, uploaded_on=uploaded_on, total_enc=total_enc))
    else:
        row.project_id, row.uploaded_on, row.total_enc = project_id, uploaded_on or row.uploaded_on, total_enc
    s.flush()


def remove_roster(s: Session, roster_id: int, project_id: int) -> None:
    row = s.get(RosterView, roster_id)
    if row is None:  # removed before we heard of its commit: remember it so a late commit stays removed
        s.add(RosterView(roster_id=roster_id, project_id=project_id, removed=True))
    else:
        row.removed = True
    s.flush()


def figures(s: Session, project_id: int) -> ProjectFiguresView:
    row = s.get(ProjectFiguresView, project_id)
    if row is None:
        row = ProjectFiguresView(project_id=project_id)
        s.add(row)
    return row


def upsert_escalation(s: Session, esc_id: int, project_id: int, surveyor_id: int | None, resolved: bool) -> None:
    row = s.get(EscalationView, esc_id)
    if row is None:
        s.add(EscalationView(id=esc_id, project_id=project_id, surveyor_id=surveyor_id, resolved=resolved))
    else:
        row.resolved = row.resolved or resolved
    s.flush()


def upsert_completed_call(s: Session, call_id: int, project_id: int, **fields) -> None:
    row = s.get(CompletedCallView, call_id)
    if row is None:
        row = CompletedCallView(call_id=call_id, project_id=project_id)
        s.add(row)
    row.project_id = project_id
    for k, v in fields.items():
        setattr(row, k, v)
    s.flush()


# -- figures per project, as correlated-free grouped subqueries for lists and sort keys ------------------------

def last_roster_upload_q(project_ids: list[int] | None = None):
    """Per project, the last roster upload; `project_ids` limits the aggregate to those projects (a list page)."""
    q = select(RosterView.project_id.label("project_id"), func.max(RosterView.uploaded_on).label("v")).where(
        RosterView.removed.is_(False))
    if project_ids is not None:
        q = q.where(RosterView.project_id.in_(project_ids))
    return q.group_by(RosterView.project_id).subquery("last_roster")


def unresolved_escalations_q(project_ids: list[int] | None = None):
    q = select(EscalationView.project_id.label("project_id"), func.count().label("v")).where(
        EscalationView.resolved.is_(False))
    if project_ids is not None:
        q = q.where(EscalationView.project_id.in_(project_ids))
    return q.group_by(EscalationView.project_id).subquery("unresolved")


def escalated_project_ids_q():
    return select(EscalationView.project_id).distinct()


def surveys_q(lo: datetime, hi: datetime, surveyor_id: int | None = None, project_ids: list[int] | None = None):
    q = (select(CompletedCallView.project_id.label("project_id"), func.count().label("v"))
         .where(CompletedCallView.result == SURVEY_COMPLETE, CompletedCallView.is_partial.is_(False),
                CompletedCallView.surveyed_on >= lo, CompletedCallView.surveyed_on < hi))
    if surveyor_id is not None:
        q = q.where(CompletedCallView.surveyor_id == surveyor_id)
    if project_ids is not None:
        q = q.where(CompletedCallView.project_id.in_(project_ids))
    return q.group_by(CompletedCallView.project_id).subquery("surveys")


def surveys_by_surveyor(s: Session, project_id: int, lo: datetime, hi: datetime) -> dict[int, int]:
    q = (select(CompletedCallView.surveyor_id, func.count())
         .where(CompletedCallView.project_id == project_id, CompletedCallView.result == SURVEY_COMPLETE,
                CompletedCallView.is_partial.is_(False),
                and_(CompletedCallView.surveyed_on >= lo, CompletedCallView.surveyed_on < hi))
         .group_by(CompletedCallView.surveyor_id))
    return {int(sid): int(n) for sid, n in s.execute(q).all() if sid is not None}


def count_surveys(s: Session, project_id: int, lo: datetime, hi: datetime, surveyor_id: int | None = None) -> int:
    q = (select(func.count()).select_from(CompletedCallView)
         .where(CompletedCallView.project_id == project_id, CompletedCallView.result == SURVEY_COMPLETE,
                CompletedCallView.is_partial.is_(False), CompletedCallView.surveyed_on >= lo,
                CompletedCallView.surveyed_on < hi))
    if surveyor_id is not None:
        q = q.where(CompletedCallView.surveyor_id == surveyor_id)
    return int(s.scalar(q) or 0)


def count_surveys_in_windows(s: Session, windows: dict[int, tuple[datetime, datetime]],
                             surveyor_id: int | None = None, chunk: int = 500) -> dict[int, int]:
    """`count_surveys` of many projects, each in its own window (project id -> (lo, hi)), one statement per `chunk`
    projects instead of one per project: a dropdown that fetches every project (limit 5000) sent hundreds."""
    out: dict[int, int] = {}
    items = list(windows.items())
    kind = CompletedCallView.surveyed_on.type
    for i in range(0, len(items), chunk):
        part = items[i:i + chunk]
        w = union_all(*(select(literal(pid, Integer).label("pid"), literal(lo, kind).label("lo"),
                                literal(hi, kind).label("hi")) for pid, (lo, hi) in part)).subquery("w")
        q = (select(CompletedCallView.project_id, func.count())
             .join(w, and_(CompletedCallView.project_id == w.c.pid, CompletedCallView.surveyed_on >= w.c.lo,
                           CompletedCallView.surveyed_on < w.c.hi))
             .where(CompletedCallView.result == SURVEY_COMPLETE, CompletedCallView.is_partial.is_(False))
             .group_by(CompletedCallView.project_id))
        if surveyor_id is not None:
            q = q.where(CompletedCallView.surveyor_id == surveyor_id)
        out.update({int(pid): int(n) for pid, n in s.execute(q)})
    return out


def survey_day_counts(s: Session, project_id: int, lo: datetime, hi: datetime,
                      surveyor_id: int | None = None) -> dict[str, int]:
    """The project's calls of one survey day by outcome: complete (Agreed to Survey, survey finished), incomplete
    (Agreed to Survey, survey partial), refused (Respondent Refused), wrong-info (Incorrect Roster Information)."""
    agreed = CompletedCallView.result == SURVEY_COMPLETE
    q = (select(func.count().filter(agreed, CompletedCallView.is_partial.is_(False)),
                func.count().filter(agreed, CompletedCallView.is_partial.is_(True)),
                func.count().filter(CompletedCallView.result == RESPONDENT_REFUSED),
                func.count().filter(CompletedCallView.result == INCORRECT_ROSTER_INFORMATION))
         .where(CompletedCallView.project_id == project_id, CompletedCallView.surveyed_on >= lo,
                CompletedCallView.surveyed_on < hi))
    if surveyor_id is not None:
        q = q.where(CompletedCallView.surveyor_id == surveyor_id)
    complete, incomplete, refused, wrong_info = s.execute(q).one()
    return {"complete": int(complete), "incomplete": int(incomplete), "refused": int(refused),
            "wrongInfo": int(wrong_info)}


def last_roster_upload(s: Session, project_id: int) -> datetime | None:
    return s.scalar(select(func.max(RosterView.uploaded_on))
                    .where(RosterView.project_id == project_id, RosterView.removed.is_(False)))


def unresolved_escalations(s: Session, project_id: int) -> int:
    return int(s.scalar(select(func.count()).select_from(EscalationView)
                        .where(EscalationView.project_id == project_id, EscalationView.resolved.is_(False))) or 0)
