from decimal import Decimal

import pytest

from kit.auth import Role
from reporting_testkit import call, feed, project, user

PM1, PM2, SV, SV2, CIMR_SV, CIMR_MGR, OPS = 11, 12, 21, 22, 30, 40, 50


def D(x) -> Decimal:
    return Decimal(str(x))


@pytest.fixture
def data(client):
    project(client, 1, PM1, "12.50")
    project(client, 2, PM2, "7.25")
    user(client, SV, 3)
    user(client, CIMR_SV, 7, cimr_manager_ids=[CIMR_MGR])
    user(client, 31, 7, cimr_manager_ids=[99])
    call(client, 1, 1, SV, "2026-03-02T15:00:00Z", 12)            # Mon 09:00 CST, survey
    call(client, 2, 1, SV, "2026-03-02T16:00:00Z", 6, result=4)   # attempt
    call(client, 3, 2, SV, "2026-03-03T05:30:00Z", 18)            # Mon 23:30 CST, survey on project 2
    call(client, 4, 1, SV, "2026-03-03T15:00:00Z", 30, partial=True)
    call(client, 5, 1, SV, "2026-03-09T15:00:00Z", 24)            # next week (CDT)
    feed(client, "calling.call.started", {"callId": 6, "projectId": 1, "visitId": 60, "surveyorId": SV,
                                          "callStart": "2026-03-02T17:00:00Z"})  # no result yet
    call(client, 7, 2, SV2, "2026-03-02T15:00:00Z", 10)
    call(client, 8, 1, CIMR_SV, "2026-03-02T15:00:00Z", 6)
    call(client, 9, 1, 31, "2026-03-02T15:00:00Z", 6)


def stats(client, tokens, role, uid, **params):
    return client.get("/api/call-stats", headers=tokens.headers(role, uid), params=params)


def nums(row: dict) -> dict:
    return {k: (v if k == "weekOf" else D(v)) for k, v in row.items()}


def test_daily_for_a_surveyor_exact(client, tokens, data):
    r = stats(client, tokens, Role.SURVEYOR, SV, **{"from": "2026-03-02", "to": "2026-03-03"})
    assert r.status_code == 200, r.text
    d = r.json()["data"]
    assert d["frequency"] == 1
    assert [nums(x) for x in d["callStatsData"]] == [
        {"weekOf": "2026-03-02", "attempts": 3, "surveys": 2, "surveys_ig": 2, "completionRate": D("0.6667"),
         "timeInSys": D("0.60"), "agreedTimeInSys_ig": D("0.50"), "surveysPerHour": D("3.33"),
         "averageSurveyLength": D("15.00"), "earnings": D("19.75"), "hourlyEarnings": D("32.92")},
        {"weekOf": "2026-03-03", "attempts": 1, "surveys": 0, "surveys_ig": 1, "completionRate": D("0"),
         "timeInSys": D("0.50"), "agreedTimeInSys_ig": D("0"), "surveysPerHour": D("0"),
         "averageSurveyLength": D("0"), "earnings": D("0"), "hourlyEarnings": D("0")},
    ]
    assert nums(d["totals"]) == {"attempts": 4, "surveys": 2, "surveys_ig": 3, "completionRate": D("0.50"),
                                 "timeInSys": D("1.10"), "agreedTimeInSys_ig": D("0.50"),
                                 "surveysPerHour": D("1.82"), "averageSurveyLength": D("15.00"), "earnings": D("19.75"),
                                 "hourlyEarnings": D("17.95")}
    chart = d["chartData"]
    assert chart["categories"] == ["2026-03-02", "2026-03-03"]
    assert chart["series"][0] == {"name": "Surveys", "type": "bar", "data": [2, 0]}
    assert chart["max"] == 13


def test_weekly_and_monthly(client, tokens, data):
    r = stats(client, tokens, Role.OPERATIONS, OPS, surveyorId=SV, weekly="true", **{"from": "2026-03-02", "to": "2026-03-15"})
    rows = r.json()["data"]["callStatsData"]
    assert [(x["weekOf"], x["attempts"], x["surveys"], D(x["timeInSys"]), D(x["surveysPerHour"]), D(x["earnings"]),
             D(x["hourlyEarnings"])) for x in rows] == [
        ("2026-03-02", 4, 2, D("1.10"), D("1.82"), D("19.75"), D("17.95")),
        ("2026-03-09", 1, 1, D("0.40"), D("2.50"), D("12.50"), D("31.25"))]
    r = stats(client, tokens, Role.OPERATIONS, OPS, surveyorId=SV, monthly="true", **{"from": "2026-02-15", "to": "2026-03-31"})
    rows = r.json()["data"]["callStatsData"]
    assert [(x["weekOf"], x["attempts"], x["surveys"], D(x["completionRate"]), D(x["timeInSys"]), D(x["earnings"]),
             D(x["hourlyEarnings"])) for x in rows] == [
        ("2026-02-01", 0, 0, D("0"), D("0"), D("0"), D("0")),
        ("2026-03-01", 5, 3, D("0.60"), D("1.50"), D("32.25"), D("21.50"))]
    # type=7 is the same as weekly
    assert stats(client, tokens, Role.OPERATIONS, OPS, surveyorId=SV, type=7,
                 **{"from": "2026-03-02", "to": "2026-03-15"}).json()["data"]["frequency"] == 7


def test_surveyor_sees_only_own(client, tokens, data):
    assert stats(client, tokens, Role.SURVEYOR, SV, surveyorId=SV2).status_code == 403
    own = stats(client, tokens, Role.SURVEYOR, SV2, **{"from": "2026-03-02", "to": "2026-03-02"}).json()["data"]
    assert own["totals"]["surveys"] == 1 and D(own["totals"]["earnings"]) == D("7.25")


def test_pm1_naming_pm2_project_gets_the_unknown_project_404_in_stats_earnings_and_pay_stubs(client, tokens, data):
    """PM1 naming PM2's project 2 (call stats, dispositions, call quality, earnings, pay stubs) is answered exactly
    as a project id reporting has never heard of: nothing says the project exists; PM2 reads it."""
    day = {"from": "2026-03-02", "to": "2026-03-02"}
    paths = {"/api/call-stats": day, "/api/call-stats/dispositions": day, "/api/call-stats/quality": day,
             "/api/surveyor-earnings": day, "/api/earnings/surveyor-earnings-pay-stub": {"date": "2026-03-02"}}
    for path, params in paths.items():
        pm1 = tokens.headers(Role.PROJECT_MANAGER, PM1)
        foreign = client.get(path, headers=pm1, params={**params, "projectId": 2})
        absent = client.get(path, headers=pm1, params={**params, "projectId": 404})
        assert foreign.status_code == absent.status_code == 404, (path, foreign.text)
        assert foreign.json()["message"] == absent.json()["message"].replace("404", "2"), path
        assert client.get(path, headers=tokens.headers(Role.PROJECT_MANAGER, PM2),
                          params={**params, "projectId": 2}).status_code == 200, path


def test_project_manager_sees_own_projects_only(client, tokens, data):
    r = stats(client, tokens, Role.PROJECT_MANAGER, PM1, **{"from": "2026-03-02", "to": "2026-03-02"})
    t = r.json()["data"]["totals"]
    # project 1 on 2 March: calls 1, 2 (SV), 8 (CIMR), 9; call 3 and 7 are project 2
    assert (t["attempts"], t["surveys"], D(t["earnings"])) == (4, 3, D("37.50"))
    assert stats(client, tokens, Role.PROJECT_MANAGER, PM1, projectId=2).status_code == 404
    assert stats(client, tokens, Role.PROJECT_MANAGER, PM1, managerId=PM2).status_code == 403
    assert stats(client, tokens, Role.PROJECT_MANAGER, PM1, projectId=404).status_code == 404
    r = stats(client, tokens, Role.PROJECT_MANAGER, PM2, managerId=PM2, surveyorId=SV, **{"from": "2026-03-02", "to": "2026-03-02"})
    assert r.json()["data"]["totals"]["surveys"] == 1  # call 3, on PM2's project
    # Operations filter by manager
    r = stats(client, tokens, Role.OPERATIONS, OPS, managerId=PM2, **{"from": "2026-03-02", "to": "2026-03-02"})
    assert r.json()["data"]["totals"]["surveys"] == 2  # calls 3 and 7


def test_cimr_manager_sees_linked_cimr_surveyors_without_earnings(client, tokens, data):
    r = stats(client, tokens, Role.CIMR_MANAGER, CIMR_MGR, managerId=CIMR_MGR, **{"from": "2026-03-02", "to": "2026-03-02"})
    d = r.json()["data"]
    assert d["totals"]["attempts"] == 1 and d["totals"]["surveys"] == 1
    assert "earnings" not in d["totals"] and "hourlyEarnings" not in d["callStatsData"][0]
    assert stats(client, tokens, Role.CIMR_MANAGER, CIMR_MGR, surveyorId=SV).status_code == 403
    assert stats(client, tokens, Role.CIMR_MANAGER, CIMR_MGR, surveyorId=31).status_code == 403
    own = stats(client, tokens, Role.CIMR_SURVEYOR, CIMR_SV, **{"from": "2026-03-02", "to": "2026-03-02"}).json()["data"]
    assert own["totals"]["surveys"] == 1 and "earnings" not in own["totals"]
    # unlinking (identity update) takes the surveyor away
    feed(client, "identity.user.updated", {"id": CIMR_SV, "role": 7, "cimrManagerIds": []})
    r = stats(client, tokens, Role.CIMR_MANAGER, CIMR_MGR, **{"from": "2026-03-02", "to": "2026-03-02"})
    assert r.json()["data"]["totals"]["attempts"] == 0


@pytest.mark.parametrize("params,field", [
    ({"from": "2026-13-01"}, "from"),
    ({"from": "2026-03-05", "to": "2026-03-01"}, "from"),
    ({"type": 5}, "type"),
    ({"surveyorId": "abc"}, "surveyorId"),
    ({"projectId": 0}, "projectId"),
    ({"from": "2025-01-01", "to": "2026-03-01"}, "from"),
    ({"weekly": "perhaps"}, "weekly"),
])
def test_bad_input_is_422_naming_the_field(client, tokens, params, field):
    r = stats(client, tokens, Role.OPERATIONS, OPS, **params)
    assert r.status_code == 422, r.text
    assert f"{field}:" in r.json()["message"], r.json()


@pytest.mark.parametrize("url", ["/api/call-stats", "/api/surveyor-earnings", "/api/call-stats/dispositions"])
@pytest.mark.parametrize("params,field", [
    ({"from": "9999-12-25", "to": "9999-12-31"}, "from"),
    ({"from": "9998-12-25", "to": "9999-01-01", "type": 7}, "to"),
    ({"to": "9999-12-31", "type": 30}, "to"),
    ({"to": "0001-01-01"}, "to"),
    ({"from": "0001-01-01", "to": "0001-01-02", "type": 7}, "from"),
])
def test_days_at_the_ends_of_the_calendar_are_422_naming_the_field(client, tokens, url, params, field):
    r = client.get(url, headers=tokens.headers(Role.OPERATIONS, OPS), params=params)
    assert r.status_code == 422, r.text
    assert r.json()["message"].startswith(f"{field}: must be a day between the years"), r.json()


def test_empty_range_has_zero_rows_and_default_chart_max(client, tokens):
    d = stats(client, tokens, Role.OPERATIONS, OPS, **{"from": "2026-03-02", "to": "2026-03-04"}).json()["data"]
    assert [x["attempts"] for x in d["callStatsData"]] == [0, 0, 0]
    assert d["chartData"]["max"] == 1000 and D(d["totals"]["hourlyEarnings"]) == 0
