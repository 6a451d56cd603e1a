"""The call log's export, Quality's edits, scoping of every parameter, patient fields per role, bad input."""

import csv
import io
import re

from sqlalchemy import text

from kit.auth import Role

from calling_testkit import CIMR_SURVEYOR


def execute(world, stmt: str, **params) -> None:
    with world.db.session() as s:
        s.execute(text(stmt), params)


def data(r):
    assert r.status_code == 200, r.text
    return r.json()["data"]


def _call(world, pid, sid, result=4, role=Role.SURVEYOR, **extra):
    c = data(world.claim(pid, sid, role=role))
    data(world.result(c, sid, result, partial=result != 1, role=role, surveyLanguageId=1, **extra))
    return c["callId"]


def _two_projects(world):
    pm, pm2, cimr_mgr = world.user(Role.PROJECT_MANAGER), world.user(Role.PROJECT_MANAGER), world.user(Role.CIMR_MANAGER)
    p1, p2 = world.project(manager_id=pm, name="Alpha"), world.project(manager_id=pm2, name="=Beta")
    s1 = world.user(first="Ann", last="One")
    s2 = world.user(role=CIMR_SURVEYOR, cimr_manager_ids=[cimr_mgr], first="Cid", last="Two")
    for p in (p1, p2):
        for s in (s1, s2):
            world.assign(p, s)
        world.sampling(p)
        world.visits(p, 4)
    calls = {"c1": _call(world, p1, s1, result=1), "c2": _call(world, p2, s1),
             "c3": _call(world, p1, s2, role=CIMR_SURVEYOR), "c4": _call(world, p2, s2, result=2, role=CIMR_SURVEYOR)}
    return {"pm": pm, "pm2": pm2, "cimr": cimr_mgr, "p1": p1, "p2": p2, "s1": s1, "s2": s2, **calls}


def _ids(world, role, uid, path="/api/calls-log", **params):
    r = world.client.get(path, headers=world.h(role, uid), params={"limit": 100, **params})
    assert r.status_code == 200, r.text
    return {row["callId"] for row in r.json()["rows"]}


def test_no_parameter_widens_a_scope(world):
    w = _two_projects(world)
    # a surveyor naming a project or manager still sees only own calls (another surveyor: 403, below)
    assert _ids(world, Role.SURVEYOR, w["s1"], projectId=w["p1"]) == {w["c1"]}
    assert _ids(world, Role.SURVEYOR, w["s1"], managerId=w["pm2"]) == {w["c2"]}
    # a PM naming another PM's project or manager gets nothing of theirs
    assert _ids(world, Role.PROJECT_MANAGER, w["pm"], projectId=w["p2"]) == set()
    assert _ids(world, Role.PROJECT_MANAGER, w["pm"], managerId=w["pm2"]) == set()
    assert _ids(world, Role.PROJECT_MANAGER, w["pm"], surveyorId=w["s2"]) == {w["c3"]}
    # a CIMR Manager sees only their CIMR Surveyors, whatever surveyorId says
    assert _ids(world, Role.CIMR_MANAGER, w["cimr"]) == {w["c3"], w["c4"]}
    assert _ids(world, Role.CIMR_MANAGER, w["cimr"], surveyorId=w["s1"]) == set()
    assert _ids(world, Role.CIMR_MANAGER, w["cimr"], projectId=w["p2"]) == {w["c4"]}
    assert _ids(world, Role.CIMR_MANAGER, world.user(Role.CIMR_MANAGER)) == set()
    # filters combine
    assert _ids(world, Role.OPERATIONS, 1, surveyorId=w["s2"], responseType=2) == {w["c4"]}
    assert _ids(world, Role.OPERATIONS, 1, isComplete="false", projectId=w["p1"]) == {w["c3"]}


def test_date_range_is_on_the_result_time_in_the_given_zone(world):
    w = _two_projects(world)
    # c1 recorded 2026-03-02 03:30 UTC = 2026-03-01 21:30 in Chicago
    execute(world, "UPDATE calls SET surveyed_on = '2026-03-02 03:30:00' WHERE id = :id", id=w["c1"])
    assert _ids(world, Role.OPERATIONS, 1, **{"from": "2026-03-01", "to": "2026-03-01"}) == {w["c1"]}
    assert _ids(world, Role.OPERATIONS, 1, **{"from": "2026-03-02", "to": "2026-03-02"}) == set()
    assert _ids(world, Role.OPERATIONS, 1, **{"from": "2026-03-02", "to": "2026-03-02", "tz": "UTC"}) == {w["c1"]}
    assert _ids(world, Role.OPERATIONS, 1, **{"from": "2026-03-02T03:00:00Z", "to": "2026-03-02T04:00:00Z"}) == {w["c1"]}
    ops = world.h(Role.OPERATIONS, 1)
    r = world.client.get("/api/calls-log", headers=ops, params={"from": "2026-03-05", "to": "2026-03-01"})
    assert r.status_code == 400 and "to" in r.json()["message"]


def test_patient_fields_only_for_roles_that_may_read_them(world):
    w = _two_projects(world)
    for role, uid in ((Role.QUALITY, 1), (Role.OPERATIONS, 1), (Role.PROJECT_MANAGER, w["pm"]),
                      (Role.SURVEYOR, w["s1"])):
        row = data(world.client.get(f"/api/calls-log/{w['c1']}", headers=world.h(role, uid)))
        assert row["phoneCell"] and row["patientLastName"] and row["mrn"], role
    row = data(world.client.get(f"/api/calls-log/{w['c3']}", headers=world.h(Role.CIMR_MANAGER, w["cimr"])))
    assert row["phoneCell"] and row["dob"]
    row = data(world.client.get(f"/api/calls-log/{w['c1']}", headers=world.h(Role.ADMIN, 1)))
    assert row["phoneCell"] is None and row["patientFullName"] == "" and row["mrn"] is None and row["dob"] is None
    assert row["project"]["name"].startswith("Alpha") and row["resultName"] == "Survey Complete"


def test_the_export_withholds_patient_phones_from_admin_as_the_log_does(world):
    """Admin manages accounts, not patients: the export's Cell/Home Phone are empty for Admin, kept for the rest."""
    w = _two_projects(world)

    def phones(role, uid):
        r = world.client.get("/api/calls-log/export", headers=world.h(role, uid))
        assert r.status_code == 200, r.text
        return [(x[3], x[4]) for x in list(csv.reader(io.StringIO(r.content.decode("utf-8-sig"))))[1:]]

    assert any(cell for row in phones(Role.OPERATIONS, 1) for cell in row)
    assert any(cell for row in phones(Role.QUALITY, 1) for cell in row)
    admin = phones(Role.ADMIN, 1)
    assert admin and all(row == ("", "") for row in admin)


def test_a_role_that_reads_no_patient_details_cannot_search_by_phone(world):
    """Admin's rows are blanked, but a phone search would still say whether, when, on which project and by whom a
    number was called: refused (403) in the log and its export; the roles that read patients keep it."""
    w = _two_projects(world)
    phone = world.visit(world.client.get(f"/api/calls-log/{w['c1']}", headers=world.h(Role.OPERATIONS, 1))
                        .json()["data"]["visitId"]).phone_cell
    before = len(world.client.get("/api/phi-audit/calling", headers=world.h(Role.ADMIN, 1)).json()["rows"])
    for path in ("/api/calls-log", "/api/calls-log/export"):
        r = world.client.get(path, headers=world.h(Role.ADMIN, 1), params={"searchPhone": phone})
        assert r.status_code == 403 and r.json()["message"].startswith("searchPhone"), (path, r.text)
        assert phone not in r.text
    after = world.client.get("/api/phi-audit/calling", headers=world.h(Role.ADMIN, 1)).json()["rows"]
    assert len(after) == before  # a refused search reads no patient
    # without a phone Admin still reads the (blanked) log; the patient readers search as before
    assert world.client.get("/api/calls-log", headers=world.h(Role.ADMIN, 1)).status_code == 200
    assert w["c1"] in _ids(world, Role.QUALITY, 1, searchPhone=phone)


def test_details_carry_the_visit_info_the_project_shows_and_the_visit_purpose(world):
    pid, sid = world.setup(0)
    world.visits(pid, 1, extra={"typeId": 2, "visitInfos": [{"field": "Reason", "value": "Checkup", "show": True},
                                                           {"field": "Room", "value": "12", "show": False},
                                                           {"field": "Patient Type", "value": "2", "show": True}]})
    call_id = _call(world, pid, sid, result=1)
    row = data(world.client.get(f"/api/calls-log/{call_id}", headers=world.h(Role.QUALITY, 1)))
    assert row["visitInfo"] == [{"field": "Reason", "value": "Checkup", "show": True},
                                {"field": "Patient Type", "value": "New", "show": True}]
    assert row["visitPurpose"] == "New"
    # a roster import without its own selection: the roster's call-detail fields, as the call screen has them
    world.visits(pid, 1, provider="Dr Info")
    call_id = _call(world, pid, sid)
    row = data(world.client.get(f"/api/calls-log/{call_id}", headers=world.h(Role.SURVEYOR, sid)))
    infos = {i["field"]: i["value"] for i in row["visitInfo"]}
    assert infos["Provider Name"] == "Dr Info" and infos["DOS"] == "2026-01-05" and "MRN" not in infos
    assert infos["Patient Type"] == "Established"  # the roster's code (1) by its name
    assert row["visitPurpose"] == "Established"
    # the visit info is the patient's: not for a role that does not read patient details
    admin = data(world.client.get(f"/api/calls-log/{call_id}", headers=world.h(Role.ADMIN, 1)))
    assert admin["visitInfo"] == [] and admin["visitPurpose"] is None and admin["age"] is None
    # nor the patient's comments (as said or as cleaned) and the escalation notes about them
    assert all(admin[k] is None for k in ("positive", "negative", "positiveWNSM", "negativeWoNSM", "escalation"))
    # the list rows stay lean
    rows = world.client.get("/api/calls-log", headers=world.h(Role.QUALITY, 1), params={"projectId": pid}).json()["rows"]
    assert rows and all("visitInfo" not in r and "visitPurpose" not in r for r in rows)


def test_bad_input_is_a_clear_4xx(world):
    ops = world.h(Role.OPERATIONS, 1)
    for params, field in (({"projectId": 2**64}, "projectId"), ({"surveyorId": "x"}, "surveyorId"),
                          ({"managerId": 0}, "managerId"), ({"responseType": 8}, "responseType"),
                          ({"searchPhone": "a1"}, "searchPhone"), ({"searchPhone": "1" * 31}, "searchPhone"),
                          ({"from": "yesterday"}, "from"), ({"to": "2026-13-01"}, "to"), ({"tz": "x" * 65}, "tz"),
                          ({"isComplete": "maybe"}, "isComplete")):
        for path in ("/api/calls-log", "/api/calls-log/export"):
            r = world.client.get(path, headers=ops, params=params)
            assert r.status_code in (400, 422) and field in r.json()["message"], (path, params, r.text)
    assert world.client.get(f"/api/calls-log/{2**64}", headers=ops).status_code in (400, 422)
    assert world.client.get("/api/calls-log/0", headers=ops).status_code in (400, 422)
    # a well-formed day at the calendar's ends is not called malformed: the message says what is wrong with it
    for params, field in (({"to": "9999-12-31"}, "to"), ({"from": "0001-01-01", "tz": "Asia/Tokyo"}, "from")):
        for path in ("/api/calls-log", "/api/calls-log/export", "/api/escalations"):
            r = world.client.get(path, headers=ops, params=params)
            expected = f"{field}: must be a day between the years 2 and 9998"
            assert r.status_code == 400 and r.json()["message"] == expected, (path, params, r.text)


def test_export_is_csv_with_bom_in_chicago_time_scoped_and_neutralised(world):
    w = _two_projects(world)
    execute(world, "UPDATE calls SET call_start = '2026-07-01 17:05:09', survey_completed_on = '2026-07-01 17:20:00' "
              "WHERE id = :id", id=w["c1"])
    r = world.client.get("/api/calls-log/export", headers=world.h(Role.OPERATIONS, 1))
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
    assert r.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(r.content.decode("utf-8-sig"))))
    assert rows[0] == ["Project Name", "Surveyor", "Survey Language", "Cell Phone", "Home Phone", "Call Status",
                       "Survey Status", "Call Date/Time", "Survey Date/Time"]
    assert len(rows) == 5
    done = next(x for x in rows[1:] if x[5] == "Survey Complete")
    assert done[0].startswith("Alpha") and done[1] == "Ann One" and done[2] == "English"
    assert re.fullmatch(r"\(555\) 010-\d{4}", done[3]) and done[4] == ""  # a phone as people read it
    assert done[6] == "Completed" and done[7] == "07/01/2026 12:05:09 PM" and done[8] == "07/01/2026 12:20:00 PM"
    beta = [x for x in rows[1:] if "Beta" in x[0]]
    assert beta and all(x[0].startswith("'=") for x in beta)  # a formula-looking cell is neutralised
    assert {x[5] for x in beta} == {"No Answer or Voicemail Recording", "Do Not Call"}
    # spec §4: a call whose result is not Agreed to Survey ended partial, as the table and the filter say
    assert {x[6] for x in rows[1:] if x[5] != "Survey Complete"} == {"Partial"}
    # filters and scope apply to the export too
    def lines(role, uid, **params):
        r = world.client.get("/api/calls-log/export", headers=world.h(role, uid), params=params)
        assert r.status_code == 200, r.text
        return len(list(csv.reader(io.StringIO(r.content.decode("utf-8-sig")))))

    assert lines(Role.SURVEYOR, w["s1"]) == 3  # header + own 2
    assert lines(Role.PROJECT_MANAGER, w["pm"]) == 3 and lines(Role.CIMR_MANAGER, w["cimr"], projectId=w["p1"]) == 2
    r = world.client.get("/api/calls-log/export", headers=world.h(Role.OPERATIONS, 1),
                         params={"responseType": 2})
    assert len(r.content.decode("utf-8-sig").strip().splitlines()) == 2


def test_a_surveyor_asking_for_another_surveyors_calls_is_refused(world):
    """As reporting's call stats ("surveyorId: you can only see your own figures"): a 403 naming the parameter, for
    every surveyor role, in the list and the export; their own id or none keeps working; other roles are unchanged."""
    w = _two_projects(world)
    keller = world.user(Role.KELLER_SURVEYOR)
    for role, uid, other in ((Role.SURVEYOR, w["s1"], w["s2"]), (CIMR_SURVEYOR, w["s2"], w["s1"]),
                             (Role.KELLER_SURVEYOR, keller, w["s1"])):
        for path in ("/api/calls-log", "/api/calls-log/export"):
            r = world.client.get(path, headers=world.h(role, uid), params={"surveyorId": other})
            assert r.status_code == 403, (role, path, r.text)
            assert r.json()["message"] == "surveyorId: you can only see your own calls"
    assert _ids(world, Role.SURVEYOR, w["s1"], surveyorId=w["s1"]) == {w["c1"], w["c2"]}
    assert _ids(world, Role.SURVEYOR, w["s1"]) == {w["c1"], w["c2"]}
    assert _ids(world, CIMR_SURVEYOR, w["s2"], surveyorId=w["s2"]) == {w["c3"], w["c4"]}
    assert _ids(world, Role.KELLER_SURVEYOR, keller, surveyorId=keller) == set()
    r = world.client.get("/api/calls-log/export", headers=world.h(Role.SURVEYOR, w["s1"]),
                         params={"surveyorId": w["s1"]})
    assert r.status_code == 200 and len(r.content.decode("utf-8-sig").strip().splitlines()) == 3  # header + own 2
    # other roles see what they saw: a CIMR Manager naming a surveyor not theirs still gets an empty log
    assert _ids(world, Role.CIMR_MANAGER, w["cimr"], surveyorId=w["s1"]) == set()
    assert _ids(world, Role.OPERATIONS, 1, surveyorId=w["s2"]) == {w["c3"], w["c4"]}


def test_an_empty_export_is_a_message_not_a_file_of_headers(world):
    w = _two_projects(world)
    for role, uid, params in ((Role.SURVEYOR, w["s1"], {"from": "2000-01-01", "to": "2000-01-02"}),
                              (Role.OPERATIONS, 1, {"from": "2000-01-01", "to": "2000-01-02"})):
        r = world.client.get("/api/calls-log/export", headers=world.h(role, uid), params=params)
        assert r.status_code == 404 and r.headers["content-type"].startswith("application/json"), r.text
        assert r.json()["message"] == "No Data Found"
    # nothing went out, so nothing is in the PHI access audit
    r = world.client.get("/api/phi-audit/calling", headers=world.h(Role.ADMIN, 1))
    assert r.status_code == 200 and [x for x in r.json()["rows"] if x["action"] == "call_log.export"] == []


def test_quality_removes_and_edits_a_call(world):
    w = _two_projects(world)
    qa = world.h(Role.QUALITY, 7)
    r = world.client.put("/api/calls-log", headers=qa, json={"id": w["c1"], "isQARemoval": True, "positive": "Kind"})
    assert r.status_code == 200, r.text
    assert r.json()["message"] == "Call log updated"
    assert r.json()["data"]["isQARemoval"] is True and r.json()["data"]["positive"] == "Kind"
    row = data(world.client.get(f"/api/calls-log/{w['c1']}", headers=qa))
    assert row["isQARemoval"] is True
    states = [e for e in world.events("calling.call.completed") if e["callId"] == w["c1"]]
    assert states[-1]["isQARemoval"] is True
    # the review's instant goes along (projects' Last QA); a surveyor's own completion carries none
    assert states[-1]["qaAt"].endswith("Z") and all("qaAt" not in e for e in states[:-1])
    for body, field in (({"id": w["c1"]}, "nothing to change"), ({"id": w["c1"], "positive": "x" * 5001}, "positive"),
                        ({"id": 2**64, "isQARemoval": True}, "id"), ({"id": w["c1"], "result": 1}, "result")):
        r = world.client.put("/api/calls-log", headers=qa, json=body)
        assert r.status_code in (400, 422) and field in r.json()["message"], (body, r.text)
    r = world.client.put("/api/calls-log", headers=qa, json={"id": 999999, "isQARemoval": True})
    assert r.status_code == 404
    assert world.client.put("/api/calls-log", headers=world.h(Role.PROJECT_MANAGER, w["pm"]),
                            json={"id": w["c1"], "isQARemoval": False}).status_code == 403


def test_export_streams_in_batches(world):
    """Many batches over one cursor: every row once, in order, with the header first."""
    from kit.auth import Principal

    from calling.call_log.repository import CallFilter
    from calling.call_log.service import export_lines

    w = _two_projects(world)
    ops = Principal(id=1, role=Role.OPERATIONS, sid="t", name="t")
    chunks = list(export_lines(world.db, ops, CallFilter(), batch=1))
    assert len(chunks) == 1 + 4 + 1 and chunks[0].startswith(b"\xef\xbb\xbfProject Name,")
    body = b"".join(chunks).decode("utf-8-sig").strip().splitlines()
    assert len(body) == 5 and body[0].startswith("Project Name")
    mine = list(export_lines(world.db, Principal(id=w["s1"], role=Role.SURVEYOR, sid="t", name="t"), CallFilter(), batch=1))
    assert len(b"".join(mine).decode("utf-8-sig").strip().splitlines()) == 3


def test_a_role_that_reads_no_patient_details_cannot_sort_by_the_patients_names(world):
    """Admin's blanked rows sorted by the patient's last name would still put the patients in name order beside
    the surveyors and dates shown: refused (403), as the phone search; the patient readers sort as before."""
    _two_projects(world)
    r = world.client.get("/api/calls-log", headers=world.h(Role.ADMIN, 1),
                         params={"orderBy": "patientLastName", "orderDir": "ASC"})
    assert r.status_code == 403 and r.json()["message"].startswith("orderBy"), r.text
    for role in (Role.ADMIN, Role.OPERATIONS):  # other orders for Admin, the names for a reader
        order = "surveyedOn" if role == Role.ADMIN else "patientLastName"
        r = world.client.get("/api/calls-log", headers=world.h(role, 1), params={"orderBy": order, "orderDir": "ASC"})
        assert r.status_code == 200 and r.json()["rows"], r.text


def test_a_skip_at_the_top_of_its_range_is_a_page_past_the_end(world):
    """skip may be any 64-bit count (kit.paging); the log counts up to COUNT_PAST_PAGE rows past the page, and that
    bound must not overflow: the answer is an empty page (as the escalations give), not a 422 naming no parameter."""
    v = _two_projects(world)
    ops = world.h(Role.OPERATIONS, 1)
    for order in ({}, {"orderBy": "patientLastName"}):
        r = world.client.get("/api/calls-log", headers=ops, params={"skip": 2**63 - 1, "limit": 5000, **order})
        assert r.status_code == 200, r.text
        assert r.json()["rows"] == [] and r.json()["count"] >= 0
    assert v["c1"] in _ids(world, Role.OPERATIONS, 1)
