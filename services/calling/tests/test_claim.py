from datetime import timedelta

from sqlalchemy import update

from calling.models import Visit
from calling_testkit import CIMR_SURVEYOR, KELLER
from kit.auth import Role


def data(r):
    assert r.status_code == 200, r.text
    return r.json()["data"]


def test_claim_returns_the_call_data_and_publishes(world):
    pid, sid = world.setup(3)
    r = world.claim(pid, sid)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["message"]
    d = body["data"]
    for key in ("callId", "projectId", "visitId", "visitorId", "visitorName", "phoneCell", "phoneHome", "dos", "age",
                "gender", "provider", "center", "department", "guarantor", "chpw", "typeId", "providerType",
                "payerType", "ethnicity", "race", "languageId", "visitInfos", "samplingParameters", "assignedGoals"):
        assert key in d, key
    assert d["projectId"] == pid and d["center"] == "North" and d["provider"] == "Dr. Who"
    assert d["samplingParameters"] == [{"id": pid * 10, "typeId": 0, "priority": 1}]
    assert d["assignedGoals"] == {"surveyorGoals": 10, "surveyorCompGoals": 40}
    v = world.visit(d["visitId"])
    assert v.attempts == 1 and v.locked_by == sid
    started = world.events("calling.call.started")
    assert started[-1]["callId"] == d["callId"] and started[-1]["surveyorId"] == sid


def test_order_never_called_first_then_oldest_then_id(world):
    pid, sid = world.setup(0)
    ids = world.visits(pid, 4)
    with world.db.session() as s:  # visit 0 called long ago, visit 1 recently; 2 and 3 never
        s.execute(update(Visit).where(Visit.id == ids[0]).values(last_called=_ago(10), attempts=1))
        s.execute(update(Visit).where(Visit.id == ids[1]).values(last_called=_ago(5), attempts=1))
    got = []
    for _ in range(4):
        c = data(world.claim(pid, sid))
        got.append(c["visitId"])
        assert world.result(c, sid, 4).status_code == 200
    assert got == [ids[2], ids[3], ids[0], ids[1]]


def _ago(days):
    from kit.events import utcnow
    return utcnow() - timedelta(days=days)


def test_locked_project_unassigned_and_for_someone_else(world):
    pid, sid = world.setup(2)
    other = world.user()
    r = world.claim(pid, other)
    assert r.status_code == 403 and r.json()["message"].startswith("You are not assigned to this project")
    assert "made a moment ago" in r.json()["message"]  # an assignment reaches calling by event
    r = world.client.post("/api/calls", headers=world.h(Role.SURVEYOR, sid), json={"projectId": pid, "surveyorId": other})
    assert r.status_code == 403
    world.feed("projects.project.locked", {"id": pid, "isLocked": True})
    r = world.claim(pid, sid)
    assert r.status_code == 423 and r.json()["message"] == "This project is locked; calls are not allowed"
    world.feed("projects.project.unlocked", {"id": pid, "isLocked": False})
    assert world.claim(pid, sid).status_code == 200
    assert world.claim(999_999_999, sid).status_code == 404


def test_no_more_patients(world):
    pid, sid = world.setup(1)
    c = data(world.claim(pid, sid))
    assert world.result(c, sid, 1).status_code == 200
    r = world.claim(pid, sid)
    assert r.status_code == 404 and r.json()["message"] == "No more patients to call for this project"


def test_reload_returns_the_held_patient_without_a_new_attempt(world):
    pid, sid = world.setup(3)
    a = data(world.claim(pid, sid))
    b = data(world.claim(pid, sid))
    assert a["callId"] == b["callId"] and a["visitId"] == b["visitId"]
    assert world.visit(a["visitId"]).attempts == 1


def test_the_message_says_whether_the_patient_is_new_or_the_one_held(world):
    # a reload gives back the same patient: "Next patient assigned" read as if the call in progress was lost
    pid, sid = world.setup(3)
    first = world.claim(pid, sid).json()
    assert first["message"] == "Next patient assigned"
    again = world.claim(pid, sid).json()
    assert again["data"]["callId"] == first["data"]["callId"]
    assert again["message"] == "Your call in progress is back: same patient"


def test_max_calls(world):
    pid, sid = world.setup(1, max_calls=2)
    for _ in range(2):
        c = data(world.claim(pid, sid))
        assert world.result(c, sid, 4).status_code == 200  # no answer
    assert world.claim(pid, sid).status_code == 404
    world.sampling(pid, max_calls=3)  # raising the limit brings the patient back
    assert world.claim(pid, sid).status_code == 200


def test_do_not_call_covers_every_visit_of_the_patient(world):
    pid, sid = world.setup(0)
    world.visits(pid, 2, visitor=lambda i: "SAME")
    c = data(world.claim(pid, sid))
    assert world.result(c, sid, 2).status_code == 200
    assert world.claim(pid, sid).status_code == 404


def test_already_surveyed_patient_is_not_called_again(world):
    pid, sid = world.setup(0)
    world.visits(pid, 2, visitor=lambda i: "SAME")
    c = data(world.claim(pid, sid))
    assert world.result(c, sid, 1, partial=False, surveyLanguageId=1).status_code == 200
    assert world.claim(pid, sid).status_code == 404


def test_look_back_days(world):
    pid, sid = world.setup(0, look_back=7)
    ids = world.visits(pid, 2, visitor=lambda i: "SAME")
    c = data(world.claim(pid, sid))
    assert world.result(c, sid, 4).status_code == 200  # no answer: patient contacted today
    assert world.claim(pid, sid).status_code == 404     # neither visit of the patient within 7 days
    with world.db.session() as s:
        s.execute(update(Visit).where(Visit.id.in_(ids)).values(patient_last_called=_ago(8)))
    assert world.claim(pid, sid).status_code == 200


def test_languages(world):
    pid = world.project()
    english_only = world.user()                   # no langIds: English
    spanish = world.user(lang_ids=[2])
    both = world.user(role=KELLER, lang_ids=[1, 2])
    for s_ in (english_only, spanish, both):
        world.assign(pid, s_)
    world.sampling(pid)
    [sp] = world.visits(pid, 1, language_id=2)
    r = world.claim(pid, english_only)
    assert r.status_code == 404
    assert data(world.claim(pid, spanish))["visitId"] == sp
    [en] = world.visits(pid, 1, language_id=1)
    assert world.claim(pid, spanish).status_code == 200  # reload: still holds the Spanish one
    assert data(world.claim(pid, both, role=KELLER))["visitId"] == en
    # Language sampling "Don't" (mode 2) takes Spanish out of the queue
    pid2 = world.project()
    world.assign(pid2, spanish)
    world.sampling(pid2, languages=[{"languageId": 2, "mode": 2, "allowedSamples": None}])
    world.visits(pid2, 1, language_id=2)
    assert world.claim(pid2, spanish).status_code == 404
    # rosters' sampling events carry no "languages" (not built there yet): the rule set elsewhere stays
    world.feed("rosters.sampling.updated", {"projectId": pid2, "lookBackDays": 0, "maxCalls": 5,
                                            "parameters": [{"id": pid2 * 10, "typeId": 0, "priority": 1}]})
    assert world.claim(pid2, spanish).status_code == 404
    world.sampling(pid2, languages=[{"languageId": 2, "mode": 1, "allowedSamples": None}])  # Open again
    assert world.claim(pid2, spanish).status_code == 200


def test_released_patient_returns_to_the_queue_uncounted(world):
    pid, sid = world.setup(1)
    c = data(world.claim(pid, sid))
    r = world.release(c, sid)
    assert r.status_code == 200 and r.json()["data"] == {"callId": c["callId"], "released": True, "attemptCounted": False}
    v = world.visit(c["visitId"])
    assert v.attempts == 0 and v.last_called is None and v.locked_by is None
    assert world.release(c, sid).json()["data"]["released"] is False  # idempotent
    other = world.user(role=CIMR_SURVEYOR)
    world.assign(pid, other)
    again = data(world.claim(pid, other, role=CIMR_SURVEYOR))
    assert again["visitId"] == c["visitId"] and again["callId"] != c["callId"]
    assert world.events("calling.call.released")[-1]["callId"] == c["callId"]
    # the first call can no longer save a result
    assert world.result(c, sid, 4).status_code == 409


def test_expired_lock_returns_the_patient(world):
    pid, sid = world.setup(1)
    other = world.user()
    world.assign(pid, other)
    c = data(world.claim(pid, sid))
    assert world.claim(pid, other).status_code == 404  # held
    with world.db.session() as s:
        s.execute(update(Visit).where(Visit.id == c["visitId"]).values(locked_until=_ago(0.01)))
    c2 = data(world.claim(pid, other))
    assert c2["visitId"] == c["visitId"]
    assert world.visit(c["visitId"]).attempts == 2  # the expired call counts
    assert world.result(c, sid, 4).status_code == 409


def test_expired_lock_returns_the_patient_within_the_look_back_days(world):
    """The claim stamped the patient's clock, but the lock expired with no result (a crash): the patient comes
    back although the project's look-back days have not passed; a patient given a result does not."""
    pid, sid = world.setup(0, look_back=30)
    other = world.user()
    world.assign(pid, other)
    first, second = world.visits(pid, 2)
    c = data(world.claim(pid, sid))
    assert world.result(c, sid, 4).status_code == 200  # No Answer: contacted today
    held = data(world.claim(pid, sid))
    assert {c["visitId"], held["visitId"]} == {first, second}
    assert world.claim(pid, other).status_code == 404  # one contacted, one held
    with world.db.session() as s:
        s.execute(update(Visit).where(Visit.id == held["visitId"]).values(locked_until=_ago(0.01)))
    again = data(world.claim(pid, other))
    assert again["visitId"] == held["visitId"]
    assert world.claim(pid, sid).status_code == 404  # the No Answer patient stays out for 30 days


def test_roster_removed_drops_uncalled_visits(world):
    pid, sid = world.setup(0)
    ids = world.visits(pid, 3, roster_id=77)
    c = data(world.claim(pid, sid))
    world.feed("rosters.roster.removed", {"rosterId": 77, "projectId": pid})
    assert world.visit(ids[1]) is None and world.visit(c["visitId"]) is not None
    assert world.result(c, sid, 4).status_code == 200  # the call in progress still saves
    assert world.claim(pid, sid).status_code == 404


def test_quotas_claim_from_open_cells_only(world):
    pid, sid = world.setup(0)
    world.visits(pid, 2, provider="Full")
    open_ids = world.visits(pid, 2, provider="Open")
    world.sampling(pid, quotas=[{"typeId": 0, "value": "Full", "required": 1}, {"typeId": 0, "value": "Open", "required": 5}])
    # "Full" is least filled (0/1) -> first; complete one survey there, then it is closed
    c = data(world.claim(pid, sid))
    assert c["provider"] == "Full"
    assert world.result(c, sid, 1, partial=False).status_code == 200
    got = set()
    for _ in range(2):
        c = data(world.claim(pid, sid))
        got.add(c["visitId"])
        assert world.result(c, sid, 4).status_code == 200
    assert got == set(open_ids)


def test_deactivated_surveyor_cannot_claim(world):
    pid, sid = world.setup(1)
    world.feed("identity.user.deactivated", {"id": sid, "role": 3})
    assert world.claim(pid, sid).status_code == 403
    world.feed("identity.user.reactivated", {"id": sid, "role": 3})
    assert world.claim(pid, sid).status_code == 200


def test_deactivated_and_deleted_projects_give_no_calls(world):
    pid, sid = world.setup(3)
    stranger = world.user()
    inactive = "This project is deactivated or deleted; calls are not allowed"
    project = {"id": pid, "name": f"Project {pid}", "isLocked": False, "langIds": [1]}
    # deactivated: projects.project.updated carries deletedAt
    world.feed("projects.project.updated", {**project, "deletedAt": "2026-03-01T10:00:00Z"})
    r = world.claim(pid, sid)
    assert r.status_code == 403 and r.json()["message"] == inactive
    assert world.claim(pid, stranger).status_code == 404  # not assigned: the project is not shown to exist
    # reactivated: deletedAt cleared
    world.feed("projects.project.updated", {**project, "deletedAt": None})
    held = data(world.claim(pid, sid))
    # deleted permanently (its client deleted): even the patient already held is not given back
    assert world.feed("projects.project.deleted", {"id": pid}) is True
    r = world.claim(pid, sid)
    assert r.status_code == 403 and r.json()["message"] == inactive
    assert world.visit(held["visitId"]).attempts == 1  # what was already done stays
    # a deletion that arrives before anything else about the project is kept too
    world.feed("projects.project.deleted", {"id": 987654})
    assert world.claim(987654, sid).status_code == 404


def test_a_project_whose_roster_has_not_arrived_says_so(world):
    """Visits reach calling by event after a roster import: a project with none yet says they may still be on
    their way, not that it has no more patients; once they arrive the claim works."""
    pid, sid = world.setup(0)
    r = world.claim(pid, sid)
    assert r.status_code == 404 and r.json()["message"].startswith("No patients to call for this project yet")
    assert "may still be arriving" in r.json()["message"]
    world.visits(pid, 1)
    assert world.claim(pid, sid).status_code == 200
