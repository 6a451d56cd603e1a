"""Survey export: CSV with BOM, filters applied, formula cells neutralised, "No Data Found"; days and times in
America/Chicago; the language is the one the survey was taken in."""

import csv
import io
import re

import pytest

from kit.auth import Role
from surveys_testkit import OPS, assign, build_questionnaire, call_started, feed, project

PM, OTHER_PM, SV, SV2 = 11, 12, 21, 22


def save(client, tokens, call_id, sv, ids, rating="Good", well=None):
    survey = [{"quesId": ids["rating"], "ansId": ids[rating]}, {"quesId": ids["recommend"], "ansId": ids["Yes"]},
              {"quesId": ids["channels"], "ansId": ids["Web"]}, {"quesId": ids["channels"], "ansId": ids["Phone"]}]
    if well:
        survey.append({"quesId": ids["well"], "openEnded": well})
    r = client.post("/api/call-survey", headers=tokens.headers(Role.SURVEYOR, sv),
                    json={"projectId": 1, "callId": call_id, "survey": survey})
    assert r.status_code == 200, r.text


@pytest.fixture
def ids(client, tokens):
    project(client, 1, PM, name="Alpha Clinic")
    project(client, 2, OTHER_PM, name="Beta")
    assign(client, 1, 1, SV)
    assign(client, 2, 1, SV2)
    feed(client, "identity.user.created", {"id": SV, "firstName": "Ana", "lastName": "Diaz", "email": "ana@x.test"})
    ids = build_questionnaire(client, tokens, 1)
    # (call, surveyor, surveyedOn, the patient's roster language, the language the survey was taken in); 101 was
    # surveyed on the evening of 5 March in Chicago, which is already 6 March in UTC
    for call_id, sv, when, roster_lang, survey_lang in ((100, SV, "2026-03-02T15:00:00Z", 2, 1),
                                                         (101, SV2, "2026-03-06T03:30:00Z", 1, 2)):
        call_started(client, call_id, 1, sv)
        feed(client, "calling.call.completed", {"callId": call_id, "projectId": 1, "surveyorId": sv, "surveyedOn": when,
                                                "languageId": roster_lang, "surveyLanguageId": survey_lang})
    save(client, tokens, 100, SV, ids, well="=HYPERLINK(\"http://x\")")
    save(client, tokens, 101, SV2, ids, rating="Poor")
    return ids


def export(client, tokens, path="/api/survey-export", role=Role.PROJECT_MANAGER, uid=PM, **params):
    return client.get(path, headers=tokens.headers(role, uid), params={"projectId": 1, **params})


def parse(r):
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/csv")
    assert r.content.startswith("\ufeff".encode())
    # spec §9: survey-report plus a timestamp
    assert re.fullmatch(r'attachment; filename="survey-report-\d{14}\.csv"', r.headers["content-disposition"])
    return list(csv.reader(io.StringIO(r.content.decode("utf-8-sig"))))


def test_export_rows_and_filters(client, tokens, ids):
    rows = parse(export(client, tokens))
    assert rows[0] == ["Call Id", "Surveyor Id", "Surveyor", "Surveyed On", "Language", "Q1. Care rating",
                       "Q2. Recommend", "Q3. Channels", "Q4. Did well"]
    # Surveyed On in Chicago time (CST, UTC-6), MM/DD/YYYY hh:mm:ss; Language is the survey's, not the roster's;
    # the surveyor by name where identity told us (SV2 was never announced: the name stays empty)
    assert rows[1][:5] == ["100", str(SV), "Ana Diaz", "03/02/2026 09:00:00 AM", "English"]
    assert rows[1][5:] == ["Good", "Yes", "Web; Phone", "'=HYPERLINK(\"http://x\")"]
    assert rows[2][:6] == ["101", str(SV2), "", "03/05/2026 09:30:00 PM", "Spanish", "Poor"]
    assert [r[0] for r in parse(export(client, tokens, path="/api/survey", surveyorId=SV2))[1:]] == ["101"]
    assert [r[0] for r in parse(export(client, tokens, languageId=2))[1:]] == ["101"]
    assert [r[0] for r in parse(export(client, tokens, languageId=1))[1:]] == ["100"]
    # From / To are Chicago days
    assert [r[0] for r in parse(export(client, tokens, **{"from": "2026-03-01", "to": "2026-03-02"}))[1:]] == ["100"]
    assert [r[0] for r in parse(export(client, tokens, **{"from": "2026-03-05", "to": "2026-03-05"}))[1:]] == ["101"]
    assert export(client, tokens, **{"from": "2026-03-06", "to": "2026-03-06"}).status_code == 404


def test_export_language_falls_back_to_the_roster_language_only_when_the_survey_language_is_unknown(
        client, tokens, ids):
    call_started(client, 102, 1, SV)
    # a call completed before calling said which language the survey was in: the patient's roster language
    feed(client, "calling.call.completed", {"callId": 102, "projectId": 1, "surveyorId": SV, "languageId": 3,
                                            "surveyedOn": "2026-03-03T15:00:00Z"})
    save(client, tokens, 102, SV, ids)
    rows = parse(export(client, tokens, languageId=3))
    assert [(r[0], r[4]) for r in rows[1:]] == [("102", "Albanian")]
    assert [r[0] for r in parse(export(client, tokens, languageId=2))[1:]] == ["101"]  # not 100 (roster Spanish)


def test_export_refusals(client, tokens, ids):
    r = export(client, tokens, **{"from": "2026-04-01", "to": "2026-04-02"})
    assert r.status_code == 404 and r.json()["message"] == "No Data Found"
    assert export(client, tokens, **{"from": "2026-04-02", "to": "2026-04-01"}).status_code == 400
    assert export(client, tokens, uid=OTHER_PM).status_code == 404
    assert export(client, tokens, **{"from": "yesterday"}).status_code == 422
    assert export(client, tokens, surveyorId=2**63).status_code == 422
    assert export(client, tokens, role=Role.OPERATIONS, uid=OPS).status_code == 200


@pytest.mark.parametrize("params,field", [
    ({"from": "2026-03-01", "to": "9999-12-31"}, "to"),
    ({"from": "9999-12-31", "to": "9999-12-31"}, "from"),
    ({"from": "0001-01-01", "to": "2026-03-31"}, "from"),
])
def test_days_at_the_ends_of_the_calendar_are_400_naming_the_field(client, tokens, ids, params, field):
    r = export(client, tokens, **params)
    assert r.status_code == 400, r.text
    assert r.json()["message"].startswith(f"{field}: must be a day between the years"), r.json()


def test_each_export_is_in_the_phi_access_audit(client, tokens, ids):
    assert export(client, tokens, surveyorId=SV2).status_code == 200
    assert export(client, tokens, **{"from": "2026-04-01", "to": "2026-04-02"}).status_code == 404  # nothing went out
    r = client.get("/api/phi-audit/surveys", headers=tokens.headers(Role.ADMIN, 1))
    assert r.status_code == 200, r.text
    rows = r.json()["rows"]
    assert [(x["action"], x["userId"], x["export"]) for x in rows] == [
        ("survey.export", PM, f"survey answers, project 1, surveyor {SV2}")]


def test_admin_exports_any_project_and_is_audited(client, tokens, ids):
    """The Admin's project page has a Survey Export tab (platform.md §2.6, §6): the surveyor select and the CSV
    answer, and the export leaves a PHI audit row under the Admin's id like any other exporter's."""
    r = client.get("/api/survey-export/surveyors", headers=tokens.headers(Role.ADMIN, 1), params={"projectId": 1})
    assert r.status_code == 200 and r.json()["count"] == 2, r.text
    assert [row[0] for row in parse(export(client, tokens, role=Role.ADMIN, uid=1, surveyorId=SV2))[1:]] == ["101"]
    rows = client.get("/api/phi-audit/surveys", headers=tokens.headers(Role.ADMIN, 1)).json()["rows"]
    assert [(x["action"], x["userId"], x["userRole"], x["export"]) for x in rows] == [
        ("survey.export", 1, int(Role.ADMIN), f"survey answers, project 1, surveyor {SV2}")]


def test_admin_exports_a_deactivated_project_but_not_a_deleted_one(client, tokens, ids):
    """A deactivated project opens read-only for Admin and Operations (docs/decisions.md): its Survey Export tab
    still reads (surveyors, CSV); its PM's working view and a project deleted for good answer 404."""
    feed(client, "projects.project.updated", {"id": 1, "deletedAt": "2026-03-10T00:00:00Z"})
    for role, uid in ((Role.ADMIN, 1), (Role.OPERATIONS, OPS)):
        r = export(client, tokens, "/api/survey-export/surveyors", role=role, uid=uid)
        assert r.status_code == 200 and r.json()["count"] == 2, r.text
        assert len(parse(export(client, tokens, role=role, uid=uid))) == 3
    assert export(client, tokens, "/api/survey-export/surveyors").status_code == 404  # the PM
    feed(client, "projects.project.deleted", {"id": 1})
    for path in ("/api/survey-export/surveyors", "/api/survey-export"):
        assert export(client, tokens, path, role=Role.ADMIN, uid=1).status_code == 404


def test_export_surveyors(client, tokens, ids):
    r = client.get("/api/survey-export/surveyors", headers=tokens.headers(Role.PROJECT_MANAGER, PM), params={"projectId": 1})
    assert r.json() == {"rows": [{"id": SV, "name": "Ana Diaz", "email": "ana@x.test"},
                                 {"id": SV2, "name": f"Surveyor {SV2}", "email": None}], "count": 2}


def test_export_names_a_language_an_admin_added(client, tokens, ids):
    """A survey taken in Hmong (13, added on the Languages screen) is named Hmong, not left blank."""
    feed(client, "projects.language.created", {"id": 13, "name": "Hmong"})
    call_started(client, 103, 1, SV)
    feed(client, "calling.call.completed", {"callId": 103, "projectId": 1, "surveyorId": SV, "languageId": 1,
                                            "surveyLanguageId": 13, "surveyedOn": "2026-03-04T15:00:00Z"})
    save(client, tokens, 103, SV, ids)
    rows = parse(export(client, tokens, languageId=13))
    assert [(r[0], r[4]) for r in rows[1:]] == [("103", "Hmong")]


def test_a_language_name_an_admin_typed_like_a_formula_is_neutralised(client, tokens, ids):
    """The Languages screen takes any name: one starting with = runs as a formula in a spreadsheet unless neutralised
    like every other text cell of the export."""
    feed(client, "projects.language.created", {"id": 14, "name": '=HYPERLINK("http://x","Hmong")'})
    call_started(client, 104, 1, SV)
    feed(client, "calling.call.completed", {"callId": 104, "projectId": 1, "surveyorId": SV, "languageId": 1,
                                            "surveyLanguageId": 14, "surveyedOn": "2026-03-04T15:00:00Z"})
    save(client, tokens, 104, SV, ids)
    rows = parse(export(client, tokens, languageId=14))
    assert [(r[0], r[4]) for r in rows[1:]] == [("104", '\'=HYPERLINK("http://x","Hmong")')]


def test_an_answer_taken_off_its_question_keeps_its_title_and_cannot_leave_the_bank(client, tokens, ids):
    """Surveys saved before a response was taken off its question still read its title (it was its id), and the
    answer cannot be deleted from the bank while saved surveys hold it: nothing already saved is lost."""
    pm = tokens.headers(Role.PROJECT_MANAGER, PM)
    r = client.delete("/api/questionnaire", headers=pm, params={"projectId": 1, "sequence": 2, "ansId": ids["Poor"]})
    assert r.status_code == 200, r.text
    rows = parse(export(client, tokens))
    assert rows[2][0] == "101" and rows[2][5] == "Poor"
    r = client.delete("/api/answer", headers=tokens.headers(Role.OPERATIONS, OPS), params={"id": ids["Poor"]})
    assert r.status_code == 409 and "saved survey" in r.json()["message"], r.text
    assert parse(export(client, tokens))[2][5] == "Poor"


def test_answers_of_a_question_removed_since_stay_in_the_export(client, tokens, ids):
    """A question taken off the questionnaire after surveys answered it: the export of those surveys keeps their
    answers (in a column after the questionnaire's own, named as no longer asked) instead of dropping them."""
    r = client.delete("/api/questionnaire?projectId=1&sequence=3", headers=tokens.headers(Role.PROJECT_MANAGER, PM))
    assert r.status_code == 200, r.text  # "Recommend" leaves the questionnaire
    rows = parse(export(client, tokens))
    assert rows[0][5:] == ["Q1. Care rating", "Q2. Channels", "Q3. Did well", "Recommend (no longer in the questionnaire)"]
    assert [r[5:] for r in rows[1:]] == [["Good", "Web; Phone", "'=HYPERLINK(\"http://x\")", "Yes"],
                                         ["Poor", "Web; Phone", "", "Yes"]]


def test_a_multiple_choice_answer_exports_in_the_response_order_whatever_the_click_order(client, tokens, ids):
    """The same survey answered in another order is the same survey: a Multiple question's answers are listed in
    the question's response order, not in the order the surveyor ticked them (or the browser sent them)."""
    call_started(client, 102, 1, SV)
    feed(client, "calling.call.completed", {"callId": 102, "projectId": 1, "surveyorId": SV,
                                            "surveyedOn": "2026-03-03T15:00:00Z", "languageId": 1})
    survey = [{"quesId": ids["channels"], "ansId": ids["Phone"]}, {"quesId": ids["channels"], "ansId": ids["Web"]},
              {"quesId": ids["recommend"], "ansId": ids["Yes"]}, {"quesId": ids["rating"], "ansId": ids["Good"]}]
    r = client.post("/api/call-survey", headers=tokens.headers(Role.SURVEYOR, SV),
                    json={"projectId": 1, "callId": 102, "survey": survey})
    assert r.status_code == 200, r.text
    rows = {r[0]: r[5:] for r in parse(export(client, tokens))[1:]}
    assert rows["102"] == rows["100"][:3] + [""] == ["Good", "Yes", "Web; Phone", ""]
