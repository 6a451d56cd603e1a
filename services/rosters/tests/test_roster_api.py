"""Roster upload through HTTP on SQLite and PostgreSQL: preview, confirm, cancel, history, undo, bad files."""

from pathlib import Path

import pytest
from sqlalchemy import func, select

from kit.auth import Role
from rosters.models import Roster, RosterUpload, Visit
from rosters_support import COLUMNS, PM, PROJECT, event_visits, outbox, row, roster_csv, upload


def counts(app) -> tuple[int, int, int]:
    with app.state.db.session() as s:
        return (s.scalar(select(func.count()).select_from(Roster)), s.scalar(select(func.count()).select_from(Visit)),
                s.scalar(select(func.count()).select_from(RosterUpload)))


def test_preview_confirm_history_undo(make_client, database_url, tokens):
    with make_client(database_url, visits_per_event=4) as api:
        h = tokens.headers(Role.PROJECT_MANAGER, PM)
        r = upload(api, h, roster_csv([row(i) for i in range(10)]))
        assert r.status_code == 200, r.text
        pre = r.json()["data"]
        assert pre["rowCount"] == 10 and pre["errors"] == [] and pre["uploadId"]
        assert pre["languages"] == [{"id": 1, "name": "English", "count": 8}, {"id": 2, "name": "Spanish", "count": 2}]
        assert pre["sites"][0] == {"name": "Site 0", "count": 4} and len(pre["providers"]) == 5
        assert (pre["rangeStartDate"], pre["rangeEndDate"]) == ("2026-01-01", "2026-01-10")
        assert counts(api.app) == (0, 0, 1)  # staged only

        r = api.post(f"/api/roster/{PROJECT}", headers=h, data={"onlyParse": "false", "uploadId": pre["uploadId"]})
        assert r.status_code == 200, r.text
        roster = r.json()["data"]
        assert roster["status"] == 1 and roster["totalEnc"] == 10 and roster["isUndoable"]
        assert counts(api.app) == (1, 10, 0)
        batches = outbox(api.app, "rosters.visits.imported")
        assert [len(event_visits(b["data"])) for b in batches] == [4, 4, 2]
        assert all(b["version"] == 2 and "visits" not in b["data"] for b in batches)
        v = event_visits(batches[0]["data"])[0]
        assert batches[0]["data"]["projectId"] == PROJECT and batches[0]["data"]["rosterId"] == roster["id"]
        assert set(v) == {"visitId", "visitorId", "firstName", "lastName", "phoneCell", "phoneHome", "dos", "dob", "age",
                          "gender", "providerName", "providerType", "siteName", "departmentName", "guarantor",
                          "languageId", "chpw", "typeId", "payerType", "ethnicity", "race", "mrn"}
        assert (v["firstName"], v["lastName"], v["phoneCell"], v["dos"], v["dob"], v["typeId"]) == \
            ("Jane", "Doe0", "3125550000", "2026-01-01", "1980-04-12", 2)
        committed = outbox(api.app, "rosters.roster.committed")[-1]["data"]
        assert committed.pop("uploadedOn").startswith(roster["uploadedOn"][:19])
        assert committed == {"rosterId": roster["id"], "projectId": PROJECT, "totalEnc": 10,
                             "rangeStartDate": "2026-01-01", "rangeEndDate": "2026-01-10"}
        # the same upload cannot be confirmed twice
        r = api.post(f"/api/roster/{PROJECT}?onlyParse=false&uploadId={pre['uploadId']}", headers=h)
        assert r.status_code == 404

        # a second roster sent straight to commit (no preview); ids continue
        r = upload(api, h, roster_csv([row(i, MRN="MRN000001") for i in range(3)]), only_parse="false")
        assert r.status_code == 200
        second = event_visits(outbox(api.app, "rosters.visits.imported")[-1]["data"])
        assert second[0]["visitId"] > 10 and len({x["visitorId"] for x in second}) == 1  # same MRN, same visitor
        hist = api.get(f"/api/roster?projectId={PROJECT}&limit=10", headers=h).json()
        assert hist["count"] == 2 and [x["isUndoable"] for x in hist["rows"]] == [True, False]

        assert api.put("/api/roster", json={"id": roster["id"], "projectId": PROJECT}, headers=h).status_code == 400
        newest = hist["rows"][0]["id"]
        r = api.put("/api/roster", json={"id": newest, "projectId": PROJECT}, headers=h)
        assert r.status_code == 200 and r.json()["data"]["status"] == 4
        assert outbox(api.app, "rosters.roster.removed")[-1]["data"] == {"rosterId": newest, "projectId": PROJECT}
        assert counts(api.app)[1] == 10
        hist = api.get(f"/api/roster?projectId={PROJECT}", headers=h).json()["rows"]
        assert [(x["status"], x["isUndoable"]) for x in hist] == [(4, False), (1, True)]


def test_the_staging_folder_of_patients_rows_is_the_service_user_s_alone(make_client, database_url, tokens, tmp_path):
    """Staged uploads are patients' rows (names, phones, DOB, MRN): whatever the umask, and for a folder made
    before the rule, nobody but the service's user may list or read them."""
    import os
    import stat

    from rosters.roster.service import _staged_path, staging_dir

    old = os.umask(0o022)  # a server's usual umask: files and folders readable by everyone
    try:
        (tmp_path / "var" / "roster-staging").mkdir(mode=0o755, parents=True, exist_ok=True)  # as before the rule
        with make_client(database_url) as api:
            settings = api.app.state.settings
            assert Path(settings.var_dir) == tmp_path / "var"
            uid = upload(api, tokens.headers(Role.PROJECT_MANAGER, PM), roster_csv([row(0)])).json()["data"]["uploadId"]
            folder = staging_dir(settings)
            assert _staged_path(settings, uid).parent == folder and any(_staged_path(settings, uid).iterdir())
            assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    finally:
        os.umask(old)


def test_cancel_flushes_the_staged_upload(api, tokens):
    h = tokens.headers(Role.ADMIN, 1)
    uid = upload(api, h, roster_csv([row(0)])).json()["data"]["uploadId"]
    assert api.delete(f"/api/roster/{PROJECT}?uploadId={uid}", headers=h).status_code == 200
    assert counts(api.app) == (0, 0, 0)
    assert api.post(f"/api/roster/{PROJECT}", headers=h, data={"onlyParse": "false", "uploadId": uid}).status_code == 404


def test_bad_files_get_a_clear_4xx_and_store_nothing(make_client, database_url, tokens):
    with make_client(database_url, max_body_bytes=200_000) as api:
        h = tokens.headers(Role.OPERATIONS, 5)
        bad_rows = roster_csv([row(0), row(1, DOS="2026-13-45", **{"Home Phone": "12"})])
        r = upload(api, h, bad_rows)
        assert r.status_code == 200 and r.json()["data"]["uploadId"] is None
        assert [(e["row"], e["column"]) for e in r.json()["data"]["errors"]] == [(3, "DOS"), (3, "Home Phone")]
        r = upload(api, h, bad_rows, only_parse="false")
        assert r.status_code == 406 and "2 error(s)" in r.json()["message"] and "Row 3, column DOS" in r.json()["message"]
        bad_phone = roster_csv([row(0, **{"Cell Phone": "555-12", "Home Phone": ""})])
        r = upload(api, h, bad_phone)
        assert r.status_code == 200 and r.json()["data"]["uploadId"] is None
        assert [e["message"] for e in r.json()["data"]["errors"]] == ["Row 2, column Cell Phone: must be a 10-digit phone number"]
        header_only = ",".join(COLUMNS).encode() + b"\n"
        latin1 = roster_csv([row(0)]).replace(b"Jane", b"J\xe9ne")
        cases = [
            (upload(api, h, bad_phone, only_parse="false"), 406, "Row 2, column Cell Phone"),
            (upload(api, h, roster_csv([row(0, DOB="31/31/1980")]), only_parse="false"), 406, "Row 2, column DOB"),
            (upload(api, h, b""), 406, "empty"),
            (upload(api, h, b"", only_parse="false"), 406, "empty"),
            (upload(api, h, b"\n \n"), 406, "empty"),
            (upload(api, h, header_only), 406, "no rows"),
            (upload(api, h, header_only, only_parse="false"), 406, "no rows"),
            (upload(api, h, latin1, only_parse="false"), 406, "UTF-8"),
            (upload(api, h, b"Name,DOS\nx,1\n", only_parse="false"), 406, "Missing required columns: Age"),
            (upload(api, h, b"a" * 250_000, only_parse="false"), 413, "too large"),
            (upload(api, h, b"Name,DOS\nx,1\n"), 406, "Missing required columns"),
            (upload(api, h, latin1), 406, "UTF-8"),
            (upload(api, h, b"%PDF-1.4", name="guide.pdf", ctype="application/pdf"), 406, "PDF file could not be read"),
            (upload(api, h, b"PK\x03\x04", name="r.zip", ctype="application/zip"), 415, ".csv and .pdf"),
            (upload(api, h, b"\x00\x01\x02", name="x.csv"), 415, "not a CSV"),
            (upload(api, h, b"a" * 250_000), 413, "too large"),
            (upload(api, h, roster_csv([row(0)]), only_parse="maybe"), 400, "onlyParse"),
            (api.post(f"/api/roster/{PROJECT}", headers=h, data={"onlyParse": "true"}), 400, "file"),
            (api.post(f"/api/roster/{PROJECT}", headers=h, data={"onlyParse": "false"}), 400, "file"),
            (api.post(f"/api/roster/{PROJECT}", headers=h, data={"onlyParse": "false", "uploadId": "nope"}), 404, "Upload"),
            (upload(api, h, roster_csv([row(0)]), project_id=4040), 404, "Project"),
            (api.post(f"/api/roster/{PROJECT}", headers={**h, "content-type": "application/json"}, content=b"{}"), 400, "file"),
        ]
        for r, status, text in cases:
            assert r.status_code == status and text in r.json()["message"], (status, r.status_code, r.text)
        assert counts(api.app) == (0, 0, 0)
        assert outbox(api.app, "rosters.visits.imported") == [] and outbox(api.app, "rosters.roster.committed") == []


def test_history_shows_processing_while_the_import_runs(make_client, database_url, tokens, monkeypatch):
    from rosters.roster import repository

    with make_client(database_url) as api:
        h = tokens.headers(Role.PROJECT_MANAGER, PM)
        uid = upload(api, h, roster_csv([row(i) for i in range(5)])).json()["data"]["uploadId"]
        seen = []
        insert_visits = repository.insert_visits

        def paused_insert(s, visits):
            # The import is under way: another request must already see the roster, as Processing.
            hist = api.get(f"/api/roster?projectId={PROJECT}", headers=h).json()["rows"]
            seen.append([(x["status"], x["isUndoable"], x["totalEnc"]) for x in hist])
            insert_visits(s, visits)

        monkeypatch.setattr(repository, "insert_visits", paused_insert)
        r = api.post(f"/api/roster/{PROJECT}", headers=h, data={"onlyParse": "false", "uploadId": uid})
        assert r.status_code == 200, r.text
        assert seen == [[(2, False, 5)]]
        hist = api.get(f"/api/roster?projectId={PROJECT}", headers=h).json()["rows"]
        assert [(x["status"], x["isUndoable"]) for x in hist] == [(1, True)]
        assert counts(api.app) == (1, 5, 0)


def test_a_failed_import_marks_the_roster_errored_and_keeps_nothing_else(make_client, database_url, tokens,
                                                                          monkeypatch):
    from sqlalchemy.exc import DataError, OperationalError

    from rosters.events import published
    from rosters.roster import repository

    with make_client(database_url) as api:
        h = tokens.headers(Role.PROJECT_MANAGER, PM)
        uid = upload(api, h, roster_csv([row(i) for i in range(5)])).json()["data"]["uploadId"]

        def broken_outbox(s, **kw):  # the visits are written by now: their rollback is what is tested
            raise OperationalError("INSERT INTO outbox ...", {}, Exception("server closed the connection"))

        monkeypatch.setattr(published, "visits_imported_batches", broken_outbox)
        r = api.post(f"/api/roster/{PROJECT}", headers=h, data={"onlyParse": "false", "uploadId": uid})
        assert r.status_code == 503, r.text
        msg = r.json()["message"]
        assert "Errored" in msg and "database failed" in msg and "Doe" not in msg and "INSERT" not in msg
        hist = api.get(f"/api/roster?projectId={PROJECT}", headers=h).json()["rows"]
        assert [(x["status"], x["isUndoable"], x["totalEnc"]) for x in hist] == [(3, False, 5)]
        assert counts(api.app) == (1, 0, 0)  # the Errored row only: no visits, the staged upload claimed
        with api.app.state.db.session() as s:
            assert s.scalar(select(Roster.error)) == "the database failed while writing the visits"
        assert outbox(api.app, "rosters.visits.imported") == [] and outbox(api.app, "rosters.roster.committed") == []

        # a value the database refuses (the file itself is at fault) is a 4xx, also Errored
        def refused(s, visits):
            raise DataError("INSERT INTO visits ...", {}, Exception("value too long"))

        monkeypatch.setattr(repository, "insert_visits", refused)
        r = upload(api, h, roster_csv([row(i) for i in range(3)]), only_parse="false")
        assert r.status_code == 406 and "does not fit the database" in r.json()["message"], r.text
        hist = api.get(f"/api/roster?projectId={PROJECT}", headers=h).json()["rows"]
        assert [x["status"] for x in hist] == [3, 3]
        assert counts(api.app) == (2, 0, 0)
        assert outbox(api.app, "rosters.visits.imported") == [] and outbox(api.app, "rosters.roster.committed") == []

        # failing at the very end (on PostgreSQL the visits are committed by then, the events not yet): the
        # visits leave with the Errored roster, no event is sent
        monkeypatch.undo()

        def broken_commit(s, roster):
            raise OperationalError("UPDATE rosters ...", {}, Exception("server closed the connection"))

        monkeypatch.setattr(published, "roster_committed", broken_commit)
        r = upload(api, h, roster_csv([row(i) for i in range(4)]), only_parse="false")
        assert r.status_code == 503, r.text
        assert [x["status"] for x in api.get(f"/api/roster?projectId={PROJECT}", headers=h).json()["rows"]] == [3, 3, 3]
        assert counts(api.app) == (3, 0, 0)
        assert outbox(api.app, "rosters.visits.imported") == [] and outbox(api.app, "rosters.roster.committed") == []

        # the failures left nothing behind that blocks the next good roster
        monkeypatch.undo()
        r = upload(api, h, roster_csv([row(i) for i in range(2)]), only_parse="false")
        assert r.status_code == 200 and r.json()["data"]["status"] == 1
        assert counts(api.app) == (4, 2, 0)


def test_demo_seed_imports_a_ready_roster_once(make_client, database_url):
    from rosters.seed import DEMO_PROJECT, DEMO_ROWS, seed_demo
    from rosters_support import project_event, projects_consumer

    with make_client(database_url) as api:
        db = api.app.state.db
        assert seed_demo(db) is False  # the demo project has not arrived yet
        projects_consumer(api.app).handle(project_event(900, PM, name=DEMO_PROJECT))
        assert seed_demo(db) is True and seed_demo(db) is True
        with db.session() as s:
            assert [(r.status, r.total_enc) for r in s.scalars(select(Roster))] == [(1, DEMO_ROWS)]
            assert s.scalar(select(func.count()).select_from(Visit)) == DEMO_ROWS


def test_an_import_cut_off_by_a_stop_is_errored_at_the_next_start(make_client, database_url, tokens):
    from datetime import timedelta

    from kit.events import utcnow

    with make_client(database_url) as api:
        h = tokens.headers(Role.PROJECT_MANAGER, PM)
        with api.app.state.db.session() as s:  # what a process killed mid-import leaves behind
            old = Roster(project_id=PROJECT, status=2, uploaded_by=PM, file_name="old.csv", total_enc=7,
                         uploaded_on=utcnow() - timedelta(hours=2))
            s.add(old)
            s.flush()
            # stopped between a side-by-side import's two commits: its visits are in, its events are not
            s.add(Visit(id=1, roster_id=old.id, project_id=PROJECT, visitor_id=1, dos=utcnow().date()))
            s.add(Roster(project_id=PROJECT, status=2, uploaded_by=PM, file_name="running.csv", total_enc=3,
                         uploaded_on=utcnow()))
    with make_client(database_url) as api:  # the restart
        hist = api.get(f"/api/roster?projectId={PROJECT}", headers=h).json()["rows"]
        by_name = {x["fileName"]: x for x in hist}
        assert (by_name["old.csv"]["status"], by_name["old.csv"]["isUndoable"]) == (3, False)
        assert "interrupted" in by_name["old.csv"]["error"]
        assert counts(api.app)[1] == 0  # its visits left with it
        # an import that may still be running in another process is left alone
        assert (by_name["running.csv"]["status"], by_name["running.csv"]["error"]) == (2, None)


def test_a_roster_is_imported_batch_by_batch(make_client, database_url, tokens):
    """Parsed and written a few rows at a time: ids stay unique, every row arrives once, errors keep file rows."""
    with make_client(database_url, import_batch_rows=3, visits_per_event=2) as api:
        h = tokens.headers(Role.ADMIN, 1)
        rows = [row(i) for i in range(11)]
        pre = upload(api, h, roster_csv(rows)).json()["data"]
        assert pre["rowCount"] == 11 and pre["errorCount"] == 0 and sum(p["count"] for p in pre["providers"]) == 11
        r = api.post(f"/api/roster/{PROJECT}", headers=h, data={"onlyParse": "false", "uploadId": pre["uploadId"]})
        assert r.status_code == 200, r.text
        visits = [v for e in outbox(api.app, "rosters.visits.imported") for v in event_visits(e["data"])]
        assert len(visits) == 11 and len({v["visitId"] for v in visits}) == 11
        assert counts(api.app) == (1, 11, 0)
        bad = [row(i) for i in range(8)]
        bad[6]["MRN"] = "=cmd()"
        pre = upload(api, h, roster_csv(bad)).json()["data"]
        assert [(e["row"], e["column"]) for e in pre["errors"]] == [(8, "MRN")] and pre["uploadId"] is None
        r = upload(api, h, roster_csv(bad), only_parse="false")
        assert r.status_code == 406 and "Row 8, column MRN" in r.json()["message"] and "cmd" not in r.json()["message"]
        assert counts(api.app) == (1, 11, 0)


def test_confirm_writes_the_staged_batches_and_refuses_a_broken_stage(make_client, database_url, tokens, tmp_path):
    """A clean preview stages the file's checked, typed rows (Arrow IPC parts of `import_batch_rows` rows) and Confirm writes them
    without reading the CSV again; a stage that lost a batch or its folder stores nothing."""
    import shutil

    from rosters.roster.service import _staged_path

    with make_client(database_url, import_batch_rows=4) as api:
        h = tokens.headers(Role.PROJECT_MANAGER, PM)
        settings = api.app.state.settings

        def preview(n: int) -> str:
            r = upload(api, h, roster_csv([row(i) for i in range(n)]))
            assert r.status_code == 200, r.text
            return r.json()["data"]["uploadId"]

        good = preview(10)
        assert sorted(p.name for p in _staged_path(settings, good).iterdir()) == \
            ["00000000.ipc", "00000001.ipc", "00000002.ipc"]
        r = api.post(f"/api/roster/{PROJECT}", headers=h, data={"onlyParse": "false", "uploadId": good})
        assert r.status_code == 200 and r.json()["data"]["totalEnc"] == 10
        assert counts(api.app)[:2] == (1, 10) and not _staged_path(settings, good).exists()

        lost_batch = preview(10)
        (_staged_path(settings, lost_batch) / "00000001.ipc").unlink()
        r = api.post(f"/api/roster/{PROJECT}", headers=h, data={"onlyParse": "false", "uploadId": lost_batch})
        assert r.status_code == 409 and "incomplete" in r.json()["message"]
        lost_folder = preview(3)
        shutil.rmtree(_staged_path(settings, lost_folder))
        r = api.post(f"/api/roster/{PROJECT}", headers=h, data={"onlyParse": "false", "uploadId": lost_folder})
        assert r.status_code == 404 and "upload the roster again" in r.json()["message"]
        assert counts(api.app)[:2] == (1, 10)  # nothing of either was stored

        # a file with errors leaves nothing staged
        before = set(_staged_path(settings, good).parent.iterdir())
        r = upload(api, h, roster_csv([row(0, DOS="31/31/2026")]))
        assert r.status_code == 200 and r.json()["data"]["uploadId"] is None
        assert set(_staged_path(settings, good).parent.iterdir()) == before


def test_visit_id_ranges_taken_at_once_never_overlap(make_client, database_url):
    """Imports running side by side each take their ids as one range (one statement on PostgreSQL, under a lock
    held for that statement only): the ranges never overlap, and a plain id after them still comes next."""
    import threading

    from rosters.roster.repository import allocate_visit_ids

    with make_client(database_url) as api:
        db = api.app.state.db
        if db.engine.dialect.name != "postgresql":
            pytest.skip("SQLite serialises its writers: the import's write lock covers the allocation")
        ranges: list[range] = []
        lock = threading.Lock()

        def take():
            for _ in range(20):
                with db.session() as s:
                    got = allocate_visit_ids(s, 1000)
                with lock:
                    ranges.append(got)

        threads = [threading.Thread(target=take) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        ids = [i for r in ranges for i in r]
        assert len(ranges) == 80 and all(len(r) == 1000 for r in ranges) and len(set(ids)) == 80_000
        with db.session() as s:
            assert allocate_visit_ids(s, 1).start == max(ids) + 1 and allocate_visit_ids(s, 0) == range(0)


def test_a_roster_s_events_carry_the_trace_of_the_request_that_confirmed_it(make_client, database_url, tokens):
    """The import writes on threads of its own (side by side on PostgreSQL): they run in the request's context,
    so every event of the roster carries the request's trace id."""
    trace_id = "4bf92f3577b34da6a3ce929d0e0e4736"
    with make_client(database_url, import_batch_rows=3, visits_per_event=2) as api:
        h = {**tokens.headers(Role.PROJECT_MANAGER, PM), "traceparent": f"00-{trace_id}-00f067aa0ba902b7-01"}
        r = upload(api, h, roster_csv([row(i) for i in range(7)]), only_parse="false")
        assert r.status_code == 200, r.text
        table = api.app.state.db.base.metadata.tables["outbox"]
        with api.app.state.db.session() as s:
            rows = s.execute(select(table.c.routing_key, table.c.headers)).all()
        imported = [hdr for key, hdr in rows if key == "rosters.visits.imported"]
        assert len(imported) == 5  # parts of 3, 3 and 1 visits, at most 2 per event
        mine = [hdr for key, hdr in rows if key in ("rosters.visits.imported", "rosters.roster.committed")]
        assert len(mine) == 6 and {hdr["traceparent"].split("-")[1] for hdr in mine} == {trace_id}, mine


def test_the_first_part_is_cut_small_and_every_visit_arrives_once(make_client, database_url, tokens):
    """The first staged part is cut to two events' worth (the writes start sooner); ids stay one range."""
    with make_client(database_url, import_batch_rows=10, visits_per_event=3) as api:
        h = tokens.headers(Role.ADMIN, 1)
        r = upload(api, h, roster_csv([row(i) for i in range(25)]), only_parse="false")
        assert r.status_code == 200, r.text
        events = [event_visits(e["data"]) for e in outbox(api.app, "rosters.visits.imported")]
        ids = sorted(v["visitId"] for e in events for v in e)
        assert ids == list(range(ids[0], ids[0] + 25))  # each once, one range
        assert [len(e) for e in events][:2] == [3, 3] and all(1 <= len(e) <= 3 for e in events)
        assert counts(api.app) == (1, 25, 0)


def test_the_seed_process_imports_the_demo_roster(make_client, database_url, keypair, tmp_path, monkeypatch):
    """`kit.seed` (the full topology's seeding command) opens the database with a small pool of its own, and
    holds its session while the import writes: on PostgreSQL on VISIT_WRITERS + 1 more connections. With no
    overflow the import waited for a connection until the pool timed out and the demo roster stayed Errored."""
    from kit.seed import seed_once, service_database
    from rosters.seed import DEMO_PROJECT, DEMO_ROWS, seed_demo
    from rosters_support import project_event, projects_consumer

    with make_client(database_url) as api:
        projects_consumer(api.app).handle(project_event(900, PM, name=DEMO_PROJECT))
        for name, value in (("DATABASE_URL", database_url), ("VAR_DIR", str(tmp_path / "seed-var")),
                            ("JWT_PUBLIC_KEY_FILE", str(keypair[1]))):
            monkeypatch.setenv(f"ROSTERS_{name}", value)
        db = service_database("rosters")
        try:
            assert seed_once("rosters", seed_demo, db) is True
        finally:
            db.dispose()
        with api.app.state.db.session() as s:
            assert [(r.status, r.total_enc) for r in s.scalars(select(Roster))] == [(1, DEMO_ROWS)]
