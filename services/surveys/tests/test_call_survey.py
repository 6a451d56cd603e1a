import pytest
from sqlalchemy import func, select

from kit.auth import Role
from surveys.models import SurveyAnswer
from surveys_testkit import assign, build_questionnaire, call_started, feed, project

PM, SV, OTHER_SV = 11, 21, 22


@pytest.fixture
def setup(client, tokens):
    project(client, 1, PM)
    project(client, 2, PM)
    assign(client, 1, 1, SV)
    ids = build_questionnaire(client, tokens, 1)
    call_started(client, 100, 1, SV)
    return ids


def body(ids, *, is_put=False, call_id=100, project_id=1, **override):
    survey = override.pop("survey", None) or [
        {"quesId": ids["rating"], "ansId": ids["Good"]},
        {"quesId": ids["recommend"], "ansId": ids["Yes"]},
        {"quesId": ids["channels"], "ansId": ids["Web"]},
        {"quesId": ids["channels"], "ansId": ids["Phone"]},
        {"quesId": ids["well"], "openEnded": "Friendly staff"},
    ]
    return {"projectId": project_id, "callId": call_id, "isPut": is_put, "survey": survey}


def save(client, tokens, payload, uid=SV, role=Role.SURVEYOR):
    return client.post("/api/call-survey", headers=tokens.headers(role, uid), json=payload)


def stored(client):
    with client.app.state.db.session() as s:
        return sorted((a.ques_id, a.ans_id, a.open_ended, a.unique_id) for a in s.scalars(select(SurveyAnswer)))


def outbox_types(client):
    outbox = client.app.state.db.base.metadata.tables["outbox"]
    with client.app.state.db.session() as s:
        return [e["type"] for e in s.scalars(select(outbox.c.envelope)) if e["type"] == "surveys.survey.saved"]


def test_save_then_replace_idempotently(client, tokens, setup):
    ids = setup
    r = save(client, tokens, body(ids))
    assert r.status_code == 200, r.text
    answers = r.json()["data"]["answers"]
    assert len(answers) == 5
    assert all(len(a["uniqueId"]) == 50 and a["uniqueId"].isalnum() for a in answers)
    assert {a["sequence"] for a in answers if a["quesId"] == ids["rating"]} == {2}
    first = stored(client)
    # the same body again (offline resend) stores the same set, and isPut with the same body too
    assert save(client, tokens, body(ids)).status_code == 200
    assert save(client, tokens, body(ids, is_put=True)).status_code == 200
    assert stored(client) == first
    # a different answer without isPut is refused; with isPut it replaces only what changed
    changed = body(ids, survey=[{"quesId": ids["rating"], "ansId": ids["Excellent"]},
                                {"quesId": ids["recommend"], "ansId": ids["Yes"]},
                                {"quesId": ids["channels"], "ansId": ids["Web"]}])
    assert save(client, tokens, changed).status_code == 409
    assert stored(client) == first
    assert save(client, tokens, {**changed, "isPut": True}).status_code == 200
    after = stored(client)
    assert [(q, a, t) for q, a, t, _ in after] == sorted(
        [(ids["rating"], ids["Excellent"], None), (ids["recommend"], ids["Yes"], None), (ids["channels"], ids["Web"], None)])
    kept = {(q, a): u for q, a, _, u in first}
    assert {(q, a): u for q, a, _, u in after if (q, a) != (ids["rating"], ids["Excellent"])} == {
        (ids["recommend"], ids["Yes"]): kept[(ids["recommend"], ids["Yes"])],
        (ids["channels"], ids["Web"]): kept[(ids["channels"], ids["Web"])]}
    # one event per real change
    assert outbox_types(client) == ["surveys.survey.saved", "surveys.survey.saved"]
    outbox = client.app.state.db.base.metadata.tables["outbox"]
    with client.app.state.db.session() as s:
        saved = [e for e in s.scalars(select(outbox.c.envelope).order_by(outbox.c.created_at)) if e["type"] == "surveys.survey.saved"]
    last = saved[-1]["data"]
    # the bank titles travel along for readers that show the answers (calling's Call Log Details)
    assert {(a["question"], a["answer"]) for a in last["answers"]} == {("Care rating", "Excellent"), ("Recommend", "Yes"),
                                                                      ("Channels", "Web")}
    assert sorted((a["quesId"], a["ansId"]) for a in last.pop("answers")) == sorted(
        [(ids["rating"], ids["Excellent"]), (ids["recommend"], ids["Yes"]), (ids["channels"], ids["Web"])])
    assert last == {"callId": 100, "projectId": 1, "surveyorId": SV, "languageId": None}


def test_sequence_is_the_question_position_when_saved(client, tokens, setup):
    """The answer's sequence is its question's place in the questionnaire, not what the browser sent: a call screen
    opened before a manager moved a question sends the old place (and a sequence of another question is no place)."""
    ids = setup
    payload = body(ids)
    for e, sent in zip(payload["survey"], (4, 2, 2, 9, None)):
        e["sequence"] = sent
    r = save(client, tokens, payload)
    assert r.status_code == 200, r.text
    places = {ids["rating"]: 2, ids["recommend"]: 3, ids["channels"]: 4, ids["well"]: 5}
    assert {(a["quesId"], a["sequence"]) for a in r.json()["data"]["answers"]} == set(places.items())
    with client.app.state.db.session() as s:
        assert {(a.ques_id, a.sequence) for a in s.scalars(select(SurveyAnswer))} == set(places.items())


def test_required_single_and_multiple_questions(client, tokens, setup):
    ids = setup
    r = save(client, tokens, body(ids, survey=[{"quesId": ids["well"], "openEnded": "ok"},
                                               {"quesId": ids["recommend"], "ansId": None}]))
    assert r.status_code == 422
    assert r.json()["message"] == "survey: answers are required for Care rating; Recommend; Channels"
    assert stored(client) == []


@pytest.mark.parametrize("entry_change,field", [
    ({"rating": {"ansId": "Yes"}}, "survey #1, ansId"),          # answer of another question
    ({"rating": {"ansId": 99999}}, "survey #1, ansId"),
    ({"rating": {"openEnded": "text"}}, "survey #1, openEnded"),
    ({"well": {"ansId": "Good", "openEnded": None}}, "survey #5, ansId"),
])
def test_answers_must_fit_the_question(client, tokens, setup, entry_change, field):
    ids = setup
    payload = body(ids)
    by_q = {ids[k]: v for k, v in entry_change.items()}
    for e in payload["survey"]:
        for k, v in by_q.get(e["quesId"], {}).items():
            e[k] = ids.get(v, v) if isinstance(v, str) and k == "ansId" else v
    r = save(client, tokens, payload)
    assert r.status_code == 422, r.text
    assert r.json()["message"].startswith(field), r.json()
    assert stored(client) == []


def test_single_takes_exactly_one_and_text_is_limited(client, tokens, setup):
    ids = setup
    payload = body(ids)
    payload["survey"].append({"quesId": ids["rating"], "ansId": ids["Poor"]})
    r = save(client, tokens, payload)
    assert r.status_code == 422 and "Care rating' takes exactly one answer" in r.json()["message"]
    payload = body(ids)
    payload["survey"][4]["openEnded"] = "x" * 2001
    r = save(client, tokens, payload)
    assert r.status_code == 422 and "survey #5, openEnded" in r.json()["message"]
    payload["survey"][4]["openEnded"] = "x" * 2000
    assert save(client, tokens, payload).status_code == 200
    bad = body(ids)
    bad["survey"].append({"quesId": ids["intro"], "ansId": ids["Yes"]})
    assert save(client, tokens, {**bad, "isPut": True}).status_code == 422
    unknown = body(ids)
    unknown["survey"].append({"quesId": 4242})
    r = save(client, tokens, {**unknown, "isPut": True})
    assert r.status_code == 422 and "survey #6, quesId" in r.json()["message"]


def test_only_the_surveyor_holding_the_call(client, tokens, setup):
    ids = setup
    assert save(client, tokens, body(ids), uid=OTHER_SV).status_code == 404
    r = save(client, tokens, body(ids, call_id=555))
    assert r.status_code == 404 and r.json()["message"].startswith("callId: call 555 is not known to the surveys service yet")
    r = save(client, tokens, body(ids, project_id=2))
    assert r.status_code == 422 and r.json()["message"].startswith("projectId")
    # a Keller surveyor holding a call may save it
    call_started(client, 101, 1, 30)
    assert save(client, tokens, body(ids, call_id=101), uid=30, role=Role.KELLER_SURVEYOR).status_code == 200
    assert save(client, tokens, {**body(ids), "surveyorId": 1}).status_code == 422  # unknown field
    with client.app.state.db.session() as s:
        assert s.scalar(select(func.count()).select_from(SurveyAnswer).where(SurveyAnswer.call_id == 100)) == 0


def test_bad_bodies_are_422_naming_the_field(client, tokens, setup):
    for payload, field in (({"projectId": 1, "survey": []}, "callId"),
                           ({"projectId": 1, "callId": 100}, "survey"),
                           ({"projectId": 1, "callId": 100, "survey": [{"ansId": 1}]}, "survey #1, quesId"),
                           ({"projectId": 1, "callId": "abc", "survey": []}, "callId")):
        r = save(client, tokens, payload)
        assert r.status_code == 422 and field in r.json()["message"], r.text


def test_a_partial_survey_may_leave_required_questions_unanswered(client, tokens, setup):
    ids = setup
    partial = [{"quesId": ids["recommend"], "ansId": ids["Yes"]}, {"quesId": ids["well"], "openEnded": "ok"}]
    r = save(client, tokens, body(ids, survey=partial))
    assert r.status_code == 422 and r.json()["message"] == "survey: answers are required for Care rating; Channels"
    # Partial Survey ticked: only the required-answers check goes; the answers given must still fit
    for bad in ([*partial, {"quesId": ids["rating"], "ansId": ids["Yes"]}],   # an answer of another question
                [*partial, {"quesId": ids["intro"], "ansId": ids["Yes"]}],    # scripted takes nothing
                [{"quesId": ids["recommend"], "ansId": ids["Yes"]}, {"quesId": ids["recommend"], "ansId": ids["No"]}]):
        r = save(client, tokens, {**body(ids, survey=bad), "isPartial": True})
        assert r.status_code == 422, r.text
    assert stored(client) == []
    r = save(client, tokens, {**body(ids, survey=partial), "isPartial": True})
    assert r.status_code == 200, r.text
    assert [(q, a, t) for q, a, t, _ in stored(client)] == sorted(
        [(ids["recommend"], ids["Yes"], None), (ids["well"], None, "ok")])
    # the surveyor finishes it later: the full survey replaces the partial one
    assert save(client, tokens, body(ids, is_put=True)).status_code == 200
    assert len(stored(client)) == 5


def released(client, call_id: int, pid: int, surveyor_id: int, attempt_counted: bool = False) -> None:
    feed(client, "calling.call.released", {"callId": call_id, "projectId": pid, "visitId": call_id * 10,
                                           "surveyorId": surveyor_id, "releasedAt": "2026-03-02T15:05:00Z",
                                           "attemptCounted": attempt_counted})


def test_a_released_call_takes_no_survey(client, tokens, setup):
    ids = setup
    released(client, 100, 1, SV)
    for payload in (body(ids), body(ids, is_put=True), {**body(ids), "isPartial": True}):
        r = save(client, tokens, payload)
        assert r.status_code == 409, r.text
        assert r.json()["message"].startswith("This call was released"), r.text
    assert stored(client) == [] and outbox_types(client) == []
    # a release that reaches surveys before the call's start (events out of order) still closes the call
    released(client, 101, 1, SV)
    call_started(client, 101, 1, SV)
    assert save(client, tokens, body(ids, call_id=101)).status_code == 409
    # an agreed call given back ends partial (attemptCounted): it takes no survey either
    call_started(client, 102, 1, SV)
    released(client, 102, 1, SV, attempt_counted=True)
    assert save(client, tokens, {**body(ids, call_id=102), "isPartial": True}).status_code == 409
    # another surveyor still learns the call is not theirs, not that it was released
    assert save(client, tokens, body(ids), uid=OTHER_SV).status_code == 404


def test_surveyor_b_saving_on_surveyor_a_held_call_gets_the_unknown_call_404(client, tokens, setup):
    """Surveyor A (SV) holds call 100; surveyor B (OTHER_SV, assigned to the same project) posting a survey for it
    is answered exactly as a call id that does not exist (404, same message: nothing says the call is someone
    else's), as calling's PUT calls and call-lock answer B; nothing is stored."""
    ids = setup
    assign(client, 2, 1, OTHER_SV)
    foreign = save(client, tokens, body(ids), uid=OTHER_SV)
    absent = save(client, tokens, body(ids, call_id=777), uid=OTHER_SV)
    assert foreign.status_code == absent.status_code == 404, foreign.text
    assert foreign.json()["message"] == absent.json()["message"].replace("777", "100")
    assert stored(client) == [] and outbox_types(client) == []
    assert save(client, tokens, body(ids)).status_code == 200  # A still saves it


def test_a_completed_call_still_takes_its_survey(client, tokens, setup):
    """Offline resends send the result first: the survey of a call calling has completed is still saved."""
    ids = setup
    feed(client, "calling.call.completed", {"callId": 100, "projectId": 1, "visitId": 1000, "surveyorId": SV,
                                            "result": 1, "isPartial": False, "surveyedOn": "2026-03-02T15:10:00Z"})
    r = save(client, tokens, body(ids))
    assert r.status_code == 200, r.text
    assert len(stored(client)) == 5


def test_a_survey_answered_in_another_order_is_saved_the_same(client, tokens, setup):
    """The answers come back, and go to the readers of surveys.survey.saved (Call Log Details, the client report), in
    the questionnaire's order and a Multiple question's response order, whatever order the surveyor ticked them in."""
    ids = setup
    ticked = body(ids)
    ticked["survey"] = list(reversed(ticked["survey"]))  # Phone ticked before Web, the last question first
    r = save(client, tokens, ticked)
    assert r.status_code == 200, r.text
    in_order = [(e["quesId"], e.get("ansId")) for e in body(ids)["survey"]]
    assert [(a["quesId"], a["ansId"]) for a in r.json()["data"]["answers"]] == in_order
    outbox = client.app.state.db.base.metadata.tables["outbox"]
    with client.app.state.db.session() as s:
        (event,) = [e for e in s.scalars(select(outbox.c.envelope)) if e["type"] == "surveys.survey.saved"]
    assert [(a["quesId"], a["ansId"]) for a in event["data"]["answers"]] == in_order
