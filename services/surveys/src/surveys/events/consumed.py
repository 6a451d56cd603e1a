"""Handlers keeping this context's tolerant copies of projects, assignments, users and calls, and the
comments that completed calls bring.

Tolerant: event data is read only through kit.eventdata; unknown fields are ignored, missing ones leave the
stored value alone, and an event older than the one already applied (by `occurredAt`, compared as instants)
does not overwrite. Duplicates are dropped by the kit's inbox.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from kit.db import Database
from kit.eventdata import data_of, is_stale, opt_bool, opt_instant, opt_int, opt_ints, opt_str, req_int, stamp
from kit.events import EventConsumer
from kit.languages import added_language_handlers
from surveys.call_survey import service as call_survey
from surveys.comments import service as comments
from surveys.models import AssignmentView, CallView, LanguageView, ProjectView, UserView
from surveys.readmodel import repository as rm


def on_project(session: Session, envelope: dict) -> None:
    data = data_of(envelope)
    pid = req_int(data)
    p = rm.get_project(session, pid)
    if p is None:
        p = ProjectView(id=pid, name="", is_locked=False)
        rm.add(session, p)
    elif is_stale(envelope, p.source_at):
        return  # an older state delivered late
    if isinstance(data.get("name"), str):
        p.name = data["name"][:300]
    if "managerId" in data:
        p.manager_id = opt_int(data, "managerId")
    if opt_bool(data, "isLocked") is not None:
        p.is_locked = bool(data["isLocked"])
    langs = opt_ints(data, "langIds")
    if langs is not None:
        p.lang_ids = langs
    if "deletedAt" in data:
        p.deleted_at = opt_instant(data, "deletedAt")
    p.source_at = stamp(envelope) or p.source_at
    session.flush()


def on_project_deleted(session: Session, envelope: dict) -> None:
    data = data_of(envelope)
    pid = req_int(data)
    p = rm.get_project(session, pid)
    if p is None:
        p = ProjectView(id=pid, name="", is_locked=False)
        rm.add(session, p)
    from kit.events import utcnow
    p.deleted_at = opt_instant(data, "deletedAt") or utcnow()
    p.is_removed = True


def on_project_lock(session: Session, envelope: dict) -> None:
    data = data_of(envelope)
    pid = req_int(data)
    p = rm.get_project(session, pid)
    if p is None:
        p = ProjectView(id=pid, name="")
        rm.add(session, p)
    locked = opt_bool(data, "isLocked")
    p.is_locked = locked if locked is not None else envelope.get("type", "").endswith(".locked")


def on_assignment_created(session: Session, envelope: dict) -> None:
    data = data_of(envelope)
    aid = req_int(data)
    a = rm.get_assignment(session, aid)
    if a is None:
        a = AssignmentView(id=aid, deleted=False)
        rm.add(session, a)
    a.project_id = opt_int(data, "projectId") or a.project_id
    a.surveyor_id = opt_int(data, "surveyorId") or a.surveyor_id


def on_assignment_deleted(session: Session, envelope: dict) -> None:
    data = data_of(envelope)
    aid = req_int(data)
    a = rm.get_assignment(session, aid)
    if a is None:
        a = AssignmentView(id=aid, project_id=opt_int(data, "projectId"), surveyor_id=opt_int(data, "surveyorId"))
        rm.add(session, a)
    a.deleted = True


def on_user(session: Session, envelope: dict) -> None:
    data = data_of(envelope)
    uid = req_int(data)
    u = rm.get_user(session, uid)
    if u is None:
        u = UserView(id=uid)
        rm.add(session, u)
    for attr, key, n in (("first_name", "firstName", 120), ("last_name", "lastName", 120), ("email", "email", 320)):
        v = opt_str(data, key, n)
        if v is not None:
            setattr(u, attr, v)
    role = opt_int(data, "role")
    if role is not None:
        u.role = role


def on_call(session: Session, envelope: dict) -> None:
    """calling.call.started / completed: who holds the call, for which project and visit; completed also
    brings the visit's provider, site, department and (roster) language, the language the survey was taken in
    (surveyLanguageId), surveyedOn and the positive / negative comment texts."""
    data = data_of(envelope)
    cid = req_int(data, "callId")
    c = rm.get_call(session, cid)
    if c is None:
        c = CallView(call_id=cid, released=False)
        rm.add(session, c)
    elif is_stale(envelope, c.source_at):
        return
    for attr, key in (("project_id", "projectId"), ("visit_id", "visitId"), ("surveyor_id", "surveyorId"),
                      ("result", "result"), ("language_id", "languageId"),
                      ("survey_language_id", "surveyLanguageId")):
        v = opt_int(data, key)
        if v is not None:
            setattr(c, attr, v)
    for attr, key in (("provider", "provider"), ("site", "site"), ("department", "department"),
                      ("patient_full_name", "patientFullName"), ("dos", "dos")):
        v = opt_str(data, key, 300 if attr != "dos" else 40)
        if v is not None:
            setattr(c, attr, v)
    surveyed = opt_instant(data, "surveyedOn")
    if surveyed is not None:
        c.surveyed_on = surveyed
    c.source_at = stamp(envelope) or c.source_at
    session.flush()
    if envelope.get("type") == "calling.call.completed" and c.project_id is not None:
        given = {k for k in ("positive", "negative") if k in data}
        comments.sync_call_texts(session, project_id=c.project_id, call_id=cid,
                                 positive=opt_str(data, "positive", 4000), negative=opt_str(data, "negative", 4000),
                                 surveyed_on=c.surveyed_on, given=given)


def _ended_call(session: Session, data: dict) -> CallView:
    cid = req_int(data, "callId")
    c = rm.get_call(session, cid)
    if c is None:  # the end reached us before the start (events out of order): the call takes no survey
        c = CallView(call_id=cid, released=False, expired=False, project_id=opt_int(data, "projectId"),
                     visit_id=opt_int(data, "visitId"), surveyor_id=opt_int(data, "surveyorId"))
        rm.add(session, c)
    return c


def _without_result(c: CallView, data: dict) -> bool:
    """The call ended with nothing recorded: calling says so (attemptCounted false: no result, the attempt is
    not counted) and no result of it has reached us. A call with a result (an interim Agreed save) keeps its
    survey, whatever order or how often its release or expiry arrives."""
    return opt_bool(data, "attemptCounted") is not True and c.result is None


def _on_call_ended(how: str):
    """calling.call.released (how: "released") or calling.call.expired ("expired": the call's hold ran out and
    another surveyor's claim took its patient): the call takes no save any more (an honest 409), and without a
    result the answers already saved are no survey."""
    def handle(session: Session, envelope: dict) -> None:
        data = data_of(envelope)
        c = _ended_call(session, data)
        setattr(c, how, True)
        session.flush()
        if _without_result(c, data):
            call_survey.discard(session, c, how)
    return handle


on_call_released = _on_call_ended("released")
on_call_expired = _on_call_ended("expired")


HANDLERS = {
    "projects.project.created": on_project,
    "projects.project.updated": on_project,
    "projects.project.deleted": on_project_deleted,
    "projects.project.locked": on_project_lock,
    "projects.project.unlocked": on_project_lock,
    "projects.assignment.created": on_assignment_created,
    "projects.assignment.deleted": on_assignment_deleted,
    "identity.user.created": on_user,
    "identity.user.updated": on_user,
    "calling.call.started": on_call,
    "calling.call.completed": on_call,
    "calling.call.released": on_call_released,
    "calling.call.expired": on_call_expired,
    **added_language_handlers(LanguageView),
}


def consumers(db: Database) -> list[EventConsumer]:
    return [EventConsumer("surveys", db, dict(HANDLERS))]
