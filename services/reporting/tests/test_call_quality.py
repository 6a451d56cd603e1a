"""GET /api/call-stats/quality: per-surveyor quality figures, scope by role, sorting, paging and bad input."""

from decimal import Decimal

import pytest

from kit.auth import Role
from reporting_testkit import call, feed, project, user

PM1, PM2, SV, SV2, CIMR_SV, CIMR_MGR, OPS, QA = 11, 12, 21, 22, 30, 40, 50, 60
MARCH_2 = {"from": "2026-03-02", "to": "2026-03-02"}


@pytest.fixture
def data(client):
    project(client, 1, PM1, "12.50")
    project(client, 2, PM2, "7.25")
    user(client, SV, 3, firstName="Sam", lastName="Surveyor")
    user(client, SV2, 3, firstName="Maria", lastName="Lopez")
    user(client, CIMR_SV, 7, cimr_manager_ids=[CIMR_MGR], firstName="Chris", lastName="Contractor")
    # Monday 2 March 2026 (CST): SV has a 12-minute and a 2-minute survey, a partial, a refusal, a Do Not Call
    # and a no-answer; the 2-minute one is removed by Quality and escalated
    call(client, 1, 1, SV, "2026-03-02T15:00:00Z", 12)
    call(client, 2, 1, SV, "2026-03-02T15:20:00Z", 2, isQARemoval=True)
    call(client, 3, 1, SV, "2026-03-02T15:30:00Z", 8, partial=True)
    call(client, 4, 1, SV, "2026-03-02T15:40:00Z", 1, result=3, partial=True)
    call(client, 5, 1, SV, "2026-03-02T15:45:00Z", 1, result=2, partial=True)
    call(client, 6, 1, SV, "2026-03-02T15:50:00Z", 1, result=4, partial=True)
    feed(client, "calling.escalation.created", {"id": 900, "callId": 2, "projectId": 1, "surveyorId": SV,
                                                "surveyedOn": "2026-03-02T15:22:00Z"})
    call(client, 7, 2, SV2, "2026-03-02T16:00:00Z", 10)             # project 2 (PM2)
    call(client, 8, 1, CIMR_SV, "2026-03-02T17:00:00Z", 4)
    call(client, 9, 1, SV, "2026-03-04T15:00:00Z", 9)               # Wednesday
    feed(client, "calling.call.started", {"callId": 10, "projectId": 1, "visitId": 100, "surveyorId": SV,
                                          "callStart": "2026-03-02T18:00:00Z"})  # no result: not an attempt


def quality(client, tokens, role, uid, **params):
    return client.get("/api/call-stats/quality", headers=tokens.headers(role, uid), params=params)


def by_id(body: dict) -> dict:
    return {r["surveyorId"]: r for r in body["rows"]}


def test_figures_per_surveyor_and_totals(client, tokens, data):
    r = quality(client, tokens, Role.OPERATIONS, OPS, **MARCH_2)
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["from"], body["to"], body["shortSurveyMinutes"], body["count"]) == ("2026-03-02", "2026-03-02", 3, 3)
    sam = by_id(body)[SV]
    assert sam["surveyorName"] == "Sam Surveyor"
    assert {k: v for k, v in sam.items() if k not in ("surveyorId", "surveyorName")} == {
        "attempts": 6, "surveys": 2, "completionRate": 0.33, "averageSurveyLength": 7.0, "shortSurveys": 1,
        "shortSurveyShare": 0.5, "partials": 1, "refusals": 2, "qaRemovals": 1, "escalations": 1}
    assert "email" not in sam and "phoneNumber" not in sam
    t = body["totals"]
    assert (t["attempts"], t["surveys"], t["shortSurveys"], t["qaRemovals"], t["escalations"]) == (8, 4, 1, 1, 1)
    assert Decimal(str(t["averageSurveyLength"])) == Decimal("7.00")  # (12 + 2 + 10 + 4) / 4 minutes
    assert Decimal(str(t["shortSurveyShare"])) == Decimal("0.25")


def test_later_events_move_the_figures(client, tokens, data):
    # Quality restores the call (a new completed state) and the escalation is resolved: still counted as raised
    call(client, 2, 1, SV, "2026-03-02T15:20:00Z", 2, isQARemoval=False)
    feed(client, "calling.escalation.resolved", {"id": 900, "projectId": 1})
    feed(client, "calling.escalation.resolved", {"id": 901, "projectId": 1})  # raised before reporting heard
    sam = by_id(quality(client, tokens, Role.QUALITY, QA, **MARCH_2).json())[SV]
    assert (sam["qaRemovals"], sam["escalations"]) == (0, 1)


def test_scope_by_role(client, tokens, data):
    own = quality(client, tokens, Role.SURVEYOR, SV, **MARCH_2).json()
    assert [r["surveyorId"] for r in own["rows"]] == [SV]
    assert quality(client, tokens, Role.SURVEYOR, SV, surveyorId=SV2).status_code == 403
    pm = quality(client, tokens, Role.PROJECT_MANAGER, PM1, **MARCH_2).json()
    assert sorted(by_id(pm)) == [SV, CIMR_SV]  # project 1 only
    assert quality(client, tokens, Role.PROJECT_MANAGER, PM1, projectId=2).status_code == 404
    cimr = quality(client, tokens, Role.CIMR_MANAGER, CIMR_MGR, managerId=CIMR_MGR, **MARCH_2).json()
    assert [r["surveyorId"] for r in cimr["rows"]] == [CIMR_SV]
    ops = quality(client, tokens, Role.OPERATIONS, OPS, projectId=2, **MARCH_2).json()
    assert [r["surveyorId"] for r in ops["rows"]] == [SV2]


def test_sorting_and_paging(client, tokens, data):
    names = [r["surveyorName"] for r in quality(client, tokens, Role.OPERATIONS, OPS, **MARCH_2).json()["rows"]]
    assert names == ["Chris Contractor", "Maria Lopez", "Sam Surveyor"]
    r = quality(client, tokens, Role.OPERATIONS, OPS, orderBy="attempts", orderDir="DESC", limit=2, **MARCH_2).json()
    assert [x["surveyorId"] for x in r["rows"]] == [SV, CIMR_SV] and r["count"] == 3  # ties (1 attempt) by name
    r = quality(client, tokens, Role.OPERATIONS, OPS, orderBy="attempts", orderDir="DESC", skip=2, limit=2, **MARCH_2)
    assert [x["surveyorId"] for x in r.json()["rows"]] == [SV2]
    r = quality(client, tokens, Role.OPERATIONS, OPS, orderBy="surveyorName", orderDir="DESC", **MARCH_2).json()
    assert r["rows"][0]["surveyorName"] == "Sam Surveyor"
    beyond = quality(client, tokens, Role.OPERATIONS, OPS, skip=10_000, **MARCH_2).json()
    assert beyond["rows"] == [] and beyond["count"] == 3


def test_an_empty_range_has_no_rows_and_zero_totals(client, tokens, data):
    body = quality(client, tokens, Role.OPERATIONS, OPS, **{"from": "2026-02-01", "to": "2026-02-07"}).json()
    assert body["rows"] == [] and body["count"] == 0
    assert body["totals"]["attempts"] == 0 and body["totals"]["completionRate"] == 0


@pytest.mark.parametrize("params,status,field", [
    ({"from": "2026-02-30"}, 422, "from"),
    ({"from": "2026-03-05", "to": "2026-03-01"}, 422, "from"),
    ({"from": "2025-01-01", "to": "2026-03-01"}, 422, "from"),
    ({"to": "yesterday"}, 422, "to"),
    ({"projectId": 0}, 422, "projectId"),
    ({"projectId": 2**40}, 422, "projectId"),
    ({"surveyorId": "x"}, 422, "surveyorId"),
    ({"skip": -1}, 422, "skip"),
    ({"skip": 2**64}, 422, "skip"),
    ({"limit": 5001}, 422, "limit"),
    ({"orderBy": "patientName"}, 400, "orderBy"),
    ({"orderDir": "UP"}, 422, "orderDir"),
    ({"projectId": 404}, 404, "projectId"),
])
def test_bad_input_is_a_clear_4xx(client, tokens, data, params, status, field):
    r = quality(client, tokens, Role.OPERATIONS, OPS, **params)
    assert r.status_code == status, r.text
    assert f"{field}:" in r.json()["message"], r.json()
