"""A comment's original text changed (Quality's edit in the call log, a re-saved survey) while a cleaner has it open
(docs/decisions.md, "Two people at once"): the cleaning of the old words is refused, not stored over the new ones."""

from test_comments import cc, completed, setup  # noqa: F401 (setup is a fixture)


def _pair(client, tokens):
    rows = client.get("/api/comments", headers=cc(tokens), params={"projectId": 1}).json()["rows"]
    return next(x for x in rows if x["type"] == 1)


def test_quality_editing_a_comment_being_cleaned_refuses_the_stale_cleaning(client, tokens, setup):
    pair = _pair(client, tokens)
    pos = pair["positive"]
    assert pos["normal"] == "Nurse Kim was kind"
    r = client.put("/api/comments", headers=cc(tokens), json={"id": pos["id"], "projectId": 1, "processing": True})
    assert r.status_code == 200, r.text
    # Quality edits the positive comment in the call log meanwhile (calling.call.completed carries the new text)
    completed(client, 100, 1, positive="Nurse Kim was rude", negative="Long wait", surveyed="2026-03-01T15:00:00Z")
    r = client.post("/api/comments", headers=cc(tokens), json={
        "projectId": 1, "positiveId": pos["id"], "positiveNormal": "Nurse Kim was kind",
        "positiveWNSM": "Nurse Kim was kind", "positiveWoNSM": "The nurse was kind"})
    assert r.status_code == 409, r.text
    assert r.json()["message"].startswith("This comment's original text was changed after you opened it")
    pos = _pair(client, tokens)["positive"]
    assert (pos["normal"], pos["cleaned"], pos["markCleaned"]) == ("Nurse Kim was rude", None, 0)
    # cleaned again from the new text, it is saved
    r = client.post("/api/comments", headers=cc(tokens), json={
        "projectId": 1, "positiveId": pos["id"], "positiveNormal": "Nurse Kim was rude",
        "positiveWNSM": "Nurse Kim was rude", "positiveWoNSM": "The nurse was rude"})
    assert r.status_code == 200, r.text
    assert _pair(client, tokens)["positive"]["cleaned"] == "The nurse was rude"


def test_an_open_ended_answer_changed_while_cleaned_refuses_the_stale_cleaning(client, tokens, setup):
    rows = client.get("/api/comments", headers=cc(tokens), params={"projectId": 1}).json()["rows"]
    oe = next(x for x in rows if x["type"] == 0)
    r = client.post("/api/comments", headers=cc(tokens), json={
        "projectId": 1, "id": oe["id"], "normal": oe["normal"] + " (old)", "cleaned": "The doctor listened"})
    assert r.status_code == 409, r.text
    r = client.post("/api/comments", headers=cc(tokens), json={
        "projectId": 1, "id": oe["id"], "normal": oe["normal"], "cleaned": "The doctor listened"})
    assert r.status_code == 200, r.text
