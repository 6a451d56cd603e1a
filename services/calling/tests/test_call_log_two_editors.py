"""Two Quality users editing one call at once (docs/decisions.md, "Two managers, one goal"): the dialog sends what
it showed (`expected`); a value saved differently since is a 409 naming both, and nothing is saved or published."""

from kit.auth import Role

from test_call_log_more import _two_projects, data


def _completed(world, call_id):
    return [e for e in world.events("calling.call.completed") if e["callId"] == call_id]


def test_a_comment_changed_by_another_user_since_it_was_read_is_a_409_naming_both(world):
    w = _two_projects(world)
    qa1, qa2 = world.h(Role.QUALITY, 7), world.h(Role.QUALITY, 8)
    data(world.client.put("/api/calls-log", headers=qa1, json={"id": w["c1"], "negative": "Long wait"}))
    # both open the call and read "Long wait"; the first saves
    data(world.client.put("/api/calls-log", headers=qa1, json={
        "id": w["c1"], "negative": "The wait was long", "expected": {"negative": "Long wait"}}))
    published = len(_completed(world, w["c1"]))
    r = world.client.put("/api/calls-log", headers=qa2, json={
        "id": w["c1"], "negative": "Waited an hour", "expected": {"negative": "Long wait"}})
    assert r.status_code == 409, r.text
    assert r.json()["message"] == (
        f'Another user changed the Negative comment of call {w["c1"]} from "Long wait" to "The wait was long" after '
        'you opened it, so your "Waited an hour" was not saved. The dialog shows the saved value now; save again if '
        "you still want yours.")
    row = data(world.client.get(f"/api/calls-log/{w['c1']}", headers=qa2))
    assert row["negative"] == "The wait was long" and len(_completed(world, w["c1"])) == published
    # having seen the saved value, the second user saves again: it goes through
    row = data(world.client.put("/api/calls-log", headers=qa2, json={
        "id": w["c1"], "negative": "Waited an hour", "expected": {"negative": "The wait was long"}}))
    assert row["negative"] == "Waited an hour"


def test_each_field_is_compared_on_its_own_and_an_empty_comment_reads_as_none(world):
    w = _two_projects(world)
    qa1, qa2 = world.h(Role.QUALITY, 7), world.h(Role.QUALITY, 8)
    # one edits the positive comment, the other (who read the same call) the negative one: no collision
    data(world.client.put("/api/calls-log", headers=qa1, json={
        "id": w["c1"], "positive": "Kind nurse", "expected": {"positive": None}}))
    row = data(world.client.put("/api/calls-log", headers=qa2, json={
        "id": w["c1"], "negative": "Cold room", "expected": {"negative": ""}}))
    assert (row["positive"], row["negative"]) == ("Kind nurse", "Cold room")
    # a removal made by another user since: named in Yes / No, the comment edit is not saved
    data(world.client.put("/api/calls-log", headers=qa1, json={"id": w["c1"], "isQARemoval": True}))
    r = world.client.put("/api/calls-log", headers=qa2, json={
        "id": w["c1"], "positive": "", "expected": {"positive": "Kind nurse", "isQARemoval": False}})
    assert r.status_code == 409 and "QA removal" in r.json()["message"] and "from No to Yes" in r.json()["message"]
    assert data(world.client.get(f"/api/calls-log/{w['c1']}", headers=qa2))["positive"] == "Kind nurse"
    # an emptied comment is named as empty; the long one is cut in the message (the dialog shows it whole)
    long = "x" * 200
    data(world.client.put("/api/calls-log", headers=qa1, json={"id": w["c1"], "positive": long}))
    r = world.client.put("/api/calls-log", headers=qa2, json={
        "id": w["c1"], "positive": None, "expected": {"positive": "Kind nurse"}})
    assert r.status_code == 409 and f'to "{"x" * 77}..." after' in r.json()["message"]
    assert "your change was not saved" in r.json()["message"]
