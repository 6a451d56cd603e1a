"""Which business day and week a call counts in (spec §9: business time zone America/Chicago): the day its result
was recorded (`surveyedOn`) on the Chicago calendar, as the call log's range, Project Details, My Projects and the
progress chart count it, so a call that runs past midnight counts on one day on every screen."""

from decimal import Decimal

from kit.auth import Role
from reporting_testkit import call, project, user

PM, SV, OPS = 11, 21, 50


def _data(client):
    project(client, 1, PM, "4.00")
    user(client, SV, 3, cid="SV-9")
    call(client, 1, 1, SV, "2026-11-23T05:30:00Z", 10)  # Sun 11/22 23:30 CST (Mon 05:30 UTC), done 23:40: Sunday
    call(client, 2, 1, SV, "2026-11-23T05:50:00Z", 20)  # Sun 23:50 CST, result Mon 11/23 00:10 CST: Monday
    call(client, 3, 1, SV, "2026-11-01T05:30:00Z", 5)   # Sun 11/01 00:30 CDT (the night DST ends): Nov 1
    call(client, 4, 1, SV, "2026-11-02T05:30:00Z", 5)   # Sun 11/01 23:30 CST (UTC-6 now): still Nov 1


def test_a_call_counts_on_the_chicago_day_its_result_was_recorded(client, tokens):
    _data(client)
    h = tokens.headers(Role.OPERATIONS, OPS)
    daily = client.get("/api/call-stats", headers=h, params={"from": "2026-10-31", "to": "2026-11-23", "type": 1})
    assert daily.status_code == 200, daily.text
    by_day = {r["weekOf"]: r["surveys"] for r in daily.json()["data"]["callStatsData"] if r["surveys"]}
    assert by_day == {"2026-11-01": 2, "2026-11-22": 1, "2026-11-23": 1}

    weekly = client.get("/api/surveyor-earnings", headers=h, params={"from": "2026-10-26", "to": "2026-11-29"})
    rows = {r["weekOf"]: (r["surveys"], Decimal(str(r["earnings"]))) for r in weekly.json()["data"]["earningAndCallData"]}
    assert rows["2026-10-26"] == (2, Decimal("8.00"))   # the DST night's two calls: the week of Mon 10/26
    assert rows["2026-11-16"] == (1, Decimal("4.00"))   # Sunday 23:30 Chicago is the week before Monday
    assert rows["2026-11-23"] == (1, Decimal("4.00"))   # the call whose result came after midnight

    # the Details of a week (its pay stub) holds the same calls as the week's row
    for day, qty in (("2026-11-23", 1), ("2026-11-22", 1), ("2026-11-01", 2)):
        stub = client.get("/api/earnings/surveyor-earnings-pay-stub", headers=h, params={"date": day, "frequency": 7})
        assert stub.status_code == 200, stub.text
        assert [s["totalQty"] for s in stub.json()["data"]] == [qty], day
