"""Handlers keeping this context's tolerant copies of projects, assignments and calls.

Tolerant: unknown fields are ignored, missing ones leave the stored value alone, and an event older than the
one already applied (by `occurredAt`) does not overwrite a project. Duplicates are dropped by the kit's inbox.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from kit.db import Database
from kit.events import EventConsumer, PoisonMessage
from surveys.models import AssignmentView, CallView, ProjectView
from surveys.readmodel import repository as rm


def _int(data: dict, key: str) -> int | None:
    v = data.get(key)
    if v is None or isinstance(v, bool):
        return None
    try:
        return int(v)
    except (TypeError, ValueError):
        return None


def _required_id(data: dict, key: str = "id") -> int:
    v = _int(data, key)
    if v is None:
        raise PoisonMessage(f"event data lacks {key}")
    return v


def _dt(v) -> datetime | None:
    if not v or not isinstance(v, str):
        return None
    try:
        d = datetime.fromisoformat(v.replace("Z", "+00:00"))
    except ValueError:
        return None
    if d.tzinfo is not None:
        from datetime import UTC
        d = d.astimezone(UTC).replace(tzinfo=None)
    return d


def _data(envelope: dict) -> dict:
    data = envelope.get("data")
    if not isinstance(data, dict):
        raise PoisonMessage("event data is not an object")
    return data


def on_project(session: Session, envelope: dict) -> None:
    data = _data(envelope)
    pid = _required_id(data)
    occurred = str(envelope.get("occurredAt") or "")
    p = rm.get_project(session, pid)
    if p is None:
        p = ProjectView(id=pid, name="", is_locked=False)
        rm.add(session, p)
    elif p.source_at and occurred and occurred < p.source_at:
        return  # an older state delivered late
    if "name" in data and isinstance(data["name"], str):
        p.name = data["name"]
    if "managerId" in data:
        p.manager_id = _int(data, "managerId")
    if "isLocked" in data:
        p.is_locked = bool(data["isLocked"])
    if "langIds" in data and isinstance(data["langIds"], list):
        p.lang_ids = [int(x) for x in data["langIds"] if isinstance(x, int)]
    if "deletedAt" in data:
        p.deleted_at = _dt(data["deletedAt"])
    if occurred and envelope.get("type", "").endswith((".created", ".updated")):
        p.source_at = occurred
    session.flush()


def on_project_lock(session: Session, envelope: dict) -> None:
    data = _data(envelope)
    pid = _required_id(data)
    p = rm.get_project(session, pid)
    if p is None:
        p = ProjectView(id=pid, name="")
        rm.add(session, p)
    p.is_locked = bool(data.get("isLocked", envelope.get("type", "").endswith(".locked")))


def on_assignment_created(session: Session, envelope: dict) -> None:
    data = _data(envelope)
    aid = _required_id(data)
    a = rm.get_assignment(session, aid)
    if a is None:
        a = AssignmentView(id=aid, deleted=False)
        rm.add(session, a)
    a.project_id = _int(data, "projectId") if data.get("projectId") is not None else a.project_id
    a.surveyor_id = _int(data, "surveyorId") if data.get("surveyorId") is not None else a.surveyor_id


def on_assignment_deleted(session: Session, envelope: dict) -> None:
    data = _data(envelope)
    aid = _required_id(data)
    a = rm.get_assignment(session, aid)
    if a is None:
        a = AssignmentView(id=aid, project_id=_int(data, "projectId"), surveyor_id=_int(data, "surveyorId"))
        rm.add(session, a)
    a.deleted = True


def on_call(session: Session, envelope: dict) -> None:
    """calling.call.started / completed: who holds the call and for which project."""
    data = _data(envelope)
    cid = _required_id(data, "callId")
    c = rm.get_call(session, cid)
    if c is None:
        c = CallView(call_id=cid, released=False)
        rm.add(session, c)
    for attr, key in (("project_id", "projectId"), ("visit_id", "visitId"), ("surveyor_id", "surveyorId")):
        v = _int(data, key)
        if v is not None:
            setattr(c, attr, v)


def on_call_released(session: Session, envelope: dict) -> None:
    data = _data(envelope)
    cid = _required_id(data, "callId")
    c = rm.get_call(session, cid)
    if c is None:
        c = CallView(call_id=cid, project_id=_int(data, "projectId"), visit_id=_int(data, "visitId"))
        rm.add(session, c)
    c.released = True


HANDLERS = {
    "projects.project.created": on_project,
    "projects.project.updated": on_project,
    "projects.project.locked": on_project_lock,
    "projects.project.unlocked": on_project_lock,
    "projects.assignment.created": on_assignment_created,
    "projects.assignment.deleted": on_assignment_deleted,
    "calling.call.started": on_call,
    "calling.call.completed": on_call,
    "calling.call.released": on_call_released,
}


def consumers(db: Database) -> list[EventConsumer]:
    return [EventConsumer("surveys", db, dict(HANDLERS))]
