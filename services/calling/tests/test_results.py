import pytest

from calling_testkit import SURVEYOR


def data(r):
    assert r.status_code == 200, r.text
    return r.json()["data"]


def test_completed_survey_stamps_completion_and_releases(world):
    pid, sid = world.setup(2)
    c = data(world.claim(pid, sid))
    d = data(world.result(c, sid, 1, partial=False, surveyLanguageId=1, isAgreeComplete=True, positive="Kind",
                             isQARemoval=False, escalation="Patient upset", callerId=sid))
    assert d["status"] == "completed" and d["isPartial"] is False and d["surveyCompletedOn"] and d["endedAt"]
    v = world.visit(c["visitId"])
    assert v.status == 1 and v.locked_by is None and v.attempts == 1
    ev = world.events("calling.call.completed")[-1]
    assert ev["callId"] == c["callId"] and ev["result"] == 1 and ev["surveyCompletedOn"] and ev["isAgreeComplete"] is True
    assert set(ev) >= {"callId", "projectId", "visitId", "surveyorId", "result", "isPartial", "surveyLanguageId",
                       "callStart", "endedAt", "surveyedOn", "surveyCompletedOn", "isAgreeComplete"}


def test_other_results_end_partial_without_completion_time(world):
    pid, sid = world.setup(2)
    c = data(world.claim(pid, sid))
    r = world.result(c, sid, 3, partial=False)  # only Agreed can complete a survey: contradictory, refused
    assert r.status_code == 400 and r.json()["message"].startswith("isPartial:")
    assert world.visit(c["visitId"]).locked_by == sid  # nothing stored
    d = data(world.result(c, sid, 3))
    assert d["status"] == "partial" and d["isPartial"] is True and d["surveyCompletedOn"] is None


def test_interim_agreed_save_keeps_the_lock_then_completes(world):
    pid, sid = world.setup(2)
    c = data(world.claim(pid, sid))
    d = data(world.result(c, sid, 1, partial=True))
    assert d["status"] == "open" and d["surveyCompletedOn"] is None
    assert world.visit(c["visitId"]).locked_by == sid
    d = data(world.result(c, sid, 1, partial=False))
    assert d["status"] == "completed" and d["surveyCompletedOn"]
    assert len([e for e in world.events("calling.call.completed") if e["callId"] == c["callId"]]) == 2


def test_interim_then_asking_again_gives_back_the_same_call(world):
    # spec §2: unsaved answers are offered again on return (Restore responses); a reload during an agreed survey
    # must give back the same patient and call, not end the survey partial and hand out the next patient
    pid, sid = world.setup(2)
    c = data(world.claim(pid, sid))
    assert c["surveyLanguageId"] is None  # a new call: no survey language recorded yet
    data(world.result(c, sid, 1, partial=True, surveyLanguageId=4))  # the interim save, in Arabic
    again = data(world.claim(pid, sid))
    assert again["callId"] == c["callId"] and again["visitId"] == c["visitId"]
    # the screen brings back the language the survey is in, not the roster's (it decides the quota counted)
    assert again["surveyLanguageId"] == 4 and again["languageId"] == c["languageId"]
    assert world.visit(c["visitId"]).attempts == 1 and world.visit(c["visitId"]).locked_by == sid
    assert not [e for e in world.events("calling.call.completed") if e["callId"] == c["callId"] and e["endedAt"]]
    d = data(world.result(c, sid, 1, partial=True, isAgreeComplete=True))  # the screen's final save ends it
    assert d["status"] == "partial" and d["endedAt"]
    assert data(world.claim(pid, sid))["visitId"] != c["visitId"]


def test_final_save_of_a_partial_survey_ends_the_call_partial(world):
    # spec §4: Partial Survey ticked ends the call partial; the final save says isAgreeComplete, the interim one not
    pid, sid = world.setup(2)
    c = data(world.claim(pid, sid))
    assert data(world.result(c, sid, 1, partial=True))["status"] == "open"
    d = data(world.result(c, sid, 1, partial=True, isAgreeComplete=True, positive="Kind"))
    assert d["status"] == "partial" and d["isPartial"] is True and d["surveyCompletedOn"] is None and d["endedAt"]
    assert world.visit(c["visitId"]).locked_by is None


def test_release_after_interim_counts_the_attempt(world):
    pid, sid = world.setup(1)
    c = data(world.claim(pid, sid))
    data(world.result(c, sid, 1, partial=True))
    assert world.release(c, sid).json()["data"]["attemptCounted"] is True
    assert world.visit(c["visitId"]).attempts == 1


def test_identical_resend_stores_nothing_new(world):
    pid, sid = world.setup(2)
    c = data(world.claim(pid, sid))
    first = world.result(c, sid, 4)
    n_events = len(world.events("calling.call.completed"))
    again = world.result(c, sid, 4)
    assert again.status_code == 200 and again.json() == first.json()
    assert len(world.events("calling.call.completed")) == n_events
    changed = world.result(c, sid, 5)
    assert changed.status_code == 409


def test_a_save_replayed_after_the_call_was_released_is_refused_and_stores_nothing(world):
    # the browser resends an unsent save after a logout; the surveyor had left the call meanwhile (lock released):
    # a plain 409 that the browser takes as "drop the draft", never a new call-log row, however often it comes
    pid, sid = world.setup(2)
    c = data(world.claim(pid, sid))
    world.release(c, sid)
    for _ in range(2):
        late = world.result(c, sid, 4, positive="Kind")
        assert late.status_code == 409 and "no longer held" in late.json()["message"]
    assert not [e for e in world.events("calling.call.completed") if e["callId"] == c["callId"]]
    assert world.visit(c["visitId"]).locked_by is None


def test_idempotency_key(world):
    pid, sid = world.setup(2)
    c = data(world.claim(pid, sid))
    key = {"Idempotency-Key": "k-123"}
    first = world.result(c, sid, 4, headers=key)
    again = world.result(c, sid, 4, headers=key)
    assert again.status_code == 200 and again.json() == first.json()
    other = world.result(c, sid, 6, headers=key)
    assert other.status_code == 422 and "Idempotency-Key" in other.json()["message"]
    assert len([e for e in world.events("calling.call.completed") if e["callId"] == c["callId"]]) == 1


def test_do_not_call_marks_the_patient(world):
    pid, sid = world.setup(1)
    c = data(world.claim(pid, sid))
    data(world.result(c, sid, 2))
    assert world.visit(c["visitId"]).status == 2


def test_only_the_holder_saves_or_releases(world):
    pid, sid = world.setup(2)
    other = world.user()
    world.assign(pid, other)
    c = data(world.claim(pid, sid))
    assert world.result(c, other, 4).status_code == 404
    assert world.release(c, other).status_code == 404
    bad = world.client.put("/api/calls", headers=world.h(SURVEYOR, sid), json={
        "id": c["callId"], "projectId": pid + 1, "visitId": c["visitId"], "visitorId": c["visitorId"], "result": 4,
        "isPartial": True})
    assert bad.status_code == 400 and "projectId" in bad.json()["message"]
    bad = world.client.put("/api/calls", headers=world.h(SURVEYOR, sid), json={
        "id": c["callId"], "projectId": pid, "visitId": c["visitId"], "visitorId": c["visitorId"], "result": 9,
        "isPartial": True, "unknownField": 1})
    assert bad.status_code == 422 and "result" in bad.json()["message"]


def test_tolerant_consumers_and_redelivery(world):
    pid = world.project()
    env = {"id": "fixed-id", "type": "rosters.visits.imported", "occurredAt": "x", "version": 1,
           "data": {"projectId": pid, "rosterId": 5, "visits": [{"visitId": 1, "visitorId": 9}, {"noId": True}]}}
    assert world.consumer.handle(env) is True
    assert world.consumer.handle(env) is False  # duplicate delivery
    assert world.visit(1).language_id == 1
    assert world.feed("identity.user.updated", {"id": 5, "role": 3}) is True
    assert world.feed("identity.user.deleted", {"id": 5}) is True
    assert world.feed("projects.assignment.deleted", {"id": 123456}) is True
    assert world.feed("something.else.happened", {"id": 1}) is False
    # version 2 (columns): ragged columns are refused whole, nothing of the event is stored
    ragged = {"projectId": pid, "rosterId": 6, "visitColumns": {"visitId": [2, 3], "visitorId": [10]}}
    with pytest.raises(ValueError):
        world.consumer.handle({**env, "id": "ragged", "version": 2, "data": ragged})
    assert world.visit(2) is None


def test_unknown_survey_language_is_refused(world):
    # survey-work §3 Languages: an id that is none of the twelve nor one an admin added would be stored and counted
    # towards the language sampling as a language no one knows; the call log would name it blank
    pid, sid = world.setup(2)
    c = data(world.claim(pid, sid))
    r = world.result(c, sid, 4, surveyLanguageId=99)
    assert r.status_code == 400 and r.json()["message"].startswith("surveyLanguageId:"), r.text
    assert world.visit(c["visitId"]).locked_by == sid  # nothing stored
    assert world.feed("projects.language.created", {"id": 13, "name": "Hmong"})
    d = data(world.result(c, sid, 4, surveyLanguageId=13))  # a language an admin added is a language
    assert d["surveyLanguageId"] == 13
