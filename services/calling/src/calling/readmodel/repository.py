"""Writes of the local read models (fed by other contexts' events). Upserts so redelivery and
out-of-order arrival (an assignment before its project) are harmless."""

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import delete, func, select, text, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from kit.db import insert_new_rows
from calling.models import (AssignmentView, Call, CallStatus, GuidelineStatusView, LanguageSamplingView, ProjectView, ProjectGuidelineView, ProjectSamplingView,
                            QuotaCellView, SamplingParameterView, SurveyAnswerView, UserView, UserCimrManagerView, Visit,
                            VisitStatus)


def _insert(session: Session, model):
    dialect = session.get_bind().dialect.name
    return (postgresql.insert if dialect == "postgresql" else sqlite.insert)(model)


def upsert(session: Session, model, values: dict, keys: Iterable[str]) -> None:
    keys = list(keys)
    stmt = _insert(session, model).values(**values)
    changes = {k: v for k, v in values.items() if k not in keys}
    if changes:
        stmt = stmt.on_conflict_do_update(index_elements=keys, set_=changes)
    else:
        stmt = stmt.on_conflict_do_nothing(index_elements=keys)
    session.execute(stmt)


# users ---------------------------------------------------------------------------------------------------

def upsert_user(session: Session, user_id: int, values: dict) -> None:
    upsert(session, UserView, {"id": user_id, **values}, ["id"])


def set_user_cimr_managers(session: Session, user_id: int, manager_ids: list[int]) -> None:
    session.execute(delete(UserCimrManagerView).where(UserCimrManagerView.user_id == user_id))
    if manager_ids:
        session.execute(_insert(session, UserCimrManagerView).on_conflict_do_nothing(),
                        [{"user_id": user_id, "manager_id": m} for m in set(manager_ids)])


def mark_user_deleted(session: Session, user_id: int) -> None:
    upsert(session, UserView, {"id": user_id, "is_deleted": True, "is_active": False}, ["id"])


# projects ------------------------------------------------------------------------------------------------

def upsert_project(session: Session, project_id: int, values: dict) -> None:
    upsert(session, ProjectView, {"id": project_id, **values}, ["id"])


def project_visit_info_stamp(session: Session, project_id: int) -> str | None:
    """When the project's stored visit-info selection was saved (the newest event applied), or None."""
    return session.scalar(select(ProjectView.visit_info_source_at).where(ProjectView.id == project_id))


def upsert_assignment(session: Session, values: dict) -> None:
    upsert(session, AssignmentView, values, ["id"])


def delete_assignment(session: Session, assignment_id: int) -> None:
    session.execute(delete(AssignmentView).where(AssignmentView.id == assignment_id))


# sampling ------------------------------------------------------------------------------------------------

def replace_sampling(session: Session, project_id: int, look_back_days: int | None, max_calls: int | None,
                     parameters: list[dict] | None, languages: list[dict] | None, default_max_calls: int) -> None:
    current = session.get(ProjectSamplingView, project_id)
    values = {"look_back_days": look_back_days if look_back_days is not None else (current.look_back_days if current else 0),
              "max_calls": max_calls if max_calls is not None else (current.max_calls if current else default_max_calls)}
    upsert(session, ProjectSamplingView, {"project_id": project_id, **values}, ["project_id"])
    if parameters is not None:
        session.execute(delete(SamplingParameterView).where(SamplingParameterView.project_id == project_id))
        if parameters:
            session.execute(_insert(session, SamplingParameterView), [{"project_id": project_id, **p} for p in parameters])
    if languages is not None:
        keep = {lang["language_id"] for lang in languages}
        session.execute(delete(LanguageSamplingView).where(LanguageSamplingView.project_id == project_id,
                                                       LanguageSamplingView.language_id.not_in(keep or {-1})))
        have = set(session.scalars(select(LanguageSamplingView.language_id)
                                   .where(LanguageSamplingView.project_id == project_id)))
        done = completed_by_language(session, project_id) if any(lg["language_id"] not in have for lg in languages) else {}
        for lang in languages:  # keep the completed counters of languages that stay
            if lang["language_id"] in have:
                upsert(session, LanguageSamplingView, {"project_id": project_id, **lang}, ["project_id", "language_id"])
            else:  # a language's first rule: its surveys so far count (an Open language is not in the event)
                upsert(session, LanguageSamplingView,
                       {"project_id": project_id, **lang, "completed": done.get(lang["language_id"], 0)},
                       ["project_id", "language_id"])
    # maxCalls may have moved: visits at/over the new limit leave the queue, the others come back. A visit
    # holding a callback appointment stays open at the limit (as the call engine keeps it: call/service.py
    # `_finish`), so a new sampling (every roster upload sends one) does not cancel the appointment.
    mc = values["max_calls"]
    session.execute(update(Visit).where(Visit.project_id == project_id, Visit.status == VisitStatus.OPEN,
                                        Visit.attempts >= mc, Visit.callback_at.is_(None))
                    .values(status=VisitStatus.MAX_CALLS))
    session.execute(update(Visit).where(Visit.project_id == project_id, Visit.status == VisitStatus.MAX_CALLS,
                                        Visit.attempts < mc).values(status=VisitStatus.OPEN))


def completed_by_language(session: Session, project_id: int) -> dict[int, int]:
    """The project's completed surveys per language, as `count_completed` counts them (the survey's language, else
    the visit's), less those Quality removed: what a language rule arriving now starts from."""
    lang = func.coalesce(Call.survey_language_id, Visit.language_id)
    rows = session.execute(select(lang, func.count()).select_from(Call).outerjoin(Visit, Visit.id == Call.visit_id)
                           .where(Call.project_id == project_id, Call.status == CallStatus.COMPLETED,
                                  Call.is_qa_removal.is_not(True))
                           .group_by(lang))
    return {int(k): int(n) for k, n in rows if k is not None}


def replace_quotas(session: Session, project_id: int, quotas: list[dict]) -> None:
    """The event lists every cell's required count: a cell not listed has no limit. Completed counts stay."""
    session.execute(update(QuotaCellView).where(QuotaCellView.project_id == project_id, QuotaCellView.required.is_not(None))
                    .values(required=None))
    for q in quotas:
        upsert(session, QuotaCellView, {"project_id": project_id, **q}, ["project_id", "type_id", "value"])


# guidelines ----------------------------------------------------------------------------------------------

def set_project_guideline(session: Session, project_id: int, guideline_id: int, uploaded_at: datetime | None) -> None:
    current = session.get(ProjectGuidelineView, project_id)
    if current is not None and (current.guideline_id > guideline_id or current.guideline_id == guideline_id):
        return  # a newer (or the same) guideline is already known: ids grow with uploads
    upsert(session, ProjectGuidelineView, {"project_id": project_id, "guideline_id": guideline_id,
                                       "uploaded_at": uploaded_at}, ["project_id"])


def set_guideline_status(session: Session, *, project_id: int, surveyor_id: int, guideline_id: int, status: str) -> None:
    upsert(session, GuidelineStatusView, {"guideline_id": guideline_id, "surveyor_id": surveyor_id,
                                      "project_id": project_id, "status": status}, ["guideline_id", "surveyor_id"])


# visits --------------------------------------------------------------------------------------------------

def insert_visits(session: Session, rows: list[dict]) -> None:
    """Bulk insert of an import; a redelivered batch changes nothing (kit.db.insert_new_rows)."""
    insert_new_rows(session, Visit, rows)


def refresh_statistics_if_grown(session: Session, added: int) -> None:
    """PostgreSQL plans the claim from table statistics; right after a big import they still describe an empty
    table and the planner sorts the whole project (100x slower claims) until autovacuum catches up. Analyze
    while the table is small relative to what arrives (a few times per import; the distribution is what counts)."""
    if session.get_bind().dialect.name != "postgresql" or not added:
        return
    estimate = session.execute(text("SELECT reltuples FROM pg_class WHERE oid = 'visits'::regclass")).scalar() or 0
    if added > 0.2 * max(estimate, 0):
        session.execute(text("ANALYZE visits"))


def ensure_quota_cells(session: Session, project_id: int, cells: set[tuple[int, str]]) -> None:
    if cells:
        session.execute(_insert(session, QuotaCellView).on_conflict_do_nothing(),
                        [{"project_id": project_id, "type_id": t, "value": v, "completed": 0} for t, v in cells])


def remove_roster(session: Session, roster_id: int) -> None:
    """Uncalled visits go; called ones stay (call log) but leave the queue."""
    session.execute(delete(Visit).where(Visit.roster_id == roster_id, Visit.attempts == 0, Visit.lock_token.is_(None)))
    session.execute(update(Visit).where(Visit.roster_id == roster_id, Visit.status == VisitStatus.OPEN)
                    .values(status=VisitStatus.REMOVED, callback_at=None, callback_by=None))


def reset_project_roster(session: Session, project_id: int) -> None:
    """Final count submitted: the project's roster is reset. Uncalled visits go; called ones stay for the call
    log but leave the queue (a held one finishes its call; the next claim finds nothing)."""
    session.execute(delete(Visit).where(Visit.project_id == project_id, Visit.attempts == 0,
                                        Visit.lock_token.is_(None)))
    session.execute(update(Visit).where(Visit.project_id == project_id, Visit.status == VisitStatus.OPEN)
                    .values(status=VisitStatus.REMOVED, callback_at=None, callback_by=None))


def count_visits(session: Session, project_id: int) -> int:
    return session.scalar(select(func.count()).select_from(Visit).where(Visit.project_id == project_id)) or 0


# survey answers (surveys.survey.saved) -------------------------------------------------------------------

def survey_stamp(session: Session, call_id: int) -> str | None:
    """When the call's stored answer set was saved (the newest event applied), or None."""
    return session.scalar(select(func.max(SurveyAnswerView.source_at)).where(SurveyAnswerView.call_id == call_id))


def ended_without_result(session: Session, call_id: int) -> bool:
    """The call was released or its hold ran out with nothing recorded: it takes no survey any more."""
    return session.scalar(select(Call.status).where(Call.id == call_id)) in (CallStatus.RELEASED, CallStatus.EXPIRED)


def drop_survey(session: Session, call_id: int) -> None:
    session.execute(delete(SurveyAnswerView).where(SurveyAnswerView.call_id == call_id))


def replace_survey(session: Session, call_id: int, answers: list[dict], source_at: str | None) -> None:
    session.execute(delete(SurveyAnswerView).where(SurveyAnswerView.call_id == call_id))
    session.add_all(SurveyAnswerView(call_id=call_id, source_at=source_at, **a) for a in answers)
