"""The client report export at volume (a year of a busy client, 2026-11-27): the CSV streams, its calls read a
chunk at a time, each chunk in its own short session, never every row before the first line. A year of one busy
project (30,000 surveys, 150,000 answers, SQLite) took ~10 s to its first byte and ~330 MB of memory.

The file is the same, byte for byte, as the one the export made when it built the whole file in memory
(fixtures/client_report_every_key.csv was written by that code from this data set)."""

from pathlib import Path

import pytest
from sqlalchemy import event

from kit.auth import Principal, Role
from reporting.service_recovery import repository as sr_repo
from reporting.service_recovery import service as sr_service
from reporting.service_recovery.schemas import ReportBody
from reporting_testkit import call, feed
from test_client_report_columns import CATALOGUE, SV, URL, audit_rows, h, saved, world  # noqa: F401

EXPECTED = Path(__file__).parent / "fixtures" / "client_report_every_key.csv"
RANGE = {"from": "2026-03-02", "to": "2026-03-03"}


@pytest.fixture
def busy(client, world):  # noqa: F811  (world: the catalogue's data set, calls 1, 2, 3 and 5 on 03/02)
    # cells a spreadsheet would run, quotes, commas and line breaks; a cleaned open-ended answer; a second day
    call(client, 7, 1, SV, "2026-03-03T15:00:00Z", 4, visitId=11, positive='=HYPERLINK("x")',
         negative='Slow, then "fine"\nreally', languageId=1)
    call(client, 8, 1, SV, "2026-03-03T16:00:00Z", 2, visitId=12, positive="-2 stars", negative="@front desk")
    feed(client, "surveys.survey.saved", {"callId": 7, "projectId": 1, "surveyorId": SV, "answers": [
        {"quesId": 7, "sequence": 1, "ansId": 71, "answer": "Good"},
        {"quesId": 9, "sequence": 2, "openEnded": "Kim, the nurse, helped", "question": "Anything else?"}]})
    feed(client, "surveys.comment.cleaned", {"projectId": 1, "callId": 7, "kind": "oe", "quesId": 9, "status": 1,
                                             "nsm": "The nurse helped", "cleaned": "The nurse helped"})
    feed(client, "calling.escalation.created", {"id": 2, "callId": 8, "projectId": 1, "surveyorId": SV})


def _csv(client, tokens, sr):
    r = client.post(f"{URL}/report", headers=h(tokens), json={"id": sr, **RANGE, "format": "csv"})
    assert r.status_code == 200, r.text
    assert r.headers["content-disposition"].startswith('attachment; filename="survey-report-')
    return r.content


def test_the_streamed_file_is_byte_for_byte_the_one_built_in_memory(client, tokens, busy, monkeypatch):
    sr = saved(client, tokens, CATALOGUE + ["Question 7", "Question 9"])
    whole = _csv(client, tokens, sr)
    assert whole == EXPECTED.read_bytes()
    monkeypatch.setattr(sr_repo, "CHUNK", 2)  # several chunks: the same bytes again
    assert _csv(client, tokens, sr) == whole
    # the screen's rows (format json) are the file's rows
    rows = client.post(f"{URL}/report", headers=h(tokens), json={"id": sr, **RANGE}).json()["data"]["surveyData"]
    assert [r["Call Id"] for r in rows] == [1, 2, 3, 5, 7, 8]
    # one audit row per download, naming the filters and the size only
    exports = [a["export"] for a in audit_rows(client, tokens)]
    assert exports == [f"client report {sr}, project 1, from 2026-03-02, to 2026-03-03, onlySr false, 6 rows, "
                       "with patient columns"] * 3


def test_the_rows_are_read_a_chunk_of_calls_at_a_time_while_the_file_streams(client, tokens, busy, monkeypatch):
    sr = saved(client, tokens, CATALOGUE + ["Question 7"])
    monkeypatch.setattr(sr_repo, "CHUNK", 2)
    reads: list[str] = []

    def seen(conn, cursor, statement, *_):
        if "rm_survey_answer.open_ended" in statement:  # the statement that reads the calls' answers
            reads.append(statement)

    db = client.app.state.db
    event.listen(db.engine, "before_cursor_execute", seen)
    try:
        with db.session() as s:
            export = sr_service.prepare(s, Principal(id=1, role=Role.OPERATIONS, sid="t"),
                                        ReportBody.model_validate({"id": sr, **RANGE, "format": "csv"}))
            lines = sr_service.csv_lines(db.engine, export)
            before_any_line = len(reads)
            header = next(lines)
            first = next(lines)
            after_first_chunk = len(reads)
            rest = list(lines)
    finally:
        event.remove(db.engine, "before_cursor_execute", seen)
    assert header.startswith("\ufeffCall Id,".encode()) and first.startswith(b"1,") and len(rest) == 2
    # the ids came first (plain integers); each chunk of two calls read its answers when it was written
    assert (before_any_line, after_first_chunk, len(reads)) == (0, 1, 3), reads
