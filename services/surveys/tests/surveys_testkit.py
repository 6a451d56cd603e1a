"""Helpers of the surveys tests: events fed to the consumer, test data built through the API."""

import itertools
import uuid
from datetime import datetime, timedelta

from kit.auth import Role

_clock = itertools.count(1)


def envelope(type_: str, data: dict, *, event_id: str | None = None, occurred_at: str | None = None) -> dict:
    if occurred_at is None:
        # strictly increasing, so a later feed is a newer event
        occurred_at = (datetime(2026, 1, 1) + timedelta(seconds=next(_clock))).isoformat() + "Z"
    return {"id": event_id or str(uuid.uuid4()), "type": type_, "occurredAt": occurred_at, "version": 1, "data": data}


def feed(client, type_: str, data: dict, **kw) -> bool:
    """Deliver one event to the service's own consumer (as the bus would)."""
    (consumer,) = client.app.state.consumers
    return consumer.handle(envelope(type_, data, **kw))


def project(client, pid: int, manager_id: int, name: str = "Project", **extra) -> None:
    feed(client, "projects.project.created", {"id": pid, "name": name, "managerId": manager_id, "isLocked": False,
                                              "langIds": [1], "deletedAt": None, **extra})


def assign(client, aid: int, pid: int, surveyor_id: int, manager_id: int = 0) -> None:
    feed(client, "projects.assignment.created", {"id": aid, "projectId": pid, "surveyorId": surveyor_id,
                                                 "managerId": manager_id})


def call_started(client, call_id: int, pid: int, surveyor_id: int) -> None:
    feed(client, "calling.call.started", {"callId": call_id, "projectId": pid, "visitId": call_id * 10,
                                          "surveyorId": surveyor_id, "callStart": "2026-03-02T15:00:00Z"})



OPS = 900


def make_question(client, tokens, title: str, text: str | None = None) -> int:
    r = client.post("/api/question", headers=tokens.headers(Role.OPERATIONS, OPS),
                    json={"title": title, "category": "General", "langQuestions": [{"langId": 1, "quesText": text or title + "?"}]})
    assert r.status_code == 201, r.text
    return r.json()["data"]["id"]


def make_answer(client, tokens, title: str) -> int:
    r = client.post("/api/answer", headers=tokens.headers(Role.OPERATIONS, OPS),
                    json={"title": title, "langAnswers": [{"langId": 1, "ansText": title}]})
    assert r.status_code == 201, r.text
    return r.json()["data"]["id"]


def add_item(client, tokens, project_id: int, ques_id: int, type_: int, ans_ids=(), role=Role.OPERATIONS, uid=OPS, **extra):
    return client.post("/api/questionnaire", headers=tokens.headers(role, uid),
                       json={"projectId": project_id, "quesId": ques_id, "type": type_,
                             "answers": [{"ansId": a} for a in ans_ids], **extra})


def build_questionnaire(client, tokens, project_id: int) -> dict:
    """Rating (Single), Recommend (Single), Channels (Multiple), Well (Open Ended), Intro (Scripted)."""
    ids = {}
    ids["intro"] = make_question(client, tokens, "Intro")
    ids["rating"] = make_question(client, tokens, "Care rating")
    ids["recommend"] = make_question(client, tokens, "Recommend")
    ids["channels"] = make_question(client, tokens, "Channels")
    ids["well"] = make_question(client, tokens, "Did well")
    for a in ("Excellent", "Good", "Poor", "Yes", "No", "Web", "Phone"):
        ids[a] = make_answer(client, tokens, a)
    for q, t, ans in (("intro", 4, []), ("rating", 1, ["Excellent", "Good", "Poor"]), ("recommend", 1, ["Yes", "No"]),
                      ("channels", 2, ["Web", "Phone"]), ("well", 3, [])):
        r = add_item(client, tokens, project_id, ids[q], t, [ids[a] for a in ans])
        assert r.status_code == 201, r.text
    return ids
