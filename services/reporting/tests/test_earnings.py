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
    assert earnings(client, tokens, Role.PROJECT_MANAGER, PM2, projectId=1).status_code == 403
    fin = earnings(client, tokens, Role.FINANCE, 5, projectId=1, **rng).json()["data"]["totals"]
    assert (fin["surveys"], D(fin["earnings"])) == (1, D("12.50"))
    for role in (Role.CIMR_SURVEYOR, Role.CIMR_MANAGER, Role.QUALITY, Role.COMMENT_CLEANER):
        assert earnings(client, tokens, role, SV).status_code == 403


def test_rate_change_applies_to_the_figures(client, tokens):
    seed(client)
    feed(client, "projects.project.updated", {"id": 1, "paymentRate": 10})
    d = earnings(client, tokens, Role.OPERATIONS, 1, projectId=1, **{"from": "2026-03-02", "to": "2026-03-08"}).json()
    assert D(d["data"]["totals"]["earnings"]) == D("10.00")
