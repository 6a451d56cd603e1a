"""Language sampling, cell quotas and their figures from the roster and calling's calls, the options call with
the final count, deleting a roster, and the called-roster export (GET /api/calls)."""

from datetime import UTC, date, datetime, timedelta

from kit.auth import Role
from rosters_support import PM, PROJECT, event, event_visits, outbox, row, roster_csv, upload

TODAY = date.today()


def recent(i: int) -> str:
    return (TODAY - timedelta(days=1 + i % 3)).strftime("%m/%d/%Y")


def calls_consumer(app):
    return next(c for c in app.state.consumers if c.name == "rosters.calls")


def commit_roster(api, h, n: int, **over) -> tuple[int, list[dict]]:
    r = upload(api, h, roster_csv([row(i, DOS=recent(i), **over) for i in range(n)]), only_parse="false")
    assert r.status_code == 200, r.text
    rid = r.json()["data"]["id"]
    visits = [v for e in outbox(api.app, "rosters.visits.imported") if e["data"]["rosterId"] == rid
              for v in event_visits(e["data"])]
    return rid, visits


def days_ago(n: int) -> str:
    return (datetime.now(UTC) - timedelta(days=n)).isoformat()


def completed(call_id: int, visit: dict, result: int, at: str = "2026-01-01T00:00:00Z", **over) -> dict:
    now = datetime.now(UTC).isoformat()
    env = event("calling.call.completed", {"callId": call_id, "projectId": PROJECT, "visitId": visit["visitId"],
                                           "surveyorId": 501, "result": result, "isPartial": False,
                                           "surveyedOn": now, "surveyCompletedOn": now if result == 1 else None,
                                           **over})
    env["occurredAt"] = at
    return env


def test_quotas_languages_figures_and_events(api, tokens):
    h = tokens.headers(Role.PROJECT_MANAGER, PM)
    _, visits = commit_roster(api, h, 10)
    by_provider = {}
    for v in visits:
        by_provider.setdefault(v["providerName"], []).append(v)
    p0 = by_provider["Dr. Provider 0"]  # visits 0 and 5
    calls = calls_consumer(api.app)
    assert calls.handle(completed(1, p0[0], 1)) is True
    assert calls.handle(completed(2, p0[1], 4, surveyedOn=days_ago(40))) is True  # No Answer before the look-back
    stale = completed(1, p0[0], 3, at="2025-12-31T00:00:00Z")
    assert calls.handle(stale) is True  # applied as a no-op: older than what is held

    r = api.put("/api/sampling/providers", headers=h, json={"projectId": PROJECT, "type": 0, "rows": [
        {"name": "Dr. Provider 0", "surveyRequired": 3}, {"name": "Dr. Provider 1", "surveyRequired": 0}]})
    assert r.status_code == 200, r.text
    assert r.json()["data"]["undefinedProviders"] == 3
    last = outbox(api.app, "rosters.sampling.updated")[-1]["data"]
    assert last["quotas"] == [{"typeId": 0, "value": "Dr. Provider 0", "required": 3},
                              {"typeId": 0, "value": "Dr. Provider 1", "required": 0}]
    assert last["undefinedProviders"] == 3

    r = api.get(f"/api/sampling/providers?projectId={PROJECT}&type=0", headers=h)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["count"] == 5 and [x["name"] for x in body["rows"]][:2] == ["Dr. Provider 0", "Dr. Provider 1"]
    first = body["rows"][0]
    assert (first["surveyRequired"], first["surveys"], first["surveyRemaining"], first["encounters"]) == (3, 1, 2, 2)
    assert first["eligibleEnc"] == 1  # one surveyed; the other called once 40 days ago, below max calls 3
    assert first["lastEncounter"] == max(date.fromisoformat(v["dos"]) for v in p0).isoformat()
    assert body["rows"][1]["surveyRemaining"] == 0 and body["rows"][2]["surveyRequired"] is None

    q = f"/api/sampling/providers?projectId={PROJECT}"
    assert api.get(f"{q}&search=provider 3", headers=h).json()["count"] == 1
    assert api.get(f"{q}&search=z", headers=h).json()["count"] == 5  # under 2 characters: no search
    assert api.get(f"{q}&orderBy=surveys&orderDir=DESC&limit=1", headers=h).json()["rows"][0]["name"] == "Dr. Provider 0"
    paged = api.get(f"{q}&skip=4&limit=2", headers=h).json()
    assert paged["count"] == 5 and len(paged["rows"]) == 1
    assert api.get(f"{q}&type=1", headers=h).json()["count"] == 3  # sites
    assert api.get(f"{q}&type=2", headers=h).json()["count"] == 4  # departments
    for bad in ("&orderBy=nope", "&type=999", "&limit=5001", "&projectId=99999999999999999999"):
        assert api.get(f"{q}{bad}", headers=h).status_code in (400, 422), bad

    r = api.put("/api/language", headers=h, json={"projectId": PROJECT, "languages": [
        {"languageId": 2, "mode": 3, "allowedSamples": 2}, {"languageId": 4, "mode": 2}]})
    assert r.status_code == 200, r.text
    langs = {lang["languageId"]: lang for lang in r.json()["data"]["languages"]}
    assert (langs[2]["mode"], langs[2]["allowedSamples"], langs[4]["mode"], langs[1]["mode"]) == (3, 2, 2, 1)
    last = outbox(api.app, "rosters.sampling.updated")[-1]["data"]
    assert last["languages"] == [{"languageId": 2, "mode": 3, "allowedSamples": 2},
                                 {"languageId": 4, "mode": 2, "allowedSamples": None}]
    before = len(outbox(api.app, "rosters.sampling.updated"))
    for bad in ({"languageId": 2, "mode": 3}, {"languageId": 2, "mode": 5}, {"languageId": 777, "mode": 1},
                {"languageId": 2, "mode": 3, "allowedSamples": -1}):
        r = api.put("/api/language", headers=h, json={"projectId": PROJECT, "languages": [bad]})
        assert r.status_code in (400, 422), bad
    assert "allowedSamples" in api.put("/api/language", headers=h, json={
        "projectId": PROJECT, "languages": [{"languageId": 2, "mode": 3}]}).json()["message"]
    for bad in ({"projectId": PROJECT, "type": 0, "rows": [{"name": "x", "surveyRequired": -1}]},
                {"projectId": PROJECT, "type": 999, "rows": [{"name": "x"}]},
                {"projectId": PROJECT, "type": 0, "rows": [{"name": "x" * 201}]},
                {"projectId": PROJECT, "type": 0, "rows": []}):
        assert api.put("/api/sampling/providers", headers=h, json=bad).status_code in (400, 422), bad
    assert len(outbox(api.app, "rosters.sampling.updated")) == before  # refused changes announce nothing

    g = api.get(f"/api/sampling?projectId={PROJECT}&type=999", headers=h).json()
    # the project's languages (English, Spanish; its roster's too) and Arabic, which has a rule (Don't)
    assert g["count"] == 0 and [x["languageId"] for x in g["languages"]] == [1, 2, 4]


def test_options_final_count_delete_and_called_export(api, tokens):
    h = tokens.headers(Role.PROJECT_MANAGER, PM)
    old, old_visits = commit_roster(api, h, 6)
    new, _ = commit_roster(api, h, 4)
    calls = calls_consumer(api.app)
    calls.handle(completed(10, old_visits[0], 1))
    calls.handle(completed(11, old_visits[1], 2))

    r = api.post("/api/sampling/operations", headers=h, json={"projectId": PROJECT, "lookBack": 7, "maxCalls": 2})
    assert r.status_code == 200 and (r.json()["data"]["lookBackDays"], r.json()["data"]["maxCalls"]) == (7, 2)
    for bad in ({"projectId": PROJECT, "maxCalls": -1}, {"projectId": PROJECT, "lookBack": "x"},
                {"projectId": PROJECT, "maxCalls": 2**70}):
        assert api.post("/api/sampling/operations", headers=h, json=bad).status_code == 422, bad

    # the called-roster export
    r = api.get(f"/api/calls?projectId={PROJECT}", headers=h)
    assert r.status_code == 200, r.text
    assert r.json()["message"] == "Export Successful!"
    rows = r.json()["data"]["rows"]
    assert [x["callId"] for x in rows] == [10, 11] and r.json()["data"]["count"] == 2
    first = rows[0]
    assert first["firstName"] == "Jane" and first["lastName"] == "Doe0" and first["result"] == 1
    assert first["language"] == {"id": 2, "name": "Spanish"} and first["visitPurpose"] == "New"
    assert first["project"] == {"id": PROJECT, "name": f"Project {PROJECT}"} and first["user"] == {"id": 501}
    assert first["provider"]["name"] == "Dr. Provider 0" and first["provider"]["surveys"] == 1
    assert first["provider"]["encounters"] == 3  # visits 0 and 5 of the older roster, 0 of the newer
    assert first["site"]["name"] == "Site 0" and first["department"]["name"] == "Dept 0"
    long_ago = (TODAY - timedelta(days=30)).isoformat()
    r = api.get(f"/api/calls?projectId={PROJECT}&from={long_ago}&to={long_ago}", headers=h)
    assert r.json()["data"]["count"] == 0 and r.json()["message"] != "Export Successful!"
    for bad in (f"&from={TODAY}&to={long_ago}", "&from=2026-13-01", "&limit=0", "&from=2020-01-01&to=2026-01-01"):
        assert api.get(f"/api/calls?projectId={PROJECT}{bad}", headers=h).status_code in (400, 422), bad
    assert api.get("/api/calls", headers=h).status_code == 422

    # deleting the older roster: its uncalled patients leave, the called ones stay in the export
    r = api.delete(f"/api/roster/{PROJECT}?id={old}", headers=h)
    assert r.status_code == 200, r.text
    assert outbox(api.app, "rosters.roster.removed")[-1]["data"] == {"rosterId": old, "projectId": PROJECT}
    assert [x["id"] for x in api.get(f"/api/roster?projectId={PROJECT}", headers=h).json()["rows"]] == [new]
    assert api.get(f"/api/calls?projectId={PROJECT}", headers=h).json()["data"]["count"] == 2
    assert api.delete(f"/api/roster/{PROJECT}?id={old}", headers=h).status_code == 404
    assert api.delete(f"/api/roster/{PROJECT}", headers=h).status_code == 400
    assert api.delete(f"/api/roster/{PROJECT}?id=1&uploadId=x", headers=h).status_code == 400
    figures = api.get(f"/api/sampling/providers?projectId={PROJECT}", headers=h).json()["rows"]
    assert sum(x["encounters"] for x in figures) == 4

    # the final count: every Ready roster Removed, announced once; irreversible
    r = api.post("/api/sampling/operations", headers=h, json={"projectId": PROJECT, "finalCount": True})
    assert r.status_code == 200, r.text
    assert r.json()["data"]["finalCountAt"] is not None
    assert outbox(api.app, "rosters.roster.reset")[-1]["data"] == {"projectId": PROJECT}
    history = api.get(f"/api/roster?projectId={PROJECT}", headers=h).json()["rows"]
    assert [(x["id"], x["status"], x["isUndoable"]) for x in history] == [(new, 4, False)]
    assert api.get(f"/api/sampling/providers?projectId={PROJECT}", headers=h).json()["count"] == 1  # surveyed only
    assert outbox(api.app, "rosters.sampling.updated")[-1]["data"]["undefinedProviders"] == 0
    assert api.get(f"/api/calls?projectId={PROJECT}", headers=h).json()["data"]["count"] == 2


def test_call_events_are_read_tolerantly(api, tokens):
    calls = calls_consumer(api.app)
    env = event("calling.call.started", {"callId": 7, "projectId": PROJECT, "visitId": 99, "surveyorId": True})
    assert calls.handle(env) is True and calls.handle(env) is False  # idempotent by event id
    for bad in ({"projectId": PROJECT, "visitId": 1}, {"callId": "x", "projectId": PROJECT, "visitId": 1}):
        try:
            calls.handle(event("calling.call.completed", bad))
        except Exception as exc:  # noqa: BLE001 - a poison message is dead-lettered by the consumer
            assert "callId" in str(exc)
    h = tokens.headers(Role.ADMIN, 1)
    assert api.get(f"/api/calls?projectId={PROJECT}", headers=h).json()["data"]["count"] == 0


def test_project_not_heard_of_yet_is_said_honestly(api, tokens):
    r = api.get("/api/sampling?projectId=4242", headers=tokens.headers(Role.ADMIN, 1))
    assert r.status_code == 404 and "not known to the rosters service yet" in r.json()["message"]


def test_eligible_encounters_follow_the_call_queue(api, tokens):
    """eligibleEnc counts the visits the call engine would still hand out (calling's README): a partial survey leaves
    its visit in the queue, while a completed survey or Do Not Call takes every visit of that patient out."""
    h = tokens.headers(Role.PROJECT_MANAGER, PM)
    rows = [row(i, **{"Provider Name": "Dr. Queue"}) for i in range(6)]
    rows[1]["MRN"] = rows[0]["MRN"]  # visits 0 and 1: one patient
    rows[3]["MRN"] = rows[2]["MRN"]  # visits 2 and 3: one patient
    r = upload(api, h, roster_csv([{**x, "DOS": recent(i)} for i, x in enumerate(rows)]), only_parse="false")
    assert r.status_code == 200, r.text
    rid = r.json()["data"]["id"]
    visits = sorted((v for e in outbox(api.app, "rosters.visits.imported") if e["data"]["rosterId"] == rid
                     for v in event_visits(e["data"])), key=lambda v: v["visitId"])
    calls = calls_consumer(api.app)
    assert calls.handle(completed(1, visits[0], 1)) is True  # patient A surveyed: visits 0 and 1 leave the queue
    assert calls.handle(completed(2, visits[2], 2)) is True  # patient B Do Not Call: visits 2 and 3 leave it
    assert calls.handle(completed(3, visits[4], 1, isPartial=True, surveyCompletedOn=None,  # still called, once
                                  surveyedOn=days_ago(40))) is True  # past the look-back (30 days)
    r = api.get(f"/api/sampling/providers?projectId={PROJECT}&search=queue", headers=h)
    assert r.status_code == 200, r.text
    cell = r.json()["data"]["rows"][0] if "data" in r.json() else r.json()["rows"][0]
    assert (cell["encounters"], cell["surveys"], cell["eligibleEnc"]) == (6, 1, 2)  # visits 4 and 5


def test_language_surveys_count_the_language_the_survey_was_taken_in(api, tokens):
    """Language sampling's `surveys` beside `allowedSamples` counts surveys by the language they were taken in, as
    calling counts a Set-mode language's completions (the call's survey language, else the visit's)."""
    h = tokens.headers(Role.PROJECT_MANAGER, PM)
    _, visits = commit_roster(api, h, 5)  # visit 0 is a Spanish-roster patient, visits 1-4 English
    calls = calls_consumer(api.app)
    spanish = next(v for v in visits if v["languageId"] == 2)
    english = [v for v in visits if v["languageId"] == 1]
    assert calls.handle(completed(1, spanish, 1, surveyLanguageId=1)) is True  # surveyed in English
    assert calls.handle(completed(3, english[1], 1)) is True  # no survey language given: the visit's
    langs = {x["languageId"]: x["surveys"] for x in api.get(f"/api/sampling?projectId={PROJECT}", headers=h).json()
             ["languages"]}
    assert (langs[1], langs[2]) == (2, 0)


def test_eligible_encounters_take_the_look_back_as_the_call_queue_does(api, tokens):
    """Look-back days are calling's: a patient given a result in the last N days is not called again through any of
    their visits, and 0 means no look-back. An encounter's date of service plays no part (the figure counted only
    visits of the last N days, so a roster of older visits showed none eligible while the queue called them all)."""
    h = tokens.headers(Role.PROJECT_MANAGER, PM)
    old = (TODAY - timedelta(days=60)).strftime("%m/%d/%Y")
    rows = [row(i, **{"Provider Name": "Dr. Lookback", "DOS": old}) for i in range(4)]
    rows[1]["MRN"] = rows[0]["MRN"]  # visits 0 and 1: one patient
    r = upload(api, h, roster_csv(rows), only_parse="false")
    assert r.status_code == 200, r.text
    rid = r.json()["data"]["id"]
    visits = sorted((v for e in outbox(api.app, "rosters.visits.imported") if e["data"]["rosterId"] == rid
                     for v in event_visits(e["data"])), key=lambda v: v["visitId"])
    calls = calls_consumer(api.app)
    assert calls.handle(completed(1, visits[0], 4, surveyedOn=days_ago(5))) is True  # No Answer 5 days ago
    assert calls.handle(completed(2, visits[2], 4, surveyedOn=days_ago(45))) is True  # before the look-back

    def cell():
        r = api.get(f"/api/sampling/providers?projectId={PROJECT}&search=lookback", headers=h)
        assert r.status_code == 200, r.text
        return r.json()["rows"][0]

    assert api.post("/api/sampling/operations", headers=h,
                    json={"projectId": PROJECT, "lookBack": 30}).status_code == 200
    # visits 0 and 1 wait out the look-back (their patient was called 5 days ago); 2 and 3 are due, DOS 60 days ago
    assert (cell()["encounters"], cell()["eligibleEnc"]) == (4, 2)
    assert api.post("/api/sampling/operations", headers=h,
                    json={"projectId": PROJECT, "lookBack": 0}).status_code == 200
    assert cell()["eligibleEnc"] == 4  # no look-back


def test_the_called_roster_export_names_a_day_off_the_calendar(api, tokens):
    """A day whose next day (the query's end) or whose default week before it leaves the calendar is a 400 naming
    the field, not the kit's generic "a number must be an integer" for the overflow."""
    h = tokens.headers(Role.PROJECT_MANAGER, PM)
    commit_roster(api, h, 1)
    for params, field in (("&to=9999-12-31", "to"), ("&from=9999-12-31&to=9999-12-31", "from"),
                          ("&to=0001-01-01", "to"), ("&from=0001-01-01&to=0001-01-02", "from")):
        r = api.get(f"/api/calls?projectId={PROJECT}{params}", headers=h)
        assert r.status_code == 400 and r.json()["message"].startswith(f"{field}: must be a day between"), (params, r.text)
