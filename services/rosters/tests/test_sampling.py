"""Default sampling from projects.project.created (once), settings and parameters, and the read models."""

from kit.auth import Role
from rosters_support import PM, PROJECT, event, outbox, project_event, projects_consumer, row, roster_csv, upload


def test_default_sampling_is_created_once_and_announced(api, tokens):
    consumer = projects_consumer(api.app)
    ev = project_event(300, PM)
    assert consumer.handle(ev) is True and consumer.handle(ev) is False
    consumer.handle(project_event(300, PM, kind="updated", name="Renamed"))  # no second default
    announced = [e["data"] for e in outbox(api.app, "rosters.sampling.updated") if e["data"]["projectId"] == 300]
    assert len(announced) == 1
    assert announced[0]["lookBackDays"] == 30 and announced[0]["maxCalls"] == 3
    assert (announced[0]["languages"], announced[0]["quotas"], announced[0]["undefinedProviders"]) == ([], [], 0)
    assert [(p["typeId"], p["priority"]) for p in announced[0]["parameters"]] == [(0, 1)]
    r = api.get("/api/sampling?projectId=300", headers=tokens.headers(Role.PROJECT_MANAGER, PM)).json()
    assert (r["lookBackDays"], r["maxCalls"], r["count"]) == (30, 3, 1)


def test_update_settings_and_parameters(api, tokens):
    h = tokens.headers(Role.PROJECT_MANAGER, PM)
    first = api.get(f"/api/sampling?projectId={PROJECT}", headers=h).json()["rows"][0]
    r = api.put("/api/sampling", json={"projectId": PROJECT, "lookBack": 14, "maxCalls": 5,
                                       "parameters": [{"typeId": 1, "priority": 1},
                                                      {"id": first["id"], "typeId": 0, "priority": 2}]}, headers=h)
    assert r.status_code == 200, r.text
    data = r.json()["data"]
    assert (data["lookBackDays"], data["maxCalls"]) == (14, 5)
    assert [(p["typeId"], p["priority"]) for p in data["rows"]] == [(1, 1), (0, 2)]
    last = outbox(api.app, "rosters.sampling.updated")[-1]["data"]
    assert last["projectId"] == PROJECT and last["lookBackDays"] == 14 and len(last["parameters"]) == 2
    bad = [{"projectId": PROJECT, "parameters": []}, {"projectId": PROJECT, "maxCalls": 0},
           {"projectId": PROJECT, "parameters": [{"typeId": 5, "priority": 1}]},
           {"projectId": PROJECT, "parameters": [{"id": 9999, "typeId": 0, "priority": 1}]}]
    for body in bad:
        assert api.put("/api/sampling", json=body, headers=h).status_code in (400, 422), body
    assert "at least one Sampling parameter" in api.put(
        "/api/sampling", json={"projectId": PROJECT, "parameters": []}, headers=h).json()["message"]
    r = api.post("/api/sampling", json={"projectId": PROJECT, "typeId": 999}, headers=h)
    assert r.status_code == 201 and r.json()["data"]["rows"][-1]["priority"] == 3
    for p in r.json()["data"]["rows"][:-1]:
        assert api.delete(f"/api/sampling?id={p['id']}&projectId={PROJECT}", headers=h).status_code == 200
    only = api.get(f"/api/sampling?projectId={PROJECT}", headers=h).json()["rows"]
    r = api.delete(f"/api/sampling?id={only[0]['id']}&projectId={PROJECT}", headers=h)
    assert r.status_code == 400 and r.json()["message"] == "There should be at least one Sampling parameter"


def test_languages_and_project_read_models(api, tokens):
    c = projects_consumer(api.app)
    h = tokens.headers(Role.ADMIN, 1)
    tagalog = roster_csv([row(0, Language="Tagalog")])
    assert upload(api, h, tagalog).json()["data"]["errorCount"] == 1
    ev = event("projects.language.created", {"id": 13, "name": "Tagalog"})
    assert c.handle(ev) is True and c.handle(ev) is False
    assert upload(api, h, tagalog).json()["data"]["languages"] == [{"id": 13, "name": "Tagalog", "count": 1}]
    c.handle(event("projects.language.deleted", {"id": 13, "name": "Tagalog"}))
    assert upload(api, h, tagalog).json()["data"]["errorCount"] == 1
    # a project handed to another manager: the old PM loses access
    c.handle(project_event(PROJECT, 77, kind="updated"))
    assert api.get(f"/api/sampling?projectId={PROJECT}", headers=tokens.headers(Role.PROJECT_MANAGER, PM)).status_code == 404
    c.handle(event("projects.project.deleted", {"id": PROJECT}))
    assert api.get(f"/api/sampling?projectId={PROJECT}", headers=h).status_code == 404


def test_duplicate_parameters_or_languages_are_refused_and_nothing_changes(api, tokens):
    h = tokens.headers(Role.PROJECT_MANAGER, PM)
    before = api.get(f"/api/sampling?projectId={PROJECT}", headers=h).json()
    first = before["rows"][0]
    dup_id = [{"id": first["id"], "typeId": 0, "priority": 1}, {"id": first["id"], "typeId": 1, "priority": 2}]
    dup_type = [{"id": first["id"], "typeId": first["typeId"], "priority": 1},
                {"typeId": first["typeId"], "priority": 2}]
    for params, word in ((dup_id, "id appears more than once"), (dup_type, "type appears more than once")):
        r = api.put("/api/sampling", json={"projectId": PROJECT, "parameters": params}, headers=h)
        assert r.status_code == 422 and word in r.json()["message"], r.text
    r = api.put("/api/language", json={"projectId": PROJECT, "languages": [{"languageId": 2, "mode": 1},
                                                                           {"languageId": 2, "mode": 2}]}, headers=h)
    assert r.status_code == 422 and "languageId appears more than once" in r.json()["message"], r.text
    assert api.get(f"/api/sampling?projectId={PROJECT}", headers=h).json() == before


def test_admin_reads_a_deactivated_project_but_nobody_changes_it(api, tokens):
    """Platform §4 / decisions: a deactivated project opens read-only for Admin (and Operations): its sampling,
    roster history and called-roster export read; every change is refused naming the deactivation; a PM's
    working view and a permanently deleted project stay 404."""
    c = projects_consumer(api.app)
    admin, ops, pm = (tokens.headers(Role.ADMIN, 1), tokens.headers(Role.OPERATIONS, 2),
                      tokens.headers(Role.PROJECT_MANAGER, PM))
    r = upload(api, admin, roster_csv([row(i) for i in range(3)]), only_parse="false")
    assert r.status_code == 200, r.text
    c.handle(project_event(PROJECT, PM, kind="updated", deletedAt="2026-02-01T00:00:00Z"))
    reads = [f"/api/sampling?projectId={PROJECT}", f"/api/roster?projectId={PROJECT}",
             f"/api/sampling/providers?projectId={PROJECT}&type=0", f"/api/calls?projectId={PROJECT}"]
    for h in (admin, ops):
        for url in reads:
            assert api.get(url, headers=h).status_code == 200, url
    assert api.get(reads[1], headers=admin).json()["count"] == 1
    assert api.get(reads[0], headers=pm).status_code == 404
    writes = [api.put("/api/sampling", json={"projectId": PROJECT, "maxCalls": 4}, headers=admin),
              upload(api, admin, roster_csv([row(5)])),
              api.post("/api/sampling", json={"projectId": PROJECT, "typeId": 1}, headers=ops)]
    for w in writes:
        assert w.status_code == 400 and "deactivated" in w.json()["message"], w.text
    c.handle(project_event(PROJECT, PM, kind="updated", deletedAt=None))  # reactivated: changes work again
    assert api.put("/api/sampling", json={"projectId": PROJECT, "maxCalls": 4}, headers=admin).status_code == 200
    c.handle(project_event(PROJECT, PM, kind="updated", deletedAt="2026-02-02T00:00:00Z"))
    c.handle(event("projects.project.deleted", {"id": PROJECT}))  # deleted for good: gone for everyone
    for url in reads:
        assert api.get(url, headers=admin).status_code == 404, url


def test_the_language_panel_lists_the_projects_languages_not_every_language(api, tokens):
    """The Sampling page's language panel: the project's languages (`langIds`), its roster's patients' languages
    (the call engine hands a patient to any surveyor speaking theirs, so such a language can be limited here) and any
    language given a rule; not all twelve."""
    h = tokens.headers(Role.PROJECT_MANAGER, PM)

    def panel():
        r = api.get(f"/api/sampling?projectId={PROJECT}", headers=h)
        assert r.status_code == 200, r.text
        return [x["name"] for x in r.json()["languages"]]

    assert panel() == ["English", "Spanish"]  # the project's langIds [1, 2]
    r = upload(api, h, roster_csv([row(1), row(2, Language="Russian")]), only_parse="false")
    assert r.status_code == 200, r.text
    assert panel() == ["English", "Spanish", "Russian"]
    r = api.put("/api/language", headers=h, json={"projectId": PROJECT, "languages": [{"languageId": 8, "mode": 2}]})
    assert r.status_code == 200, r.text
    assert [x["name"] for x in r.json()["data"]["languages"]] == ["English", "Spanish", "Korean", "Russian"]
    projects_consumer(api.app).handle(project_event(PROJECT, PM, kind="updated", langIds=[1, 9]))
    assert panel() == ["English", "Korean", "Mandarin", "Russian"]  # Spanish left the project; no patient speaks it
    # a project whose languages are not known yet (kept before this reading, no event since): every language
    with api.app.state.db.session() as s:
        from rosters.models import ProjectView
        s.get(ProjectView, PROJECT).lang_ids = None
        s.commit()
    assert len(panel()) == 12
