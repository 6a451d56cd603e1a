from datetime import datetime

from sqlalchemy import delete, insert, or_, select, update
from sqlalchemy.orm import Session

from kit.db import insert_new_rows
from kit.languages import language_names as kit_language_names
from reporting.models import (READ_MODELS, AssignmentView, CallDayProject, CallFact, CleanedCommentView, ClientView,
                              LanguageView,
                              CommentSummaryView, EscalationView, EventLog, ProjectView, RosterResetView, RosterView,
                              SamplingView, SurveyAnswerView, UserView, VisitView)

CIMR_SURVEYOR_ROLE = 7


def get_call(session: Session, call_id: int) -> CallFact | None:
    return session.get(CallFact, call_id)


def get_project(session: Session, project_id: int) -> ProjectView | None:
    return session.get(ProjectView, project_id)


def get_user(session: Session, user_id: int) -> UserView | None:
    return session.get(UserView, user_id)


def get_assignment(session: Session, assignment_id: int) -> AssignmentView | None:
    return session.get(AssignmentView, assignment_id)


def get_client(session: Session, client_id: int) -> ClientView | None:
    return session.get(ClientView, client_id)


def get_escalation(session: Session, escalation_id: int) -> EscalationView | None:
    return session.get(EscalationView, escalation_id)


def get_comment_summary(session: Session, project_id: int) -> CommentSummaryView | None:
    return session.get(CommentSummaryView, project_id)


def get_cleaned_comment(session: Session, call_id: int, kind: str, ques_id: int) -> CleanedCommentView | None:
    return session.get(CleanedCommentView, (call_id, kind, ques_id))


def cimr_surveyor_ids(session: Session, manager_id: int) -> list[int]:
    """CIMR Surveyors linked to this CIMR Manager. JSON membership is checked in Python so the same code runs on
    SQLite and PostgreSQL (the list of CIMR surveyors is small)."""
    users = session.scalars(select(UserView).where(UserView.role == CIMR_SURVEYOR_ROLE, UserView.is_deleted.is_(False)))
    return [u.id for u in users if manager_id in (u.cimr_manager_ids or [])]


def managed_project_ids(session: Session, manager_id: int) -> list[int]:
    return list(session.scalars(select(ProjectView.id).where(ProjectView.manager_id == manager_id)))


def replace_answers(session: Session, call_id: int, project_id: int | None, rows: list[dict]) -> None:
    session.execute(delete(SurveyAnswerView).where(SurveyAnswerView.call_id == call_id))
    if rows:
        session.execute(insert(SurveyAnswerView), [dict(r, call_id=call_id, project_id=project_id) for r in rows])


def log_event(session: Session, envelope: dict) -> None:
    session.add(EventLog(event_id=str(envelope["id"])[:64], type=str(envelope["type"])[:120], envelope=envelope))


def logged_events(session: Session, after_seq: int, batch: int) -> list[EventLog]:
    return list(session.scalars(select(EventLog).where(EventLog.seq > after_seq).order_by(EventLog.seq).limit(batch)))


def add_to_day_project(session: Session, day, project_id: int, delta: tuple[int, int, int, int, int]) -> None:
    """Adds (attempts, surveys, signed, duration_us, agreed_duration_us) to the day's row of the project; a row
    whose attempts fall to 0 is removed, so the table holds exactly the days and projects with calls."""
    row = session.get(CallDayProject, (day, project_id))
    if row is None:
        row = CallDayProject(call_day=day, project_id=project_id, attempts=0, surveys=0, signed=0, duration_us=0,
                             agreed_duration_us=0)
        session.add(row)
    row.attempts += delta[0]
    row.surveys += delta[1]
    row.signed += delta[2]
    row.duration_us += delta[3]
    row.agreed_duration_us += delta[4]
    if row.attempts <= 0:
        session.delete(row)
    session.flush()  # the next call of the same day and project finds this row


def get_sampling(session: Session, project_id: int) -> SamplingView | None:
    return session.get(SamplingView, project_id)


# visits and rosters (rosters.visits.imported / roster.removed / roster.reset) -------------------------------

def roster_is_removed(session: Session, project_id: int, roster_id: int | None, imported_at: datetime | None) -> bool:
    """Whether visits imported now land removed: their roster's removal, or the project's reset after the import
    (events arriving out of order), was applied already."""
    if roster_id is not None:
        roster = session.get(RosterView, roster_id)
        if roster is not None and roster.removed:
            return True
    reset = session.get(RosterResetView, project_id)
    return reset is not None and reset.reset_at is not None and (imported_at is None or imported_at <= reset.reset_at)


def note_roster(session: Session, roster_id: int, project_id: int) -> None:
    if session.get(RosterView, roster_id) is None:
        session.add(RosterView(id=roster_id, project_id=project_id, removed=False))


def insert_visits(session: Session, rows: list[dict]) -> None:
    """Bulk insert of an import; a redelivered batch changes nothing (kit.db.insert_new_rows)."""
    insert_new_rows(session, VisitView, rows)


def remove_roster(session: Session, roster_id: int, project_id: int | None) -> None:
    roster = session.get(RosterView, roster_id)
    if roster is None:
        roster = RosterView(id=roster_id, project_id=project_id, removed=True)
        session.add(roster)
    roster.removed = True
    session.execute(update(VisitView).where(VisitView.roster_id == roster_id, VisitView.roster_removed.is_(False))
                    .values(roster_removed=True))


def reset_project_rosters(session: Session, project_id: int, at: datetime | None) -> None:
    """Every visit of the project imported up to `at` (all of them when the event's time is unreadable)."""
    reset = session.get(RosterResetView, project_id)
    if reset is None:
        reset = RosterResetView(project_id=project_id, reset_at=at)
        session.add(reset)
    elif at is not None and (reset.reset_at is None or at > reset.reset_at):
        reset.reset_at = at
    covered = [VisitView.project_id == project_id, VisitView.roster_removed.is_(False)]
    if at is not None:
        covered.append(or_(VisitView.imported_at.is_(None), VisitView.imported_at <= at))
    session.execute(update(VisitView).where(*covered).values(roster_removed=True))


def language_names(session: Session) -> dict[int, str]:
    """Every language's name by id: the twelve of kit.languages, then those an admin added (rm_language; a deleted
    one keeps its name)."""
    return kit_language_names(session, LanguageView)


def clear_read_models(session: Session) -> None:
    for model in READ_MODELS:
        session.execute(delete(model))


def add(session: Session, obj) -> None:
    session.add(obj)
