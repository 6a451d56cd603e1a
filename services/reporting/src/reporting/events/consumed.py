"""Handlers keeping the reporting read model. Tolerant: unknown fields ignored, missing fields keep the stored
value, an event older (by occurredAt) than the one applied does not overwrite. The kit's inbox drops duplicates."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation

from sqlalchemy.orm import Session

from kit.db import Database
from kit.events import EventConsumer, PoisonMessage
from reporting.models import CallFact, ProjectView, UserView
from reporting.readmodel import repository as rm


def _data(envelope: dict) -> dict:
    data = envelope.get("data")
    if not isinstance(data, dict):
        raise PoisonMessage("event data is not an object")
    return data


def _int(v) -> int | None:
    if v is None or isinstance(v, bool):
        return None
    try:
        return int(v)
    except (TypeError, ValueError):
        return None


def _required(data: dict, key: str) -> int:
    v = _int(data.get(key))
    if v is None:
        raise PoisonMessage(f"event data lacks {key}")
    return v


def parse_dt(v) -> datetime | None:
    """ISO 8601 to naive UTC; a value without an offset is taken as UTC."""
    if not v or not isinstance(v, str):
        return None
    try:
        d = datetime.fromisoformat(v.replace("Z", "+00:00"))
    except ValueError:
        return None
    return d.astimezone(UTC).replace(tzinfo=None) if d.tzinfo else d


def _decimal(v) -> Decimal | None:
    if v is None or isinstance(v, bool):
        return None
    try:
        d = Decimal(str(v))
    except (InvalidOperation, ValueError):
        return None
    return d if d.is_finite() and d >= 0 else None


def _stale(row, envelope: dict) -> bool:
    # Compared as instants, not strings: isoformat() leaves out the fraction when it is 0 µs, so "…:00Z" sorts
    # after "…:00.5Z" as text although it is earlier. An unreadable time on either side never blocks an event.
    occurred, applied = parse_dt(envelope.get("occurredAt")), parse_dt(row.source_at)
    return bool(occurred and applied and occurred < applied)


def _stamp(row, envelope: dict) -> None:
    occurred = parse_dt(envelope.get("occurredAt"))
    if occurred:  # stored normalised (always with the fraction), so the column also sorts right as text
        row.source_at = occurred.isoformat(timespec="microseconds") + "Z"


# --- calls ---------------------------------------------------------------------------------------------

def _call(session: Session, call_id: int) -> CallFact:
    c = rm.get_call(session, call_id)
    if c is None:
        c = CallFact(call_id=call_id, is_partial=False, is_agree_complete=False, released=False)
        rm.add(session, c)
    return c


def on_call_started(session: Session, envelope: dict) -> None:
    data = _data(envelope)
    c = _call(session, _required(data, "callId"))
    # started never overrides what a completed event already set
    c.project_id = c.project_id or _int(data.get("projectId"))
    c.visit_id = c.visit_id or _int(data.get("visitId"))
    c.surveyor_id = c.surveyor_id or _int(data.get("surveyorId"))
    c.call_start = c.call_start or parse_dt(data.get("callStart"))


def on_call_completed(session: Session, envelope: dict) -> None:
    """The full current state of a call: interim partial, then final, both land on the same row."""
    data = _data(envelope)
    c = _call(session, _required(data, "callId"))
    if _stale(c, envelope):
        return
    for attr, key in (("project_id", "projectId"), ("visit_id", "visitId"), ("surveyor_id", "surveyorId"),
                      ("survey_language_id", "surveyLanguageId")):
        if key in data:
            v = _int(data.get(key))
            if v is not None or attr == "survey_language_id":
                setattr(c, attr, v)
    if "result" in data:
        c.result = _int(data.get("result"))
    if "isPartial" in data:
        c.is_partial = bool(data.get("isPartial"))
    if "isAgreeComplete" in data:
        c.is_agree_complete = bool(data.get("isAgreeComplete"))
    for attr, key in (("call_start", "callStart"), ("ended_at", "endedAt"), ("surveyed_on", "surveyedOn"),
                      ("survey_completed_on", "surveyCompletedOn")):
        if key in data:
            v = parse_dt(data.get(key))
            if v is not None or attr != "call_start":
                setattr(c, attr, v)
    _stamp(c, envelope)


def on_call_released(session: Session, envelope: dict) -> None:
    data = _data(envelope)
    c = _call(session, _required(data, "callId"))
    c.project_id = c.project_id or _int(data.get("projectId"))
    c.visit_id = c.visit_id or _int(data.get("visitId"))
    c.released = True


# --- projects ------------------------------------------------------------------------------------------

def on_project(session: Session, envelope: dict) -> None:
    data = _data(envelope)
    pid = _required(data, "id")
    p = rm.get_project(session, pid)
    if p is None:
        p = ProjectView(id=pid, name="", payment_rate=Decimal("0"))
        rm.add(session, p)
    elif _stale(p, envelope):
        return
    if isinstance(data.get("name"), str):
        p.name = data["name"]
    if "managerId" in data:
        p.manager_id = _int(data.get("managerId"))
    if "paymentRate" in data:
        rate = _decimal(data.get("paymentRate"))
        if rate is not None:
            p.payment_rate = rate
    if "deletedAt" in data:
        p.deleted_at = parse_dt(data.get("deletedAt"))
    _stamp(p, envelope)


# --- users ---------------------------------------------------------------------------------------------

def on_user(session: Session, envelope: dict) -> None:
    data = _data(envelope)
    uid = _required(data, "id")
    u = rm.get_user(session, uid)
    if u is None:
        u = UserView(id=uid, first_name="", last_name="", is_deleted=False)
        rm.add(session, u)
    elif _stale(u, envelope):
        return
    kind = str(envelope.get("type", ""))
    if kind.endswith(".deleted"):
        u.is_deleted = True
    else:
        for attr, key in (("first_name", "firstName"), ("last_name", "lastName")):
            if isinstance(data.get(key), str):
                setattr(u, attr, data[key])
        if "role" in data:
            u.role = _int(data.get("role"))
        if "cid" in data:
            u.cid = None if data["cid"] is None else str(data["cid"])
        if isinstance(data.get("cimrManagerIds"), list):
            u.cimr_manager_ids = [i for i in (_int(x) for x in data["cimrManagerIds"]) if i is not None]
        if kind.endswith(".deactivated"):
            u.is_deleted = True
        elif kind.endswith(".reactivated"):
            u.is_deleted = False
        elif "isDeleted" in data:
            u.is_deleted = bool(data["isDeleted"])
    _stamp(u, envelope)


HANDLERS = {
    "calling.call.started": on_call_started,
    "calling.call.completed": on_call_completed,
    "calling.call.released": on_call_released,
    "projects.project.created": on_project,
    "projects.project.updated": on_project,
    "identity.user.*": on_user,
}


def consumers(db: Database) -> list[EventConsumer]:
    return [EventConsumer("reporting", db, dict(HANDLERS))]
