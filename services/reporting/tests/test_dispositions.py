"""AAPOR dispositions and rates against a scenario computed by hand (docs/decisions.md has the mapping)."""

import pytest

from kit.auth import Role
from reporting_testkit import call, feed, project, user

PM1, PM2, SV, SV2, CIMR_MGR = 11, 12, 21, 22, 40
DAY = {"from": "2026-03-02", "to": "2026-03-02"}


@pytest.fixture
def scenario(client):
    project(client, 1, PM1, "10.00", name="Clinic A")
    user(client, SV, 3)
    user(client, SV2, 3)
    north = {"site": "North", "provider": "Dr A"}
    south = {"site": "South", "provider": "Dr A"}
    # (call, visit, surveyor, result, partial, where)
    for call_id, visit, sv, result, partial, where in [
        (1, 1, SV, 4, False, north), (2, 1, SV, 1, False, north),   # V1: no answer then complete -> I
        (3, 2, SV, 3, False, north),                                  # V2: refused -> R
        (4, 3, SV, 1, True, north),                                   # V3: partial -> P
        (5, 4, SV, 4, False, north), (6, 4, SV2, 5, False, north),   # V4: no answer, unavailable -> NC
        (7, 5, SV2, 6, False, north),                                 # V5: scheduled -> O
        (8, 6, SV2, 7, False, south),                                 # V6: incorrect roster -> NE
        (9, 7, SV2, None, False, south),                              # V7: no result, released -> UO
        (10, 8, SV2, None, False, south),                             # V8: no result, open -> UH
        (11, 9, SV2, 2, False, south),                                # V9: do not call -> R
    ]:
        call(client, call_id, 1, sv, f"2026-03-02T{14 + call_id % 8:02d}:00:00Z", 5, result=result, partial=partial,
             visitId=visit, **where)
    feed(client, "calling.call.released", {"callId": 9, "projectId": 1, "visitId": 7})


def disp(client, tokens, role, uid, **params):
    return client.get("/api/call-stats/dispositions", headers=tokens.headers(role, uid), params={**DAY, **params})


def test_by_project_hand_computed(client, tokens, scenario):
    r = disp(client, tokens, Role.OPERATIONS, 1, groupBy="project")
    assert r.status_code == 200, r.text
    (row,) = r.json()["data"]["rows"]
    assert row["name"] == "Clinic A" and row["key"] == "1"
    assert row["counts"] == {"i": 1, "p": 1, "r": 2, "ne": 1, "o": 1, "nc": 1, "uo": 1, "uh": 1}
    # eligible + unknown = (I+P) + (R+NC+O) + (UH+UO) = 2 + 4 + 2 = 8
    assert (row["rr1"], row["rr2"], row["coop1"], row["ref1"], row["con1"]) == (0.125, 0.25, 0.2, 0.25, 0.625)
    assert row["cases"] == 9


def test_by_site_and_surveyor(client, tokens, scenario):
    rows = disp(client, tokens, Role.OPERATIONS, 1, groupBy="site").json()["data"]["rows"]
    north, south = rows
    assert (north["name"], south["name"]) == ("North", "South")
    assert (north["rr1"], north["rr2"], north["coop1"], north["ref1"], north["con1"]) == (0.2, 0.4, 0.25, 0.2, 0.8)
    assert (south["rr1"], south["coop1"], south["ref1"], south["con1"]) == (0.0, 0.0, 0.3333, 0.3333)
    d = disp(client, tokens, Role.OPERATIONS, 1, groupBy="surveyor").json()["data"]
    by = {r["key"]: r for r in d["rows"]}
    assert by[str(SV)]["counts"] == {"i": 1, "p": 1, "r": 1, "ne": 0, "o": 0, "nc": 1, "uo": 0, "uh": 0}
    assert by[str(SV)]["rr1"] == 0.25 and by[str(SV)]["coop1"] == pytest.approx(1 / 3, abs=1e-4)
    assert by[str(SV2)]["counts"] == {"i": 0, "p": 0, "r": 1, "ne": 1, "o": 1, "nc": 1, "uo": 1, "uh": 1}
    assert (by[str(SV2)]["rr1"], by[str(SV2)]["ref1"], by[str(SV2)]["con1"]) == (0.0, 0.2, 0.4)
    provider = disp(client, tokens, Role.OPERATIONS, 1, groupBy="provider").json()["data"]
    assert [r["name"] for r in provider["rows"]] == ["Dr A"] and provider["totals"]["rr1"] == 0.125


def test_scope(client, tokens, scenario):
    own = disp(client, tokens, Role.SURVEYOR, SV, groupBy="project").json()["data"]["rows"][0]
    assert own["counts"]["i"] == 1 and own["counts"]["uh"] == 0 and own["cases"] == 4
    assert disp(client, tokens, Role.SURVEYOR, SV, surveyorId=SV2).status_code == 403
    assert disp(client, tokens, Role.PROJECT_MANAGER, PM1).json()["data"]["totals"]["cases"] == 9
    assert disp(client, tokens, Role.PROJECT_MANAGER, PM2).json()["data"]["rows"] == []
    assert disp(client, tokens, Role.PROJECT_MANAGER, PM2, projectId=1).status_code == 404
    assert disp(client, tokens, Role.CIMR_MANAGER, CIMR_MGR).json()["data"]["rows"] == []
    missing = disp(client, tokens, Role.PROJECT_MANAGER, PM1, projectId=77)
    assert missing.status_code == 404 and "not known to the reporting service yet" in missing.json()["message"]


@pytest.mark.parametrize("params,field", [({"groupBy": "clinic"}, "groupBy"), ({"projectId": 2**40}, "projectId"),
                                          ({"from": "2026-03-05", "to": "2026-03-01"}, "from")])
def test_bad_input(client, tokens, params, field):
    r = disp(client, tokens, Role.OPERATIONS, 1, **params)
    assert r.status_code == 422 and field in r.json()["message"], r.text


def test_rows_by_surveyor_sort_by_name_as_read(client, tokens, scenario):
    """"dee Lane" comes before "Eve Park" (names sort regardless of case)."""
    user(client, SV, 3, firstName="dee", lastName="Lane")
    user(client, SV2, 3, firstName="Eve", lastName="Park")
    rows = disp(client, tokens, Role.OPERATIONS, 1, groupBy="surveyor").json()["data"]["rows"]
    assert [r["name"] for r in rows] == ["dee Lane", "Eve Park"]


def test_a_call_whose_hold_ran_out_is_unknown_other_not_open(client, tokens, scenario):
    """calling.call.expired: the call ended without an outcome (its patient went to another surveyor), like a
    release: UO, no longer UH (an open call) for good."""
    feed(client, "calling.call.expired", {"callId": 10, "projectId": 1, "visitId": 8, "surveyorId": SV2,
                                          "expiredAt": "2026-03-02T20:00:00Z", "attemptCounted": False})
    (row,) = disp(client, tokens, Role.OPERATIONS, 1, groupBy="project").json()["data"]["rows"]
    assert (row["counts"]["uo"], row["counts"]["uh"]) == (2, 0)
    # an expired call that had an interim Agreed result stays what its completed event said (P)
    feed(client, "calling.call.expired", {"callId": 4, "projectId": 1, "visitId": 3, "surveyorId": SV,
                                          "expiredAt": "2026-03-02T20:00:00Z", "attemptCounted": True})
    (row,) = disp(client, tokens, Role.OPERATIONS, 1, groupBy="project").json()["data"]["rows"]
    assert (row["counts"]["p"], row["counts"]["uo"]) == (1, 2)
