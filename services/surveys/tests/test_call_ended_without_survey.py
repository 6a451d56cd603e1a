"""Answers of a call that ended without a result (released, or its hold ran out and the patient went to another
surveyor) show nowhere: they leave the survey data, the survey export and comment cleaning, and surveys tells
its consumers (surveys.survey.discarded). A call with a result keeps its answers whatever release or expiry
arrives late or twice."""

import pytest
from sqlalchemy import select

from kit.auth import Role
from surveys.models import Comment, SurveyAnswer
from surveys_testkit import assign, build_questionnaire, call_started, feed, project

PM, SV, OTHER_SV = 11, 21, 22


@pytest.fixture
def ids(client, tokens):
    project(client, 1, PM)
    assign(client, 1, 1, SV)
    ids = build_questionnaire(client, tokens, 1)
    for call_id in (100, 101):
        call_started(client, call_id, 1, SV)
    return ids


def survey(ids, call_id=100, **extra):
    return {"projectId": 1, "callId": call_id, "survey": [
        {"quesId": ids["rating"], "ansId": ids["Good"]}, {"quesId": ids["recommend"], "ansId": ids["Yes"]},
        {"quesId": ids["channels"], "ansId": ids["Web"]}, {"quesId": ids["well"], "openEnded": "Friendly staff"}],
        **extra}


def save(client, tokens, payload, uid=SV):
    return client.post("/api/call-survey", headers=tokens.headers(Role.SURVEYOR, uid), json=payload)


def answers_of(client, call_id):
    with client.app.state.db.session() as s:
        return list(s.scalars(select(SurveyAnswer.id).where(SurveyAnswer.call_id == call_id)))


def comments_of(client, call_id):
    with client.app.state.db.session() as s:
        return [(c.kind, c.normal) for c in s.scalars(select(Comment).where(Comment.call_id == call_id))]


def outbox(client, type_):
    table = client.app.state.db.base.metadata.tables["outbox"]
    with client.app.state.db.session() as s:
        return [e["data"] for e in s.scalars(select(table.c.envelope).order_by(table.c.created_at))
                if e["type"] == type_]


def exported_calls(client, tokens):
    r = client.get("/api/survey-export", headers=tokens.headers(Role.PROJECT_MANAGER, PM), params={"projectId": 1})
    if r.status_code == 404:
        assert r.json()["message"] == "No Data Found"
        return []
    assert r.status_code == 200, r.text
    return [line.split(",")[0] for line in r.content.decode("utf-8-sig").splitlines()[1:]]


def released(client, call_id, attempt_counted=None):
    data = {"callId": call_id, "projectId": 1, "visitId": call_id * 10, "surveyorId": SV,
            "releasedAt": "2026-03-02T15:05:00Z"}
    if attempt_counted is not None:
        data["attemptCounted"] = attempt_counted
    feed(client, "calling.call.released", data)


def expired(client, call_id, attempt_counted=False):
    feed(client, "calling.call.expired", {"callId": call_id, "projectId": 1, "visitId": call_id * 10, "surveyorId": SV,
                                          "expiredAt": "2026-03-02T15:25:00Z", "attemptCounted": attempt_counted})


def test_a_release_after_the_answers_were_saved_removes_them_everywhere(client, tokens, ids):
    assert save(client, tokens, survey(ids)).status_code == 200
    assert save(client, tokens, survey(ids, 101)).status_code == 200
    assert exported_calls(client, tokens) == ["100", "101"]
    assert comments_of(client, 100) == [("oe", "Friendly staff")]
    released(client, 100, attempt_counted=False)
    assert answers_of(client, 100) == [] and comments_of(client, 100) == []
    assert exported_calls(client, tokens) == ["101"]
    assert len(answers_of(client, 101)) == 4  # the other call keeps its answers
    assert outbox(client, "surveys.survey.discarded") == [{"callId": 100, "projectId": 1, "reason": "released"}]
    # the comment cleaners' counts follow
    assert outbox(client, "surveys.comment_summary.updated")[-1]["total"] == 1
    # the same release again (a redelivery under another id) changes nothing and tells nobody twice
    released(client, 100, attempt_counted=False)
    assert len(outbox(client, "surveys.survey.discarded")) == 1
    r = save(client, tokens, survey(ids))
    assert r.status_code == 409 and r.json()["message"].startswith("This call was released")


def test_a_cleaned_comment_of_a_released_call_is_withdrawn_from_its_readers(client, tokens, ids):
    assert save(client, tokens, survey(ids)).status_code == 200
    with client.app.state.db.session() as s:
        c = s.scalars(select(Comment).where(Comment.call_id == 100)).one()
        c.status, c.nsm, c.cleaned = 1, "Friendly staff.", "Friendly staff."
    released(client, 100)
    assert comments_of(client, 100) == []
    assert outbox(client, "surveys.comment.cleaned")[-1] == {
        "projectId": 1, "callId": 100, "kind": "oe", "quesId": ids["well"], "status": 0, "nsm": None, "cleaned": None}


def test_a_call_with_a_result_keeps_its_answers_whatever_release_comes_late(client, tokens, ids):
    # an Agreed interim result, then the call given back: it ends partial (attemptCounted), the survey stands
    feed(client, "calling.call.completed", {"callId": 100, "projectId": 1, "visitId": 1000, "surveyorId": SV,
                                            "result": 1, "isPartial": True, "surveyedOn": "2026-03-02T15:04:00Z"})
    assert save(client, tokens, {**survey(ids), "isPartial": True}).status_code == 200
    released(client, 100, attempt_counted=True)
    assert len(answers_of(client, 100)) == 4
    # a release that does not say (an older publisher) or says wrongly: the result surveys knows decides
    released(client, 100)
    released(client, 100, attempt_counted=False)
    assert len(answers_of(client, 100)) == 4 and comments_of(client, 100) == [("oe", "Friendly staff")]
    # and an expiry of a call with an interim result: kept too (calling ended it partial, the attempt stands)
    assert save(client, tokens, survey(ids, 101)).status_code == 200
    expired(client, 101, attempt_counted=True)
    assert len(answers_of(client, 101)) == 4
    assert exported_calls(client, tokens) == ["100", "101"]
    assert outbox(client, "surveys.survey.discarded") == []


def test_an_expired_hold_removes_the_answers_and_refuses_later_saves(client, tokens, ids):
    assert save(client, tokens, survey(ids)).status_code == 200
    expired(client, 100)
    assert answers_of(client, 100) == [] and comments_of(client, 100) == []
    assert outbox(client, "surveys.survey.discarded") == [{"callId": 100, "projectId": 1, "reason": "expired"}]
    for payload in (survey(ids), survey(ids, isPut=True), survey(ids, isPartial=True)):
        r = save(client, tokens, payload)
        assert r.status_code == 409, r.text
        assert r.json()["message"] == ("This call's hold ran out and the patient went to another surveyor, so its "
                                       "survey can no longer be saved; request the next patient")
    assert answers_of(client, 100) == [] and exported_calls(client, tokens) == []
    # an expiry that reaches surveys before the call's start (events out of order) still closes the call
    expired(client, 102)
    call_started(client, 102, 1, SV)
    assert save(client, tokens, survey(ids, 102)).status_code == 409
    # an expired call with an interim result ends partial: its survey stays, but no later save changes it
    call_started(client, 103, 1, SV)
    assert save(client, tokens, survey(ids, 103)).status_code == 200
    expired(client, 103, attempt_counted=True)
    assert save(client, tokens, survey(ids, 103, isPut=True)).status_code == 409
    assert len(answers_of(client, 103)) == 4
