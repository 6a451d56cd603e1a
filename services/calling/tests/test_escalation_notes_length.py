"""Escalation notes sent with a call result are kept whole (accents, emoji, apostrophes) or refused with the
field named when too long, never cut."""

from kit.auth import Role


def _world(world):
    pm = world.user(Role.PROJECT_MANAGER)
    p = world.project(manager_id=pm, name="Gamma")
    s = world.user(first="Zoë", last="O'Brien")
    world.assign(p, s)
    world.sampling(p)
    world.visits(p, 3)
    return pm, p, s


def test_long_escalation_notes_are_refused_not_cut(world):
    pm, p, s = _world(world)
    c = world.claim(p, s).json()["data"]
    for too_long in ("n" * 5001, {"notes": "n" * 5001}):
        r = world.result(c, s, 3, escalation=too_long)
        assert r.status_code == 422, r.text
        assert r.json()["message"].startswith("escalation: ") and "at most 5000 characters" in r.json()["message"]
    notes = "José O'Brien wants a call back 😀 " + "x" * 4960
    assert world.result(c, s, 3, escalation=notes).status_code == 200
    rows = world.client.get("/api/escalations", headers=world.h(Role.PROJECT_MANAGER, pm)).json()["rows"]
    assert [r["notes"] for r in rows] == [notes.strip()]
