from sqlalchemy import select

from reporting.models import CallFact, ProjectView, UserView
from reporting_testkit import envelope, feed


def consumer(client):
    (c,) = client.app.state.consumers
    return c


def facts(client):
    with client.app.state.db.session() as s:
        return list(s.scalars(select(CallFact)))


def completed(call_id=1, **kw):
    data = {"callId": call_id, "projectId": 1, "visitId": 10, "surveyorId": 2, "result": 1, "isPartial": True,
            "surveyLanguageId": 1, "callStart": "2026-03-02T15:00:00Z", "endedAt": "2026-03-02T15:05:00Z",
            "surveyedOn": "2026-03-02T15:05:00Z", "surveyCompletedOn": None, "isAgreeComplete": False}
    data.update(kw)
    return data


def test_same_event_twice_applies_once(client):
    env = envelope("calling.call.completed", completed())
    assert consumer(client).handle(env) is True
    assert consumer(client).handle(env) is False
    assert len(facts(client)) == 1


def test_interim_partial_then_final_updates_the_row(client):
    feed(client, "calling.call.started", {"callId": 1, "projectId": 1, "visitId": 10, "surveyorId": 2,
                                          "callStart": "2026-03-02T15:00:00Z"})
    feed(client, "calling.call.completed", completed())
    feed(client, "calling.call.completed", completed(isPartial=False, endedAt="2026-03-02T15:12:00Z",
                                                     surveyCompletedOn="2026-03-02T15:12:00Z", isAgreeComplete=True))
    (c,) = facts(client)
    assert (c.result, c.is_partial, c.is_agree_complete, str(c.ended_at)) == (1, False, True, "2026-03-02 15:12:00")
    # a late started event does not undo the completed state; a stale completed is ignored
    feed(client, "calling.call.started", {"callId": 1, "projectId": 1, "surveyorId": 2, "callStart": "2026-03-02T14:00:00Z"})
    feed(client, "calling.call.completed", completed(), occurred_at="2025-01-01T00:00:00Z")
    feed(client, "calling.call.released", {"callId": 1, "projectId": 1, "visitId": 10})
    (c,) = facts(client)
    assert (c.is_partial, str(c.call_start), c.released) == (False, "2026-03-02 15:00:00", True)


def test_project_and_user_events_are_tolerant(client):
    feed(client, "projects.project.updated", {"id": 4, "paymentRate": "bad", "unknown": 1})
    feed(client, "projects.project.created", {"id": 4, "name": "P", "managerId": 3, "paymentRate": "8.5"},
         occurred_at="2000-01-01T00:00:00Z")  # older than the update: ignored entirely
    feed(client, "identity.user.created", {"id": 5, "firstName": "A", "lastName": "B", "role": 7, "cimrManagerIds": [8]})
    feed(client, "identity.user.deactivated", {"id": 5, "isDeleted": True})
    with client.app.state.db.session() as s:
        p = s.get(ProjectView, 4)
        u = s.get(UserView, 5)
        assert (p.name, p.manager_id, p.payment_rate) == ("", None, 0)
        assert (u.role, u.cimr_manager_ids, u.is_deleted) == (7, [8], True)
    feed(client, "identity.user.reactivated", {"id": 5})
    with client.app.state.db.session() as s:
        assert s.get(UserView, 5).is_deleted is False


def test_staleness_compares_instants_even_when_the_fraction_is_left_out(client):
    # occurredAt comes from isoformat(), which drops ".000000" at 0 µs: as text "15:05:00Z" > "15:05:00.250000Z"
    feed(client, "calling.call.completed", completed(result=4), occurred_at="2026-03-02T15:05:00Z")
    feed(client, "calling.call.completed", completed(result=1), occurred_at="2026-03-02T15:05:00.250000Z")
    (c,) = facts(client)
    assert c.result == 1  # the later event applied
    feed(client, "calling.call.completed", completed(callId=2, result=1), occurred_at="2026-03-02T15:05:00.250000Z")
    feed(client, "calling.call.completed", completed(callId=2, result=4), occurred_at="2026-03-02T15:05:00Z")
    assert next(f for f in facts(client) if f.call_id == 2).result == 1  # the earlier one, arriving late, did not
    # a same-instant redelivery under a new id still applies; an unreadable time never blocks
    feed(client, "calling.call.completed", completed(callId=2, result=5), occurred_at="2026-03-02T15:05:00.250Z")
    assert next(f for f in facts(client) if f.call_id == 2).result == 5
    feed(client, "calling.call.completed", completed(callId=2, result=6), occurred_at="garbage")
    assert next(f for f in facts(client) if f.call_id == 2).result == 6
    # ...and is not remembered: the newest readable time still guards against an older event
    feed(client, "calling.call.completed", completed(callId=2, result=4), occurred_at="2026-03-02T15:04:00Z")
    assert next(f for f in facts(client) if f.call_id == 2).result == 6
    with client.app.state.db.session() as s:
        assert s.get(CallFact, 2).source_at == "2026-03-02T15:05:00.250000Z"
