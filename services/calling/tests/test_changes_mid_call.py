"""A surveyor mid-call while someone else changes things under their feet (docs/decisions.md, "Two people at once"):
the call already handed out may finish and its figures count; what cannot go on says so."""

from calling.models import Call, CallStatus
from kit.auth import Role


def data(r):
    assert r.status_code == 200, r.text
    return r.json()["data"]


def _call(world, call_id: int) -> Call:
    with world.db.session() as s:
        return s.get(Call, call_id)


def test_a_surveyor_deactivated_mid_call_gives_the_patient_back_at_once(world):
    """The deactivation revokes the surveyor's sessions, so the call can never be saved: the patient is given back as
    a release would (not held until the lock runs out, 30 min), and an agreed call's interim save ends it partial."""
    pid, sid = world.setup(2)
    other = world.user()
    world.assign(pid, other)
    held = data(world.claim(pid, sid))
    agreed = data(world.claim(pid, other))  # the other surveyor's call, agreed and so counted
    assert world.result(agreed, other, 1, partial=True).status_code == 200
    assert world.visit(held["visitId"]).lock_token is not None

    world.feed("identity.user.deactivated", {"id": sid, "role": int(Role.SURVEYOR)})
    v = world.visit(held["visitId"])
    assert v.lock_token is None and v.locked_by is None and v.attempts == 0  # as if not called
    assert _call(world, held["callId"]).status == CallStatus.RELEASED
    released = world.events("calling.call.released")
    assert [e["callId"] for e in released] == [held["callId"]] and released[0]["attemptCounted"] is False

    world.feed("identity.user.deactivated", {"id": other, "role": int(Role.SURVEYOR)})
    assert _call(world, agreed["callId"]).status == CallStatus.PARTIAL  # the interim Agreed save stands
    assert world.visit(agreed["visitId"]).lock_token is None
    assert world.events("calling.call.completed")[-1]["callId"] == agreed["callId"]
    assert world.events("calling.call.released")[-1]["attemptCounted"] is True  # as the surveyor's own release says
    # a repeated (redelivered) deactivation changes nothing more
    world.feed("identity.user.deactivated", {"id": sid, "role": int(Role.SURVEYOR)})
    assert len(world.events("calling.call.released")) == 2

    # the patient is another surveyor's at once
    third = world.user()
    world.assign(pid, third)
    assert data(world.claim(pid, third))["visitId"] == held["visitId"]


def test_a_surveyor_deleted_mid_call_gives_the_patient_back_too(world):
    pid, sid = world.setup(1)
    held = data(world.claim(pid, sid))
    world.feed("identity.user.updated", {"id": sid, "role": int(Role.SURVEYOR), "isDeleted": True})
    assert world.visit(held["visitId"]).lock_token is None
    assert _call(world, held["callId"]).status == CallStatus.RELEASED


def test_the_call_in_hand_is_saved_when_the_project_is_locked_deactivated_or_the_surveyor_unassigned(world):
    """The patient was handed out before the change: the result lands and counts; only the next claim is refused."""
    cases = {
        "locked": lambda pid, sid, aid: world.feed("projects.project.locked", {"id": pid, "isLocked": True}),
        "deactivated": lambda pid, sid, aid: world.feed("projects.project.updated", {
            "id": pid, "name": f"Project {pid}", "isLocked": False, "langIds": [1], "deletedAt": "2026-03-01T10:00:00Z"}),
        "unassigned": lambda pid, sid, aid: world.feed("projects.assignment.deleted", {
            "id": aid, "projectId": pid, "surveyorId": sid}),
        "roster reset": lambda pid, sid, aid: world.feed("rosters.roster.reset", {"projectId": pid}),
    }
    for name, change in cases.items():
        pid = world.project()
        sid = world.user()
        aid = world.assign(pid, sid)
        world.sampling(pid)
        world.visits(pid, 2)
        call = data(world.claim(pid, sid))
        change(pid, sid, aid)
        r = world.result(call, sid, 1, partial=False)
        assert r.status_code == 200, (name, r.text)
        assert _call(world, call["callId"]).status == CallStatus.COMPLETED, name
        assert world.events("calling.call.completed")[-1]["callId"] == call["callId"], name
        assert world.claim(pid, sid).status_code in (403, 404, 423), name  # no next patient


def test_quality_cannot_edit_a_call_the_surveyor_is_still_on(world):
    """An agreed call's interim save puts it in the call log while the survey goes on. Quality's QA removal or comment
    edit then was overwritten unseen by the surveyor's final save (which sends its own isQARemoval and comments), and
    the removed survey counted in the quotas again. The call log refuses the edit until the call's result is final."""
    pid, sid = world.setup(1)
    call = data(world.claim(pid, sid))
    assert world.result(call, sid, 1, partial=True, positive="Kind nurse").status_code == 200  # interim Agreed
    quality = world.h(Role.QUALITY, 1)
    r = world.client.put("/api/calls-log", headers=quality, json={"id": call["callId"], "isQARemoval": True})
    assert r.status_code == 409, r.text
    assert "still on this call" in r.json()["message"], r.text
    r = world.client.put("/api/calls-log", headers=quality, json={"id": call["callId"], "positive": "Kind staff"})
    assert r.status_code == 409, r.text
    assert world.result(call, sid, 1, partial=False, isAgreeComplete=True, positive="Kind nurse!").status_code == 200
    # once final, Quality's change is made and stays
    r = world.client.put("/api/calls-log", headers=quality, json={"id": call["callId"], "isQARemoval": True,
                                                                  "positive": "Kind staff"})
    assert r.status_code == 200, r.text
    c = _call(world, call["callId"])
    assert (c.is_qa_removal, c.positive, c.status) == (True, "Kind staff", CallStatus.COMPLETED)
