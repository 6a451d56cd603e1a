"""Escalations: opened by a call result that carries one (once), listed with filters/sort/paging per scope,
detailed with the call log record, resolved with notes; events for projects."""

from sqlalchemy import text

from kit.auth import Role


def data(r):
    assert r.status_code == 200, r.text
    return r.json()["data"]


def _escalated(world, pid, sid, escalation="Patient wants a call back from the clinic", result=3):
    c = data(world.claim(pid, sid))
    body = {"escalation": escalation, "positive": "Nice staff", "negative": "Long wait", "surveyLanguageId": 1}
    data(world.result(c, sid, result, **body))
    return c


def _setup(world):
    pm, pm2 = world.user(Role.PROJECT_MANAGER), world.user(Role.PROJECT_MANAGER)
    p1, p2 = world.project(manager_id=pm, name="Alpha"), world.project(manager_id=pm2, name="Beta")
    s1, s2 = world.user(first="Ann", last="One"), world.user(first="Bob", last="Two")
    for p in (p1, p2):
        for s in (s1, s2):
            world.assign(p, s)
        world.sampling(p)
        world.visits(p, 4)
    return pm, pm2, p1, p2, s1, s2


def _list(world, role, uid, **params):
    r = world.client.get("/api/escalations", headers=world.h(role, uid), params=params)
    assert r.status_code == 200, r.text
    return r.json()


def test_a_result_with_an_escalation_opens_one_once(world):
    pm, _, p1, _, s1, _ = _setup(world)
    c = _escalated(world, p1, s1)
    # an identical resend stores nothing twice
    again = world.result(c, s1, 3, escalation="Patient wants a call back from the clinic", positive="Nice staff",
                         negative="Long wait", surveyLanguageId=1)
    assert again.status_code == 200
    plain = data(world.claim(p1, s1))
    data(world.result(plain, s1, 4, escalation=False))
    none = data(world.claim(p1, s1))
    data(world.result(none, s1, 4, escalation={}))
    body = _list(world, Role.PROJECT_MANAGER, pm)
    assert body["count"] == 1
    row = body["rows"][0]
    assert row["callId"] == c["callId"] and row["status"] is False and row["statusName"] == "Unresolved"
    assert row["notes"] == "Patient wants a call back from the clinic"
    assert row["project"]["name"].startswith("Alpha") and row["surveyor"]["firstName"] == "Ann"
    created = world.events("calling.escalation.created")
    assert [e["callId"] for e in created] == [c["callId"]]
    assert created[0]["projectId"] == p1 and created[0]["surveyorId"] == s1 and created[0]["surveyedOn"].endswith("Z")
    log = data(world.client.get(f"/api/calls-log/{c['callId']}", headers=world.h(Role.OPERATIONS, 1)))
    assert log["escalation"] == {"id": row["id"], "notes": row["notes"], "status": False}


def test_list_filters_sort_page_and_scope(world):
    pm, pm2, p1, p2, s1, s2 = _setup(world)
    e = [_escalated(world, p1, s1), _escalated(world, p1, s2), _escalated(world, p2, s1), _escalated(world, p2, s2)]
    with world.db.session() as s:
        for i, c in enumerate(e):
            s.execute(text("UPDATE escalations SET surveyed_on = :t WHERE call_id = :c"),
                      {"t": f"2026-05-0{i + 1} 15:00:00", "c": c["callId"]})
    ops = (Role.OPERATIONS, 1)
    ids = lambda body: [r["callId"] for r in body["rows"]]  # noqa: E731
    calls = [c["callId"] for c in e]
    assert ids(_list(world, *ops)) == calls[::-1]  # default: surveyedOn descending
    assert ids(_list(world, *ops, orderBy="surveyedOn", orderDir="ASC")) == calls
    assert ids(_list(world, *ops, orderBy="projectId", orderDir="ASC", limit=2)) == calls[:2]
    assert ids(_list(world, *ops, orderBy="surveyorId", orderDir="DESC", skip=1, limit=2)) == [calls[1], calls[2]]
    assert _list(world, *ops, limit=1)["count"] == 4
    assert set(ids(_list(world, *ops, projectId=p2))) == set(calls[2:])
    assert set(ids(_list(world, *ops, surveyorId=s2))) == {calls[1], calls[3]}
    assert set(ids(_list(world, *ops, managerId=pm))) == set(calls[:2])
    assert ids(_list(world, *ops, **{"from": "2026-05-02", "to": "2026-05-03"})) == [calls[2], calls[1]]
    # a PM sees only own projects' escalations, whatever the parameters say
    assert set(ids(_list(world, Role.PROJECT_MANAGER, pm))) == set(calls[:2])
    assert ids(_list(world, Role.PROJECT_MANAGER, pm, projectId=p2)) == []
    assert ids(_list(world, Role.PROJECT_MANAGER, pm, managerId=pm2)) == []
    # status: the Unresolved checkbox
    first = _list(world, *ops, orderBy="surveyedOn", orderDir="ASC", limit=1)["rows"][0]
    data(world.client.put("/api/escalations", headers=world.h(*ops), json={"id": first["id"], "status": True}))
    assert set(ids(_list(world, *ops, status="false"))) == set(calls[1:])
    assert ids(_list(world, *ops, status="true")) == [calls[0]]
    assert ids(_list(world, *ops, orderBy="status", orderDir="DESC", limit=1)) == [calls[0]]
    for params, field in (({"orderBy": "notes"}, "orderBy"), ({"status": "maybe"}, "status"),
                          ({"projectId": 2**64}, "projectId"), ({"from": "May 1"}, "from"), ({"limit": 5001}, "limit"),
                          ({"from": "2026-05-03", "to": "2026-05-01"}, "to")):
        r = world.client.get("/api/escalations", headers=world.h(*ops), params=params)
        assert r.status_code in (400, 422) and field in r.json()["message"], (params, r.text)


def test_detail_and_resolve(world):
    pm, pm2, p1, _, s1, _ = _setup(world)
    c = _escalated(world, p1, s1)
    eid = _list(world, Role.PROJECT_MANAGER, pm)["rows"][0]["id"]
    h = world.h(Role.PROJECT_MANAGER, pm)
    d = data(world.client.get(f"/api/escalations/{eid}", headers=h))
    assert d["log"]["callId"] == c["callId"] and d["log"]["positive"] == "Nice staff" and d["log"]["negative"] == "Long wait"
    assert d["log"]["phoneCell"] and d["project"]["managerId"] == pm and d["status"] is False
    # another PM: not theirs
    other = world.h(Role.PROJECT_MANAGER, pm2)
    assert world.client.get(f"/api/escalations/{eid}", headers=other).status_code == 404
    assert world.client.put("/api/escalations", headers=other, json={"id": eid, "status": True}).status_code == 404
    # notes, then resolve
    r = world.client.put("/api/escalations", headers=h, json={"id": eid, "callHisId": c["callId"], "notes": "Called clinic"})
    assert r.status_code == 200 and r.json()["message"] == "Escalation notes saved"
    assert r.json()["data"]["notes"] == "Called clinic" and world.events("calling.escalation.resolved") == []
    r = world.client.put("/api/escalations", headers=h, json={"id": eid, "status": True})
    assert r.status_code == 200 and r.json()["message"] == "Escalation resolved"
    assert r.json()["data"]["status"] is True and r.json()["data"]["statusName"] == "Resolved"
    assert r.json()["data"]["resolvedAt"]
    assert world.events("calling.escalation.resolved") == [{"id": eid, "projectId": p1}]
    # resolving again is refused (spec §4: Unresolved -> Resolved only), changes nothing and publishes nothing more;
    # reopening is refused
    r = world.client.put("/api/escalations", headers=h, json={"id": eid, "status": True, "notes": "Second try"})
    assert r.status_code == 409 and "already resolved" in r.json()["message"], r.text
    assert data(world.client.get(f"/api/escalations/{eid}", headers=h))["notes"] == "Called clinic"
    assert len(world.events("calling.escalation.resolved")) == 1
    r = world.client.put("/api/escalations", headers=h, json={"id": eid, "status": False})
    assert r.status_code == 409 and "status" in r.json()["message"]
    for body, field in (({"id": eid}, "nothing to change"), ({"id": eid, "notes": "x" * 5001}, "notes"),
                        ({"id": eid, "callHisId": c["callId"] + 1, "notes": "x"}, "callHisId"),
                        ({"id": 2**64, "status": True}, "id"), ({"id": eid, "status": "yes please"}, "status"),
                        ({"id": eid, "status": True, "extra": 1}, "extra")):
        r = world.client.put("/api/escalations", headers=h, json=body)
        assert r.status_code in (400, 422) and field in r.json()["message"], (body, r.text)
    assert world.client.get("/api/escalations/99999999", headers=h).status_code == 404


def test_project_and_surveyor_name_columns_sort_by_the_name_shown(world):
    """The Project Name and Surveyor Name columns of Escalations (and the call log's Project Name and Surveyor) sort
    by the names they show, case-insensitively, both ways: not by ids, which follow creation order."""
    pm = world.user(Role.PROJECT_MANAGER)
    projects = [world.project(manager_id=pm, name=n) for n in ("beta", "Zulu", "Alpha")]
    surveyors = [world.user(first=f, last="Case") for f in ("bob", "Zed", "Amy")]
    for p, s in zip(projects, surveyors):
        world.assign(p, s)
        world.sampling(p)
        world.visits(p, 2)
        _escalated(world, p, s)
    ops = (Role.OPERATIONS, 1)
    for path, key, shown in (("/api/escalations", "projectName", lambda r: r["project"]["name"]),
                             ("/api/escalations", "surveyorName", lambda r: r["surveyor"]["firstName"]),
                             ("/api/calls-log", "projectName", lambda r: r["project"]["name"]),
                             ("/api/calls-log", "surveyorName", lambda r: r["user"]["firstName"])):
        for direction in ("ASC", "DESC"):
            r = world.client.get(path, headers=world.h(*ops), params={"orderBy": key, "orderDir": direction})
            assert r.status_code == 200, (path, key, r.text)
            names = [shown(x) for x in r.json()["rows"]]
            assert len(names) == 3 and names == sorted(names, key=str.lower, reverse=direction == "DESC"), (
                path, key, direction, names)


def test_an_escalation_opened_by_the_interim_save_follows_the_final_save(world):
    """Agreed to Survey is saved at once (an interim save) and again when the survey ends; an escalation the interim
    save opened is dated at the call's result time, as the call log dates the call, and takes the final save's
    notes (they were lost: "once per call" kept the interim's and its time), unless a manager changed them."""
    pm, _, p1, _, s1, _ = _setup(world)
    ops = world.h(Role.OPERATIONS, 1)
    for manager_note in (None, "PM: called the clinic"):
        c = data(world.claim(p1, s1))
        data(world.result(c, s1, 1, partial=True, escalation="first words", surveyLanguageId=1))
        opened = [r for r in _list(world, Role.OPERATIONS, 1, limit=100)["rows"] if r["callId"] == c["callId"]][0]
        if manager_note:
            assert world.client.put("/api/escalations", headers=world.h(Role.PROJECT_MANAGER, pm),
                                    json={"id": opened["id"], "notes": manager_note}).status_code == 200
        data(world.result(c, s1, 1, partial=False, isAgreeComplete=True, escalation="the patient's full complaint",
                          surveyLanguageId=1))
        log = data(world.client.get(f"/api/calls-log/{c['callId']}", headers=ops))
        row = [r for r in _list(world, Role.OPERATIONS, 1, limit=100)["rows"] if r["callId"] == c["callId"]]
        assert len(row) == 1 and row[0]["id"] == opened["id"]
        assert row[0]["surveyedOn"] == log["surveyedOn"] != opened["surveyedOn"]
        assert row[0]["notes"] == (manager_note or "the patient's full complaint")
        announced = [e for e in world.events("calling.escalation.created") if e["id"] == opened["id"]]
        assert announced[-1]["surveyedOn"] == log["surveyedOn"]
