"""Client report (service recovery) exports: per project, saved header-key sets (with Only SR and a file name)
and their downloads: the project's surveys in a date range as CSV columns named by the keys.

- Header keys: a fixed catalogue of call and survey columns, then one "Question <quesId>" per question the
  project's saved surveys answered (from surveys.survey.saved).
- Only SR: only surveys with a negative comment (the ones needing a service recovery).
- CSV: UTF-8 with a BOM; cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR) are prefixed
  with an apostrophe; file name survey-report-<YYYYMMDDHHMMSS>.csv (America/Chicago).
- Default range: seven days before today to yesterday (spec §9).
- A Project Manager sees and changes only their projects' exports (404 for others); Operations and Admin all.
"""

from __future__ import annotations

import csv
import io
from datetime import UTC, date, datetime, timedelta

from sqlalchemy.orm import Session

from kit.auth import Principal, Role
from kit.errors import BadRequest, Forbidden, NotFound
from kit.events import utcnow
from kit.paging import Page
from reporting.constants import BUSINESS_TZ, NO_HEADER_KEYS, RESULT_NAMES, SR_FILE_PREFIX
from reporting.models import ServiceRecovery
from reporting.readmodel import repository as rm
from reporting.service_recovery import repository as repo
from reporting.service_recovery.schemas import ReportBody, ServiceRecoveryBody

QUESTION_PREFIX = "Question "
DATE_FMT = "%m/%d/%Y %I:%M:%S %p"  # as the survey export and every screen (spec §9)
CATALOGUE = ("Call Id", "Client Name", "Project Name", "Surveyor", "Surveyor Email", "Survey Language",
             "Call Date/Time", "Survey Date/Time", "Call Status", "Survey Status", "Provider", "Site", "Department",
             "Positive Comment", "Negative Comment")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def neutralise(value) -> str:
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_START) else text


def _now() -> datetime:
    """Chicago wall time: only for the business day and the file name; stored instants are naive UTC (utcnow)."""
    return datetime.now(BUSINESS_TZ)


def default_range(today: date | None = None) -> tuple[date, date]:
    today = today or _now().date()
    return today - timedelta(days=7), today - timedelta(days=1)


def _not_known(project_id: int) -> NotFound:
    return NotFound(f"projectId: project {project_id} is not known to the reporting service yet; it may have been "
                    "created a moment ago - try again shortly")


def _project(session: Session, principal: Principal, project_id: int):
    p = rm.get_project(session, project_id)
    if p is None or p.deleted_at is not None:
        raise _not_known(project_id)
    if principal.role == Role.PROJECT_MANAGER and p.manager_id != principal.id:
        raise _not_known(project_id)  # not theirs: indistinguishable from absent
    return p


def _report(session: Session, principal: Principal, sr_id: int) -> ServiceRecovery:
    sr = repo.get(session, sr_id)
    if sr is None:
        raise NotFound(f"id: export {sr_id} not found")
    _project(session, principal, sr.project_id)
    return sr


def _history_row(session: Session, sr: ServiceRecovery, project=None) -> dict:
    project = project or rm.get_project(session, sr.project_id)
    span = (f"{sr.from_date:%m/%d/%Y} - {sr.to_date:%m/%d/%Y}" if sr.from_date and sr.to_date else None)
    return {"id": sr.id, "projectId": sr.project_id, "projectName": project.name if project else "",
            "clientName": repo.client_name(session, project.client_id if project else None), "name": sr.name,
            "filename": sr.name, "srKeys": list(sr.sr_keys or []), "onlySr": sr.only_sr,
            "downloadedOn": sr.downloaded_on, "fromTo": span, "createdAt": sr.created_at}


def list_projects(session: Session, principal: Principal, *, manager_id: int | None, search: str | None,
                  page: Page) -> dict:
    if principal.role == Role.PROJECT_MANAGER:
        if manager_id is not None and manager_id != principal.id:
            raise Forbidden("managerId: you can only see your own projects")
        manager_id = principal.id
    rows, count = repo.projects(session, manager_id=manager_id, search=search, page=page)
    return {"rows": [{"projectId": p.id, "projectName": p.name, "clientId": p.client_id, "clientName": cname or "",
                      "oldestUncleaned": oldest} for p, cname, oldest in rows], "count": count}


def list_history(session: Session, principal: Principal, project_id: int, page: Page, start: date | None,
                 end: date | None) -> dict:
    project = _project(session, principal, project_id)
    if start and end and start > end:
        raise BadRequest("from: must not be after to")
    rows, count = repo.history(session, project_id, page, start, end)
    return {"rows": [_history_row(session, r, project) for r in rows], "count": count}


def header_keys(session: Session, principal: Principal, project_id: int) -> list[str]:
    _project(session, principal, project_id)
    return list(CATALOGUE) + [f"{QUESTION_PREFIX}{q}" for q in repo.question_ids(session, project_id)]


def _check_keys(keys: list[str] | None) -> list[str]:
    keys = [k.strip() for k in (keys or []) if k and k.strip()]
    if not keys:
        raise BadRequest(NO_HEADER_KEYS)
    for k in keys:
        if len(k) > 100:
            raise BadRequest("srKeys: a key is at most 100 characters")
    return list(dict.fromkeys(keys))


def save_or_download(session: Session, principal: Principal, body: ServiceRecoveryBody) -> dict:
    if body.project_id is None:
        # download: {id, from, to}
        if body.id is None:
            raise BadRequest("projectId: required to save an export (or id with from/to to download one)")
        sr = _report(session, principal, body.id)
        start, end = _range(body.from_, body.to)
        sr.downloaded_on, sr.from_date, sr.to_date = utcnow(), start, end
        return {"message": "Download recorded", "data": _history_row(session, sr)}
    project = _project(session, principal, body.project_id)
    keys = _check_keys(body.sr_keys)
    name = (body.filename or "").strip()
    if not name:
        raise BadRequest("filename: required")
    if body.id is not None:
        sr = _report(session, principal, body.id)
        if sr.project_id != project.id:
            raise BadRequest("projectId: the export belongs to another project")
        sr.sr_keys, sr.name = keys, name
        sr.only_sr = bool(body.only_sr)
        message = "Export updated"
    else:
        sr = ServiceRecovery(project_id=project.id, name=name, sr_keys=keys, only_sr=bool(body.only_sr),
                             created_by=principal.id, created_at=utcnow())
        repo.add(session, sr)
        message = "Export saved"
    return {"message": message, "data": _history_row(session, sr, project)}


def delete(session: Session, principal: Principal, sr_id: int) -> dict:
    sr = _report(session, principal, sr_id)
    repo.remove(session, sr)
    return {"message": "Export deleted"}


def _range(start: date | None, end: date | None) -> tuple[date, date]:
    d_start, d_end = default_range()
    start, end = start or d_start, end or d_end
    if start > end:
        raise BadRequest("from: must not be after to")
    if (end - start).days > 366:
        raise BadRequest("from: the range may span at most 366 days")
    return start, end


def _fmt(dt: datetime | None) -> str:
    """A stored naive-UTC instant as America/Chicago MM/DD/YYYY hh:mm:ss AM/PM."""
    return "" if dt is None else dt.replace(tzinfo=UTC).astimezone(BUSINESS_TZ).strftime(DATE_FMT)


def report(session: Session, principal: Principal, body: ReportBody) -> dict:
    sr = _report(session, principal, body.id)
    keys = list(sr.sr_keys or [])
    if not keys:
        raise BadRequest(NO_HEADER_KEYS)
    start, end = _range(body.from_, body.to)
    project = rm.get_project(session, sr.project_id)
    client = repo.client_name(session, project.client_id if project else None)
    calls = repo.surveys(session, sr.project_id, start, end, sr.only_sr)
    answers: dict[tuple[int, int], list[str]] = {}
    for a in repo.answers(session, [c.call_id for c, _ in calls]):
        value = a.open_ended if a.open_ended not in (None, "") else (None if a.ans_id is None else str(a.ans_id))
        if value is not None:
            answers.setdefault((a.call_id, a.ques_id), []).append(value)
    rows = []
    for c, u in calls:
        full = {
            "Call Id": c.call_id, "Client Name": client, "Project Name": project.name if project else "",
            "Surveyor": f"{u.first_name} {u.last_name}".strip() if u else "", "Surveyor Email": u.email if u else "",
            "Survey Language": c.survey_language_id or "", "Call Date/Time": _fmt(c.call_start),
            "Survey Date/Time": _fmt(c.survey_completed_on or c.surveyed_on),
            "Call Status": RESULT_NAMES.get(c.result or 0, ""), "Survey Status": "Partial" if c.is_partial else "Completed",
            "Provider": c.provider or "", "Site": c.site or "", "Department": c.department or "",
            "Positive Comment": c.positive or "", "Negative Comment": c.negative or "",
        }
        row = {}
        for k in keys:
            if k.startswith(QUESTION_PREFIX) and k[len(QUESTION_PREFIX):].isdigit():
                row[k] = "; ".join(answers.get((c.call_id, int(k[len(QUESTION_PREFIX):])), []))
            else:
                row[k] = full.get(k, "")
        rows.append(row)
    questions = [int(k[len(QUESTION_PREFIX):]) for k in keys
                 if k.startswith(QUESTION_PREFIX) and k[len(QUESTION_PREFIX):].isdigit()]
    stamp = _now().strftime("%Y%m%d%H%M%S")
    return {"name": sr.name, "filename": f"{SR_FILE_PREFIX}-{stamp}.csv", "srKeys": keys, "questions": questions,
            "language": "English", "rosterParams": {"projectId": sr.project_id, "from": start.isoformat(),
                                                    "to": end.isoformat(), "onlySr": sr.only_sr},
            "surveyData": rows}


def to_csv(data: dict) -> bytes:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow([neutralise(k) for k in data["srKeys"]])
    for row in data["surveyData"]:
        w.writerow([neutralise(row.get(k)) for k in data["srKeys"]])
    return ("\ufeff" + out.getvalue()).encode("utf-8")
