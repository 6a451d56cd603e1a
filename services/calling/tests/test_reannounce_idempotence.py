"""`python -m rosters.reannounce` sends a project's rosters again under NEW event ids: calling's inbox applies them
a second time. A re-announced visit must keep its call state (status, attempts, holds, callbacks), a removed
roster announced again must change nothing, and the same sampling again must leave the queue as it was.
Envelopes are built as rosters publishes them (version 2 `visitColumns`)."""

from datetime import timedelta

import pytest
from sqlalchemy import func, select

from calling.models import Visit
from calling_testkit import envelope
from kit.events import utcnow

RESULT_NOT_REACHED, CALLBACK = 4, 6


def state(world, ids):
    """Everything of the visits a re-announce must not touch."""
    with world.db.session() as s:
        rows = s.scalars(select(Visit).where(Visit.id.in_(ids)).order_by(Visit.id)).all()
        return {v.id: (v.status, v.attempts, v.lock_token, v.locked_by, v.callback_at, v.callback_by, v.last_called)
                for v in rows}


def reannounce(world, event_type, data):
    """The same data as before under a new event id: the inbox does not recognise it and applies it."""
    e = envelope(event_type, data)
    if event_type == "rosters.visits.imported":
        e["version"] = 2  # visitColumns, as rosters publishes them
    assert world.consumer.handle(e) is True


def visit_columns(world, ids, roster_id, pid):
    """The visits as rosters announces them again (`visitColumns`), read back from what calling stored."""
    with world.db.session() as s:
        rows = s.scalars(select(Visit).where(Visit.id.in_(ids)).order_by(Visit.id)).all()
        visits = [{"visitId": v.id, "visitorId": v.visitor_id, "firstName": v.first_name, "lastName": v.last_name,
                   "phoneCell": v.phone_cell, "dos": v.dos.isoformat(), "providerName": v.provider_name,
                   "siteName": v.site_name, "departmentName": v.department_name, "languageId": v.language_id}
                  for v in rows]
    return {"projectId": pid, "rosterId": roster_id, "visitColumns": {k: [v[k] for v in visits] for k in visits[0]}}


def test_reannounced_visits_keep_their_call_state(world):
    pid, sid = world.setup(0, max_calls=2)
    ids = world.visits(pid, 5, roster_id=7)
    surveyed = world.claim(pid, sid).json()["data"]
    assert world.result(surveyed, sid, 1, partial=False).status_code == 200
    tried = world.claim(pid, sid).json()["data"]
    assert world.result(tried, sid, RESULT_NOT_REACHED).status_code == 200
    held = world.claim(pid, sid).json()["data"]  # claimed, no result yet: locked by the surveyor
    before = state(world, ids)
    assert before[surveyed["visitId"]][:2] == (1, 1) and before[tried["visitId"]][:2] == (0, 1)
    assert before[held["visitId"]][2] is not None

    reannounce(world, "rosters.visits.imported", visit_columns(world, ids, 7, pid))
    reannounce(world, "rosters.sampling.updated", {"projectId": pid, "lookBackDays": 0, "maxCalls": 2,
                                                   "parameters": [{"id": pid * 10, "typeId": 0, "priority": 1}],
                                                   "languages": [], "quotas": [], "undefinedProviders": 0})
    assert state(world, ids) == before
    with world.db.session() as s:
        assert s.scalar(select(func.count()).select_from(Visit).where(Visit.project_id == pid)) == 5
    # the held call can still be saved: its lock survived
    assert world.result(held, sid, RESULT_NOT_REACHED).status_code == 200


def test_a_removed_roster_announced_again_changes_nothing(world):
    pid, sid = world.setup(0)
    ids = world.visits(pid, 3, roster_id=8)
    called = world.claim(pid, sid).json()["data"]
    assert world.result(called, sid, RESULT_NOT_REACHED).status_code == 200
    world.feed("rosters.roster.removed", {"rosterId": 8, "projectId": pid})
    before = state(world, ids)
    assert list(before) == [called["visitId"]] and before[called["visitId"]][0] == 4  # kept for the log, Removed

    # rosters re-announces a removed roster's called visits, then its removal
    reannounce(world, "rosters.visits.imported", visit_columns(world, [called["visitId"]], 8, pid))
    reannounce(world, "rosters.roster.removed", {"rosterId": 8, "projectId": pid})
    assert state(world, ids) == before


def test_a_callback_at_the_attempts_limit_survives_the_same_sampling_again(world):
    pid, sid = world.setup(0, max_calls=1)
    ids = world.visits(pid, 2, roster_id=9)
    c = world.claim(pid, sid).json()["data"]
    at = (utcnow() + timedelta(days=1)).replace(microsecond=0).isoformat() + "Z"
    assert world.result(c, sid, CALLBACK, callbackAt=at).status_code == 200
    before = state(world, ids)
    assert before[c["visitId"]][:2] == (0, 1) and before[c["visitId"]][4] is not None  # Open, held by its callback

    reannounce(world, "rosters.sampling.updated", {"projectId": pid, "lookBackDays": 0, "maxCalls": 1,
                                                   "parameters": [{"id": pid * 10, "typeId": 0, "priority": 1}],
                                                   "languages": [], "quotas": [], "undefinedProviders": 0})
    assert world.visit(c["visitId"]).status == 0  # not MAX_CALLS (3), which would cancel the appointment
    assert state(world, ids) == before
