"""A questionnaire changed while a surveyor is on a call (docs/decisions.md, "Two people at once"): the save that no
longer fits says which question and why, stores nothing; the answers to the questions still there then save."""

from kit.auth import Role
from test_call_survey import PM, SV, body, save, setup, stored  # noqa: F401 (setup is a fixture)


def test_a_question_removed_mid_call_is_named_and_the_rest_saves(client, tokens, setup):
    ids = setup
    r = client.delete("/api/questionnaire?projectId=1&sequence=3", headers=tokens.headers(Role.PROJECT_MANAGER, PM))
    assert r.status_code == 200, r.text  # "Recommend" leaves the questionnaire while the call goes on
    r = save(client, tokens, body(ids))
    assert r.status_code == 422, r.text
    assert r.json()["message"] == "survey #2, quesId: not (or no longer) a question of this project's questionnaire"
    assert stored(client) == []
    rest = [e for e in body(ids)["survey"] if e["quesId"] != ids["recommend"]]
    r = save(client, tokens, body(ids, survey=rest))
    assert r.status_code == 200, r.text
    assert {a["quesId"] for a in r.json()["data"]["answers"]} == {ids["rating"], ids["channels"], ids["well"]}


def test_an_answer_removed_mid_call_is_named(client, tokens, setup):
    ids = setup
    r = client.delete(f"/api/questionnaire?projectId=1&sequence=4&ansId={ids['Phone']}",
                      headers=tokens.headers(Role.PROJECT_MANAGER, PM))
    assert r.status_code == 200, r.text
    r = save(client, tokens, body(ids))
    assert r.status_code == 422, r.text
    assert r.json()["message"] == "survey #4, ansId: not (or no longer) an answer of 'Channels'"
    assert stored(client) == []
