"""The survey export at volume (review of a busy centre's year, 2026-11-27): the answers are read a chunk of calls
at a time while the file streams, as plain rows, never all of them as entities before the first line. A year of
one busy project (30,000 surveys, 150,000 answers, SQLite) took ~15 s to its first byte and ~180 MB of memory."""

from sqlalchemy import event

from kit.auth import Principal, Role
from surveys.export import repository as export_repo
from surveys.export import service as export_service
from test_export import PM, ids  # noqa: F401  (the fixture: calls 100 and 101 of project 1 surveyed)


def test_the_export_reads_answers_a_chunk_of_calls_at_a_time_while_it_streams(client, ids, monkeypatch):  # noqa: F811
    monkeypatch.setattr(export_repo, "CHUNK", 1, raising=False)
    reads: list[str] = []

    def seen(conn, cursor, statement, *_):
        if "survey_answer.open_ended" in statement:  # a statement that reads the answers themselves
            reads.append(statement)

    db = client.app.state.db
    event.listen(db.engine, "before_cursor_execute", seen)
    try:
        with db.session() as s:
            _, lines = export_service.rows(s, Principal(id=PM, role=Role.PROJECT_MANAGER, sid="t"), project_id=1,
                                           start=None, end=None, surveyor_id=None, language_id=None)
            before_any_line = len(reads)
            next(lines)  # the header
            first = next(lines)
            after_first_chunk = len(reads)
            rest = list(lines)
    finally:
        event.remove(db.engine, "before_cursor_execute", seen)
    assert first.startswith("100,") and [line[:4] for line in rest] == ["101,"]
    # the header came from aggregates; each chunk of calls (one call here) read its own answers when it was written
    assert (before_any_line, after_first_chunk, len(reads)) == (0, 1, 2), reads
