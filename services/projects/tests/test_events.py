"""Consumed identity events keep the users read model idempotently; the demo seed waits for the demo users."""

from sqlalchemy import select

from kit.auth import Role
from projects.models import Assignment, Project
from projects.readmodel.views import UserView as User
from projects.seed import seed_demo
from projects_support import DEMO_USERS, outbox, user_event, users_consumer


def _users(app) -> dict[int, User]:
    with app.state.db.session() as s:
        return {u.id: u for u in s.scalars(select(User))}


def test_user_events_are_applied_once_and_tolerantly(api):
    consumer = users_consumer(api.app)
    ev = user_event(50, Role.SURVEYOR, "New@Demo.test", langIds=[2, "3", "x"], extraField="ignored")
    assert consumer.handle(ev) is True
    assert consumer.handle(ev) is False  # same event again: already applied
    u = _users(api.app)[50]
    assert (u.email, u.lang_ids, u.is_deleted) == ("new@demo.test", [2, 3], False)
    updated = user_event(50, Role.SURVEYOR, "new@demo.test", kind="updated", firstName="Renamed")
    assert consumer.handle(updated) is True
    assert _users(api.app)[50].first_name == "Renamed"
    assert consumer.handle({**user_event(50, Role.SURVEYOR, "x"), "type": "identity.user.deactivated",
                            "data": {"id": 50}}) is True
    assert _users(api.app)[50].is_deleted is True
    assert consumer.handle({**user_event(50, Role.SURVEYOR, "x"), "type": "identity.user.reactivated",
                            "data": {"id": 50}}) is True
    assert _users(api.app)[50].is_deleted is False
    deleted = {**user_event(50, Role.SURVEYOR, "x"), "type": "identity.user.deleted", "data": {"id": 50}}
    assert consumer.handle(deleted) is True and consumer.handle(deleted) is False
    assert 50 not in _users(api.app)


def test_malformed_user_event_is_poison(api):
    import pytest

    from kit.events import PoisonMessage

    with pytest.raises(PoisonMessage):
        users_consumer(api.app).handle({"id": "e1", "type": "identity.user.created", "data": {"id": "seven"}})


def test_seed_demo_waits_for_the_pm_and_is_idempotent(make_client):
    with make_client() as c:
        db = c.app.state.db
        with db.session() as s:  # start as in the embedded run: no users known yet
            for u in s.scalars(select(User)):
                s.delete(u)
        assert seed_demo(db) == {"client": True, "project": False, "assignments": 0}
        consumer = users_consumer(c.app)
        for uid, role, email in DEMO_USERS:
            consumer.handle(user_event(uid + 1000, role, email))
        assert seed_demo(db) == {"client": True, "project": True, "assignments": 3}
        assert seed_demo(db) == {"client": True, "project": True, "assignments": 3}
        with db.session() as s:
            assert len(s.scalars(select(Project)).all()) == 1
            assert len(s.scalars(select(Assignment)).all()) == 3
        assert len(outbox(c.app, "projects.project.created")) == 1
        assert len(outbox(c.app, "projects.assignment.created")) == 3
