"""surveys.survey.discarded: the answers of a call that ended without a result (released, or its hold ran out and
the patient went to another surveyor) leave the client report's read model; final, so a save of that call that
arrives later or again stays out, and a rebuild from the event log gives the same."""

import uuid

from sqlalchemy import select

from reporting.models import SurveyAnswerView
from reporting.rebuild import rebuild
from reporting.service_recovery import repository as sr_repo
from reporting_testkit import call, envelope, feed, project, user

PM, SV = 11, 21


def saved(call_id: int, title: str) -> dict:
    return {"callId": call_id, "projectId": 1, "surveyorId": SV, "languageId": 1, "answers": [
        {"quesId": call_id * 10, "sequence": 1, "ansId": None, "openEnded": "Kind staff", "question": title,
         "answer": None}]}


def answers(client) -> list[tuple[int, int]]:
    with client.app.state.db.session() as s:
        return sorted((a.call_id, a.ques_id) for a in s.scalars(select(SurveyAnswerView)))


def titles(client) -> dict:
    with client.app.state.db.session() as s:
        return sr_repo.question_titles(s, 1)


def test_a_discarded_survey_leaves_the_report_and_stays_out(client):
    project(client, 1, PM, "10.00")
    user(client, SV, 3)
    call(client, 1, 1, SV, "2026-03-02T15:00:00Z", 10)  # a surveyed call: its answers stay
    feed(client, "surveys.survey.saved", saved(1, "Kept question"))
    feed(client, "calling.call.started", {"callId": 5, "projectId": 1, "visitId": 50, "surveyorId": SV,
                                          "callStart": "2026-03-02T16:00:00Z"})
    first_save = envelope("surveys.survey.saved", saved(5, "Released call's question"))
    (consumer,) = client.app.state.consumers
    assert consumer.handle(first_save)
    assert answers(client) == [(1, 10), (5, 50)]
    assert titles(client) == {10: "Kept question", 50: "Released call's question"}

    discarded = envelope("surveys.survey.discarded", {"callId": 5, "projectId": 1, "reason": "released"})
    assert consumer.handle(discarded)
    assert answers(client) == [(1, 10)] and titles(client) == {10: "Kept question"}
    assert consumer.handle(discarded) is False  # the same event again: absorbed
    # a save of the call that arrives after the discard (late, or redelivered under a new id) stays out
    assert consumer.handle(dict(first_save, id=str(uuid.uuid4())))
    feed(client, "surveys.survey.saved", saved(5, "Released call's question"))
    assert answers(client) == [(1, 10)]
    # the discard may also arrive first (events out of order): the save that follows stays out
    feed(client, "surveys.survey.discarded", {"callId": 6, "projectId": 1, "reason": "expired"})
    feed(client, "surveys.survey.saved", saved(6, "Expired call's question"))
    assert answers(client) == [(1, 10)]

    live = answers(client)
    rebuild(client.app.state.db)
    assert answers(client) == live
