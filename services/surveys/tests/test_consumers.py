from sqlalchemy import select

from surveys.models import AssignmentView, CallView, ProjectView
from surveys_testkit import envelope, feed


def consumer(client):
    (c,) = client.app.state.consumers
    return c


def rows(client, model):
    with client.app.state.db.session() as s:
        return list(s.scalars(select(model)))


def test_same_event_twice_is_applied_once(client):
    env = envelope("projects.project.created", {"id": 7, "name": "P", "managerId": 3})
    assert consumer(client).handle(env) is True
    assert consumer(client).handle(env) is False
    assert [(p.id, p.name, p.manager_id) for p in rows(client, ProjectView)] == [(7, "P", 3)]


def test_older_project_update_does_not_win(client):
    feed(client, "projects.project.updated", {"id": 7, "name": "New", "managerId": 4}, occurred_at="2026-02-02T00:00:00Z")
    feed(client, "projects.project.created", {"id": 7, "name": "Old", "managerId": 3}, occurred_at="2026-02-01T00:00:00Z")
    feed(client, "projects.project.locked", {"id": 7, "isLocked": True})
    (p,) = rows(client, ProjectView)
    assert (p.name, p.manager_id, p.is_locked) == ("New", 4, True)


def test_assignment_delete_before_create_stays_deleted(client):
    feed(client, "projects.assignment.deleted", {"id": 9, "projectId": 1, "surveyorId": 2})
    feed(client, "projects.assignment.created", {"id": 9, "projectId": 1, "surveyorId": 2, "extra": "ignored"})
    (a,) = rows(client, AssignmentView)
    assert a.deleted is True


def test_call_events_update_one_row(client):
    feed(client, "calling.call.started", {"callId": 5, "projectId": 1, "visitId": 50, "surveyorId": 2})
    feed(client, "calling.call.completed", {"callId": 5, "projectId": 1, "visitId": 50, "surveyorId": 2, "result": 1,
                                            "isPartial": True})
    feed(client, "calling.call.released", {"callId": 5, "projectId": 1, "visitId": 50})
    (c,) = rows(client, CallView)
    assert (c.call_id, c.project_id, c.surveyor_id, c.released) == (5, 1, 2, True)


def test_malformed_event_is_refused(client):
    import pytest

    from kit.events import PoisonMessage
    with pytest.raises(PoisonMessage):
        consumer(client).handle(envelope("calling.call.started", {"projectId": 1}))
    assert rows(client, CallView) == []
