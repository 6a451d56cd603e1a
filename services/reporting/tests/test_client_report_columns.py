"""The client report's full column catalogue (indexes 0-54): the rosters' visits, removals, resets and sampling
quotas kept from their events, the patient and quota columns of a download, and its PHI access audit row."""

import pytest
from sqlalchemy import select

from kit.auth import Role
from reporting.models import SamplingView, VisitView
from reporting.rebuild import rebuild
from reporting_testkit import call, envelope, feed, project, user
from test_rebuild import snapshot

PM1, PM2, SV = 11, 12, 21
URL = "/api/service-recoveries"

CATALOGUE = [
    "Call Id", "Client Name", "Project Name", "Surveyor", "Surveyor Email", "Survey Language", "Call Date/Time",
    "Survey Date/Time", "Call Status", "Survey Status", "Provider", "Site", "Department", "Positive Comment",
    "Negative Comment",
    "UniqueId", "Patient First Name", "Patient Last Name", "Patient Full Name", "DOS", "DOB", "Age", "Gender",
    "Phone Cell", "Phone Home", "Provider Type", "Guarantor", "Language", "CHPW", "Payer Type", "Ethnicity", "Race",
    "MRN", "Visit Purpose",
    "Provider Required", "Provider Completed", "Provider Remaining", "Site Required", "Site Completed",
    "Site Remaining", "Department Required", "Department Completed", "Department Remaining", "Provider Encounters",
    "Site Encounters", "Department Encounters", "Provider Last Encounter", "Site Last Encounter",
    "Department Last Encounter", "Patient Encounters", "Survey Completed Date/Time", "QA Removal", "Call Duration",
    "Escalated", "Attempts"]

ANN = {"visitId": 10, "visitorId": "P-ANN", "firstName": " Ann ", "lastName": "Lee", "phoneCell": "5551230001",
       "phoneHome": "5551230002", "dos": "2026-03-01", "dob": "1960-05-04", "age": 65, "gender": "F",
       "providerName": "Dr A", "providerType": "MD", "siteName": "North", "departmentName": "Cardio",
       "guarantor": "Self", "languageId": 2, "chpw": "Y", "typeId": 2, "payerType": "Medicare",
       "ethnicity": "Not Hispanic", "race": "Asian", "mrn": "MRN-77"}


def visit(vid, visitor, provider="Dr A", site="North", dos="2026-03-02", **kw):
    return {"visitId": vid, "visitorId": visitor, "firstName": "F", "lastName": "L", "providerName": provider,
            "siteName": site, "departmentName": "Cardio", "dos": dos, **kw}


def columns(visits):
    keys = sorted({k for v in visits for k in v})
    return {k: [v.get(k) for v in visits] for k in keys}


def visits(client):
    with client.app.state.db.session() as s:
        return {v.id: (v.visitor_id, v.roster_removed) for v in s.scalars(select(VisitView))}


def h(tokens, role=Role.OPERATIONS, uid=1):
    return tokens.headers(role, uid)


# --- the handlers -------------------------------------------------------------------------------------------

def test_both_payload_versions_are_read_and_a_redelivery_changes_nothing(client):
    v2 = envelope("rosters.visits.imported", {"projectId": 1, "rosterId": 100, "visitColumns": columns(
        [ANN, visit(11, "P-ANN"), {"visitId": 19}])})  # no visitorId: skipped
    v2["version"] = 2
    (consumer,) = client.app.state.consumers
    assert consumer.handle(v2) is True and consumer.handle(v2) is False
    feed(client, "rosters.visits.imported", {"projectId": 1, "rosterId": 101, "visits": [visit(12, "P-BO"), "junk"]})
    # the same visits again under another event id (a re-announce): still one row each
    feed(client, "rosters.visits.imported", {"projectId": 1, "rosterId": 101, "visits": [visit(12, "P-BO")]})
    assert visits(client) == {10: ("P-ANN", False), 11: ("P-ANN", False), 12: ("P-BO", False)}
    with client.app.state.db.session() as s:
        ann = s.get(VisitView, 10)
        assert (ann.first_name, ann.dob.isoformat(), ann.language_id, ann.mrn, ann.roster_id) == (
            "Ann", "1960-05-04", 2, "MRN-77", 100)
        assert s.get(VisitView, 12).language_id == 1  # none given: English, as calling reads it
    ragged = envelope("rosters.visits.imported", {"projectId": 1, "rosterId": 102,
                                                  "visitColumns": {"visitId": [30, 31], "visitorId": ["X"]}})
    with pytest.raises(ValueError):
        consumer.handle(ragged)
    assert 30 not in visits(client)


def test_removed_and_reset_rosters_in_any_order(client):
    feed(client, "rosters.visits.imported", {"projectId": 1, "rosterId": 100, "visits": [visit(10, "A")]},
         occurred_at="2026-03-01T10:00:00Z")
    feed(client, "rosters.visits.imported", {"projectId": 1, "rosterId": 101, "visits": [visit(11, "B")]},
         occurred_at="2026-03-01T11:00:00Z")
    feed(client, "rosters.roster.removed", {"rosterId": 101, "projectId": 1}, occurred_at="2026-03-01T12:00:00Z")
    # a removal that arrives before its visits (a redelivery): they land removed
    feed(client, "rosters.roster.removed", {"rosterId": 102, "projectId": 1}, occurred_at="2026-03-01T13:00:00Z")
    feed(client, "rosters.visits.imported", {"projectId": 1, "rosterId": 102, "visits": [visit(12, "C")]},
         occurred_at="2026-03-01T12:30:00Z")
    assert visits(client) == {10: ("A", False), 11: ("B", True), 12: ("C", True)}
    # the final count: everything imported up to it is removed, in the project only
    feed(client, "rosters.visits.imported", {"projectId": 2, "rosterId": 200, "visits": [visit(20, "Z")]},
         occurred_at="2026-03-01T10:00:00Z")
    feed(client, "rosters.roster.reset", {"projectId": 1}, occurred_at="2026-03-02T00:00:00Z")
    assert visits(client)[10] == ("A", True) and visits(client)[20] == ("Z", False)
    # late delivery of an import older than the reset: removed; a roster uploaded after it: live
    feed(client, "rosters.visits.imported", {"projectId": 1, "rosterId": 103, "visits": [visit(13, "D")]},
         occurred_at="2026-03-01T20:00:00Z")
    feed(client, "rosters.visits.imported", {"projectId": 1, "rosterId": 104, "visits": [visit(14, "E")]},
         occurred_at="2026-03-02T08:00:00Z")
    # an older reset arriving late does not move the newest one back
    feed(client, "rosters.roster.reset", {"projectId": 1}, occurred_at="2026-03-01T23:00:00Z")
    assert visits(client)[13] == ("D", True) and visits(client)[14] == ("E", False)


def test_sampling_quotas_kept_tolerantly_and_a_stale_event_ignored(client):
    quotas = [{"typeId": 0, "value": " Dr A ", "required": 3}, {"typeId": 1, "value": "North", "required": None},
              {"typeId": 999, "value": "x", "required": 1}, {"typeId": 2, "value": "", "required": 1}, "junk"]
    feed(client, "rosters.sampling.updated", {"projectId": 1, "lookBackDays": 30, "quotas": quotas},
         occurred_at="2026-03-02T10:00:00Z")
    feed(client, "rosters.sampling.updated", {"projectId": 1, "quotas": [{"typeId": 0, "value": "Dr A", "required": 9}]},
         occurred_at="2026-03-02T09:00:00Z")  # older: ignored
    feed(client, "rosters.sampling.updated", {"projectId": 1, "maxCalls": 4}, occurred_at="2026-03-02T11:00:00Z")
    with client.app.state.db.session() as s:
        assert s.get(SamplingView, 1).quotas == [{"typeId": 0, "value": "Dr A", "required": 3},
                                                 {"typeId": 1, "value": "North", "required": None}]


def test_rebuild_covers_the_new_read_models(client):
    feed(client, "rosters.visits.imported", {"projectId": 1, "rosterId": 100, "visits": [ANN, visit(11, "B")]})
    feed(client, "rosters.visits.imported", {"projectId": 1, "rosterId": 101, "visits": [visit(12, "C")]})
    feed(client, "rosters.roster.removed", {"rosterId": 101, "projectId": 1})
    feed(client, "rosters.roster.reset", {"projectId": 1})
    feed(client, "rosters.visits.imported", {"projectId": 1, "rosterId": 102, "visits": [visit(13, "D")]})
    feed(client, "rosters.sampling.updated", {"projectId": 1, "quotas": [{"typeId": 0, "value": "Dr A", "required": 3}]})
    db = client.app.state.db
    live = snapshot(db)
    assert len(live["rm_visit"]) == 4 and live["rm_roster"] and live["rm_roster_reset"] and live["rm_sampling"]
    assert rebuild(db) == 6
    assert snapshot(db) == live


# --- the catalogue and a download with every key --------------------------------------------------------------

@pytest.fixture
def world(client):
    feed(client, "projects.client.created", {"id": 5, "name": "Acme Health"})
    project(client, 1, PM1, "10.00", name="Clinic Zeta")
    feed(client, "projects.project.updated", {"id": 1, "clientId": 5})
    user(client, SV, 3, firstName="Sam", lastName="Vega", email="sam@x.test")
    feed(client, "rosters.visits.imported", {"projectId": 1, "rosterId": 100, "visitColumns": columns([
        ANN, visit(11, "P-ANN", dos="2026-03-02"), visit(12, "P-BO", site="South", dos="2026-02-27")])})
    feed(client, "rosters.visits.imported", {"projectId": 1, "rosterId": 101, "visits": [
        visit(13, "P-CY", dos="2026-03-05")]})
    feed(client, "rosters.roster.removed", {"rosterId": 101, "projectId": 1})  # undone: not an encounter
    feed(client, "rosters.sampling.updated", {"projectId": 1, "quotas": [
        {"typeId": 0, "value": "Dr A", "required": 3}, {"typeId": 1, "value": "North", "required": 1},
        {"typeId": 2, "value": "Cardio", "required": None}]})
    call(client, 4, 1, SV, "2026-02-20T15:00:00Z", 1, result=4, visitId=10)  # an earlier attempt, no answer
    call(client, 1, 1, SV, "2026-03-02T15:00:00Z", 10, visitId=10, provider="Dr A", site="North",
         department="Cardio", positive="Kind", negative="Slow", languageId=2)
    call(client, 2, 1, SV, "2026-03-02T16:00:00Z", 3, visitId=12)
    call(client, 3, 1, SV, "2026-03-02T17:00:00Z", 5, partial=True, visitId=11)  # partial: not completed
    call(client, 5, 1, SV, "2026-03-02T18:00:00Z", 5, visitId=13, isQARemoval=True)  # removed by QA
    feed(client, "calling.escalation.created", {"id": 1, "callId": 1, "projectId": 1, "surveyorId": SV})
    feed(client, "surveys.survey.saved", {"callId": 1, "projectId": 1, "surveyorId": SV,
                                          "answers": [{"quesId": 7, "sequence": 1, "ansId": 70}]})


def saved(client, tokens, keys, role=Role.OPERATIONS, uid=1):
    r = client.post(URL, headers=h(tokens, role, uid), json={"projectId": 1, "srKeys": keys, "filename": "All"})
    assert r.status_code == 200, r.text
    return r.json()["data"]["id"]


def test_catalogue_is_the_55_keys_in_order_then_the_questions(client, tokens, world):
    keys = client.get(f"{URL}/header-keys", headers=h(tokens), params={"projectId": 1}).json()["data"]
    assert len(CATALOGUE) == 55 and keys == CATALOGUE + ["Question 7"]


def test_a_download_with_every_key_against_a_hand_count(client, tokens, world):
    sr = saved(client, tokens, CATALOGUE + ["Question 7"])
    r = client.post(f"{URL}/report", headers=h(tokens), json={"id": sr, "from": "2026-03-02", "to": "2026-03-02"})
    assert r.status_code == 200, r.text
    rows = r.json()["data"]["surveyData"]
    assert [x["Call Id"] for x in rows] == [1, 2, 3, 5]
    # Dr A: live visits 10, 11, 12 (13's roster undone); completed calls 1 and 2 (3 partial, 5 QA-removed)
    # North: visits 10, 11; completed call 1. Cardio: 3 visits, 2 completed, no quota.
    assert rows[0] == {
        "Call Id": 1, "Client Name": "Acme Health", "Project Name": "Clinic Zeta", "Surveyor": "Sam Vega",
        "Surveyor Email": "sam@x.test", "Survey Language": "English", "Call Date/Time": "03/02/2026 09:00:00 AM",
        "Survey Date/Time": "03/02/2026 09:10:00 AM", "Call Status": "Survey Complete", "Survey Status": "Completed",
        "Provider": "Dr A", "Site": "North", "Department": "Cardio", "Positive Comment": "Kind",
        "Negative Comment": "Slow",
        "UniqueId": "P-ANN", "Patient First Name": "Ann", "Patient Last Name": "Lee", "Patient Full Name": "Ann Lee",
        "DOS": "03/01/2026", "DOB": "05/04/1960", "Age": 65, "Gender": "F", "Phone Cell": "(555) 123-0001",
        "Phone Home": "(555) 123-0002", "Provider Type": "MD", "Guarantor": "Self", "Language": "Spanish", "CHPW": "Y",
        "Payer Type": "Medicare", "Ethnicity": "Not Hispanic", "Race": "Asian", "MRN": "MRN-77",
        "Visit Purpose": "New",
        "Provider Required": 3, "Provider Completed": 2, "Provider Remaining": 1,
        "Site Required": 1, "Site Completed": 1, "Site Remaining": 0,
        "Department Required": "", "Department Completed": 2, "Department Remaining": "",
        "Provider Encounters": 3, "Site Encounters": 2, "Department Encounters": 3,
        "Provider Last Encounter": "03/02/2026", "Site Last Encounter": "03/02/2026",
        "Department Last Encounter": "03/02/2026",
        "Patient Encounters": 2, "Survey Completed Date/Time": "03/02/2026 09:10:00 AM", "QA Removal": "No",
        "Call Duration": "00:10:00", "Escalated": "Yes", "Attempts": 2, "Question 7": "70"}
    bo, partial, qa = rows[1], rows[2], rows[3]
    assert (bo["Site"], bo["Site Required"], bo["Site Completed"], bo["Site Remaining"], bo["Site Encounters"],
            bo["Site Last Encounter"]) == ("South", "", 1, "", 1, "02/27/2026")
    assert (bo["Escalated"], bo["Attempts"], bo["Patient Encounters"], bo["Call Duration"]) == ("No", 1, 1, "00:03:00")
    assert (partial["Survey Status"], partial["Survey Completed Date/Time"], partial["Visit Purpose"]) == (
        "Partial", "", "")
    # the undone roster's visit still names its patient, but is no encounter of its cells
    assert (qa["QA Removal"], qa["UniqueId"], qa["Provider Completed"]) == ("Yes", "P-CY", 2)
    csv = client.post(f"{URL}/report", headers=h(tokens), json={"id": sr, "from": "2026-03-02", "to": "2026-03-02",
                                                                "format": "csv"})
    lines = csv.content.decode("utf-8-sig").split("\r\n")
    assert lines[0].split(",") == CATALOGUE + ["Question 7"] and lines[1].startswith("1,Acme Health,Clinic Zeta,")
    assert ',(555) 123-0001,(555) 123-0002,' in lines[1]  # phones as every screen shows them (platform spec §2.7)


def test_a_call_whose_visit_is_not_known_exports_empty_patient_columns(client, tokens, world):
    call(client, 6, 1, SV, "2026-03-02T19:00:00Z", 2, visitId=999, provider="Dr A")
    sr = saved(client, tokens, ["Call Id", "UniqueId", "Patient Encounters", "Provider Completed", "Attempts"])
    rows = client.post(f"{URL}/report", headers=h(tokens), json={"id": sr, "from": "2026-03-02", "to": "2026-03-02"}
                       ).json()["data"]["surveyData"]
    assert rows[-1] == {"Call Id": 6, "UniqueId": "", "Patient Encounters": "", "Provider Completed": 2, "Attempts": 1}


# --- the PHI access audit, access and bad input -----------------------------------------------------------------

def audit_rows(client, tokens):
    r = client.get("/api/phi-audit/reporting", headers=h(tokens, Role.ADMIN))
    assert r.status_code == 200, r.text
    return r.json()["rows"]


def test_every_download_is_audited_without_patient_data(client, tokens, world):
    sr = saved(client, tokens, CATALOGUE, Role.PROJECT_MANAGER, PM1)
    r = client.post(f"{URL}/report", headers=h(tokens, Role.PROJECT_MANAGER, PM1),
                    json={"id": sr, "from": "2026-03-02", "to": "2026-03-02", "format": "csv"})
    assert r.status_code == 200
    (row,) = audit_rows(client, tokens)
    assert (row["action"], row["userId"], row["userRole"], row["service"]) == (
        "client_report.export", PM1, int(Role.PROJECT_MANAGER), "reporting")
    assert row["export"] == (f"client report {sr}, project 1, from 2026-03-02, to 2026-03-02, onlySr false, 4 rows, "
                             "with patient columns")
    assert row["patient"] is None and row["visitId"] is None
    text = repr(row)
    for phi in ("Ann", "Lee", "P-ANN", "MRN-77", "555123", "1960", "Medicare"):
        assert phi not in text
    # an export without patient columns is audited too (comments and answers can identify a patient)
    plain = saved(client, tokens, ["Call Id", "Negative Comment"])
    client.post(f"{URL}/report", headers=h(tokens), json={"id": plain, "from": "2026-03-02", "to": "2026-03-02"})
    assert audit_rows(client, tokens)[0]["export"].endswith("without patient columns")


def test_another_managers_export_is_refused_and_not_audited(client, tokens, world):
    sr = saved(client, tokens, CATALOGUE)
    r = client.post(f"{URL}/report", headers=h(tokens, Role.PROJECT_MANAGER, PM2), json={"id": sr})
    assert (r.status_code, r.json()["message"]) == (404, f"id: export {sr} not found")
    assert client.post(f"{URL}/report", headers=h(tokens, Role.SURVEYOR, SV), json={"id": sr}).status_code == 403
    assert audit_rows(client, tokens) == []


@pytest.mark.parametrize("body, status, field", [
    ({"id": "x"}, 422, "id"), ({"id": 2**40}, 422, "id"), ({}, 422, "id"), ({"id": 1, "from": "03/02/2026"}, 422, "from"),
    ({"id": 1, "from": "2026-03-03", "to": "2026-03-02"}, 400, "from"),
    ({"id": 1, "from": "2025-01-01", "to": "2026-03-02"}, 400, "from"), ({"id": 1, "format": "xlsx"}, 422, "format"),
    ({"id": 424242}, 404, "id")])
def test_bad_input_is_a_4xx_naming_the_field(client, tokens, body, status, field):
    project(client, 1, PM1, "10.00")
    saved(client, tokens, ["Call Id"])  # id 1
    r = client.post(f"{URL}/report", headers=h(tokens), json=body)
    assert r.status_code == status, r.text
    assert field in r.text
    assert audit_rows(client, tokens) == []


def test_patient_phones_read_as_the_screens_show_them():
    from kit.phones import format_phone  # what the report's rows use
    assert [format_phone(p) or "" for p in ("3125550123", "5551230001", "+919876543210", "12345", None, "")] == [
        "(312) 555-0123", "(555) 123-0001", "+91 98765 43210", "12345", "", ""]
