"""CIMR roles see no earnings: a CIMR Manager reads projects without rates, fees and modifiers; nor do Quality and
Comment Cleaners, whose screens show none of it. Those who set projects up read them."""

from kit.auth import Role
from projects_support import ADMIN, CIMR_MANAGER, OPS, project_body

MONEY = ("billableRate", "paymentRate", "billingModifier", "paymentModifier", "perReportingPeriodFee",
         "powerBiFee", "pmFee", "lineItems")


def test_cimr_manager_reads_projects_without_money(api, tokens):
    a = tokens.headers(Role.ADMIN, ADMIN)
    pid = api.post("/api/projects", json=project_body(), headers=a).json()["data"]["id"]
    cimr = tokens.headers(Role.CIMR_MANAGER, CIMR_MANAGER)
    detail = api.get(f"/api/projects/{pid}", headers=cimr)
    assert detail.status_code == 200
    listed = api.get("/api/projects", headers=cimr).json()["rows"]
    assert [r["id"] for r in listed] == [pid]
    for money in MONEY:
        assert money not in detail.json(), money
        assert money not in listed[0], money
    # Operations still read them
    ops = tokens.headers(Role.OPERATIONS, OPS)
    assert api.get(f"/api/projects/{pid}", headers=ops).json()["paymentRate"] is not None


def test_quality_and_comment_cleaners_read_projects_without_money(api, tokens):
    a = tokens.headers(Role.ADMIN, ADMIN)
    pid = api.post("/api/projects", json=project_body(), headers=a).json()["data"]["id"]
    for role, uid in ((Role.QUALITY, 40), (Role.COMMENT_CLEANER, 41)):
        h = tokens.headers(role, uid)
        detail = api.get(f"/api/projects/{pid}", headers=h)
        listed = next(r for r in api.get("/api/projects", headers=h).json()["rows"] if r["id"] == pid)
        assert detail.status_code == 200 and detail.json()["name"] == listed["name"], role
        for money in MONEY:
            assert money not in detail.json() and money not in listed, (role, money)
    assert api.get(f"/api/projects/{pid}", headers=a).json()["billableRate"] is not None  # the Admin still does
