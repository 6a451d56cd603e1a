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


def test_staleness_compares_instants_not_strings(client):
    """Regression: "2026-02-01T10:00:00+02:00" (08:00Z) is older than "2026-02-01T09:00:00Z", though it sorts
    after it as text; and a time without a fraction is not newer than one with it."""
    feed(client, "projects.project.updated", {"id": 8, "name": "Newer", "managerId": 4},
         occurred_at="2026-02-01T09:00:00Z")
    feed(client, "projects.project.updated", {"id": 8, "name": "Older", "managerId": 3},
         occurred_at="2026-02-01T10:00:00+02:00")
    feed(client, "projects.project.updated", {"id": 8, "name": "Older too", "managerId": 3},
         occurred_at="2026-02-01T08:59:59.500000Z")
    (p,) = [p for p in rows(client, ProjectView) if p.id == 8]
    assert (p.name, p.manager_id) == ("Newer", 4)


def test_users_and_call_details_tolerantly(client):
    from surveys.models import Comment, UserView
    feed(client, "identity.user.created", {"id": 21, "firstName": "Ana", "lastName": "Diaz", "email": "ana@x.test",
                                           "role": 3, "unknown": [1]})
    feed(client, "identity.user.updated", {"id": 21, "email": "ana.diaz@x.test"})
    (u,) = rows(client, UserView)
    assert (u.first_name, u.last_name, u.email) == ("Ana", "Diaz", "ana.diaz@x.test")
    feed(client, "projects.project.created", {"id": 1, "name": "P", "managerId": 3})
    feed(client, "calling.call.completed", {"callId": 6, "projectId": 1, "surveyorId": 21, "languageId": "2",
                                            "surveyLanguageId": 1, "provider": "Dr. Lee", "site": "North",
                                            "department": "Peds", "surveyedOn": "2026-03-02T10:00:00-05:00",
                                            "positive": "Kind nurse", "negative": "  ", "result": True})
    (c,) = rows(client, CallView)
    assert (c.language_id, c.provider, c.site, c.department, c.result) == (2, "Dr. Lee", "North", "Peds", None)
    assert c.survey_language_id == 1  # the language the survey was taken in, beside the roster's
    assert c.surveyed_on.isoformat() == "2026-03-02T15:00:00"
    assert [(x.kind, x.normal) for x in rows(client, Comment)] == [("positive", "Kind nurse")]
    # an event without positive / negative leaves the comments alone
    feed(client, "calling.call.completed", {"callId": 6, "projectId": 1, "result": 1})
    assert len(rows(client, Comment)) == 1
    (c,) = rows(client, CallView)
    assert (c.language_id, c.survey_language_id) == (2, 1)  # absent fields leave them alone
