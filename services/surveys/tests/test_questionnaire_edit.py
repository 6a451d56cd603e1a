"""Copy (with and without logic), sequence and response order, added responses, removal cascades to logic."""

import pytest

from kit.auth import Role
from surveys_testkit import OPS, build_questionnaire, make_answer, project

PM, OTHER_PM = 11, 12


@pytest.fixture
def ids(client, tokens):
    project(client, 1, PM, name="Alpha")
    project(client, 2, PM, name="Beta")
    project(client, 3, PM, name="Delta")
    project(client, 4, OTHER_PM, name="Gamma")
    return build_questionnaire(client, tokens, 1)


def rows(client, tokens, pid, **params):
    r = client.get("/api/questionnaire", headers=tokens.headers(Role.OPERATIONS, OPS), params={"projectId": pid, **params})
    assert r.status_code == 200, r.text
    return r.json()["rows"]


def test_copy_with_and_without_logic(client, tokens, ids):
    h = tokens.headers(Role.PROJECT_MANAGER, PM)
    rule = {"projectId": 1, "questionId": ids["recommend"], "answerId": ids["No"], "affectedQuestionIds": [ids["well"]]}
    assert client.post("/api/questionnaire/logic", headers=h, json=rule).status_code == 201
    r = client.put("/api/questionnaire/copy", headers=h, json={"fromProjectId": 1, "toProjectId": 2, "fromName": "Alpha",
                                                                "toName": "Beta", "includeLogic": True})
    assert r.status_code == 200, r.text
    assert r.json()["data"] == {"toProjectId": 2, "questionCount": 5, "logicCount": 1}
    assert [x["quesId"] for x in rows(client, tokens, 2)] == [x["quesId"] for x in rows(client, tokens, 1)]
    logic2 = client.get("/api/questionnaire/logic", headers=h, params={"projectId": 2}).json()
    assert logic2["count"] == 1 and logic2["rows"][0]["affectedQuestionIds"] == [ids["well"]]
    # onto a project that has a questionnaire: refused, nothing changed
    r = client.put("/api/questionnaire/copy", headers=h, json={"fromProjectId": 1, "toProjectId": 2, "toName": "Beta"})
    assert r.status_code == 409 and "Beta already has a questionnaire" in r.json()["message"]
    assert len(rows(client, tokens, 2)) == 5
    # without logic
    r = client.put("/api/questionnaire/copy", headers=h, json={"fromProjectId": 1, "toProjectId": 3})
    assert r.status_code == 200 and r.json()["data"]["logicCount"] == 0
    assert client.get("/api/questionnaire/logic", headers=h, params={"projectId": 3}).json()["count"] == 0
    # onto another PM's project: 404; from an empty project: 422
    assert client.put("/api/questionnaire/copy", headers=h, json={"fromProjectId": 1, "toProjectId": 4}).status_code == 404
    project(client, 5, PM, name="Empty")
    project(client, 6, PM, name="Empty too")
    assert client.put("/api/questionnaire/copy", headers=h, json={"fromProjectId": 5, "toProjectId": 6}).status_code == 422


def test_sequence_and_response_order(client, tokens, ids):
    h = tokens.headers(Role.PROJECT_MANAGER, PM)
    r = client.put("/api/questionnaire/change-sequence", headers=h, json={"projectId": 1, "sequence": 2, "isInc": True})
    assert r.status_code == 200, r.text
    assert [x["question"]["title"] for x in rows(client, tokens, 1)] == ["Intro", "Recommend", "Care rating", "Channels", "Did well"]
    assert client.put("/api/questionnaire/change-sequence", headers=h,
                      json={"projectId": 1, "sequence": 1, "isInc": False}).status_code == 422
    assert client.put("/api/questionnaire/change-sequence", headers=h,
                      json={"projectId": 1, "sequence": 5, "isInc": True}).status_code == 422
    # responses of "Care rating" (now at 3): move Poor up
    r = client.put("/api/questionnaire/change-response-order", headers=h,
                   json={"projectId": 1, "sequence": 3, "ansId": ids["Poor"], "isInc": False})
    assert r.status_code == 200, r.text
    assert [(a["title"], a["rPosition"]) for a in r.json()["data"]["answers"]] == [("Excellent", 1), ("Poor", 2), ("Good", 3)]
    # add a response; a duplicate is refused
    fair = make_answer(client, tokens, "Fair")
    r = client.post("/api/questionnaire/update-responses", headers=h, json={"projectId": 1, "sequence": 3, "answers": [{"ansId": fair}]})
    assert r.status_code == 200 and [a["title"] for a in r.json()["data"]["answers"]][-1] == "Fair"
    r = client.post("/api/questionnaire/update-responses", headers=h, json={"projectId": 1, "sequence": 3, "answers": [{"ansId": fair}]})
    assert r.status_code == 409
    # open ended takes no responses
    r = client.post("/api/questionnaire/update-responses", headers=h, json={"projectId": 1, "sequence": 5, "answers": [{"ansId": fair}]})
    assert r.status_code == 422


def test_removing_a_question_drops_its_logic(client, tokens, ids):
    h = tokens.headers(Role.PROJECT_MANAGER, PM)
    rule = {"projectId": 1, "questionId": ids["recommend"], "answerId": ids["No"], "affectedQuestionIds": [ids["well"]]}
    assert client.post("/api/questionnaire/logic", headers=h, json=rule).status_code == 201
    seq = next(x["sequence"] for x in rows(client, tokens, 1) if x["quesId"] == ids["well"])
    assert client.delete("/api/questionnaire", headers=h, params={"projectId": 1, "sequence": seq}).status_code == 200
    assert client.get("/api/questionnaire/logic", headers=h, params={"projectId": 1}).json()["count"] == 0


def test_removing_a_response_drops_the_logic_it_triggers(client, tokens, ids):
    h = tokens.headers(Role.PROJECT_MANAGER, PM)
    by_no = {"projectId": 1, "questionId": ids["recommend"], "answerId": ids["No"], "affectedQuestionIds": [ids["well"]]}
    by_yes = {**by_no, "answerId": ids["Yes"]}
    assert client.post("/api/questionnaire/logic", headers=h, json=by_no).status_code == 201
    assert client.post("/api/questionnaire/logic", headers=h, json=by_yes).status_code == 201
    seq = next(x["sequence"] for x in rows(client, tokens, 1) if x["quesId"] == ids["recommend"])
    r = client.delete("/api/questionnaire", headers=h, params={"projectId": 1, "sequence": seq, "ansId": ids["No"]})
    assert r.status_code == 200, r.text
    # the rule on the removed answer could never fire again; the one on the kept answer stays
    left = client.get("/api/questionnaire/logic", headers=h, params={"projectId": 1}).json()["rows"]
    assert [(x["answerId"], x["answer"]["title"]) for x in left] == [(ids["Yes"], "Yes")]


def test_list_readings_and_languages(client, tokens, ids):
    h = tokens.headers(Role.PROJECT_MANAGER, PM)
    r = client.get("/api/questionnaire", headers=h, params={"isManager": True, "userId": PM, "isPaginated": False})
    assert r.status_code == 200 and r.json()["count"] == 1
    assert client.get("/api/questionnaire", headers=h, params={"isManager": True, "userId": OTHER_PM}).status_code == 403
    assert client.get("/api/questionnaire", headers=h, params={"isManager": True}).status_code == 400
    # a Spanish text where given, English where not
    q = client.get("/api/question", headers=tokens.headers(Role.OPERATIONS, OPS), params={"search": "Recommend"}).json()["rows"][0]
    assert client.put("/api/question", headers=tokens.headers(Role.OPERATIONS, OPS), json={
        "id": q["id"], "langQuestions": [{"langId": 2, "quesText": "¿Nos recomendaría?"}]}).status_code == 200
    es = rows(client, tokens, 1, languageId=2)
    assert [x["question"]["text"] for x in es][1:3] == ["Care rating?", "¿Nos recomendaría?"]
    # a language without texts (an added one too: id 13 on) is the spec's message; a non-id is a clear 422
    assert client.get("/api/questionnaire", headers=h, params={"projectId": 1, "languageId": 13}).status_code == 404
    assert client.get("/api/questionnaire", headers=h, params={"projectId": 1, "languageId": 0}).status_code == 422
    assert client.post("/api/question", headers=tokens.headers(Role.OPERATIONS, OPS), json={
        "title": "Langless", "category": "General", "langQuestions": [{"langId": 99, "quesText": "x"}]}).status_code == 422
    assert client.post("/api/question", headers=tokens.headers(Role.OPERATIONS, OPS), json={
        "title": "Textless", "category": "General", "langQuestions": []}).status_code == 422
    # projects using a question
    pl = client.get("/api/question/project-list", headers=h, params={"id": ids["rating"]})
    assert pl.json() == {"rows": [{"id": 1, "name": "Alpha"}], "count": 1}


def test_list_with_empty_projects_for_pickers(client, tokens, ids):
    h = tokens.headers(Role.PROJECT_MANAGER, PM)
    r = client.get("/api/questionnaire", headers=h, params={"includeEmpty": True, "isPaginated": False})
    assert [(x["name"], x["questionCount"]) for x in r.json()["rows"]] == [("Alpha", 5), ("Beta", 0), ("Delta", 0)]
    r = client.get("/api/questionnaire", headers=h, params={"includeEmpty": True, "search": "de"})
    assert [x["name"] for x in r.json()["rows"]] == ["Delta"]


def test_list_filtered_by_project_ids(client, tokens, ids):
    # the Admin project list asks for one page's questionnaires in one call
    h = tokens.headers(Role.ADMIN, 1)
    r = client.get("/api/questionnaire", headers=h, params={"projectIds": "1,2,4", "isPaginated": False})
    assert r.status_code == 200, r.text
    assert [(x["projectId"], x["name"], x["questionCount"]) for x in r.json()["rows"]] == [(1, "Alpha", 5)]
    assert client.get("/api/questionnaire", headers=h, params={"projectIds": "2,3"}).json() == {"rows": [], "count": 0}
    r = client.get("/api/questionnaire", headers=h, params={"projectIds": "1,2", "includeEmpty": True})
    assert [x["name"] for x in r.json()["rows"]] == ["Alpha", "Beta"]
    # within what the caller may see: another manager's project stays out
    pm = tokens.headers(Role.PROJECT_MANAGER, OTHER_PM)
    assert client.get("/api/questionnaire", headers=pm, params={"projectIds": "1,4", "includeEmpty": True}).json()["rows"] == [
        {"projectId": 4, "name": "Gamma", "questionCount": 0}]
    # malformed or out-of-range ids are refused, naming the field
    for bad in ("1,,2", "a", "1;2", ""):
        assert client.get("/api/questionnaire", headers=h, params={"projectIds": bad}).status_code in (400, 422), bad
    r = client.get("/api/questionnaire", headers=h, params={"projectIds": str(2**63)})
    assert r.status_code == 400 and "projectIds" in r.text


def test_response_writes_carry_language_id(client, tokens, ids):
    """Spec survey-work §3: questionnaire writes carry projectId, sequence, languageId, answers (ansId); the
    languageId is the language of the returned item's texts (as on POST questionnaire), English where missing."""
    h = tokens.headers(Role.PROJECT_MANAGER, PM)
    ops = tokens.headers(Role.OPERATIONS, OPS)
    assert client.put("/api/answer", headers=ops, json={"id": ids["Poor"], "langAnswers": [
        {"langId": 1, "ansText": "Poor"}, {"langId": 2, "ansText": "Mala"}]}).status_code == 200
    fair = make_answer(client, tokens, "Fair")
    r = client.post("/api/questionnaire/update-responses", headers=h,
                    json={"projectId": 1, "sequence": 2, "languageId": 2, "answers": [{"ansId": fair}]})
    assert r.status_code == 200, r.text
    assert [(a["title"], a["text"]) for a in r.json()["data"]["answers"]][-2:] == [("Poor", "Mala"), ("Fair", "Fair")]
    r = client.put("/api/questionnaire/change-response-order", headers=h,
                   json={"projectId": 1, "sequence": 2, "languageId": 2, "ansId": fair, "isInc": False})
    assert r.status_code == 200, r.text
    assert [a["text"] for a in r.json()["data"]["answers"]] == ["Excellent", "Good", "Fair", "Mala"]
    assert client.post("/api/questionnaire/update-responses", headers=h, json={
        "projectId": 1, "sequence": 2, "languageId": 0, "answers": [{"ansId": ids["Yes"]}]}).status_code == 422
