"""A claim that takes a patient whose hold ran out ends the old call (expired, or partial with an interim result)
and says so: calling.call.expired, so surveys drops the answers of a call that can no longer have a result. The
common claim publishes nothing more than its start. Answers of a call that ended without a result
(surveys.survey.discarded, or a save that reaches calling after the end) leave the Call Log Details."""

import uuid
from datetime import timedelta

from sqlalchemy import select, update

from calling.models import SurveyAnswerView, Visit
from kit.auth import Role
from kit.events import utcnow


def data(r):
    assert r.status_code == 200, r.text
    return r.json()["data"]


def outbox_types(world) -> list[str]:
    outbox = world.db.base.metadata.tables["outbox"]
    with world.db.session() as s:
        return list(s.scalars(select(outbox.c.routing_key).order_by(outbox.c.created_at)))


def run_out(world, visit_id: int) -> None:
    """The hold's lock time passes (as if the surveyor had walked away)."""
    with world.db.session() as s:
        s.execute(update(Visit).where(Visit.id == visit_id).values(locked_until=utcnow() - timedelta(minutes=1)))


def two_surveyors(world, n_visits=1):
    pid, sid = world.setup(n_visits)
    other = world.user()
    world.assign(pid, other)
    return pid, sid, other


def test_the_common_claim_publishes_only_its_start(world):
    pid, sid, _ = two_surveyors(world, 3)
    before = len(outbox_types(world))
    c = data(world.claim(pid, sid))
    assert outbox_types(world)[before:] == ["calling.call.started"]
    assert world.result(c, sid, 4).status_code == 200
    before = len(outbox_types(world))
    data(world.claim(pid, sid))
    assert outbox_types(world)[before:] == ["calling.call.started"]
    assert world.events("calling.call.expired") == []


def test_a_claim_that_takes_an_expired_hold_publishes_the_expiry(world):
    pid, sid, other = two_surveyors(world)
    c = data(world.claim(pid, sid))
    run_out(world, c["visitId"])
    before = len(outbox_types(world))
    c2 = data(world.claim(pid, other))
    assert c2["visitId"] == c["visitId"]
    assert sorted(outbox_types(world)[before:]) == ["calling.call.expired", "calling.call.started"]
    (ev,) = world.events("calling.call.expired")
    expired_at = ev.pop("expiredAt")
    assert expired_at and expired_at.endswith("Z")
    assert ev == {"callId": c["callId"], "projectId": pid, "visitId": c["visitId"], "surveyorId": sid,
                  "attemptCounted": False}
    assert world.sql("SELECT status FROM calls WHERE id = :i", i=c["callId"])[0][0] == "expired"
    assert world.result(c, sid, 4).status_code == 409


def test_an_expired_hold_with_an_interim_result_ends_partial_and_says_the_attempt_counts(world):
    pid, sid, other = two_surveyors(world)
    c = data(world.claim(pid, sid))
    assert world.result(c, sid, 1, partial=True, surveyLanguageId=1).status_code == 200  # Agreed, interim
    run_out(world, c["visitId"])
    data(world.claim(pid, other))
    (ev,) = world.events("calling.call.expired")
    assert ev["callId"] == c["callId"] and ev["attemptCounted"] is True


def survey_event(world, type_: str, call_id: int, **extra) -> bool:
    return world.consumer.handle({"id": str(uuid.uuid4()), "type": type_, "occurredAt": "2026-01-01T00:00:00Z",
                                  "version": 1, "data": {"callId": call_id, "projectId": 1, **extra}})


ANSWER = {"quesId": 11, "sequence": 2, "ansId": 21, "openEnded": None, "question": "Care", "answer": "Good"}


def stored_answers(world, call_id: int) -> list[int]:
    with world.db.session() as s:
        return list(s.scalars(select(SurveyAnswerView.ques_id).where(SurveyAnswerView.call_id == call_id)))


def test_the_answers_of_a_call_ended_without_a_result_leave_the_call_log(world):
    pid, sid, other = two_surveyors(world)
    c = data(world.claim(pid, sid))
    assert survey_event(world, "surveys.survey.saved", c["callId"], surveyorId=sid, answers=[ANSWER])
    assert stored_answers(world, c["callId"]) == [11]
    assert world.release(c, sid).status_code == 200
    assert survey_event(world, "surveys.survey.discarded", c["callId"], reason="released")
    assert stored_answers(world, c["callId"]) == []
    # a save that reaches calling after the call ended without a result (out of order) stays out
    assert survey_event(world, "surveys.survey.saved", c["callId"], surveyorId=sid, answers=[ANSWER])
    assert stored_answers(world, c["callId"]) == []
    # the same for a call whose hold ran out and went to another surveyor
    c2 = data(world.claim(pid, sid))
    run_out(world, c2["visitId"])
    assert data(world.claim(pid, other))["visitId"] == c2["visitId"]
    assert survey_event(world, "surveys.survey.saved", c2["callId"], surveyorId=sid, answers=[ANSWER])
    assert stored_answers(world, c2["callId"]) == []
    # a call with a result keeps its answers in the call log
    mine = world.user(Role.SURVEYOR)
    world.assign(pid, mine)
    world.visits(pid, 1)
    c3 = data(world.claim(pid, mine))
    assert world.result(c3, mine, 1, partial=False, surveyLanguageId=1).status_code == 200
    assert survey_event(world, "surveys.survey.saved", c3["callId"], surveyorId=mine, answers=[ANSWER])
    assert stored_answers(world, c3["callId"]) == [11]
