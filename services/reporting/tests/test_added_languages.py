"""A language an admin added after the twelve (Hmong, 13: projects.language.created) is named in the client
report's Survey Language and Language columns and on the pay stub, not left as its id or blank; a delete keeps
the name of the calls already taken in it, and a rebuild keeps it."""

from kit.auth import Role
from reporting.rebuild import rebuild
from reporting_testkit import call, feed, project, user

PM, SV = 11, 21
URL = "/api/service-recoveries"
HMONG_VISIT = {"visitId": 10, "visitorId": "P-HM", "firstName": "Pa", "lastName": "Vang", "languageId": 13,
               "dos": "2026-03-01"}


def seed(client):
    feed(client, "projects.language.created", {"id": 13, "name": "Hmong"})
    project(client, 1, PM, "10.00", name="Clinic Zeta")
    user(client, SV, 3)
    feed(client, "rosters.visits.imported", {"projectId": 1, "rosterId": 100, "visits": [HMONG_VISIT]})
    call(client, 1, 1, SV, "2026-03-02T15:00:00Z", 10, visitId=10, surveyLanguageId=13, languageId=13)
    feed(client, "projects.language.deleted", {"id": 13})


def client_report(client, tokens):
    h = tokens.headers(Role.OPERATIONS, 1)
    r = client.post(URL, headers=h, json={"projectId": 1, "srKeys": ["Call Id", "Survey Language", "Language"],
                                          "filename": "Langs"})
    assert r.status_code == 200, r.text
    r = client.post(f"{URL}/report", headers=h, json={"id": r.json()["data"]["id"], "from": "2026-03-02",
                                                       "to": "2026-03-02"})
    assert r.status_code == 200, r.text
    return [{k: row[k] for k in ("Call Id", "Survey Language", "Language")} for row in r.json()["data"]["surveyData"]]


def pay_stub_languages(client, tokens):
    r = client.get("/api/earnings/surveyor-earnings-pay-stub", headers=tokens.headers(Role.SURVEYOR, SV),
                   params={"date": "2026-03-04"})
    assert r.status_code == 200, r.text
    return [(p["languageId"], p["language"]) for s in r.json()["data"] for p in s["projects"]]


def test_client_report_and_pay_stub_name_an_added_language(client, tokens):
    seed(client)
    assert client_report(client, tokens) == [{"Call Id": 1, "Survey Language": "Hmong", "Language": "Hmong"}]
    assert pay_stub_languages(client, tokens) == [(13, "Hmong")]


def test_a_rebuild_keeps_the_added_language_name(client, tokens):
    seed(client)
    rebuild(client.app.state.db)
    assert client_report(client, tokens) == [{"Call Id": 1, "Survey Language": "Hmong", "Language": "Hmong"}]
