"""The questionnaire the server checks a survey against is the one the call screen asks (spec survey-work §5:
"Single and Multiple questions are required unless removed by logic"): a question deactivated in the bank is
not shown on the call screen (GET questionnaire?questionnaire=true), so it is neither required nor answered."""

from kit.auth import Role
from surveys_testkit import OPS
from test_call_survey import body, save, setup, stored  # noqa: F401 (setup is a fixture)


def deactivate(client, tokens, ques_id: int, off: bool = True) -> None:
    r = client.put("/api/question", headers=tokens.headers(Role.OPERATIONS, OPS), json={"id": ques_id, "isQuestion": off})
    assert r.status_code == 200, r.text


def test_a_deactivated_question_is_not_required(client, tokens, setup):
    ids = setup
    deactivate(client, tokens, ids["recommend"])
    asked = client.get("/api/questionnaire?projectId=1&questionnaire=true", headers=tokens.headers(Role.SURVEYOR, 21))
    assert ids["recommend"] not in {r["quesId"] for r in asked.json()["rows"]}
    # what the call screen sends: every question it shows answered, the deactivated one absent
    shown = [e for e in body(ids)["survey"] if e["quesId"] != ids["recommend"]]
    r = save(client, tokens, body(ids, survey=shown))
    assert r.status_code == 200, r.text
    assert {q for q, *_ in stored(client)} == {ids["rating"], ids["channels"], ids["well"]}


def test_an_answer_to_a_deactivated_question_is_named_and_nothing_saved(client, tokens, setup):
    ids = setup
    deactivate(client, tokens, ids["recommend"])
    r = save(client, tokens, body(ids))  # a screen opened before the deactivation still shows it
    assert r.status_code == 422, r.text
    assert r.json()["message"] == "survey #2, quesId: 'Recommend' is deactivated and no longer asked"
    assert stored(client) == []
    # reactivated, it is asked and required again
    deactivate(client, tokens, ids["recommend"], off=False)
    shown = [e for e in body(ids)["survey"] if e["quesId"] != ids["recommend"]]
    r = save(client, tokens, body(ids, survey=shown))
    assert r.status_code == 422 and r.json()["message"] == "survey: answers are required for Recommend"
    assert save(client, tokens, body(ids)).status_code == 200
