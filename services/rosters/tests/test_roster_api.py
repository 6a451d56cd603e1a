"""Roster upload through HTTP on SQLite and PostgreSQL: preview, confirm, cancel, history, undo, bad files."""

from sqlalchemy import func, select

from kit.auth import Role
from rosters.models import Roster, RosterUpload, Visit
from rosters_support import PM, PROJECT, outbox, row, roster_csv, upload


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
        assert [len(b["data"]["visits"]) for b in batches] == [4, 4, 2]
        v = batches[0]["data"]["visits"][0]
        assert batches[0]["data"]["projectId"] == PROJECT and batches[0]["data"]["rosterId"] == roster["id"]
        assert set(v) == {"visitId", "visitorId", "firstName", "lastName", "phoneCell", "phoneHome", "dos", "dob", "age",
                          "gender", "providerName", "providerType", "siteName", "departmentName", "guarantor",
                          "languageId", "chpw", "typeId", "payerType", "ethnicity", "race", "mrn"}
        assert (v["firstName"], v["lastName"], v["phoneCell"], v["dos"], v["dob"], v["typeId"]) == \
            ("Jane", "Doe0", "3125550000", "2026-01-01", "1980-04-12", 2)
        assert outbox(api.app, "rosters.roster.committed")[-1]["data"] == {
            "rosterId": roster["id"], "projectId": PROJECT, "totalEnc": 10, "rangeStartDate": "2026-01-01",
            "rangeEndDate": "2026-01-10"}
        # the same upload cannot be confirmed twice
        r = api.post(f"/api/roster/{PROJECT}?onlyParse=false&uploadId={pre['uploadId']}", headers=h)
        assert r.status_code == 404

        # a second roster sent straight to commit (no preview); ids continue
        r = upload(api, h, roster_csv([row(i, MRN="MRN000001") for i in range(3)]), only_parse="false")
        assert r.status_code == 200
        second = outbox(api.app, "rosters.visits.imported")[-1]["data"]["visits"]
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
        cases = [
            (upload(api, h, b"Name,DOS\nx,1\n"), 406, "Missing required columns"),
            (upload(api, h, roster_csv([row(0)]).replace(b"Jane", b"J\xe9ne")), 406, "UTF-8"),
            (upload(api, h, b"%PDF-1.4", name="guide.pdf", ctype="application/pdf"), 415, ".csv"),
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
