"""The call log: who sees which calls (surveyors their own, a PM their projects', a CIMR Manager their
CIMR Surveyors', Operations/Admin/Quality all)."""

import re
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy.orm import Session

from kit.auth import SURVEYOR_ROLES, Principal, Role
from kit.errors import BadRequest, NotFound
from kit.paging import Page

from calling.call_log import repository as repo

LANGUAGES = {1: "English", 2: "Spanish", 3: "Albanian", 4: "Arabic", 5: "Cantonese", 6: "Cape Verdean",
             7: "Haitian Creole", 8: "Korean", 9: "Mandarin", 10: "Portuguese", 11: "Russian", 12: "Vietnamese"}
BUSINESS_TZ = "America/Chicago"


def _scoped(principal: Principal):
    q = repo._base()
    if principal.role in SURVEYOR_ROLES:
        return repo.scope_own(q, principal.id)
    if principal.role == Role.PROJECT_MANAGER:
        return repo.scope_manager(q, principal.id)
    if principal.role == Role.CIMR_MANAGER:
        return repo.scope_cimr_manager(q, principal.id, int(Role.CIMR_SURVEYOR))
    return q  # Admin, Operations, Quality


def _bound(value: str | None, tz: ZoneInfo, field: str, *, end: bool) -> datetime | None:
    """A date is a whole local day in `tz` (`to` inclusive); a date-time is taken as given (UTC if naive)."""
    if not value:
        return None
    try:
        if len(value) == 10:
            d = date.fromisoformat(value)
            local = datetime.combine(d + timedelta(days=1) if end else d, time(), tzinfo=tz)
            return local.astimezone(UTC).replace(tzinfo=None)
        dt = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError as exc:
        raise BadRequest(f"{field}: must be a date (YYYY-MM-DD) or an ISO date-time") from exc
    return dt.astimezone(UTC).replace(tzinfo=None) if dt.tzinfo else dt


def _utc(dt):
    return dt.replace(tzinfo=UTC) if dt else None


def to_read(row) -> dict:
    call, v, u, p = row
    first, last = (v.first_name, v.last_name) if v else (None, None)
    get = (lambda a: getattr(v, a)) if v else (lambda a: None)
    return {
        "id": call.id, "callId": call.id, "projectId": call.project_id, "visitId": call.visit_id,
        "visitorId": get("visitor_id"), "result": call.result, "isPartial": call.is_partial,
        "isAgreeComplete": call.is_agree_complete, "isQARemoval": call.is_qa_removal, "status": call.status,
        "surveyLanguageId": call.survey_language_id,
        "surveyLanguage": {"id": call.survey_language_id, "name": LANGUAGES.get(call.survey_language_id)},
        "languageId": get("language_id"), "language": LANGUAGES.get(get("language_id")),
        "callStart": _utc(call.call_start), "surveyedOn": _utc(call.surveyed_on),
        "surveyCompletedOn": _utc(call.survey_completed_on),
        "patientFirstName": first, "patientLastName": last,
        "patientFullName": " ".join(x for x in (first, last) if x),
        **{k: get(a) for k, a in (("phoneCell", "phone_cell"), ("phoneHome", "phone_home"), ("dos", "dos"),
                                  ("dob", "dob"), ("age", "age"), ("gender", "gender"),
                                  ("providerName", "provider_name"), ("providerType", "provider_type"),
                                  ("siteName", "site_name"), ("departmentName", "department_name"),
                                  ("guarantor", "guarantor"), ("chpw", "chpw"), ("typeId", "type_id"),
                                  ("payerType", "payer_type"), ("ethnicity", "ethnicity"), ("race", "race"),
                                  ("mrn", "mrn"), ("attempts", "attempts"))},
        "positive": call.positive, "negative": call.negative, "escalation": call.escalation,
        "user": {"id": call.surveyor_id, "firstName": u.first_name if u else None, "lastName": u.last_name if u else None},
        "project": {"id": call.project_id, "name": p.name if p else None},
    }


def list_calls(session: Session, principal: Principal, page: Page, *, from_: str | None, to: str | None,
               is_complete: bool | None, manager_id: int | None, project_id: int | None, response_type: int | None,
               search_phone: str | None, surveyor_id: int | None, tz: str | None) -> tuple[list[dict], int]:
    try:
        zone = ZoneInfo(tz or BUSINESS_TZ)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise BadRequest("tz: unknown time zone") from exc
    digits = re.sub(r"\D", "", search_phone or "")
    if search_phone and len(digits) < 2:
        raise BadRequest("searchPhone: at least 2 digits")
    q = repo.apply_filters(_scoped(principal), start=_bound(from_, zone, "from", end=False),
                           end=_bound(to, zone, "to", end=True), is_complete=is_complete, manager_id=manager_id,
                           project_id=project_id, result=response_type, phone_digits=digits or None,
                           surveyor_id=surveyor_id)
    rows, count = repo.page(session, q, page)
    return [to_read(r) for r in rows], count


def get_call(session: Session, principal: Principal, call_id: int) -> dict:
    row = repo.one(session, _scoped(principal), call_id)
    if row is None:
        raise NotFound("Call not found")
    return to_read(row)
