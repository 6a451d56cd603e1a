from decimal import Decimal

from kit.auth import Role
from reporting_testkit import call, feed, project, user

PM1, PM2, SV = 11, 12, 21


def D(x) -> Decimal:
    return Decimal(str(x))


def earnings(client, tokens, role, uid, **params):
    return client.get("/api/surveyor-earnings", headers=tokens.headers(role, uid), params=params)


def seed(client):
    project(client, 1, PM1, "12.50")
    project(client, 2, PM2, "7.25")
    user(client, SV, 3)
    call(client, 1, 1, SV, "2026-03-02T15:00:00Z", 12)
    call(client, 2, 1, SV, "2026-03-02T16:00:00Z", 6, result=4)
    call(client, 3, 2, SV, "2026-03-03T05:30:00Z", 18)
    call(client, 4, 1, SV, "2026-03-03T15:00:00Z", 30, partial=True)
    call(client, 5, 1, SV, "2026-03-09T15:00:00Z", 24)


def test_weekly_default_exact(client, tokens):
    seed(client)
    r = earnings(client, tokens, Role.SURVEYOR, SV, **{"from": "2026-03-02", "to": "2026-03-15"})
    assert r.status_code == 200, r.text
    d = r.json()["data"]
    assert d["frequency"] == 7
    assert [(x["weekOf"], x["surveys"], D(x["earnings"])) for x in d["earningAndCallData"]] == [
        ("2026-03-02", 2, D("19.75")), ("2026-03-09", 1, D("12.50"))]
    assert (d["totals"]["surveys"], D(d["totals"]["earnings"])) == (3, D("32.25"))
    assert D(d["chartData"]["max"]) == D("29.75")


def test_rates_that_do_not_add_up_in_floats(client, tokens):
    project(client, 3, PM1, "0.10")
    for i in range(3):
        call(client, 100 + i, 3, SV, "2026-03-02T15:00:00Z", 1)
    d = earnings(client, tokens, Role.OPERATIONS, 1, **{"from": "2026-03-02", "to": "2026-03-02"})
    assert d.status_code == 200
    assert D(d.json()["data"]["totals"]["earnings"]) == D("0.30")


def test_scope_and_roles(client, tokens):
    seed(client)
    rng = {"from": "2026-03-02", "to": "2026-03-08"}
    assert earnings(client, tokens, Role.SURVEYOR, SV, surveyorId=99).status_code == 403
    pm = earnings(client, tokens, Role.PROJECT_MANAGER, PM2, **rng).json()["data"]["totals"]
    assert (pm["surveys"], D(pm["earnings"])) == (1, D("7.25"))
    assert earnings(client, tokens, Role.PROJECT_MANAGER, PM2, projectId=1).status_code == 404
    fin = earnings(client, tokens, Role.FINANCE, 5, projectId=1, **rng).json()["data"]["totals"]
    assert (fin["surveys"], D(fin["earnings"])) == (1, D("12.50"))
    for role in (Role.CIMR_SURVEYOR, Role.CIMR_MANAGER, Role.QUALITY, Role.COMMENT_CLEANER):
        assert earnings(client, tokens, role, SV).status_code == 403


def test_rate_change_applies_to_the_figures(client, tokens):
    seed(client)
    feed(client, "projects.project.updated", {"id": 1, "paymentRate": 10})
    d = earnings(client, tokens, Role.OPERATIONS, 1, projectId=1, **{"from": "2026-03-02", "to": "2026-03-08"}).json()
    assert D(d["data"]["totals"]["earnings"]) == D("10.00")


def stub(client, tokens, role, uid, **params):
    return client.get("/api/earnings/surveyor-earnings-pay-stub", headers=tokens.headers(role, uid), params=params)


def test_pay_stub_weekly_exact(client, tokens):
    seed(client)
    r = stub(client, tokens, Role.SURVEYOR, SV, date="2026-03-04")  # any day of the week: the week of 2 March
    assert r.status_code == 200, r.text
    (s,) = r.json()["data"]
    assert (s["surveyorName"], s["surveyorCid"], s["invoiceDate"], s["invoiceId"]) == (
        "F L", "C21", "2026-03-03", "C2103032026")  # invoice date = week start + 1 day; id = cid + MMDDYYYY
    assert (s["periodStart"], s["periodEnd"], s["totalQty"], D(s["totalEarnings"])) == (
        "2026-03-02", "2026-03-08", 2, D("19.75"))
    assert [(p["projectId"], p["languageId"], p["language"], p["projectAcronym"], p["QTY"], D(p["unitPrice"]),
             D(p["totalEarnings"])) for p in s["projects"]] == [(1, 1, "English", "Project", 1, D("12.50"), D("12.50")),
                                                                (2, 1, "English", "Project", 1, D("7.25"), D("7.25"))]


def test_a_row_is_its_whole_period_as_its_pay_stub_when_from_falls_mid_period(client, tokens):
    seed(client)
    # the default range starts on the weekday four weeks back: here a Wednesday; the row "Week Of 2 March" counts
    # Monday 2 March too, and equals the pay stub its Details opens
    d = earnings(client, tokens, Role.SURVEYOR, SV, **{"from": "2026-03-04", "to": "2026-03-10"}).json()["data"]
    assert [(x["weekOf"], x["surveys"], D(x["earnings"])) for x in d["earningAndCallData"]] == [
        ("2026-03-02", 2, D("19.75")), ("2026-03-09", 1, D("12.50"))]
    for row in d["earningAndCallData"]:
        (s,) = stub(client, tokens, Role.SURVEYOR, SV, date=row["weekOf"]).json()["data"]
        assert (s["totalQty"], D(s["totalEarnings"])) == (row["surveys"], D(row["earnings"]))
    month = earnings(client, tokens, Role.SURVEYOR, SV, monthly="true", **{"from": "2026-03-05", "to": "2026-03-06"})
    assert [(x["weekOf"], x["surveys"]) for x in month.json()["data"]["earningAndCallData"]] == [("2026-03-01", 3)]
    stats = client.get("/api/call-stats", headers=tokens.headers(Role.SURVEYOR, SV),
                       params={"from": "2026-03-03", "to": "2026-03-03", "type": 7}).json()["data"]
    assert [(x["weekOf"], x["attempts"], x["surveys"]) for x in stats["callStatsData"]] == [("2026-03-02", 4, 2)]


def test_pay_stub_daily_takes_the_days_in_tz(client, tokens):
    seed(client)
    chicago = stub(client, tokens, Role.OPERATIONS, 1, date="2026-03-02", frequency=1, surveyorId=SV).json()["data"]
    assert chicago[0]["totalQty"] == 2  # call 3 is 23:30 on 2 March in Chicago
    utc = stub(client, tokens, Role.OPERATIONS, 1, date="2026-03-02", frequency=1, surveyorId=SV, tz="UTC").json()
    assert utc["data"][0]["totalQty"] == 1 and utc["data"][0]["invoiceDate"] == "2026-03-03"
    monthly = stub(client, tokens, Role.OPERATIONS, 1, date="2026-03-20", frequency=30).json()["data"]
    assert (monthly[0]["periodStart"], monthly[0]["periodEnd"], monthly[0]["totalQty"]) == ("2026-03-01", "2026-03-31", 3)


def test_pay_stub_scope_and_bad_input(client, tokens):
    seed(client)
    assert stub(client, tokens, Role.SURVEYOR, SV, date="2026-03-02", surveyorId=99).status_code == 403
    pm = stub(client, tokens, Role.PROJECT_MANAGER, PM2, date="2026-03-02").json()["data"]
    assert [p["projectId"] for p in pm[0]["projects"]] == [2]
    assert stub(client, tokens, Role.CIMR_MANAGER, 40, date="2026-03-02").status_code == 403
    for params, field in (({"date": "x"}, "date"), ({}, "date"), ({"date": "2026-03-02", "frequency": 5}, "frequency"),
                          ({"date": "2026-03-02", "tz": "Mars/Base"}, "tz"),
                          ({"date": "9999-12-31", "frequency": 30}, "date"), ({"date": "9999-12-31", "frequency": 7}, "date"),
                          # year 1 overflowed further on: named, not the kit's "a number must be an integer ..."
                          ({"date": "0001-01-01", "frequency": 1}, "date"), ({"date": "0001-01-03", "frequency": 7}, "date")):
        r = stub(client, tokens, Role.OPERATIONS, 1, **params)
        assert r.status_code == 422 and field in r.json()["message"], r.text
