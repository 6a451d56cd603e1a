"""Client report (service recovery) exports: per project, saved header-key sets (with Only SR and a file name)
and their downloads: the project's surveys in a date range as CSV columns named by the keys.

- Header keys: a fixed catalogue of 55 columns (indexes 0-54: call and survey columns, the patient's roster
  fields, the Provider / Site / Department quota figures, call facts), then one "Question <quesId>" per question
  the project's saved surveys answered (from surveys.survey.saved), labelled and headed in the CSV
  "Question <quesId>: <title>" with the title the latest save gave; a listed answer exports as its title. The patient fields come from the visits of
  rosters.visits.imported, the quotas from rosters.sampling.updated (empty when unknown here).
- Figures: Required / Completed / Remaining / Encounters / Last Encounter of the call's cells mirror rosters'
  sampling figures (service_recovery/repository.py `cell_figures`), over the project's life, computed once per
  export with one GROUP BY per cell type.
- Every download (JSON or CSV) is recorded in the PHI access audit by the router (filters only, no patient data).
- Comments: Positive Comment, Negative Comment and an open-ended Question N answer are the cleaned text (with the
  named staff members; without them when the cleaner gave no such version) once the comment is cleaned
  (surveys.comment.cleaned), else the surveyor's raw text; an unclean brings the raw text back.
- Only SR: only surveys with a negative comment (the ones needing a service recovery).
- Phones: Phone Cell / Phone Home read (###) ###-#### in the report's rows and file (spec platform §2.7).
- CSV: UTF-8 with a BOM; cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR) are prefixed
  with an apostrophe; file name survey-report-<YYYYMMDDHHMMSS>.csv (America/Chicago). It streams (the screen's
  download saves it): the ids of the range's surveys first, then 500 calls at a time, each chunk's rows read in its
  own short session (`csv_lines`).
- Default range: seven days before today to yesterday (spec §9). A report or a download range ends today at the
  latest (Central business day) and spans at most 366 days.
- A Project Manager sees and changes only their projects' exports (404 for others); Operations and Admin all.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta

from sqlalchemy.orm import Session

from kit.auth import Principal, Role
from kit.errors import BadRequest, Forbidden, NotFound
from kit.events import utcnow
from kit.paging import Page
from kit.phones import format_phone
from kit.spreadsheet import safe_cell
from reporting.constants import (BUSINESS_TZ, CELL_TYPES, DEPARTMENT, NO_HEADER_KEYS, PATIENT_TYPES,
                                 PROVIDER, RESULT_NAMES, SITE, SR_FILE_PREFIX)
from reporting.models import ServiceRecovery
from reporting.readmodel import repository as rm
from reporting.service_recovery import repository as repo
from reporting.service_recovery.schemas import ReportBody, ServiceRecoveryBody

QUESTION_PREFIX = "Question "
DATE_FMT = "%m/%d/%Y %I:%M:%S %p"  # as the survey export and every screen (spec §9)
DAY_FMT = "%m/%d/%Y"
# The patient's fields from the roster (PHI): UniqueId to Visit Purpose.
PATIENT_KEYS = ("UniqueId", "Patient First Name", "Patient Last Name", "Patient Full Name", "DOS", "DOB", "Age",
                "Gender", "Phone Cell", "Phone Home", "Provider Type", "Guarantor", "Language", "CHPW", "Payer Type",
                "Ethnicity", "Race", "MRN", "Visit Purpose")
CELL_NAMES = {PROVIDER: "Provider", SITE: "Site", DEPARTMENT: "Department"}
FIGURE_KEYS = (*(f"{CELL_NAMES[t]} {f}" for t in CELL_TYPES for f in ("Required", "Completed", "Remaining")),
               *(f"{CELL_NAMES[t]} Encounters" for t in CELL_TYPES),
               *(f"{CELL_NAMES[t]} Last Encounter" for t in CELL_TYPES))
# Indexes 0-54 (spec §3 "Export column catalogue"), in this order; the screen lists them as sent.
CATALOGUE = ("Call Id", "Client Name", "Project Name", "Surveyor", "Surveyor Email", "Survey Language",
             "Call Date/Time", "Survey Date/Time", "Call Status", "Survey Status", "Provider", "Site", "Department",
             "Positive Comment", "Negative Comment", *PATIENT_KEYS, *FIGURE_KEYS,
             "Patient Encounters", "Survey Completed Date/Time", "QA Removal", "Call Duration", "Escalated", "Attempts")


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
    try:
        _project(session, principal, sr.project_id)
    except NotFound:
        # another manager's export answers as a missing one: not its project's id, nor "try again shortly"
        raise NotFound(f"id: export {sr_id} not found") from None
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


def header_keys(session: Session, principal: Principal, project_id: int) -> dict:
    """The catalogue, then one key per question answered; `labels` names the questions by their titles."""
    _project(session, principal, project_id)
    titles = repo.question_titles(session, project_id)
    return {"data": list(CATALOGUE) + [f"{QUESTION_PREFIX}{q}" for q in titles],
            "labels": {f"{QUESTION_PREFIX}{q}": _question_heading(q, t) for q, t in titles.items() if t}}


def _ques_id(key: str) -> int | None:
    """The question id of a 'Question <quesId>' key, None for a catalogue key."""
    rest = key[len(QUESTION_PREFIX):]
    return int(rest) if key.startswith(QUESTION_PREFIX) and rest.isdigit() else None


def _question_heading(ques_id: int, title: str | None) -> str:
    return f"{QUESTION_PREFIX}{ques_id}: {title}" if title else f"{QUESTION_PREFIX}{ques_id}"


def _check_keys(keys: list[str] | None) -> list[str]:
    keys = [k.strip() for k in (keys or []) if k and k.strip()]
    if not keys:
        raise BadRequest(NO_HEADER_KEYS)
    for k in keys:
        if len(k) > 100:
            raise BadRequest("srKeys: a key is at most 100 characters")
    # a key outside the header-keys catalogue would only ever export an empty column
    unknown = [k for k in keys if k not in CATALOGUE and _ques_id(k) is None]
    if unknown:
        raise BadRequest(f"srKeys: unknown header key(s): {', '.join(unknown[:5])}")
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
    today = _now().date()
    if end > today:
        # no survey is dated after today; a download "of" a future range would only hide itself from the
        # history, whose filters select downloads by the span they covered
        raise BadRequest(f"to: must not be after today ({today:%m/%d/%Y}, Central)")
    if (end - start).days > 366:
        raise BadRequest("from: the range may span at most 366 days")
    return start, end


def _fmt(dt: datetime | None) -> str:
    """A stored naive-UTC instant as America/Chicago MM/DD/YYYY hh:mm:ss AM/PM."""
    return "" if dt is None else dt.replace(tzinfo=UTC).astimezone(BUSINESS_TZ).strftime(DATE_FMT)


def _day(d: date | None) -> str:
    return "" if d is None else d.strftime(DAY_FMT)


def _hms(us: int | None) -> str:
    seconds = (us or 0) // 1_000_000
    return f"{seconds // 3600:02d}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"


def _yes_no(flag) -> str:
    return "Yes" if flag else "No"


def _blank(value) -> object:
    return "" if value is None else value


def _patient(v, languages: dict[int, str]) -> dict:
    if v is None:  # the visit's import is not known here (a roster imported before reporting subscribed)
        return {k: "" for k in PATIENT_KEYS}
    return {
        "UniqueId": v.visitor_id, "Patient First Name": _blank(v.first_name), "Patient Last Name": _blank(v.last_name),
        "Patient Full Name": " ".join(p for p in (v.first_name, v.last_name) if p), "DOS": _day(v.dos),
        "DOB": _day(v.dob), "Age": _blank(v.age), "Gender": _blank(v.gender), "Phone Cell": format_phone(v.phone_cell) or "",
        "Phone Home": format_phone(v.phone_home) or "", "Provider Type": _blank(v.provider_type), "Guarantor": _blank(v.guarantor),
        "Language": languages.get(v.language_id, _blank(v.language_id)), "CHPW": _blank(v.chpw),
        "Payer Type": _blank(v.payer_type), "Ethnicity": _blank(v.ethnicity), "Race": _blank(v.race),
        "MRN": _blank(v.mrn), "Visit Purpose": PATIENT_TYPES.get(v.type_id, ""),
    }


class _Figures:
    """The export's quota figures, read once: one GROUP BY per cell type and the project's quotas."""

    def __init__(self, session: Session, project_id: int, needed: bool):
        self.cells = {t: repo.cell_figures(session, project_id, t) for t in CELL_TYPES} if needed else {}
        self.required = repo.quotas(session, project_id) if needed else {}

    def of(self, type_id: int, value: str | None) -> dict:
        name = CELL_NAMES[type_id]
        encounters, last, completed = self.cells.get(type_id, {}).get(value, (0, None, 0)) if value else (0, None, 0)
        required = self.required.get((type_id, value)) if value else None
        return {f"{name} Required": _blank(required), f"{name} Completed": completed,
                f"{name} Remaining": "" if required is None else max(required - completed, 0),
                f"{name} Encounters": encounters, f"{name} Last Encounter": _day(last)}


def _comment(cleaned: dict, call_id: int, kind: str, raw: str | None) -> str:
    """The call's comment as the client gets it: its cleaned text when cleaned, else the raw text; a comment
    Quality emptied since stays empty (its old cleaning is not the client's any more)."""
    if not raw:
        return ""
    return cleaned.get((call_id, kind, 0), raw)


class _Export:
    """What a download needs besides its rows, read once before the first line: the saved export, the range, the
    headings, the ids of its calls in order (plain integers) and the per-project lookups (client, quota figures,
    language names). The rows themselves are read a chunk of calls at a time (`rows`)."""

    def __init__(self, session: Session, principal: Principal, body: ReportBody):
        sr = _report(session, principal, body.id)
        self.sr_id, self.project_id, self.name, self.only_sr = sr.id, sr.project_id, sr.name, sr.only_sr
        self.keys = list(sr.sr_keys or [])
        if not self.keys:
            raise BadRequest(NO_HEADER_KEYS)
        self.start, self.end = _range(body.from_, body.to)
        project = rm.get_project(session, sr.project_id)
        self.project_name = project.name if project else ""
        self.client = repo.client_name(session, project.client_id if project else None)
        self.call_ids = repo.survey_ids(session, sr.project_id, self.start, self.end, sr.only_sr)
        self.wanted = set(self.keys)
        self.figures = _Figures(session, sr.project_id, bool(self.wanted & set(FIGURE_KEYS)))
        self.languages = rm.language_names(session)  # those an admin added (Hmong) by name too
        self.questions = [q for k in self.keys if (q := _ques_id(k)) is not None]
        titles = repo.question_titles(session, sr.project_id) if self.questions else {}
        self.headers = [k if (q := _ques_id(k)) is None else _question_heading(q, titles.get(q)) for k in self.keys]
        self.filename = f"{SR_FILE_PREFIX}-{_now().strftime('%Y%m%d%H%M%S')}.csv"

    @property
    def params(self) -> dict:
        return {"projectId": self.project_id, "from": self.start.isoformat(), "to": self.end.isoformat(),
                "onlySr": self.only_sr}

    def rows(self, session: Session, call_ids: list[int]) -> list[dict]:
        """The rows of these calls (a chunk of the export's, in its order)."""
        calls = repo.surveys(session, call_ids)
        cleaned = repo.cleaned_comments(session, call_ids)
        answers: dict[tuple[int, int], list[str]] = {}
        for call_id, ques_id, ans_id, open_ended, answer in repo.answers(session, call_ids):
            if open_ended not in (None, ""):
                value = cleaned.get((call_id, "oe", ques_id), open_ended)
            else:  # the answer's title as the survey was saved; its id only when no title went along
                value = None if ans_id is None else (answer or str(ans_id))
            if value is not None:
                answers.setdefault((call_id, ques_id), []).append(value)
        wanted, pid = self.wanted, self.project_id
        visit_ids = {c.visit_id for c, _, _ in calls if c.visit_id is not None}
        attempts = repo.attempts(session, pid, visit_ids) if "Attempts" in wanted else {}
        encounters = (repo.patient_encounters(session, pid, {v.visitor_id for _, _, v in calls if v is not None})
                      if "Patient Encounters" in wanted else {})
        escalated = repo.escalated(session, call_ids) if "Escalated" in wanted else set()
        figures, languages = self.figures, self.languages
        out = []
        for c, u, v in calls:
            # the call's cells are its visit's (rosters counts a survey in its visit's cells); the call's own copy
            # when the visit is not known here
            provider, site, department = ((v.provider_name, v.site_name, v.department_name) if v is not None
                                          else (c.provider, c.site, c.department))
            full = {
                "Call Id": c.call_id, "Client Name": self.client, "Project Name": self.project_name,
                "Surveyor": f"{u.first_name} {u.last_name}".strip() if u else "",
                "Surveyor Email": u.email if u else "",
                "Survey Language": languages.get(c.survey_language_id, c.survey_language_id or ""),
                "Call Date/Time": _fmt(c.call_start), "Survey Date/Time": _fmt(c.survey_completed_on or c.surveyed_on),
                "Call Status": RESULT_NAMES.get(c.result or 0, ""),
                "Survey Status": "Partial" if c.is_partial else "Completed",
                # the call's copy of its visit's cells (calling adds them to its events), else the visit's
                "Provider": c.provider or provider or "", "Site": c.site or site or "",
                "Department": c.department or department or "",
                "Positive Comment": _comment(cleaned, c.call_id, "positive", c.positive),
                "Negative Comment": _comment(cleaned, c.call_id, "negative", c.negative),
                **_patient(v, languages), **figures.of(PROVIDER, provider), **figures.of(SITE, site),
                **figures.of(DEPARTMENT, department),
                "Patient Encounters": encounters.get(v.visitor_id, 0) if v is not None else "",
                "Survey Completed Date/Time": _fmt(c.survey_completed_on), "QA Removal": _yes_no(c.is_qa_removal),
                "Call Duration": _hms(c.duration_us), "Escalated": _yes_no(c.call_id in escalated),
                "Attempts": attempts.get(c.visit_id, 0) if c.visit_id is not None else "",
            }
            row = {}
            for k in self.keys:
                if (q := _ques_id(k)) is not None:
                    row[k] = "; ".join(answers.get((c.call_id, q), []))
                else:
                    row[k] = full.get(k, "")
            out.append(row)
        return out

    def chunks(self) -> Iterator[list[int]]:
        for i in range(0, len(self.call_ids), repo.CHUNK):
            yield self.call_ids[i:i + repo.CHUNK]


def prepare(session: Session, principal: Principal, body: ReportBody) -> _Export:
    return _Export(session, principal, body)


def report(session: Session, principal: Principal, body: ReportBody) -> dict:
    """The export as the screen's JSON: every row (read a chunk of calls at a time, in the request's session)."""
    export = prepare(session, principal, body)
    rows = [row for part in export.chunks() for row in export.rows(session, part)]
    return {"name": export.name, "filename": export.filename, "srKeys": export.keys, "headers": export.headers,
            "questions": export.questions, "language": "English", "rosterParams": export.params, "surveyData": rows}


def audit_note(sr_id: int, params: dict, keys: list[str], rows: int) -> str:
    """What a download covered, for the PHI access audit: the export's filters and size, never a patient's data."""
    patient = "with" if set(keys) & set(PATIENT_KEYS) else "without"
    return (f"client report {sr_id}, project {params['projectId']}, from {params['from']}, to {params['to']}, "
            f"onlySr {str(params['onlySr']).lower()}, {rows} rows, {patient} patient columns")


def csv_lines(engine, export: _Export) -> Iterator[bytes]:
    """The CSV file as it streams: the header line (with the BOM), then each chunk of calls' lines, each chunk read
    in its own short session (a slow download holds no transaction open). A year of a busy client (30,000
    surveys) read and held every row before the first byte (docs/decisions.md, "The client report export with a year
    of a busy client")."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")

    def flush() -> bytes:
        text = buf.getvalue()
        buf.seek(0)
        buf.truncate()
        return text.encode("utf-8")

    w.writerow([safe_cell(h) for h in export.headers])
    yield "\ufeff".encode("utf-8") + flush()
    for part in export.chunks():
        with Session(engine) as s:
            rows = export.rows(s, part)
        for row in rows:
            w.writerow([safe_cell(row.get(k)) for k in export.keys])
        yield flush()
