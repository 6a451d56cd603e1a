"""users/surveyors and users/surveyors-info: scope by manager, goals from assignment events, isWeekly applied."""

from datetime import datetime, timedelta
from decimal import Decimal

import pytest

from kit import periods
from kit.auth import Role
from reporting.constants import BUSINESS_TZ
from reporting_testkit import call, feed, project, user

PM1, PM2, SV, SV2, CSV, CIMR_MGR = 11, 12, 21, 22, 30, 40


def assign(client, aid, pid, sv, weekly, period, kind="created"):
    feed(client, f"projects.assignment.{kind}", {"id": aid, "projectId": pid, "surveyorId": sv, "managerId": None,
                                                 "typeId": 0, "priority": 1, "surveyorGoals": weekly,
                                                 "surveyorCompGoals": period})


@pytest.fixture
def team(client):
    project(client, 1, PM1, "12.50", name="Alpha")
    project(client, 2, PM2, "7.25", name="Beta")
    user(client, SV, 3, firstName="Sam", lastName="Vega")
    user(client, SV2, 9, firstName="Kim", lastName="Ode")
    user(client, CSV, 7, cimr_manager_ids=[CIMR_MGR], firstName="Cy", lastName="Mor")
    assign(client, 1, 1, SV, 5, 20)
    assign(client, 2, 2, SV, 3, 12)
    assign(client, 3, 2, SV2, 4, 16)
    today = datetime.now(BUSINESS_TZ).replace(hour=10, minute=0, second=0, microsecond=0)
    start = today.astimezone(tz=None).astimezone(BUSINESS_TZ)
    utc = (start - start.utcoffset()).replace(tzinfo=None)
    call(client, 1, 1, SV, utc.isoformat() + "Z", 10)
    call(client, 2, 2, SV, utc.isoformat() + "Z", 10)
    call(client, 3, 2, SV, utc.isoformat() + "Z", 10, partial=True)   # partial: not a survey
    call(client, 4, 2, SV2, (utc - timedelta(days=40)).isoformat() + "Z", 10)  # outside week and month


def get(client, tokens, role, uid, path="/api/users/surveyors", **params):
    return client.get(path, headers=tokens.headers(role, uid), params=params)


def test_manager_sees_surveyors_of_own_projects_with_goals(client, tokens, team):
    r = get(client, tokens, Role.PROJECT_MANAGER, PM1)
    assert r.status_code == 200, r.text
    d = r.json()
    assert d["count"] == 1 and d["isWeekly"] is True
    (row,) = d["rows"]
    assert (row["id"], row["projectCount"], row["goals"], row["surveys"]) == (SV, 1, 5, 1)
    assert Decimal(str(row["progress"])) == Decimal("0.2") and Decimal(str(row["earnings"])) == Decimal("12.5")
    assert get(client, tokens, Role.PROJECT_MANAGER, PM1, managerId=PM1).json()["count"] == 1
    assert get(client, tokens, Role.PROJECT_MANAGER, PM1, managerId=PM2).status_code == 403
    period = get(client, tokens, Role.PROJECT_MANAGER, PM1, isWeekly="false").json()
    assert period["isWeekly"] is False and period["rows"][0]["goals"] == 20


def test_operations_filters_by_manager_search_and_paging(client, tokens, team):
    everyone = get(client, tokens, Role.OPERATIONS, 1).json()
    assert everyone["count"] == 3
    beta = get(client, tokens, Role.OPERATIONS, 1, managerId=PM2, orderBy="firstName").json()
    assert [r["id"] for r in beta["rows"]] == [SV2, SV]
    sam = [r for r in beta["rows"] if r["id"] == SV][0]
    assert (sam["projectCount"], sam["goals"], sam["surveys"]) == (2, 8, 2)
    assert [r["id"] for r in get(client, tokens, Role.OPERATIONS, 1, search="veg").json()["rows"]] == [SV]
    page = get(client, tokens, Role.OPERATIONS, 1, limit=1, skip=1, orderBy="lastName", orderDir="DESC").json()
    assert page["count"] == 3 and [r["id"] for r in page["rows"]] == [SV2]  # Vega, Ode, Mor
    assert get(client, tokens, Role.OPERATIONS, 1, orderBy="password").status_code == 400
    assert get(client, tokens, Role.OPERATIONS, 1, type=4).status_code == 400


def test_surveyor_names_sort_as_read_and_search_literally(client, tokens, team):
    """The surveyor list sorts names case-insensitively both ways ("de la Cruz" between "Davis" and "Evans"), and
    a search's % and _ are the characters typed, not wildcards matching every surveyor."""
    user(client, 23, 3, firstName="dee", lastName="de la Cruz")
    user(client, 24, 3, firstName="Ann", lastName="evans_x")
    for key in ("firstName", "lastName"):
        for direction in ("ASC", "DESC"):
            rows = get(client, tokens, Role.OPERATIONS, 1, orderBy=key, orderDir=direction).json()["rows"]
            names = [r[key] for r in rows]
            assert len(names) == 5 and names == sorted(names, key=str.lower, reverse=direction == "DESC"), (
                key, direction, names)
    assert get(client, tokens, Role.OPERATIONS, 1, search="%%").json()["count"] == 0
    assert [r["id"] for r in get(client, tokens, Role.OPERATIONS, 1, search="s_x").json()["rows"]] == [24]
    assert get(client, tokens, Role.OPERATIONS, 1, search="n_e").json()["count"] == 0  # not "Ann evans_x"


def test_the_surveyor_dropdowns_sort_names_as_read(client, tokens, team):
    """surveyors-info (the filters' surveyor dropdowns) lists by first then last name regardless of case."""
    user(client, 23, 3, firstName="dee", lastName="de la Cruz")
    user(client, 25, 3, firstName="Dee", lastName="Ames")
    user(client, 24, 3, firstName="ann", lastName="Evans")
    rows = get(client, tokens, Role.OPERATIONS, 1, "/api/users/surveyors-info").json()["data"]
    assert [(r["firstName"], r["lastName"]) for r in rows] == [
        ("ann", "Evans"), ("Cy", "Mor"), ("Dee", "Ames"), ("dee", "de la Cruz"), ("Kim", "Ode"), ("Sam", "Vega")]


def test_cimr_manager_sees_linked_cimr_surveyors_without_earnings(client, tokens, team):
    d = get(client, tokens, Role.CIMR_MANAGER, CIMR_MGR).json()
    assert [(r["id"], r["earnings"]) for r in d["rows"]] == [(CSV, None)]
    assert get(client, tokens, Role.CIMR_MANAGER, CIMR_MGR, managerId=PM1).status_code == 403


def test_surveyor_projects_info(client, tokens, team):
    r = get(client, tokens, Role.OPERATIONS, 1, "/api/users/surveyors-info", surveyorId=SV)
    (info,) = r.json()["data"]
    assert [(p["projectName"], p["goals"], p["surveys"]) for p in info["projects"]] == [("Alpha", 5, 1), ("Beta", 3, 1)]
    one = get(client, tokens, Role.OPERATIONS, 1, "/api/users/surveyors-info", surveyorId=SV, projectId=2,
              isWeekly="false").json()["data"][0]["projects"]
    assert [(p["projectId"], p["goals"], Decimal(str(p["earnings"]))) for p in one] == [(2, 12, Decimal("7.25"))]
    # a manager sees only their projects of that surveyor; a surveyor not theirs is absent
    pm = get(client, tokens, Role.PROJECT_MANAGER, PM1, "/api/users/surveyors-info", surveyorId=SV).json()["data"]
    assert [p["projectId"] for p in pm[0]["projects"]] == [1]
    assert get(client, tokens, Role.PROJECT_MANAGER, PM1, "/api/users/surveyors-info", surveyorId=SV2).json()["data"] == []
    names = get(client, tokens, Role.OPERATIONS, 1, "/api/users/surveyors-info").json()["data"]
    assert sorted(r["id"] for r in names) == [SV, SV2, CSV] and all(r["projects"] == [] for r in names)
    # an unassignment takes the project away
    assign(client, 1, 1, SV, 5, 20, kind="deleted")
    assert get(client, tokens, Role.PROJECT_MANAGER, PM1).json()["count"] == 0


def test_reporting_period_is_each_projects_own(client, tokens, team):
    """isWeekly=false counts each project's surveys in its own reporting period (start + k x frequency months, as
    projects and calling's progress chart take it), not in the calendar month."""
    today = periods.business_today()
    start = periods.add_months(today, -2)
    feed(client, "projects.project.updated", {"id": 2, "startDate": start.isoformat(), "reportFreqId": 3})
    lo, hi = periods.reporting_period(start, 3, today)
    info = get(client, tokens, Role.OPERATIONS, 1, "/api/users/surveyors-info", surveyorId=SV2,
               isWeekly="false").json()
    assert info["periodStart"] is None and info["periodEnd"] is None
    (beta,) = info["data"][0]["projects"]
    # the survey of 40 days ago is in Beta's quarter, which began two months ago
    assert (beta["periodStart"], beta["periodEnd"]) == (lo.isoformat(), (hi - timedelta(days=1)).isoformat())
    assert (beta["surveys"], beta["goals"]) == (1, 16) and Decimal(str(beta["progress"])) == Decimal("0.0625")
    row = [r for r in get(client, tokens, Role.OPERATIONS, 1, isWeekly="false").json()["rows"] if r["id"] == SV2][0]
    assert row["surveys"] == 1
    # Alpha has no start date here yet: its period reads as the calendar month; the week is Monday to Sunday
    sam = get(client, tokens, Role.OPERATIONS, 1, "/api/users/surveyors-info", surveyorId=SV, projectId=1,
              isWeekly="false").json()["data"][0]["projects"][0]
    assert sam["periodStart"] == today.replace(day=1).isoformat() and sam["surveys"] == 1
    week = get(client, tokens, Role.OPERATIONS, 1).json()
    monday = periods.week_start(today)
    assert (week["periodStart"], week["periodEnd"]) == (monday.isoformat(), (monday + timedelta(days=6)).isoformat())


def test_weekly_goal_is_the_current_weeks_own(client, tokens, team):
    """The weekly goal is the latest history week starting on or before today, else the assignment's goal."""
    monday = periods.week_start(periods.business_today())

    def goals():
        (alpha,) = get(client, tokens, Role.OPERATIONS, 1, "/api/users/surveyors-info", surveyorId=SV,
                       projectId=1).json()["data"][0]["projects"]
        return alpha["goals"], Decimal(str(alpha["progress"]))

    assert goals() == (5, Decimal("0.2"))
    weeks = [{"weekDate": (monday - timedelta(days=7)).isoformat(), "weekGoals": 3, "weekCompGoals": 0},
             {"weekDate": (monday + timedelta(days=7)).isoformat(), "weekGoals": 50, "weekCompGoals": 0}]
    feed(client, "projects.assignment.updated", {"id": 1, "projectId": 1, "surveyorId": SV, "managerId": None,
                                                 "typeId": 0, "surveyorGoals": 5, "surveyorCompGoals": 20,
                                                 "weeks": weeks})
    # last week's goal still holds (no week of its own this week); next week's is not yet; 1 of 3 = 33.33%
    assert goals() == (3, Decimal("0.3333"))
    assert get(client, tokens, Role.PROJECT_MANAGER, PM1).json()["rows"][0]["goals"] == 3
    # a goals change without weeks keeps the history
    assign(client, 1, 1, SV, 6, 20, kind="updated")
    assert goals()[0] == 3
    weeks.append({"weekDate": monday.isoformat(), "weekGoals": 8, "weekCompGoals": 0})
    feed(client, "projects.assignment.updated", {"id": 1, "projectId": 1, "surveyorId": SV, "weeks": weeks})
    assert goals() == (8, Decimal("0.125"))
    # the period goal stays the assignment's completion goal
    period = get(client, tokens, Role.OPERATIONS, 1, "/api/users/surveyors-info", surveyorId=SV, projectId=1,
                 isWeekly="false").json()["data"][0]["projects"][0]
    assert period["goals"] == 20
    # the history emptied: the assignment's goal again
    feed(client, "projects.assignment.updated", {"id": 1, "projectId": 1, "surveyorId": SV, "weeks": []})
    assert goals()[0] == 6
