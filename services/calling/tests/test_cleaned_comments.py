"""surveys.comment.cleaned into calling's read model: the cleaned versions of a call's positive and negative
comments in the Call Log Details (spec: call log (full) positiveWNSM, positiveWoNSM, negativeWNSM, negativeWoNSM)."""

import uuid

import pytest
from sqlalchemy import func, select

from calling.models import CleanedCommentView
from kit.auth import Role
from kit.events import PoisonMessage

FIELDS = ("positiveWNSM", "positiveWoNSM", "negativeWNSM", "negativeWoNSM")


def data(r):
    assert r.status_code == 200, r.text
    return r.json()["data"]


def cleaned(world, call_id: int, kind: str, nsm, text, *, status: int = 1, at: str = "2026-01-01T00:00:00Z",
            event_id: str | None = None, ques_id=None) -> bool:
    return world.consumer.handle({
        "id": event_id or str(uuid.uuid4()), "type": "surveys.comment.cleaned", "occurredAt": at, "version": 1,
        "data": {"projectId": 1, "callId": call_id, "kind": kind, "quesId": ques_id, "status": status, "nsm": nsm,
                 "cleaned": text}})


@pytest.fixture
def logged_call(world):
    pm = world.user(Role.PROJECT_MANAGER)
    p = world.project(manager_id=pm)
    s = world.user()
    world.assign(p, s)
    world.sampling(p)
    world.visits(p, 2)
    c = data(world.claim(p, s))
    data(world.result(c, s, 1, partial=False, surveyLanguageId=1, positive="Nurse Kim was lovely",
                      negative="Dr Roe kept us waiting"))
    return c["callId"], pm


def details(world, call_id, role=Role.OPERATIONS, uid=1):
    return data(world.client.get(f"/api/calls-log/{call_id}", headers=world.h(role, uid)))


def test_the_cleaned_comments_show_in_the_call_log_details(world, logged_call):
    cid, pm = logged_call
    d = details(world, cid)
    assert (d["positive"], d["negative"]) == ("Nurse Kim was lovely", "Dr Roe kept us waiting")
    assert {k: d[k] for k in FIELDS} == dict.fromkeys(FIELDS)  # not cleaned yet

    assert cleaned(world, cid, "positive", "Nurse Kim was lovely", "The nurse was lovely")
    assert cleaned(world, cid, "negative", None, "The doctor kept us waiting")
    assert cleaned(world, cid, "oe", "Kim", "The nurse", ques_id=12)  # open-ended: not the call log's
    want = {"positiveWNSM": "Nurse Kim was lovely", "positiveWoNSM": "The nurse was lovely", "negativeWNSM": None,
            "negativeWoNSM": "The doctor kept us waiting"}
    assert {k: details(world, cid)[k] for k in FIELDS} == want
    assert {k: details(world, cid, Role.PROJECT_MANAGER, pm)[k] for k in FIELDS} == want
    # the list rows stay without them
    rows = world.client.get("/api/calls-log", headers=world.h(Role.OPERATIONS, 1), params={"limit": 10}).json()["rows"]
    assert not any(k in next(r for r in rows if r["callId"] == cid) for k in FIELDS)

    # an unclean clears them; an older cleaning arriving late does not bring them back
    assert cleaned(world, cid, "positive", None, None, status=0, at="2026-01-02T00:00:00Z")
    assert cleaned(world, cid, "positive", "Old", "Old", at="2026-01-01T12:00:00Z")
    got = details(world, cid)
    assert (got["positiveWNSM"], got["positiveWoNSM"], got["negativeWoNSM"]) == (None, None,
                                                                                  "The doctor kept us waiting")


def test_redelivery_is_absorbed_and_a_malformed_event_is_poison(world, logged_call):
    cid, _ = logged_call
    eid = str(uuid.uuid4())
    assert cleaned(world, cid, "negative", "Dr Roe was late", "The doctor was late", event_id=eid) is True
    assert cleaned(world, cid, "negative", "Dr Roe was late", "The doctor was late", event_id=eid) is False
    with world.db.session() as s:
        assert s.scalar(select(func.count()).select_from(CleanedCommentView)) == 1
    assert details(world, cid)["negativeWNSM"] == "Dr Roe was late"
    with pytest.raises(PoisonMessage):
        world.consumer.handle({"id": str(uuid.uuid4()), "type": "surveys.comment.cleaned",
                               "occurredAt": "2026-01-03T00:00:00Z", "version": 1,
                               "data": {"kind": "negative", "status": 1, "cleaned": "x"}})
    assert details(world, cid)["negativeWoNSM"] == "The doctor was late"
