from kit.auth import Role

from calling_testkit import CIMR_SURVEYOR


def data(r):
    assert r.status_code == 200, r.text
    return r.json()["data"]


def _call(world, pid, sid, result=4, role=Role.SURVEYOR):
    c = data(world.claim(pid, sid, role=role))
    data(world.result(c, sid, result, partial=result != 1, role=role, surveyLanguageId=1))
    return c["callId"]


def test_call_log_scopes_and_fields(world):
    pm, pm2 = world.user(Role.PROJECT_MANAGER), world.user(Role.PROJECT_MANAGER)
    cimr_mgr = world.user(Role.CIMR_MANAGER)
    p1, p2 = world.project(manager_id=pm), world.project(manager_id=pm2)
    s1 = world.user(first="Ann", last="One")
    s2 = world.user(role=CIMR_SURVEYOR, cimr_manager_ids=[cimr_mgr])
    for p in (p1, p2):
        world.assign(p, s1)
        world.assign(p, s2)
        world.sampling(p)
        world.visits(p, 5)
    c1 = _call(world, p1, s1, result=1)
    c2 = _call(world, p2, s1)
    c3 = _call(world, p1, s2, role=CIMR_SURVEYOR)

    def ids(role, uid, **params):
        r = world.client.get("/api/calls-log", headers=world.h(role, uid), params={"limit": 100, **params})
        assert r.status_code == 200, r.text
        return {row["callId"] for row in r.json()["rows"]}, r.json()

    assert ids(Role.OPERATIONS, 1)[0] == {c1, c2, c3}
    assert ids(Role.QUALITY, 2)[0] == {c1, c2, c3}
    assert ids(Role.ADMIN, 3)[0] == {c1, c2, c3}
    assert ids(Role.PROJECT_MANAGER, pm)[0] == {c1, c3}
    assert ids(Role.PROJECT_MANAGER, pm2)[0] == {c2}
    assert ids(Role.CIMR_MANAGER, cimr_mgr)[0] == {c3}
    assert ids(Role.SURVEYOR, s1)[0] == {c1, c2}
    assert ids(Role.SURVEYOR, s1, surveyorId=s1)[0] == {c1, c2}
    # another surveyor's calls are refused, as reporting's call stats refuse them (not an empty log)
    r = world.client.get("/api/calls-log", headers=world.h(Role.SURVEYOR, s1), params={"surveyorId": s2})
    assert r.status_code == 403 and r.json()["message"] == "surveyorId: you can only see your own calls"
    assert ids(Role.OPERATIONS, 1, managerId=pm2)[0] == {c2}
    assert ids(Role.OPERATIONS, 1, isComplete="true")[0] == {c1}
    assert ids(Role.OPERATIONS, 1, responseType=4, projectId=p2)[0] == {c2}
    got, body = ids(Role.OPERATIONS, 1, orderBy="callId", orderDir="DESC")
    assert [r["callId"] for r in body["rows"]] == sorted(got, reverse=True) and body["count"] == 3
    row = next(r for r in body["rows"] if r["callId"] == c1)
    for key in ("id", "callId", "projectId", "result", "isPartial", "surveyLanguageId", "surveyedOn", "surveyCompletedOn",
                "patientFirstName", "patientLastName", "patientFullName", "phoneCell", "phoneHome", "dos", "dob", "age",
                "gender", "providerName", "siteName", "departmentName", "language", "attempts", "user", "project"):
        assert key in row, key
    assert row["user"]["firstName"] == "Ann" and row["project"]["id"] == p1 and row["language"] == "English"
    phone = row["phoneCell"]
    assert c1 in ids(Role.OPERATIONS, 1, searchPhone=phone[-6:])[0]
    today_ids, _ = ids(Role.OPERATIONS, 1, **{"from": "2000-01-01", "to": "2100-01-01", "tz": "America/Chicago"})
    assert today_ids == {c1, c2, c3}
    assert world.client.get("/api/calls-log", headers=world.h(Role.OPERATIONS, 1), params={"tz": "Mars/Base"}).status_code == 400
    assert world.client.get("/api/calls-log", headers=world.h(Role.OPERATIONS, 1), params={"orderBy": "nope"}).status_code == 400

    # one call: own vs foreign
    assert world.client.get(f"/api/calls-log/{c1}", headers=world.h(Role.PROJECT_MANAGER, pm)).status_code == 200
    assert world.client.get(f"/api/calls-log/{c2}", headers=world.h(Role.PROJECT_MANAGER, pm)).status_code == 404
    assert world.client.get(f"/api/calls-log/{c3}", headers=world.h(Role.SURVEYOR, s1)).status_code == 404
    assert world.client.get(f"/api/calls-log/{c3}", headers=world.h(Role.CIMR_MANAGER, cimr_mgr)).status_code == 200
    assert world.client.get(f"/api/calls-log/{c1}", headers=world.h(Role.CIMR_MANAGER, cimr_mgr)).status_code == 404
    assert world.client.get(f"/api/calls-log/{c1}", headers=world.h(Role.FINANCE, 9)).status_code == 403
    assert world.client.get("/api/calls-log").status_code == 401


def test_call_log_pages_with_skip_and_limit_and_counts_all_matches(world):
    pid, sid = world.setup(7)
    calls = [_call(world, pid, sid, result=1 if i in (1, 4) else 4) for i in range(7)]
    ops = world.h(Role.OPERATIONS, 1)

    def page(**params):
        r = world.client.get("/api/calls-log", headers=ops, params={"projectId": pid, **params})
        assert r.status_code == 200, r.text
        body = r.json()
        return [row["callId"] for row in body["rows"]], body["count"]

    # default order: newest first; pages of 3 tile the whole log, and count is every match, not the page size
    pages = [page(skip=skip, limit=3) for skip in (0, 3, 6, 9)]
    assert [len(ids) for ids, _ in pages] == [3, 3, 1, 0] and {n for _, n in pages} == {7}
    assert [c for ids, _ in pages for c in ids] == sorted(calls, reverse=True)
    # an explicit order pages the same way
    asc = [c for skip in (0, 2, 4, 6) for c in page(skip=skip, limit=2, orderBy="callId", orderDir="ASC")[0]]
    assert asc == sorted(calls)
    assert page(skip=1, limit=1, orderBy="callId", orderDir="desc") == ([sorted(calls)[-2]], 7)
    # the default limit is 10, and count follows the filters, not the page
    assert page() == (sorted(calls, reverse=True), 7)
    assert page(isComplete="true", limit=1) == ([calls[4]], 2)
    assert page(isComplete="true", skip=1, limit=1) == ([calls[1]], 2)
    for bad, field in (({"skip": -1}, "skip"), ({"limit": 0}, "limit"), ({"limit": 5001}, "limit"),
                       ({"orderBy": "patientSecret"}, "orderBy"), ({"orderDir": "UP"}, "orderDir")):
        r = world.client.get("/api/calls-log", headers=ops, params=bad)
        assert r.status_code in (400, 422) and field in r.json()["message"], (bad, r.text)


def test_the_count_is_exact_up_to_its_bound_past_the_page_and_says_when_it_is_not(world, monkeypatch):
    from calling.call_log import repository

    monkeypatch.setattr(repository, "COUNT_PAST_PAGE", 2)
    p, s = world.project(), world.user()
    world.assign(p, s)
    world.sampling(p)
    world.visits(p, 6)
    made = [_call(world, p, s) for _ in range(6)]

    def page(**params):
        r = world.client.get("/api/calls-log", headers=world.h(Role.OPERATIONS, 1), params=params)
        assert r.status_code == 200, r.text
        return r.json()

    first = page(limit=1)  # counted up to 1 + 2 rows past the page: more than that is a lower bound
    assert (first["count"], first["countIsExact"]) == (4, False)
    assert [r["callId"] for r in first["rows"]] == [max(made)]  # newest first
    last = page(limit=1, skip=3)  # the bound moves with the page: now every call is counted
    assert (last["count"], last["countIsExact"]) == (6, True)
    assert page(limit=10)["countIsExact"] is True and page(limit=10)["count"] == 6
    deep = page(limit=1, skip=4)  # past COUNT_PAST_PAGE: the page and the count from one walk
    assert (deep["count"], deep["countIsExact"], [r["callId"] for r in deep["rows"]]) == (6, True, [sorted(made)[1]])
    past = page(limit=5, skip=20)  # past the end: no rows, the count taken on its own
    assert (past["rows"], past["count"], past["countIsExact"]) == ([], 6, True)
    assert [r["callId"] for r in page(limit=2, skip=2, orderBy="callId", orderDir="ASC")["rows"]] == sorted(made)[2:4]
    names = page(limit=10, orderBy="patientLastName", orderDir="ASC")["rows"]
    assert [r["patientLastName"] for r in names] == sorted(r["patientLastName"] for r in names) and len(names) == 6


def test_a_language_an_admin_added_is_named_in_the_table_details_visit_info_and_export(world):
    """Hmong (13, added on the Languages screen after the twelve) is named, not left blank, wherever the call log
    names a language; a delete keeps the name of the calls already taken in it."""
    import csv
    import io

    assert world.feed("projects.language.created", {"id": 13, "name": "Hmong"})
    p = world.project()
    s = world.user(lang_ids=[1, 13])
    world.assign(p, s)
    world.sampling(p)
    world.visits(p, 1, language_id=13)
    world.feed("projects.visit_info.updated", {"projectId": p, "fields": ["Language"]})
    c = data(world.claim(p, s))
    assert {"field": "Language", "value": "Hmong", "show": True} in c["visitInfos"]  # the call screen's visit info
    data(world.result(c, s, 1, surveyLanguageId=13))
    world.feed("projects.language.deleted", {"id": 13})

    r = world.client.get("/api/calls-log", headers=world.h(Role.OPERATIONS, 1), params={"projectId": p})
    row = r.json()["rows"][0]
    assert row["surveyLanguage"] == {"id": 13, "name": "Hmong"} and row["language"] == "Hmong"
    one = data(world.client.get(f"/api/calls-log/{c['callId']}", headers=world.h(Role.OPERATIONS, 1)))
    assert one["surveyLanguage"]["name"] == "Hmong"
    assert {"field": "Language", "value": "Hmong", "show": True} in one["visitInfo"]
    r = world.client.get("/api/calls-log/export", headers=world.h(Role.OPERATIONS, 1), params={"projectId": p})
    assert r.status_code == 200, r.text
    rows = list(csv.reader(io.StringIO(r.content.decode("utf-8-sig"))))
    assert [x[2] for x in rows[1:]] == ["Hmong"]


def test_the_patient_name_sort_ignores_case(world):
    """"de la Cruz" sorts among the Ds, "abbott" first (on SQLite and PostgreSQL alike)."""
    p, s = world.project(), world.user()
    world.assign(p, s)
    world.sampling(p)
    names = ["Davis", "de la Cruz", "Evans", "abbott", "Baker", "DEAN"]
    for name in names:
        world.visits(p, 1, extra={"lastName": name})
    for _ in names:
        _call(world, p, s)

    def order(direction):
        r = world.client.get("/api/calls-log", headers=world.h(Role.OPERATIONS, 1),
                             params={"limit": 10, "orderBy": "patientLastName", "orderDir": direction})
        assert r.status_code == 200, r.text
        return [row["patientLastName"] for row in r.json()["rows"]]

    expected = ["abbott", "Baker", "Davis", "de la Cruz", "DEAN", "Evans"]
    assert order("ASC") == expected
    assert order("DESC") == expected[::-1]
    # a page at a time walks the same order
    r = world.client.get("/api/calls-log", headers=world.h(Role.OPERATIONS, 1),
                         params={"skip": 2, "limit": 2, "orderBy": "patientLastName", "orderDir": "ASC"})
    assert [row["patientLastName"] for row in r.json()["rows"]] == expected[2:4]
