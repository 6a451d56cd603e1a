"""surveys.comment.cleaned: the client report exports the cleaned comments (with the named staff members) in
place of the surveyor's raw text, and the raw text again after an unclean."""

import pytest
from sqlalchemy import func, select

from kit.auth import Role
from reporting.models import CleanedCommentView, EventLog
from reporting_testkit import call, envelope, feed, project, user

PM, SV = 11, 21
URL = "/api/service-recoveries"
KEYS = ["Call Id", "Positive Comment", "Negative Comment", "Question 9", "Question 7"]


def cleaned(call_id: int, kind: str, nsm: str | None, text: str | None, *, status: int = 1,
            ques_id: int | None = None) -> dict:
    return {"projectId": 1, "callId": call_id, "kind": kind, "quesId": ques_id, "status": status, "nsm": nsm,
            "cleaned": text}


@pytest.fixture
def report(client, tokens):
    project(client, 1, PM, "10.00", name="Clinic Zeta")
    user(client, SV, 3, firstName="Sam", lastName="Vega")
    call(client, 1, 1, SV, "2026-03-02T15:00:00Z", 10, positive="Nurse Kim was great", negative="Dr Roe was rude")
    call(client, 2, 1, SV, "2026-03-02T16:00:00Z", 10, positive="Fine", negative=None)
    feed(client, "surveys.survey.saved", {"callId": 1, "projectId": 1, "surveyorId": SV, "answers": [
        {"quesId": 7, "sequence": 1, "ansId": 70, "openEnded": None},
        {"quesId": 9, "sequence": 2, "ansId": None, "openEnded": "Kim, the nurse, helped"}]})
    r = client.post(URL, headers=tokens.headers(Role.OPERATIONS, 1),
                    json={"projectId": 1, "srKeys": KEYS, "filename": "Weekly"})
    assert r.status_code == 200, r.text
    sr_id = r.json()["data"]["id"]

    def rows():
        r = client.post(f"{URL}/report", headers=tokens.headers(Role.OPERATIONS, 1),
                        json={"id": sr_id, "from": "2026-03-02", "to": "2026-03-02"})
        assert r.status_code == 200, r.text
        return r.json()["data"]["surveyData"]

    return rows


RAW = [{"Call Id": 1, "Positive Comment": "Nurse Kim was great", "Negative Comment": "Dr Roe was rude",
        "Question 9": "Kim, the nurse, helped", "Question 7": "70"},
       {"Call Id": 2, "Positive Comment": "Fine", "Negative Comment": "", "Question 9": "", "Question 7": ""}]


def test_cleaned_comments_replace_the_raw_text_until_uncleaned(client, report):
    assert report() == RAW
    feed(client, "surveys.comment.cleaned", cleaned(1, "positive", "Nurse Kim was great!", "The nurse was great!"))
    # cleaned without a named-staff version: the text without names
    feed(client, "surveys.comment.cleaned", cleaned(1, "negative", None, "The doctor was rude"))
    feed(client, "surveys.comment.cleaned", cleaned(1, "oe", "Kim (RN) helped", "The nurse helped", ques_id=9))
    assert report() == [
        {"Call Id": 1, "Positive Comment": "Nurse Kim was great!", "Negative Comment": "The doctor was rude",
         "Question 9": "Kim (RN) helped", "Question 7": "70"}, RAW[1]]
    # an unclean (status NotCleaned, texts null) brings the raw text back; the others stay cleaned
    feed(client, "surveys.comment.cleaned", cleaned(1, "positive", None, None, status=0))
    feed(client, "surveys.comment.cleaned", cleaned(1, "oe", None, None, status=0, ques_id=9))
    assert report() == [dict(RAW[0], **{"Negative Comment": "The doctor was rude"}), RAW[1]]
    # cleaned again
    feed(client, "surveys.comment.cleaned", cleaned(1, "oe", "Kim helped", "She helped", ques_id=9))
    assert report()[0]["Question 9"] == "Kim helped"


def test_redelivery_and_late_events_change_nothing(client, report):
    first = envelope("surveys.comment.cleaned", cleaned(1, "positive", "Nurse Kim was great!", "The nurse was great!"))
    (consumer,) = client.app.state.consumers
    assert consumer.handle(first) is True
    assert consumer.handle(first) is False  # the same event again: absorbed
    unclean = envelope("surveys.comment.cleaned", cleaned(1, "positive", None, None, status=0))
    assert consumer.handle(unclean) is True
    assert report()[0]["Positive Comment"] == "Nurse Kim was great"
    # an older cleaning arriving after the unclean does not bring it back
    late = envelope("surveys.comment.cleaned", cleaned(1, "positive", "Old", "Old"),
                    occurred_at=first["occurredAt"])
    assert consumer.handle(late) is True
    assert report()[0]["Positive Comment"] == "Nurse Kim was great"
    with client.app.state.db.session() as s:
        assert s.scalar(select(func.count()).select_from(CleanedCommentView)) == 1
        assert s.scalar(select(func.count()).select_from(EventLog).where(
            EventLog.type == "surveys.comment.cleaned")) == 3


def test_a_comment_emptied_in_calling_is_not_exported_from_its_old_cleaning(client, report):
    feed(client, "surveys.comment.cleaned", cleaned(1, "negative", "Dr Roe was rude", "The doctor was rude"))
    call(client, 1, 1, SV, "2026-03-02T15:00:00Z", 10, positive="Nurse Kim was great", negative=None)
    assert report()[0]["Negative Comment"] == ""


def test_malformed_or_unknown_comment_events(client, report):
    from kit.events import PoisonMessage

    (consumer,) = client.app.state.consumers
    with pytest.raises(PoisonMessage):
        consumer.handle(envelope("surveys.comment.cleaned", {"projectId": 1, "kind": "positive", "status": 1}))
    with pytest.raises(PoisonMessage):  # an open-ended comment without its question
        consumer.handle(envelope("surveys.comment.cleaned", cleaned(1, "oe", "x", "x")))
    assert consumer.handle(envelope("surveys.comment.cleaned", cleaned(1, "other", "x", "x"))) is True
    assert report() == RAW
