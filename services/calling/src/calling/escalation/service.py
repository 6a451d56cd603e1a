"""Escalations: opened with a call result that carries one, listed and resolved by managers
(a PM sees their own projects' escalations, Operations all)."""

from datetime import UTC

from sqlalchemy import ColumnElement
from sqlalchemy.orm import Session

from kit.auth import Principal, Role
from kit.errors import BadRequest, Conflict, NotFound
from kit.events import publish, utcnow
from kit.paging import Page

from calling.call_log import service as call_log
from calling.call_log.constants import ESCALATION_STATUS
from calling.escalation import repository as repo
from calling.events import published
from calling.models import Call, Escalation


def _notes(payload) -> str | None:
    """The surveyor's escalation text, when the payload carries one (a string, or an object with notes)."""
    if isinstance(payload, str):
        return payload.strip()[:5000] or None
    if isinstance(payload, dict) and isinstance(payload.get("notes"), str):
        return payload["notes"].strip()[:5000] or None
    return None


def open_for_call(session: Session, call: Call, payload, *, earlier=None) -> None:
    """A saved call result that carries an escalation opens one (once per call, whatever the resends).

    One opened by the interim save of an agreed call (`earlier`: what that save carried) follows the call's final
    save while unresolved: it is dated at the call's result time, as the call log dates the call (the list's
    Date/Time and its date filters, Call Quality's periods), and the final save's notes replace the interim's unless
    a manager has changed them since. The change is announced again (its consumers upsert)."""
    if not payload or (isinstance(payload, dict) and not any(payload.values())):
        return
    existing = repo.by_call(session, call.id)
    if existing is not None:
        if existing.status:
            return
        notes = _notes(payload)
        changed = call.surveyed_on is not None and existing.surveyed_on != call.surveyed_on
        if changed:
            existing.surveyed_on = call.surveyed_on
        if notes and notes != existing.notes and existing.notes == _notes(earlier):
            existing.notes, changed = notes, True
        if changed:
            publish(session, published.ESCALATION_CREATED, published.escalation_created(existing))
        return
    e = repo.add(session, Escalation(call_id=call.id, project_id=call.project_id, surveyor_id=call.surveyor_id,
                                     surveyed_on=call.surveyed_on or utcnow(), status=False, notes=_notes(payload)))
    publish(session, published.ESCALATION_CREATED, published.escalation_created(e))


def _scope(principal: Principal) -> list[ColumnElement]:
    return repo.scope_manager(principal.id) if principal.role == Role.PROJECT_MANAGER else []


def _utc(dt):
    return dt.replace(tzinfo=UTC) if dt else None


def to_read(row) -> dict:
    e, p, u = row
    return {"id": e.id, "callId": e.call_id, "callHisId": e.call_id, "projectId": e.project_id,
            "surveyorId": e.surveyor_id, "surveyedOn": _utc(e.surveyed_on), "status": e.status,
            "statusName": ESCALATION_STATUS[bool(e.status)], "notes": e.notes, "resolvedAt": _utc(e.resolved_at),
            "project": {"id": e.project_id, "name": p.name if p else None, "typeId": p.type_id if p else None,
                        "managerId": p.manager_id if p else None, "clientId": p.client_id if p else None},
            "surveyor": {"id": e.surveyor_id, "firstName": u.first_name if u else None,
                         "lastName": u.last_name if u else None}}


def list_escalations(session: Session, principal: Principal, page: Page, *, from_: str | None, to: str | None,
                     tz: str | None, project_id: int | None, status: bool | None, surveyor_id: int | None,
                     manager_id: int | None) -> tuple[list[dict], int]:
    z = call_log.zone(tz)
    start, end = call_log.bound(from_, z, "from", end=False), call_log.bound(to, z, "to", end=True)
    if start and end and start >= end:  # as the call log: a reversed range is a mistake, not "no escalations"
        raise BadRequest("to: must not be before from")
    where = repo.conditions(_scope(principal), start=start, end=end, project_id=project_id, status=status,
                            surveyor_id=surveyor_id, manager_id=manager_id)
    rows, count = repo.page(session, where, page)
    return [to_read(r) for r in rows], count


def describe_page(page: Page, returned: int, count: int, *, project_id: int | None, surveyor_id: int | None,
                  manager_id: int | None, status: bool | None, from_: str | None, to: str | None) -> str:
    """What one page of the escalations list showed, for the PHI access audit: its filters, order and rows."""
    parts = ["escalations"]
    for label, value in (("project", project_id), ("surveyor", surveyor_id), ("manager", manager_id),
                         ("resolved", status)):
        if value is not None:
            parts.append(f"{label} {value}")
    if from_ or to:
        parts.append(f"{from_ or '…'} to {to or '…'}")
    if page.order_by:
        parts.append(f"order {page.order_by} {page.order_dir}")
    parts.append(f"skip {page.skip}, limit {page.limit}, rows {page.skip + 1}-{page.skip + returned} of {count}")
    return ", ".join(parts)


def _one(session: Session, principal: Principal, escalation_id: int, *, for_update: bool = False):
    row = repo.one(session, _scope(principal), escalation_id, for_update=for_update)
    if row is None:
        raise NotFound(f"Escalation {escalation_id} was not found among your projects' escalations")
    return row


def get_escalation(session: Session, principal: Principal, escalation_id: int) -> dict:
    row = _one(session, principal, escalation_id)
    try:
        log = call_log.get_call(session, principal, row[0].call_id)
    except NotFound:
        log = None
    return {**to_read(row), "log": log}


def update_escalation(session: Session, principal: Principal, escalation_id: int, *, call_id: int | None,
                      notes: str | None, status: bool | None) -> tuple[str, dict]:
    row = _one(session, principal, escalation_id, for_update=True)
    e: Escalation = row[0]
    if call_id is not None and call_id != e.call_id:
        raise BadRequest(f"callHisId: escalation {escalation_id} belongs to call {e.call_id}")
    if status is False and e.status:
        raise Conflict("status: a resolved escalation stays resolved")
    if status is True and e.status:  # spec §4: Unresolved -> Resolved; a second Resolve (another manager's) is no change
        raise Conflict(f"status: escalation {escalation_id} is already resolved")
    if notes is not None:
        e.notes = notes or None
    message = "Escalation notes saved"
    if status and not e.status:
        e.status, e.resolved_at, e.resolved_by = True, utcnow(), principal.id
        publish(session, published.ESCALATION_RESOLVED, published.escalation_resolved(e))
        message = "Escalation resolved"
    session.flush()
    return message, get_escalation(session, principal, escalation_id)
