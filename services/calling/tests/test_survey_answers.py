"""surveys.survey.saved into calling's read model: the answers of a call in the Call Log Details and the
escalation detail (spec: the call log's call.survey), for those who read patient details."""

import uuid

from kit.auth import Role


def data(r):
    assert r.status_code == 200, r.text
    return r.json()["data"]


def saved(world, call_id: int, answers: list, at: str = "2026-01-01T00:00:00Z") -> bool:
    return world.consumer.handle({"id": str(uuid.uuid4()), "type": "surveys.survey.saved", "occurredAt": at, "version": 1,
                                  "data": {"callId": call_id, "projectId": 1, "surveyorId": 2, "languageId": 1,
                                           "answers": answers}})


RATING = {"quesId": 11, "sequence": 2, "ansId": 21, "openEnded": None, "question": "Overall care rating",
          "answer": "Excellent"}
WELL = {"quesId": 12, "sequence": 3, "ansId": None, "openEnded": "Friendly nurses", "question": "What did we do well",
        "answer": None}


def test_the_answers_of_a_call_show_in_its_details_and_its_escalation(world):
    pm, pm2 = world.user(Role.PROJECT_MANAGER), world.user(Role.PROJECT_MANAGER)
    p = world.project(manager_id=pm)
    s = world.user()
    world.assign(p, s)
    world.sampling(p)
    world.visits(p, 3)
    c = data(world.claim(p, s))
    data(world.result(c, s, 1, partial=False, surveyLanguageId=1, escalation="Asked for a call back"))
    cid = c["callId"]

    assert saved(world, cid, [WELL, RATING, "junk", {"sequence": 9}])  # unreadable entries are skipped
    want = [{"quesId": 11, "sequence": 2, "question": "Overall care rating", "ansId": 21, "answer": "Excellent",
             "openEnded": None},
            {"quesId": 12, "sequence": 3, "question": "What did we do well", "ansId": None, "answer": None,
             "openEnded": "Friendly nurses"}]
    assert data(world.client.get(f"/api/calls-log/{cid}", headers=world.h(Role.PROJECT_MANAGER, pm)))["survey"] == want
    assert data(world.client.get(f"/api/calls-log/{cid}", headers=world.h(Role.SURVEYOR, s)))["survey"] == want
    assert data(world.client.get(f"/api/calls-log/{cid}", headers=world.h(Role.ADMIN, 1)))["survey"] == []  # no patient data
    assert world.client.get(f"/api/calls-log/{cid}", headers=world.h(Role.PROJECT_MANAGER, pm2)).status_code == 404
    # lists do not carry the answers
    rows = world.client.get("/api/calls-log", headers=world.h(Role.OPERATIONS, 1), params={"limit": 10}).json()["rows"]
    assert next(r for r in rows if r["callId"] == cid)["survey"] == []

    eid = world.client.get("/api/escalations", headers=world.h(Role.OPERATIONS, 1)).json()["rows"][0]["id"]
    assert data(world.client.get(f"/api/escalations/{eid}", headers=world.h(Role.OPERATIONS, 1)))["log"]["survey"] == want

    # a later save replaces the set; an older one arriving late changes nothing
    assert saved(world, cid, [{**RATING, "ansId": 22, "answer": "Good"}], at="2026-01-02T00:00:00Z")
    assert saved(world, cid, [WELL], at="2026-01-01T12:00:00Z")
    got = data(world.client.get(f"/api/calls-log/{cid}", headers=world.h(Role.OPERATIONS, 1)))["survey"]
    assert [(a["quesId"], a["answer"]) for a in got] == [(11, "Good")]


def test_a_save_without_a_call_id_is_poison(world):
    import pytest
    from kit.events import PoisonMessage

    with pytest.raises(PoisonMessage):
        world.consumer.handle({"id": str(uuid.uuid4()), "type": "surveys.survey.saved", "occurredAt": "2026-01-01T00:00:00Z",
                               "version": 1, "data": {"answers": [RATING]}})
