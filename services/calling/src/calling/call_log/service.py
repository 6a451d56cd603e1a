"""The call log: who sees which calls (surveyors their own, a PM their projects', a CIMR Manager their
CIMR Surveyors', Operations/Admin/Quality all), the CSV export and Quality's edits."""

import csv
import io
import re
from collections.abc import Iterator
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import ColumnElement
from sqlalchemy.orm import Session

from kit.auth import SURVEYOR_ROLES, Principal, Role
from kit.errors import BadRequest, Conflict, Forbidden, NotFound
from kit.events import publish, utcnow
from kit.paging import Page
from kit.phones import format_phone
from kit.spreadsheet import safe_cell

from calling import languages
from calling.call_log import repository as repo
from calling.call.visit_info import visit_infos
from calling.call_log.constants import (BUSINESS_TZ, EXPORT_BATCH, EXPORT_COLUMNS, EXPORT_DATETIME, LANGUAGES,
                                        NO_DATA, PATIENT_TYPES, RESULTS, SEARCH_MIN_DIGITS, SURVEY_STATUS)
from calling.call_log.repository import CallFilter
from calling.escalation import repository as escalations
from calling.events import published
from calling.call import repository as claims
from calling.models import Call, CallStatus, Visit

# who reads patient details in the call log (Admin manages accounts, not patients)
PATIENT_READERS = {Role.QUALITY, Role.PROJECT_MANAGER, Role.OPERATIONS, Role.CIMR_MANAGER, *SURVEYOR_ROLES}
PATIENT_FIELDS = ("patientFirstName", "patientLastName", "phoneCell", "phoneHome", "dos", "dob", "age", "gender",
                  "guarantor", "chpw", "payerType", "ethnicity", "race", "mrn", "visitorId",
                  # what the patient said and the surveyor's escalation notes about them
                  "positive", "negative", "escalation")


def scope(principal: Principal) -> list[ColumnElement]:
    if principal.role in SURVEYOR_ROLES:
        return repo.scope_own(principal.id)
    if principal.role == Role.PROJECT_MANAGER:
        return repo.scope_manager(principal.id)
    if principal.role == Role.CIMR_MANAGER:
        return repo.scope_cimr_manager(principal.id, int(Role.CIMR_SURVEYOR))
    return []  # Admin, Operations, Quality


def conditions_for(principal: Principal, f: CallFilter) -> list[ColumnElement]:
    """The caller's scope plus the filters: a parameter never widens what the role may see."""
    return repo.conditions(scope(principal), f)


def check_surveyor(principal: Principal, f: CallFilter) -> None:
    """The call log and its export refuse a surveyor naming another surveyor (403), as reporting's call stats do,
    rather than answering with an empty log; their own id or none is their own calls. Other roles are scoped.
    A phone search is a lookup of a patient: refused (403) to a role that reads no patient details (Admin), whose
    rows would otherwise say whether, when, where and by whom that number was called."""
    if principal.role in SURVEYOR_ROLES and f.surveyor_id is not None and f.surveyor_id != principal.id:
        raise Forbidden("surveyorId: you can only see your own calls")
    if f.phone_digits and principal.role not in PATIENT_READERS:
        raise Forbidden("searchPhone: your role does not read patients' details, so it cannot search by phone")


def zone(tz: str | None) -> ZoneInfo:
    try:
        return ZoneInfo(tz or BUSINESS_TZ)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise BadRequest("tz: unknown time zone") from exc


def bound(value: str | None, tz: ZoneInfo, field: str, *, end: bool) -> datetime | None:
    """A date is a whole local day in `tz` (`to` inclusive); a date-time is taken as given (UTC if naive)."""
    if not value:
        return None
    try:
        d = date.fromisoformat(value) if len(value) == 10 else None
        dt = None if d else datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError as exc:
        raise BadRequest(f"{field}: must be a date (YYYY-MM-DD) or an ISO date-time") from exc
    try:  # a well-formed day at the calendar's ends has no UTC instant (or no next day): said as such
        if d:
            local = datetime.combine(d + timedelta(days=1) if end else d, time(), tzinfo=tz)
            return local.astimezone(UTC).replace(tzinfo=None)
        return dt.astimezone(UTC).replace(tzinfo=None) if dt.tzinfo else dt
    except OverflowError as exc:
        raise BadRequest(f"{field}: must be a day between the years 2 and 9998") from exc


def call_filter(*, from_: str | None, to: str | None, tz: str | None, is_complete: bool | None,
                manager_id: int | None, project_id: int | None, response_type: int | None, search_phone: str | None,
                surveyor_id: int | None) -> CallFilter:
    z = zone(tz)
    digits = re.sub(r"\D", "", search_phone or "")
    if search_phone and len(digits) < SEARCH_MIN_DIGITS:
        raise BadRequest(f"searchPhone: at least {SEARCH_MIN_DIGITS} digits")
    start, end = bound(from_, z, "from", end=False), bound(to, z, "to", end=True)
    if start and end and start >= end:
        raise BadRequest("to: must not be before from")
    return CallFilter(start=start, end=end, is_complete=is_complete, manager_id=manager_id, project_id=project_id,
                      result=response_type, phone_digits=digits or None, surveyor_id=surveyor_id)


def _utc(dt):
    return dt.replace(tzinfo=UTC) if dt else None


def to_read(row, principal: Principal, escalation: dict | None = None,
            language_names: dict[int, str] = LANGUAGES) -> dict:
    call, v, u, p = row
    first, last = (v.first_name, v.last_name) if v else (None, None)
    get = (lambda a: getattr(v, a)) if v else (lambda a: None)
    out = {
        "id": call.id, "callId": call.id, "projectId": call.project_id, "visitId": call.visit_id,
        "visitorId": get("visitor_id"), "result": call.result, "resultName": RESULTS.get(call.result),
        "isPartial": call.is_partial, "isAgreeComplete": call.is_agree_complete, "isQARemoval": call.is_qa_removal,
        "status": call.status, "surveyLanguageId": call.survey_language_id,
        "surveyLanguage": {"id": call.survey_language_id, "name": language_names.get(call.survey_language_id)},
        "languageId": get("language_id"), "language": language_names.get(get("language_id")),
        "callStart": _utc(call.call_start), "surveyedOn": _utc(call.surveyed_on),
        "surveyCompletedOn": _utc(call.survey_completed_on),
        "patientFirstName": first, "patientLastName": last,
        **{k: get(a) for k, a in (("phoneCell", "phone_cell"), ("phoneHome", "phone_home"), ("dos", "dos"),
                                  ("dob", "dob"), ("age", "age"), ("gender", "gender"),
                                  ("providerName", "provider_name"), ("providerType", "provider_type"),
                                  ("siteName", "site_name"), ("departmentName", "department_name"),
                                  ("guarantor", "guarantor"), ("chpw", "chpw"), ("typeId", "type_id"),
                                  ("payerType", "payer_type"), ("ethnicity", "ethnicity"), ("race", "race"),
                                  ("mrn", "mrn"), ("attempts", "attempts"))},
        "positive": call.positive, "negative": call.negative, "escalation": escalation,
        "user": {"id": call.surveyor_id, "firstName": u.first_name if u else None, "lastName": u.last_name if u else None},
        "project": {"id": call.project_id, "name": p.name if p else None},
    }
    if principal.role not in PATIENT_READERS:
        out.update(dict.fromkeys(PATIENT_FIELDS))
    out["patientFullName"] = " ".join(x for x in (out["patientFirstName"], out["patientLastName"]) if x)
    return out


def list_calls(session: Session, principal: Principal, page: Page, f: CallFilter) -> dict:
    check_surveyor(principal, f)
    if page.order_by == "patientLastName" and principal.role not in PATIENT_READERS:
        # the rows are blanked, but their order would still tell the patients' names apart (and against the
        # surveyors and dates shown beside them): as the phone search, refused to a role that reads no patients
        raise Forbidden("orderBy: your role does not read patients' details, so it cannot sort by patientLastName")
    rows, count, exact = repo.page(session, conditions_for(principal, f), page)
    linked = escalations.by_calls(session, [r[0].id for r in rows])
    names = languages.names(session)  # those an admin added (Hmong) by name too
    return {"rows": [to_read(r, principal, linked.get(r[0].id), names) for r in rows], "count": count, "countIsExact": exact}


def get_call(session: Session, principal: Principal, call_id: int) -> dict:
    row = repo.one(session, conditions_for(principal, CallFilter()), call_id)
    if row is None:
        raise NotFound(f"Call {call_id} was not found in your call log")
    names = languages.names(session)
    out = to_read(row, principal, escalations.by_calls(session, [call_id]).get(call_id), names)
    visit = row[1]
    patient_reader = principal.role in PATIENT_READERS
    # the answers and the visit info (age, sex, DOS...) are the patient's: shown to those who read the patient details
    out["survey"] = [{"ques_id": a.ques_id, "sequence": a.sequence, "question": a.question, "ans_id": a.ans_id,
                      "answer": a.answer, "open_ended": a.open_ended}
                     for a in repo.survey_of(session, call_id)] if patient_reader else []
    project = row[3]  # the project's Additional Info selection decides the visit info, as on the call screen
    out["visitInfo"] = (visit_infos(visit, project.visit_info_fields if project is not None else None, names)
                        if visit is not None and patient_reader else [])
    out["visitPurpose"] = PATIENT_TYPES.get(visit.type_id) if visit is not None and patient_reader else None
    out["callbackAt"] = _utc(row[0].callback_at)
    # comment cleaning's versions of the comments (surveys.comment.cleaned), shown like the comments themselves
    cleaned = repo.cleaned_comments_of(session, call_id) if patient_reader else {}
    for kind in ("positive", "negative"):
        c = cleaned.get(kind)
        out[f"{kind}WNSM"] = c.nsm if c else None
        out[f"{kind}WoNSM"] = c.cleaned if c else None
    return out


EDITED = {"isQARemoval": "is_qa_removal", "positive": "positive", "negative": "negative"}
_LABELS = {"isQARemoval": "QA removal", "positive": "Positive comment", "negative": "Negative comment"}


def _shown(key: str, value) -> str:
    """A value as the 409 names it to the user."""
    if key == "isQARemoval":
        return "Yes" if value else "No"
    if value in (None, ""):
        return "empty"
    return f'"{value}"' if len(value) <= 80 else f'"{value[:77]}..."'  # the dialog shows it whole


def _same(key: str, saved, seen) -> bool:
    if key == "isQARemoval":
        return bool(saved) == bool(seen)
    return (saved or "") == (seen or "")  # no comment and an empty one read alike on the screen


def check_expected(call: Call, changes: dict, expected: dict | None) -> None:
    """Optimistic concurrency (docs/decisions.md, "Two managers, one goal"): each value the dialog says it showed
    must still be the saved one, else 409 naming what it was and what it is now. The call is read under a row lock
    (get_call_for_update), so two saves of the same stale value cannot both pass."""
    for key, seen in (expected or {}).items():
        saved = getattr(call, EDITED[key])
        if _same(key, saved, seen):
            continue
        typed = changes.get(key) if key != "isQARemoval" else None
        mine = f" your {_shown(key, typed)} was not saved." if typed else " your change was not saved."
        raise Conflict(f"Another user changed the {_LABELS[key]} of call {call.id} from {_shown(key, seen)} to "
                       f"{_shown(key, saved)} after you opened it, so{mine} The dialog shows the saved value now; "
                       "save again if you still want yours.")


def update_call(session: Session, principal: Principal, call_id: int, changes: dict,
                expected: dict | None = None) -> dict:
    """Quality's removal (isQARemoval) and comment edits; reporting and surveys learn the new state by event.
    `expected`: the values the dialog showed ({isQARemoval, positive, negative}, any of them); one saved
    differently since is a 409."""
    call: Call | None = repo.get_call_for_update(session, conditions_for(principal, CallFilter()), call_id)
    if call is None:
        raise NotFound(f"Call {call_id} was not found in your call log")
    if call.status == CallStatus.OPEN:
        # an agreed call's interim save lists it while the survey goes on; the surveyor's final save then writes its
        # own comments and QA flag, so a change made now would be overwritten unseen (docs/decisions.md)
        raise Conflict("The surveyor is still on this call (the survey is under way), so it cannot be changed yet; "
                       "edit its comments or remove it once the surveyor has saved the final result")
    check_expected(call, changes, expected)
    removed_before = bool(call.is_qa_removal)
    for key, attr in EDITED.items():
        if key in changes:
            setattr(call, attr, changes[key])
    if call.status == CallStatus.COMPLETED and bool(call.is_qa_removal) != removed_before:
        # the sampling figures leave a QA-removed survey out: its quota cells and language get the place back
        visit = session.get(Visit, call.visit_id)
        if visit is not None:
            claims.count_completed(session, call.project_id, visit, call.survey_language_id or visit.language_id,
                                   by=-1 if call.is_qa_removal else 1)
    publish(session, published.CALL_COMPLETED, published.call_completed(call, qa_at=utcnow()))
    return get_call(session, principal, call_id)


# export -----------------------------------------------------------------------------------------------------

cell = safe_cell  # a CSV cell that a spreadsheet will not run as a formula (kit.spreadsheet)


def _local(dt: datetime | None, z: ZoneInfo) -> str:
    return dt.replace(tzinfo=UTC).astimezone(z).strftime(EXPORT_DATETIME) if dt else ""


def export_row(row, z: ZoneInfo, language_names: dict[int, str] = LANGUAGES, *, phones: bool = True) -> list[str]:
    """`phones`: the caller reads patient details (PATIENT_READERS); Admin's export leaves them empty, as the log."""
    # spec §4: the call ends partial when Partial Survey is ticked or the result is not Agreed to Survey (as the
    # log's table and its isComplete filter say); only an agreed, unticked call is Completed
    survey_status = SURVEY_STATUS[0] if row.result == 1 and not row.is_partial else SURVEY_STATUS[1]
    values = [row.project_name, " ".join(x for x in (row.surveyor_first, row.surveyor_last) if x),
              # phones read (###) ###-####, as on the screens and in the client report
              language_names.get(row.survey_language_id or row.language_id, ""),
              format_phone(row.phone_cell) if phones else "", format_phone(row.phone_home) if phones else "",
              RESULTS.get(row.result, ""), survey_status, _local(row.call_start, z), _local(row.survey_completed_on, z)]
    return [cell(x) for x in values]


def check_exportable(session: Session, principal: Principal, f: CallFilter) -> None:
    """An export with no row is answered with a message, not a file of headers (as the survey export)."""
    check_surveyor(principal, f)
    if not repo.any_call(session, conditions_for(principal, f)):
        raise NotFound(NO_DATA)


def export_lines(db, principal: Principal, f: CallFilter, batch: int = EXPORT_BATCH) -> Iterator[bytes]:
    """The CSV (with a BOM), in batches over its own session: memory stays flat for any number of rows."""
    z = ZoneInfo(BUSINESS_TZ)
    buf = io.StringIO()
    writer = csv.writer(buf)
    writer.writerow(EXPORT_COLUMNS)
    yield "\ufeff".encode() + _drain(buf)
    with db.session() as session:
        n = 0
        names = languages.names(session)
        phones = principal.role in PATIENT_READERS
        for row in repo.stream(session, conditions_for(principal, f), batch):
            writer.writerow(export_row(row, z, names, phones=phones))
            n += 1
            if n % batch == 0:
                yield _drain(buf)
        yield _drain(buf)


def _drain(buf: io.StringIO) -> bytes:
    out = buf.getvalue().encode()
    buf.seek(0)
    buf.truncate()
    return out


def describe(f: CallFilter) -> str:
    """What a call-log export covered, for the PHI access audit (no patient data: a phone search is only named)."""
    parts = ["call log"]
    for label, value in (("project", f.project_id), ("surveyor", f.surveyor_id), ("manager", f.manager_id),
                         ("result", f.result), ("complete", f.is_complete)):
        if value is not None:
            parts.append(f"{label} {value}")
    if f.start or f.end:
        parts.append(f"{f.start.isoformat() if f.start else '…'} to {f.end.isoformat() if f.end else '…'}")
    if f.phone_digits:
        parts.append("phone search")
    return ", ".join(parts)


def describe_page(f: CallFilter, page: Page, returned: int, count: int, exact: bool) -> str:
    """What one page of the call log showed, for the PHI access audit: its filters, order and rows, no patient data."""
    order = f", order {page.order_by} {page.order_dir}" if page.order_by else ""
    total = f"{count}" if exact else f"at least {count}"
    return (f"{describe(f)}{order}, skip {page.skip}, limit {page.limit}, "
            f"rows {page.skip + 1}-{page.skip + returned} of {total}")
