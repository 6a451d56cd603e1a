"""Client report (service recovery) exports: project list, header keys, save/edit/download/delete, the report."""

from datetime import UTC, datetime, timedelta

import pytest

from kit.auth import Role
from reporting_testkit import call, feed, project, user

PM1, PM2, SV = 11, 12, 21
URL = "/api/service-recoveries"


@pytest.fixture
def data(client):
    feed(client, "projects.client.created", {"id": 5, "name": "Acme Health"})
    feed(client, "projects.client.created", {"id": 6, "name": "Borealis"})
    project(client, 1, PM1, "10.00", name="Clinic Zeta")
    feed(client, "projects.project.updated", {"id": 1, "clientId": 5})
    project(client, 2, PM2, "10.00", name="Acute Care")
    feed(client, "projects.project.updated", {"id": 2, "clientId": 6})
    feed(client, "surveys.comment_summary.updated", {"projectId": 1, "cleaned": 3, "total": 5,
                                                     "oldestUncleanedSurveyedOn": "2026-03-01T12:00:00Z"})
    user(client, SV, 3, firstName="Sam", lastName="Vega", email="sam@x.test")
    call(client, 1, 1, SV, "2026-03-02T15:00:00Z", 10, negative="=HYPERLINK(\"x\")", positive="Kind staff", site="North")
    call(client, 2, 1, SV, "2026-03-03T15:00:00Z", 10, negative=None, positive="+1 great")
    call(client, 3, 1, SV, "2026-03-03T16:00:00Z", 10, result=4)  # not a survey
    feed(client, "surveys.survey.saved", {"callId": 1, "projectId": 1, "surveyorId": SV, "languageId": 1, "answers": [
        {"quesId": 7, "sequence": 1, "ansId": 70, "openEnded": None, "question": "Overall rating",
         "answer": "Very good"},
        {"quesId": 9, "sequence": 2, "ansId": None, "openEnded": "-waited long"}]})
    feed(client, "surveys.survey.saved", {"callId": 2, "projectId": 1, "surveyorId": SV, "languageId": 1,
                                          "answers": [{"quesId": 7, "sequence": 1, "ansId": 71, "openEnded": None}]})


def _instant(text: str) -> datetime:
    t = datetime.fromisoformat(text.replace("Z", "+00:00"))
    return t if t.tzinfo else t.replace(tzinfo=UTC)


def h(tokens, role=Role.OPERATIONS, uid=1):
    return tokens.headers(role, uid)


def save(client, tokens, role=Role.OPERATIONS, uid=1, **body):
    return client.post(URL, headers=h(tokens, role, uid), json=body)


def test_project_list_search_sort_and_scope(client, tokens, data):
    r = client.get(URL, headers=h(tokens), params={"orderBy": "clientName"})
    assert r.status_code == 200, r.text
    assert [(x["clientName"], x["projectName"]) for x in r.json()["rows"]] == [("Acme Health", "Clinic Zeta"),
                                                                             ("Borealis", "Acute Care")]
    assert r.json()["rows"][0]["oldestUncleaned"].startswith("2026-03-01T12:00")
    by_name = client.get(URL, headers=h(tokens)).json()["rows"]
    assert [x["projectName"] for x in by_name] == ["Acute Care", "Clinic Zeta"]  # default: project name ascending
    assert [x["projectId"] for x in client.get(URL, headers=h(tokens), params={"search": "acme"}).json()["rows"]] == [1]
    pm = client.get(URL, headers=h(tokens, Role.PROJECT_MANAGER, PM1)).json()
    assert pm["count"] == 1 and pm["rows"][0]["projectId"] == 1
    assert client.get(URL, headers=h(tokens, Role.PROJECT_MANAGER, PM1), params={"managerId": PM2}).status_code == 403


def test_header_keys_and_save_rules(client, tokens, data):
    got = client.get(f"{URL}/header-keys", headers=h(tokens), params={"projectId": 1}).json()
    keys = got["data"]
    assert keys[:3] == ["Call Id", "Client Name", "Project Name"] and keys[-2:] == ["Question 7", "Question 9"]
    # a question reads by its title where a saved survey named it (none went along for question 9)
    assert got["labels"] == {"Question 7": "Question 7: Overall rating"}
    r = save(client, tokens, projectId=1, srKeys=[], filename="Weekly")
    assert r.status_code == 400 and r.json()["message"] == "No Header Keys Selected"
    assert save(client, tokens, projectId=1, srKeys=["Call Id"], filename=" ").status_code == 400
    assert save(client, tokens, projectId=1, srKeys=["Call Id"], filename="W", bogus=1).status_code == 422
    r = save(client, tokens, projectId=1, srKeys=["Call Id", "Bogus Key", "Question x"], filename="W")
    assert r.status_code == 400 and r.json()["message"] == "srKeys: unknown header key(s): Bogus Key, Question x"
    assert save(client, tokens, projectId=2**40, srKeys=["Call Id"], filename="W").status_code == 422
    r = save(client, tokens, projectId=404, srKeys=["Call Id"], filename="W")
    assert r.status_code == 404 and "not known to the reporting service yet" in r.json()["message"]
    # a manager cannot touch another manager's project
    assert save(client, tokens, Role.PROJECT_MANAGER, PM2, projectId=1, srKeys=["Call Id"], filename="W").status_code == 404


def test_save_edit_download_report_delete(client, tokens, data):
    r = save(client, tokens, projectId=1, srKeys=["Call Id", "Surveyor", "Negative Comment", "Question 9",
                                                  "Question 7"], onlySr=False, filename="Weekly SR")
    assert r.status_code == 200 and r.json()["message"] == "Export saved"
    sr_id = r.json()["data"]["id"]
    hist = client.get(URL, headers=h(tokens), params={"projectId": 1}).json()
    assert hist["count"] == 1 and hist["rows"][0]["name"] == "Weekly SR" and hist["rows"][0]["clientName"] == "Acme Health"
    rep = client.post(f"{URL}/report", headers=h(tokens), json={"id": sr_id, "from": "2026-03-02", "to": "2026-03-03"})
    d = rep.json()["data"]
    assert d["filename"].startswith("survey-report-") and d["questions"] == [9, 7]
    assert d["headers"] == ["Call Id", "Surveyor", "Negative Comment", "Question 9", "Question 7: Overall rating"]
    assert d["surveyData"] == [
        {"Call Id": 1, "Surveyor": "Sam Vega", "Negative Comment": "=HYPERLINK(\"x\")", "Question 9": "-waited long",
         "Question 7": "Very good"},
        {"Call Id": 2, "Surveyor": "Sam Vega", "Negative Comment": "", "Question 9": "", "Question 7": "71"}]
    csv = client.post(f"{URL}/report", headers=h(tokens), json={"id": sr_id, "from": "2026-03-02", "to": "2026-03-03",
                                                                "format": "csv"})
    assert csv.status_code == 200 and csv.headers["content-type"].startswith("text/csv")
    assert 'filename="survey-report-' in csv.headers["content-disposition"]
    assert csv.content.startswith(b"\xef\xbb\xbf")
    assert csv.content.decode("utf-8-sig").split("\r\n")[:3] == [
        "Call Id,Surveyor,Negative Comment,Question 9,Question 7: Overall rating",
        "1,Sam Vega,\"'=HYPERLINK(\"\"x\"\")\",'-waited long,Very good",
        "2,Sam Vega,,,71"]
    # edit: Only SR keeps the survey with a negative comment
    r = save(client, tokens, id=sr_id, projectId=1, srKeys=["Call Id"], onlySr=True, filename="Only SR")
    assert r.json()["message"] == "Export updated"
    rep = client.post(f"{URL}/report", headers=h(tokens), json={"id": sr_id, "from": "2026-03-02", "to": "2026-03-03"})
    assert rep.json()["data"]["surveyData"] == [{"Call Id": 1}]
    # download recorded with its range
    r = save(client, tokens, id=sr_id, **{"from": "2026-03-02", "to": "2026-03-03"})
    assert r.json()["data"]["fromTo"] == "03/02/2026 - 03/03/2026" and r.json()["data"]["downloadedOn"]
    assert client.post(f"{URL}/report", headers=h(tokens, Role.PROJECT_MANAGER, PM2), json={"id": sr_id}).status_code == 404
    assert client.delete(URL, headers=h(tokens, Role.PROJECT_MANAGER, PM2), params={"id": sr_id}).status_code == 404
    assert client.delete(URL, headers=h(tokens, Role.PROJECT_MANAGER, PM1), params={"id": sr_id}).json()["message"] == \
        "Export deleted"
    assert client.get(URL, headers=h(tokens), params={"projectId": 1}).json()["count"] == 0
    assert client.delete(URL, headers=h(tokens), params={"id": sr_id}).status_code == 404


def test_pm2_asking_for_pm1_export_by_id_gets_the_missing_export_404(client, tokens, data):
    """PM1's export, asked for by id by PM2 (edit, download, report, delete): the answer of an export id that does
    not exist, "id: export N not found"; not PM1's project id with a "not known yet, try again shortly"."""
    sr_id = save(client, tokens, Role.PROJECT_MANAGER, PM1, projectId=1, srKeys=["Call Id"], filename="PM1's").json()["data"]["id"]
    missing = f"id: export {sr_id + 100} not found"
    assert client.delete(URL, headers=h(tokens, Role.PROJECT_MANAGER, PM2), params={"id": sr_id + 100}).json()["message"] == missing
    pm2 = h(tokens, Role.PROJECT_MANAGER, PM2)
    answers = [
        save(client, tokens, Role.PROJECT_MANAGER, PM2, id=sr_id, projectId=2, srKeys=["Call Id"], filename="Mine"),
        save(client, tokens, Role.PROJECT_MANAGER, PM2, id=sr_id, **{"from": "2026-03-02", "to": "2026-03-03"}),
        client.post(f"{URL}/report", headers=pm2, json={"id": sr_id, "from": "2026-03-02", "to": "2026-03-03"}),
        client.delete(URL, headers=pm2, params={"id": sr_id}),
    ]
    for r in answers:
        assert (r.status_code, r.json()["message"]) == (404, f"id: export {sr_id} not found"), r.text
    assert client.get(URL, headers=h(tokens, Role.PROJECT_MANAGER, PM1), params={"projectId": 1}).json()["count"] == 1


def test_history_range_selects_downloads_and_always_lists_an_export_never_downloaded(client, tokens, data):
    saved = save(client, tokens, projectId=1, srKeys=["Call Id"], filename="Saved today")
    fetched = save(client, tokens, projectId=1, srKeys=["Call Id"], filename="Downloaded")
    assert saved.status_code == fetched.status_code == 200, saved.text
    assert save(client, tokens, id=fetched.json()["data"]["id"], **{"from": "2026-03-02", "to": "2026-03-03"}).status_code == 200

    def names(lo, hi):
        r = client.get(URL, headers=h(tokens), params={"projectId": 1, "from": lo, "to": hi})
        assert r.status_code == 200, r.text
        return sorted(x["name"] for x in r.json()["rows"])

    # a range ending before today (the screen's default) still lists the export saved today
    assert names("2026-03-01", "2026-03-05") == ["Downloaded", "Saved today"]
    assert names("2026-04-01", "2026-04-30") == ["Saved today"]
    assert names("2026-03-03", "2026-03-03") == ["Downloaded", "Saved today"]


def test_download_and_save_store_the_utc_instant(client, tokens, data):
    """Instants are stored naive UTC and read back as UTC: storing Chicago wall time shifted them by 5-6 hours."""
    r = save(client, tokens, projectId=1, srKeys=["Call Id"], filename="Weekly")
    now = datetime.now(UTC)
    assert abs(_instant(r.json()["data"]["createdAt"]) - now) < timedelta(seconds=30)
    r = save(client, tokens, id=r.json()["data"]["id"], **{"from": "2026-03-02", "to": "2026-03-03"})
    assert abs(_instant(r.json()["data"]["downloadedOn"]) - datetime.now(UTC)) < timedelta(seconds=30)


def test_report_times_are_central_12_hour_like_the_survey_export(client, tokens, data):
    sr = save(client, tokens, projectId=1, srKeys=["Call Id", "Call Date/Time", "Survey Date/Time"],
              filename="Times").json()["data"]["id"]
    rows = client.post(f"{URL}/report", headers=h(tokens), json={"id": sr, "from": "2026-03-02", "to": "2026-03-03"}
                       ).json()["data"]["surveyData"]
    # 15:00Z and 15:10Z on 03/02/2026 are 09:00 and 09:10 in the morning in Chicago (CST, UTC-6)
    assert rows[0] == {"Call Id": 1, "Call Date/Time": "03/02/2026 09:00:00 AM",
                       "Survey Date/Time": "03/02/2026 09:10:00 AM"}


@pytest.mark.parametrize("span", [{"from": "9999-01-01", "to": "9999-01-02"},
                                  {"from": "2026-03-02", "to": "9999-12-31"}])
def test_a_download_or_report_of_a_range_ending_after_today_is_refused_and_nothing_is_recorded(client, tokens, data,
                                                                                                span):
    """A download recorded for year 9999 vanished from the history filters (they select by the span covered)."""
    sr_id = save(client, tokens, projectId=1, srKeys=["Call Id"], filename="Weekly").json()["data"]["id"]
    assert save(client, tokens, id=sr_id, **{"from": "2026-03-02", "to": "2026-03-03"}).status_code == 200
    for r in (save(client, tokens, id=sr_id, **span),
              client.post(f"{URL}/report", headers=h(tokens), json={"id": sr_id, **span})):
        assert r.status_code == 400, r.text
        assert "to: must not be after today" in r.json()["message"]
    # the earlier download stands, and the history's filters still find it
    rows = client.get(URL, headers=h(tokens),
                      params={"projectId": 1, "from": "2026-03-01", "to": "2026-03-05"}).json()["rows"]
    assert [(x["name"], x["fromTo"]) for x in rows] == [("Weekly", "03/02/2026 - 03/03/2026")]
    today = datetime.now(UTC).date() - timedelta(days=1)  # yesterday in UTC is never after today in Central
    assert save(client, tokens, id=sr_id, **{"from": str(today), "to": str(today)}).status_code == 200


def test_an_empty_csv_report_is_no_data_found_not_a_file_of_headers_and_is_not_audited(client, tokens, data):
    """As the call-log and survey exports (and the screen, which stops at the JSON's "No Data Found"): a range
    holding no survey gives no header-only file, and nothing was disclosed to record in the PHI access audit."""
    sr = save(client, tokens, projectId=1, srKeys=["Call Id", "Negative Comment"], filename="Empty").json()["data"]["id"]
    r = client.post(f"{URL}/report", headers=h(tokens), json={"id": sr, "from": "2026-01-05", "to": "2026-01-06",
                                                              "format": "csv"})
    assert r.status_code == 404, r.text
    assert r.json()["message"] == "No Data Found"
    assert client.get("/api/phi-audit/reporting", headers=h(tokens, Role.ADMIN)).json()["rows"] == []
    # the same export over a range with surveys is a file, and is audited
    r = client.post(f"{URL}/report", headers=h(tokens), json={"id": sr, "from": "2026-03-02", "to": "2026-03-03",
                                                              "format": "csv"})
    assert r.status_code == 200 and r.content.startswith(b"\xef\xbb\xbfCall Id,Negative Comment\r\n")
    assert len(client.get("/api/phi-audit/reporting", headers=h(tokens, Role.ADMIN)).json()["rows"]) == 1
