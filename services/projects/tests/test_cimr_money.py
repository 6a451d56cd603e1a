"""CIMR roles see no earnings: a CIMR Manager reads projects without rates, fees and modifiers."""

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
