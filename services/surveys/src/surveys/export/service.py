"""Survey export: one row per surveyed call of a project, one column per questionnaire question (in its
order), answers in English; CSV with a BOM, cells that a spreadsheet would run as a formula neutralised.
From / To are days in the business time zone (America/Chicago), To inclusive; "Surveyed On" is printed there
too, as MM/DD/YYYY hh:mm:ss AM (spec §9, as the call log's export)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy.orm import Session

from kit.auth import Principal
from kit.errors import BadRequest, NotFound
from kit.spreadsheet import safe_cell
from surveys.export import repository as repo
from surveys import languages
from surveys.languages import ENGLISH
from surveys.questionnaire import repository as questionnaire_repo
from surveys.questionnaire.service import numbered
from surveys.readmodel import service as access

NO_DATA = "No Data Found"
BUSINESS_TZ = ZoneInfo("America/Chicago")
EXPORT_DATETIME = "%m/%d/%Y %I:%M:%S %p"


def _utc_start(day: date) -> datetime:
    """Midnight of a business day as the naive UTC the database keeps."""
    return datetime.combine(day, time(), BUSINESS_TZ).astimezone(UTC).replace(tzinfo=None)


def _central(dt: datetime | None) -> str:
    """A stored naive-UTC instant in business time."""
    return dt.replace(tzinfo=UTC).astimezone(BUSINESS_TZ).strftime(EXPORT_DATETIME) if dt else ""


def _text(variants, attr: str) -> str | None:
    by = {v.lang_id: getattr(v, attr) for v in variants}
    return by.get(ENGLISH) or next(iter(by.values()), None)


def rows(session: Session, principal: Principal, *, project_id: int, start: date | None, end: date | None,
         surveyor_id: int | None, language_id: int | None) -> tuple[str, Iterator[str]]:
    project = access.exportable_project(session, principal, project_id)
    for name, day in (("from", start), ("to", end)):
        # the day after `to` bounds the query: it (and a day's midnight in UTC) must stay on the calendar
        if day is not None and not date.min.year < day.year < date.max.year:
            raise BadRequest(f"{name}: must be a day between the years {date.min.year + 1} and {date.max.year - 1}")
    if start and end and end < start:
        raise BadRequest("to: must be on or after from")
    calls = repo.surveyed_calls(
        session, project.id, start=_utc_start(start) if start else None,
        end=_utc_start(end + timedelta(days=1)) if end else None,
        surveyor_id=surveyor_id, language_id=language_id)
    if not calls:
        raise NotFound(NO_DATA)
    items = numbered(questionnaire_repo.items(session, project.id))
    items = [(it, qs) for it, qs in items if qs is not None]  # Scripted items record nothing
    answer_text = {a.answer.id: a.answer.title for it, _ in items for a in it.answers}
    # the surveyor by name too (the id alone means nothing to the reader); empty when identity has not told us yet
    names = repo.surveyor_names(session, {c[1] for c in calls if c[1] is not None})
    header = ["Call Id", "Surveyor Id", "Surveyor", "Surveyed On", "Language"] + [
        f"Q{qs}. {it.question.title}" for it, qs in items]
    answers: dict[int, dict[int, list[str]]] = {}
    saved = repo.answers_of_calls(session, [c[0] for c in calls])
    # a response taken off its question since: its title from the bank (which keeps answers saved surveys hold)
    answer_text |= repo.answer_titles(session, {a.ans_id for a in saved if a.ans_id is not None} - answer_text.keys())
    for a in saved:
        value = a.open_ended if a.open_ended is not None else answer_text.get(a.ans_id, str(a.ans_id))
        answers.setdefault(a.call_id, {}).setdefault(a.ques_id, []).append(value)
    language_names = languages.names(session)  # an added language (Hmong) by its name too
    qids = [it.question_id for it, _ in items]  # plain values: the generator runs after the session closed

    def lines() -> Iterator[str]:
        buf = io.StringIO()
        w = csv.writer(buf)

        def flush() -> str:
            s = buf.getvalue()
            buf.seek(0)
            buf.truncate()
            return s

        w.writerow([safe_cell(h) for h in header])
        yield "\ufeff" + flush()
        for call_id, sv, lang, when in calls:
            by_q = answers.get(call_id, {})
            # every cell neutralised, not only those typed by hand: a language name is an admin's free text too
            w.writerow([safe_cell(v) for v in [call_id, sv, names.get(sv, ""), _central(when),
                                                language_names.get(lang, "") if lang else ""]
                        + ["; ".join(by_q.get(q, [])) for q in qids]])
            yield flush()

    # spec §9: the export file is named survey-report plus a timestamp (business time, America/Chicago)
    return f"survey-report-{datetime.now(BUSINESS_TZ).strftime('%Y%m%d%H%M%S')}.csv", lines()


def surveyors(session: Session, principal: Principal, project_id: int) -> list[dict]:
    project = access.exportable_project(session, principal, project_id)
    out = []
    for sid, u in repo.surveyors_of_project(session, project.id):
        name = f"{u.first_name} {u.last_name}".strip() if u else ""
        out.append({"id": sid, "name": name or f"Surveyor {sid}", "email": u.email if u else None})
    return out
