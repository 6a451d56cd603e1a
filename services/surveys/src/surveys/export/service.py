"""Survey export: one row per surveyed call of a project, one column per questionnaire question (in its
order; then one per question removed since whose answers the exported surveys hold), answers in English; CSV
with a BOM, cells that a spreadsheet would run as a formula neutralised.
From / To are days in the business time zone (America/Chicago), To inclusive; "Surveyed On" is printed there
too, as MM/DD/YYYY hh:mm:ss AM (spec §9, as the call log's export)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy.orm import Session

from kit import periods
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
        if problem := periods.off_calendar(name, day):
            raise BadRequest(problem)
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
    # What the header needs of the saved answers, as aggregates: the questions answered (those taken off the
    # questionnaire since get columns of their own) and the responses (one taken off its question since is named
    # from the bank). The answers themselves are read a chunk of calls at a time while the file streams: a year of
    # a busy project (30,000 surveys, 150,000 answers) held every answer as an entity before the first line
    # (~180 MB, ~15 s to the first byte).
    call_ids = [c[0] for c in calls]
    first_asked, ans_ids = repo.answered_questions(session, call_ids)
    # a response taken off its question since: its title from the bank (which keeps answers saved surveys hold)
    answer_text |= repo.answer_titles(session, ans_ids - answer_text.keys())
    # a Multiple question's answers in its response order, whatever order they were ticked (or sent) in: the same
    # survey answered in another order exports the same; a response taken off its question since comes last
    position = {(it.question_id, a.answer_id): a.r_position for it, _ in items for a in it.answers}
    language_names = languages.names(session)  # an added language (Hmong) by its name too
    qids = [it.question_id for it, _ in items]  # plain values: the generator runs after the session closed
    # a question taken off the questionnaire after these surveys answered it: its answers stay in the export (after
    # the questionnaire's own columns, in the order they were asked), never dropped with the question
    gone_ids = sorted((q for q in first_asked if q not in qids), key=lambda q: (first_asked[q], q))
    gone_titles = repo.question_titles(session, set(gone_ids))
    header += [f"{gone_titles.get(q, f'Question {q}')} (no longer in the questionnaire)" for q in gone_ids]
    qids += gone_ids
    engine = session.get_bind()

    def answers_of(part: list[int]) -> dict[int, dict[int, list[str]]]:
        with Session(engine) as s:  # a short session per chunk: a slow download holds no transaction open
            saved = sorted(repo.answer_rows(s, part),
                           key=lambda a: (a[0], a[1], position.get((a[1], a[3]), 10**9), a[5]))
        answers: dict[int, dict[int, list[str]]] = {}
        for call_id, ques_id, _seq, ans_id, open_ended, _id in saved:
            value = open_ended if open_ended is not None else answer_text.get(ans_id, str(ans_id))
            answers.setdefault(call_id, {}).setdefault(ques_id, []).append(value)
        return answers

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
        for i in range(0, len(calls), repo.CHUNK):
            part = calls[i:i + repo.CHUNK]
            answers = answers_of([c[0] for c in part])
            for call_id, sv, lang, when in part:
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
