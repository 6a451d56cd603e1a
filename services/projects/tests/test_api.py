"""Projects API on SQLite and PostgreSQL: clients, projects, assignments, languages, events, bad input."""

from kit.auth import Role
from projects_support import (
    CIMR_MANAGER, CIMR_SURVEYOR, KELLER, OPS, PM, SURVEYOR, client_body, outbox, project_body, user_event,
    users_consumer,
)


def admin(tokens):
    return tokens.headers(Role.ADMIN, 1)


def test_clients_crud_and_validation(api, tokens):
    h = admin(tokens)
    r = api.post("/api/clients", json=client_body(), headers=h)
    assert r.status_code == 201, r.text
    cid = r.json()["data"]["id"]
    assert r.json()["data"]["contacts"][0]["email"] == "jo@acme.example"
    for bad, field in [({"contacts": []}, "contacts"), ({"name": ""}, "name"), ({"stateId": None}, "stateId"),
                       ({"contacts": [{"firstName": "J", "lastName": "Smith", "email": "jo@acme.example"}]}, "firstName"),
                       ({"contacts": [{"firstName": "Jo", "lastName": "Smith", "email": "not-an-email"}]}, "email"),
                       ({"isAdmin": True}, "isAdmin")]:
        r = api.post("/api/clients", json=client_body(**bad), headers=h)
        assert r.status_code == 422 and field in r.json()["message"], (bad, r.text)
    api.post("/api/clients", json=client_body(name="Zeta Clinic", abbr="ZC"), headers=h)
    rows = api.get("/api/clients?orderBy=name&orderDir=DESC", headers=h).json()
    assert rows["count"] == 2 and rows["rows"][0]["name"] == "Zeta Clinic"
    assert api.get("/api/clients?search=ze", headers=h).json()["count"] == 1
    assert api.get("/api/clients?search=z", headers=h).json()["count"] == 2  # under 2 characters: no search
    assert api.get("/api/clients?orderBy=password", headers=h).status_code == 400
    body = client_body(name="Acme Health Group", contacts=[{"firstName": "Al", "lastName": "Jones", "email": "al@acme.example"}])
    r = api.put("/api/clients", json={**body, "id": cid}, headers=h)
    assert r.status_code == 200 and [c["firstName"] for c in r.json()["data"]["contacts"]] == ["Al"]
    assert api.delete(f"/api/clients?id={cid}&isDeactivated=true", headers=h).json()["data"]["deletedAt"]
    assert api.get("/api/clients?isClient=true", headers=h).json()["count"] == 1
    assert api.delete(f"/api/clients?id={cid}&isDeactivated=false", headers=h).json()["data"]["deletedAt"] is None
    pid = api.post("/api/projects", json=project_body(clientId=cid), headers=h).json()["data"]["id"]
    assert api.delete(f"/api/clients?id={cid}", headers=h).status_code == 200
    assert api.get(f"/api/clients/{cid}", headers=h).status_code == 404
    assert api.get(f"/api/projects/{pid}", headers=h).status_code == 404
    assert outbox(api.app, "projects.project.deleted")[0]["data"] == {"id": pid}


def test_contact_email_follows_identitys_rule(api, tokens):
    """The kit's one email rule: the reserved `.test` domain that identity's accounts use (`@demo.test`) is an
    address here too; what is not an address is refused with 422 naming the field."""
    h = admin(tokens)
    contact = {"firstName": "Al", "lastName": "Audit", "email": "al@aud.test"}
    r = api.post("/api/clients", json=client_body(contacts=[contact]), headers=h)
    assert r.status_code == 201, r.text
    assert r.json()["data"]["contacts"][0]["email"] == "al@aud.test"
    r = api.post("/api/clients", json=client_body(name="Other", contacts=[{**contact, "email": "not-an-email"}]), headers=h)
    assert r.status_code == 422 and "contacts #1, email" in r.json()["message"], r.text
    r = api.post("/api/projects", json=project_body(contacts=[{**contact, "typeId": 0}]), headers=h)
    assert r.status_code == 201, r.text
    r = api.post("/api/projects", json=project_body(contacts=[{**contact, "email": "not-an-email"}]), headers=h)
    assert r.status_code == 422 and "contacts #1, email" in r.json()["message"], r.text


def test_project_create_defaults_and_events(api, tokens):
    h = admin(tokens)
    r = api.post("/api/projects", json=project_body(), headers=h)
    assert r.status_code == 201, r.text
    p = r.json()["data"]
    assert p["deadline"] == "2026-04-30"  # start 2026-01-31 + 3 months, clamped to the month's end
    assert p["sampling"] == "CATI,EMAIL" and p["user"]["firstName"] == f"First{PM}"
    assert [lang["name"] for lang in p["languages"]] == ["English", "Spanish"]
    ev = outbox(api.app, "projects.project.created")[-1]["data"]
    assert ev == {"id": p["id"], "name": "Heart Clinic 2026", "clientId": None, "managerId": PM, "typeId": 1,
                  "statusId": 2, "reportFreqId": 3, "startDate": "2026-01-31", "deadline": "2026-04-30",
                  "timezone": "America/Chicago", "paymentRate": 4.0, "billableRate": 12.5, "isLocked": False,
                  "langIds": [1, 2], "deletedAt": None}
    r = api.put("/api/projects/lock", json={"id": p["id"], "isLocked": True}, headers=h)
    assert r.json()["data"] == {"id": p["id"], "isLocked": True}
    assert outbox(api.app, "projects.project.locked")[-1]["data"] == {"id": p["id"], "isLocked": True}
    assert outbox(api.app, "projects.project.updated")[-1]["data"]["isLocked"] is True
    api.put("/api/projects/lock", json={"id": p["id"], "isLocked": False}, headers=h)
    assert outbox(api.app, "projects.project.unlocked")[-1]["data"] == {"id": p["id"], "isLocked": False}
    r = api.put("/api/projects", json={**project_body(name="Heart Clinic 2027", deadline="2026-12-31"), "id": p["id"]}, headers=h)
    assert r.status_code == 200 and r.json()["data"]["deadline"] == "2026-12-31"
    assert outbox(api.app, "projects.project.updated")[-1]["data"]["name"] == "Heart Clinic 2027"
    listed = api.get("/api/projects?search=heart&typeId=1", headers=h).json()
    assert listed["count"] == 1


def test_project_sampling_is_sent_comma_joined(api, tokens):
    # platform spec §3: sampling is "a list of modes, sent as a comma-joined string"; a JSON list is read too
    h = admin(tokens)
    p = api.post("/api/projects", json=project_body(sampling="CATI,EMAIL,MAIL"), headers=h).json()["data"]
    assert p["sampling"] == "CATI,EMAIL,MAIL"
    r = api.put("/api/projects", json={**project_body(sampling=" paper , kiosks,,"), "id": p["id"]}, headers=h)
    assert r.status_code == 200 and r.json()["data"]["sampling"] == "PAPER,KIOSKS"
    r = api.put("/api/projects", json={**project_body(sampling=["EMAIL"]), "id": p["id"]}, headers=h)
    assert r.status_code == 200 and r.json()["data"]["sampling"] == "EMAIL"
    r = api.put("/api/projects", json={**project_body(sampling=""), "id": p["id"]}, headers=h)
    assert r.status_code == 200 and not r.json()["data"]["sampling"]
    # the document names the string form, so the generated client may send it
    schemas = api.get("/api/docs/projects/openapi.json").json()["components"]["schemas"]
    for name in ("ProjectCreate", "ProjectUpdate"):
        forms = schemas[name]["properties"]["sampling"]["anyOf"]
        assert {f["type"] for f in forms} == {"array", "string"}, name


def test_project_deadline_before_start_is_refused_on_create_and_update(api, tokens):
    """Reversed dates (start 06/01/2026, deadline 01/01/2026) are a 422 naming deadline and save nothing."""
    h = admin(tokens)
    reversed_dates = {"startDate": "2026-06-01", "deadline": "2026-01-01"}
    r = api.post("/api/projects", json=project_body(**reversed_dates), headers=h)
    assert r.status_code == 422 and r.json()["message"] == "deadline: must not be before startDate", r.text
    assert api.get("/api/projects", headers=h).json()["count"] == 0
    p = api.post("/api/projects", json=project_body(startDate="2026-06-01", deadline="2026-06-01"), headers=h).json()["data"]
    r = api.put("/api/projects", json={**project_body(**reversed_dates), "id": p["id"]}, headers=h)
    assert r.status_code == 422 and r.json()["message"] == "deadline: must not be before startDate", r.text
    assert api.get(f"/api/projects/{p['id']}", headers=h).json()["deadline"] == "2026-06-01"


def test_project_bad_input_is_4xx_and_saves_nothing(api, tokens):
    h = admin(tokens)
    cases = [({"typeId": 17}, "typeId"), ({"statusId": 0}, "statusId"), ({"reportFreqId": 4}, "reportFreqId"),
             ({"startDate": "31/01/2026"}, "startDate"), ({"billableRate": "-1"}, "billableRate"),
             ({"timezone": "Europe/Paris"}, "timezone"), ({"sampling": "CATI,FAX"}, "sampling"),
             ({"contacts": [{"firstName": "A", "lastName": "Bee", "email": "a@b.example"}]}, "firstName"),
             ({"managerId": SURVEYOR}, "managerId"), ({"managerId": 424242}, "managerId"),
             ({"clientId": 999}, "clientId"), ({"langIds": [1, 99]}, "langIds"), ({"id": 5}, "id")]
    for over, field in cases:
        body = project_body(**over)
        r = api.post("/api/projects", json=body, headers=h)
        assert r.status_code in (400, 422) and field in r.json()["message"], (over, r.status_code, r.text)
    for missing in ["name", "typeId", "statusId", "managerId", "reportFreqId", "startDate", "billableRate", "paymentRate"]:
        body = project_body()
        body.pop(missing)
        r = api.post("/api/projects", json=body, headers=h)
        assert r.status_code == 422 and missing in r.json()["message"]
    assert api.post("/api/projects", content=b"{not json", headers={**h, "content-type": "application/json"}).status_code == 422
    assert api.get("/api/projects", headers=h).json()["count"] == 0
    assert outbox(api.app, "projects.project.created") == []


def test_assignments(api, tokens):
    h = admin(tokens)
    pid = api.post("/api/projects", json=project_body(), headers=h).json()["data"]["id"]
    r = api.post("/api/assignment", json={"projectId": pid, "surveyorId": SURVEYOR, "surveyorGoals": 10}, headers=h)
    assert r.status_code == 201, r.text
    aid = r.json()["data"]["id"]
    assert outbox(api.app, "projects.assignment.created")[-1]["data"] == {
        "id": aid, "projectId": pid, "surveyorId": SURVEYOR, "managerId": 1, "typeId": 0, "priority": 1,
        "surveyorGoals": 10, "surveyorCompGoals": 0}
    assert api.post("/api/assignment", json={"projectId": pid, "surveyorId": SURVEYOR}, headers=h).status_code == 409
    assert api.post("/api/assignment", json={"projectId": pid, "surveyorId": PM}, headers=h).status_code == 400
    assert api.post("/api/assignment", json={"projectId": pid, "surveyorId": 777}, headers=h).status_code == 400
    assert api.post("/api/assignment", json={"projectId": 9999, "surveyorId": KELLER}, headers=h).status_code == 404
    cimr = tokens.headers(Role.CIMR_MANAGER, CIMR_MANAGER)
    assert api.post("/api/assignment", json={"projectId": pid, "surveyorId": KELLER}, headers=cimr).status_code == 403
    r = api.post("/api/assignment", json={"projectId": pid, "surveyorId": CIMR_SURVEYOR}, headers=cimr)
    assert r.status_code == 201 and r.json()["data"]["managerId"] == CIMR_MANAGER
    pm = tokens.headers(Role.PROJECT_MANAGER, PM)
    assert api.post("/api/assignment", json={"projectId": pid, "surveyorId": KELLER, "typeId": 1},
                    headers=pm).status_code == 201
    # the project list's Assignment Type column: surveyors per assignment type
    listed = api.get("/api/projects", headers=h, params={"isAdmin": "true"}).json()["rows"][0]
    assert (listed["assignedSurveyors"], listed["coverageSurveyors"]) == (2, 1)
    rows = api.get(f"/api/assignment?projectId={pid}&orderBy=firstName", headers=h).json()
    assert rows["count"] == 3 and rows["rows"][0]["surveyor"]["email"] == "surveyor@demo.test"
    assert api.get(f"/api/assignment?projectId={pid}", headers=cimr).json()["count"] == 1  # CIMR surveyors only
    # a deactivated surveyor cannot be assigned
    users_consumer(api.app).handle(user_event(41, Role.SURVEYOR, "gone@demo.test", kind="deactivated", isDeleted=True))
    assert "deactivated" in api.post("/api/assignment", json={"projectId": pid, "surveyorId": 41}, headers=h).json()["message"]
    assert api.delete(f"/api/assignment?id={aid}", headers=cimr).status_code == 404  # not a CIMR surveyor's
    r = api.delete(f"/api/assignment?id={aid}", headers=pm)
    assert r.status_code == 200
    assert outbox(api.app, "projects.assignment.deleted")[-1]["data"]["id"] == aid
    assert api.get(f"/api/assignment?projectId={pid}", headers=h).json()["count"] == 2
    sv = tokens.headers(Role.SURVEYOR, SURVEYOR)
    assert api.get(f"/api/projects/{pid}", headers=sv).status_code == 404  # unassigned now


def test_languages(api, tokens):
    h = admin(tokens)
    rows = api.get("/api/language?limit=100&orderBy=name&orderDir=DESC", headers=h).json()
    assert rows["count"] == 12 and [r["name"] for r in rows["rows"][:3]] == ["English", "Spanish", "Vietnamese"]
    assert api.get("/api/language?paginated=false", headers=h).json()["rows"][2]["name"] == "Albanian"
    r = api.post("/api/language", json={"name": "Tagalog"}, headers=h)
    assert r.status_code == 201 and r.json()["data"]["id"] == 13
    assert outbox(api.app, "projects.language.created")[-1]["data"] == {"id": 13, "name": "Tagalog"}
    assert api.post("/api/language", json={"name": "tagalog"}, headers=h).status_code == 409
    assert api.post("/api/language", json={"name": ""}, headers=h).status_code == 422
    assert api.delete("/api/language?langId=13", headers=h).status_code == 200
    assert outbox(api.app, "projects.language.deleted")[-1]["data"] == {"id": 13, "name": "Tagalog"}
    assert api.delete("/api/language?langId=13", headers=h).status_code == 404
    r = api.delete("/api/language?langId=1", headers=h)
    assert r.status_code == 409 and r.json()["message"].startswith("English cannot be deleted")
    sv = tokens.headers(Role.SURVEYOR, SURVEYOR)
    assert [r["name"] for r in api.get(f"/api/language?surveyorId={SURVEYOR}", headers=sv).json()["rows"]] == ["English", "Spanish"]
    assert api.get(f"/api/language?surveyorId={KELLER}", headers=sv).status_code == 404
    assert api.get(f"/api/language?surveyorId={KELLER}", headers=tokens.headers(Role.OPERATIONS, OPS)).json()["count"] == 2


def test_cimr_manager_reads_languages_of_cimr_surveyors_only_not_of_a_surveyor_or_keller(api, tokens):
    """The CIMR Manager (CIMR_MANAGER) sees only CIMR Surveyors: the languages of the CIMR Surveyor are theirs to
    read, those of the Surveyor (SURVEYOR) and the Keller Surveyor (KELLER) answer like a missing account, as
    identity's GET users/{id} and projects/surveyors do for them; Operations still reads any surveyor's."""
    cm = tokens.headers(Role.CIMR_MANAGER, CIMR_MANAGER)
    assert api.get(f"/api/language?surveyorId={CIMR_SURVEYOR}", headers=cm).json()["count"] == 2
    for other in (SURVEYOR, KELLER):
        r = api.get(f"/api/language?surveyorId={other}", headers=cm)
        assert (r.status_code, r.json()["message"]) == (404, "Surveyor not found"), r.text
        ops = tokens.headers(Role.OPERATIONS, OPS)
        assert api.get(f"/api/language?surveyorId={other}", headers=ops).json()["count"] == 2


def test_deleted_language_leaves_projects_and_its_id_is_never_given_again(api, tokens):
    """Deleting a language takes it off the projects and surveyors that had it (with projects.project.updated for
    the others' copies), and a language added later gets a new id: before, SQLite handed the deleted one's id to
    the next language, so a project that had Lao silently spoke Hmong."""
    h = admin(tokens)
    lao = api.post("/api/language", json={"name": "Lao"}, headers=h).json()["data"]["id"]
    pid = api.post("/api/projects", json=project_body(langIds=[2, lao]), headers=h).json()["data"]["id"]
    users_consumer(api.app).handle(user_event(SURVEYOR, Role.SURVEYOR, "surveyor@demo.test", kind="updated",
                                              langIds=[1, lao]))
    # what the confirmation tells the admin first: one project and one surveyor lose it
    r = api.get(f"/api/language/usage?langId={lao}", headers=h)
    assert r.status_code == 200 and r.json()["data"] == {"id": lao, "name": "Lao", "projects": 1, "surveyors": 1}
    assert api.get("/api/language/usage?langId=2", headers=h).json()["data"]["projects"] == 1
    assert api.get("/api/language/usage?langId=9999", headers=h).status_code == 404
    assert api.get("/api/language/usage?langId=x", headers=h).status_code == 422
    for bad in (f"langId={2**70}", "langId=-1", "langId=1.5", ""):
        r = api.get(f"/api/language/usage?{bad}", headers=h)
        assert r.status_code in (404, 422) and r.json()["message"], (bad, r.text)
    assert api.get(f"/api/language/usage?langId={lao}", headers=tokens.headers(Role.SURVEYOR, SURVEYOR)).status_code == 403
    assert api.get(f"/api/language/usage?langId={lao}", headers=tokens.headers(Role.OPERATIONS, OPS)).status_code == 403
    assert api.delete(f"/api/language?langId={lao}", headers=h).status_code == 200
    assert api.get(f"/api/language/usage?langId={lao}", headers=h).status_code == 404
    project = api.get(f"/api/projects/{pid}", headers=h).json()
    assert project["langIds"] == [2] and [lang["name"] for lang in project["languages"]] == ["Spanish"]
    assert outbox(api.app, "projects.project.updated")[-1]["data"]["langIds"] == [2]
    sv = tokens.headers(Role.SURVEYOR, SURVEYOR)
    assert [r["name"] for r in api.get(f"/api/language?surveyorId={SURVEYOR}", headers=sv).json()["rows"]] == ["English"]
    hmong = api.post("/api/language", json={"name": "Hmong"}, headers=h).json()["data"]["id"]
    assert hmong != lao
    assert [lang["name"] for lang in api.get(f"/api/projects/{pid}", headers=h).json()["languages"]] == ["Spanish"]
