"""What calling reads from other contexts, kept in its own tables. Tolerant copies: unknown fields are
ignored, missing optional fields keep what we had."""

from __future__ import annotations

import logging
from datetime import date, datetime

from sqlalchemy.orm import Session

from kit.db import Database
from kit.events import EventConsumer, PoisonMessage

from calling.config import Settings
from calling.readmodel import repository as repo

log = logging.getLogger("calling.events")

ENGLISH = 1
PROVIDER, SITE, DEPARTMENT = 0, 1, 2


def _int(v) -> int | None:
    try:
        return int(v) if v is not None and v != "" else None
    except (TypeError, ValueError):
        return None


def _str(v, n: int) -> str | None:
    if v is None:
        return None
    s = str(v).strip()
    return s[:n] if s else None


def _date(v) -> date | None:
    if v is None or v == "":
        return None
    if isinstance(v, date):
        return v
    try:
        s = str(v)
        if "T" in s or " " in s:
            return datetime.fromisoformat(s.replace("Z", "+00:00")).date()
        return date.fromisoformat(s[:10])
    except ValueError:
        return None


def _ints(v) -> list[int]:
    return [i for i in (_int(x) for x in (v or [])) if i is not None]


def _data(envelope: dict) -> dict:
    data = envelope.get("data")
    if not isinstance(data, dict):
        raise PoisonMessage("event data is not an object")
    return data


def _required_id(data: dict, key: str = "id") -> int:
    v = _int(data.get(key))
    if v is None:
        raise PoisonMessage(f"event data lacks {key}")
    return v


# identity ------------------------------------------------------------------------------------------------

def on_user(session: Session, envelope: dict) -> None:
    data = _data(envelope)
    uid = _required_id(data)
    verb = envelope["type"].rsplit(".", 1)[-1]
    if verb == "deleted":
        repo.mark_user_deleted(session, uid)
        return
    values: dict = {}
    if "firstName" in data:
        values["first_name"] = _str(data["firstName"], 100) or ""
    if "lastName" in data:
        values["last_name"] = _str(data["lastName"], 100) or ""
    if "role" in data:
        values["role"] = _int(data["role"])
    if "langIds" in data:
        values["lang_ids"] = _ints(data["langIds"])
    if "isDeleted" in data:
        values["is_deleted"] = bool(data["isDeleted"])
    if verb == "deactivated":
        values["is_active"] = False
    elif verb in ("reactivated", "created"):
        values["is_active"] = True
    if values.get("is_deleted"):
        values["is_active"] = False
    repo.upsert_user(session, uid, values)
    if "cimrManagerIds" in data:
        repo.set_user_cimr_managers(session, uid, _ints(data["cimrManagerIds"]))


# projects ------------------------------------------------------------------------------------------------

def on_project(session: Session, envelope: dict) -> None:
    data = _data(envelope)
    pid = _required_id(data)
    values: dict = {"known": True}
    for key, col, conv in (("name", "name", lambda v: _str(v, 200) or ""), ("clientId", "client_id", _int),
                           ("managerId", "manager_id", _int), ("typeId", "type_id", _int),
                           ("statusId", "status_id", _int), ("timezone", "timezone", lambda v: _str(v, 64))):
        if key in data:
            values[col] = conv(data[key])
    if "isLocked" in data:
        values["is_locked"] = bool(data["isLocked"])
    if "deletedAt" in data:  # deactivation (set) and reactivation (cleared) both arrive as updated
        values["is_deleted"] = data["deletedAt"] is not None
    repo.upsert_project(session, pid, values)


def on_project_deleted(session: Session, envelope: dict) -> None:
    # Permanent delete (with its client): the project stops giving calls. Its visits and calls stay, for the
    # call log and earnings of work already done.
    pid = _required_id(_data(envelope))
    repo.upsert_project(session, pid, {"is_deleted": True, "known": True})


def on_project_lock(session: Session, envelope: dict) -> None:
    data = _data(envelope)
    pid = _required_id(data)
    locked = data.get("isLocked")
    if locked is None:
        locked = envelope["type"].endswith(".locked")
    repo.upsert_project(session, pid, {"is_locked": bool(locked)})


def on_assignment(session: Session, envelope: dict) -> None:
    data = _data(envelope)
    aid = _required_id(data)
    if envelope["type"].endswith(".deleted"):
        repo.delete_assignment(session, aid)
        return
    repo.upsert_assignment(session, {
        "id": aid, "project_id": _required_id(data, "projectId"), "surveyor_id": _required_id(data, "surveyorId"),
        "manager_id": _int(data.get("managerId")), "type_id": _int(data.get("typeId")),
        "priority": _int(data.get("priority")), "surveyor_goals": _int(data.get("surveyorGoals")),
        "surveyor_comp_goals": _int(data.get("surveyorCompGoals")),
    })


# rosters -------------------------------------------------------------------------------------------------

def visit_row(project_id: int, roster_id: int | None, v: dict) -> dict | None:
    vid = _int(v.get("visitId"))
    visitor = _str(v.get("visitorId"), 64)
    if vid is None or visitor is None:
        return None  # nothing to dial or to identify the patient by
    return {
        "id": vid, "project_id": project_id, "roster_id": roster_id, "visitor_id": visitor,
        "first_name": _str(v.get("firstName"), 100), "last_name": _str(v.get("lastName"), 100),
        "phone_cell": _str(v.get("phoneCell"), 32), "phone_home": _str(v.get("phoneHome"), 32),
        "dos": _date(v.get("dos")), "dob": _date(v.get("dob")), "age": _int(v.get("age")),
        "gender": _str(v.get("gender"), 16), "provider_name": _str(v.get("providerName"), 200),
        "provider_type": _str(v.get("providerType"), 100), "site_name": _str(v.get("siteName"), 200),
        "department_name": _str(v.get("departmentName"), 200), "guarantor": _str(v.get("guarantor"), 200),
        "language_id": _int(v.get("languageId")) or ENGLISH, "chpw": _str(v.get("chpw"), 64),
        "type_id": _int(v.get("typeId")), "payer_type": _str(v.get("payerType"), 100),
        "ethnicity": _str(v.get("ethnicity"), 100), "race": _str(v.get("race"), 100), "mrn": _str(v.get("mrn"), 64),
        "status": 0, "attempts": 0,
    }


def on_visits_imported(session: Session, envelope: dict) -> None:
    data = _data(envelope)
    pid = _required_id(data, "projectId")
    rid = _int(data.get("rosterId"))
    rows = [r for r in (visit_row(pid, rid, v) for v in (data.get("visits") or []) if isinstance(v, dict)) if r]
    skipped = len(data.get("visits") or []) - len(rows)
    if skipped:
        log.warning("visits without visitId/visitorId skipped", extra={"project_id": pid, "skipped": skipped})
    repo.insert_visits(session, rows)
    repo.refresh_statistics_if_grown(session, len(rows))
    cells = set()
    for r in rows:
        for t, col in ((PROVIDER, "provider_name"), (SITE, "site_name"), (DEPARTMENT, "department_name")):
            if r[col]:
                cells.add((t, r[col]))
    repo.ensure_quota_cells(session, pid, cells)


def on_roster_removed(session: Session, envelope: dict) -> None:
    data = _data(envelope)
    repo.remove_roster(session, _required_id(data, "rosterId"))


def make_on_sampling(settings: Settings):
    def on_sampling_updated(session: Session, envelope: dict) -> None:
        data = _data(envelope)
        pid = _required_id(data, "projectId")
        params = None
        if isinstance(data.get("parameters"), list):
            params = [{"id": _int(p.get("id")), "type_id": _int(p.get("typeId")) or 0, "priority": _int(p.get("priority")) or 0}
                      for p in data["parameters"] if isinstance(p, dict) and _int(p.get("id")) is not None]
        langs = None
        if isinstance(data.get("languages"), list):
            langs = [{"language_id": _int(lang.get("languageId")), "mode": _int(lang.get("mode")) or 1,
                      "allowed_samples": _int(lang.get("allowedSamples"))}
                     for lang in data["languages"] if isinstance(lang, dict) and _int(lang.get("languageId")) is not None]
        look_back = _int(data.get("lookBackDays", data.get("lookBack")))
        repo.replace_sampling(session, pid, max(look_back, 0) if look_back is not None else None,
                              _int(data.get("maxCalls")), params, langs, settings.default_max_calls)
        # Optional quota figures per cell: [{typeId, value, required}] (not yet published by rosters).
        for q in data.get("quotas") or []:
            if isinstance(q, dict) and _str(q.get("value"), 200):
                repo.set_quota(session, pid, _int(q.get("typeId")) or 0, _str(q.get("value"), 200), _int(q.get("required")))

    return on_sampling_updated


def handlers(settings: Settings) -> dict:
    return {
        "identity.user.*": on_user,
        "projects.project.locked": on_project_lock,
        "projects.project.unlocked": on_project_lock,
        "projects.project.created": on_project,
        "projects.project.updated": on_project,
        "projects.project.deleted": on_project_deleted,
        "projects.assignment.created": on_assignment,
        "projects.assignment.deleted": on_assignment,
        "rosters.visits.imported": on_visits_imported,
        "rosters.roster.removed": on_roster_removed,
        "rosters.sampling.updated": make_on_sampling(settings),
    }


def consumers(settings: Settings):
    def build(db: Database) -> list[EventConsumer]:
        return [EventConsumer("calling", db, handlers(settings))]

    return build
