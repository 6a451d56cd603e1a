from kit.auth import Role
from surveys_testkit import OPS, add_item, assign, build_questionnaire, feed, make_answer, make_question, project

PM, OTHER_PM, SV = 11, 12, 21


def test_build_and_read_in_order(client, tokens):
    project(client, 1, PM)
    ids = build_questionnaire(client, tokens, 1)
    r = client.get("/api/questionnaire", headers=tokens.headers(Role.PROJECT_MANAGER, PM), params={"projectId": 1})
    assert r.status_code == 200, r.text
    rows = r.json()["rows"]
    assert [(x["question"]["title"], x["sequence"], x["quesSequence"], x["type"]) for x in rows] == [
        ("Intro", 1, None, 4), ("Care rating", 2, 1, 1), ("Recommend", 3, 2, 1), ("Channels", 4, 3, 2),
        ("Did well", 5, 4, 3)]
    rating = rows[1]
    assert rating["quesId"] == ids["rating"] and rating["projectId"] == 1
    assert rating["question"] == {"id": ids["rating"], "title": "Care rating", "isQuestion": False, "text": "Care rating?",
                                  "textLangId": 1}
    assert [(a["title"], a["rPosition"], a["text"]) for a in rating["answers"]] == [
        ("Excellent", 1, "Excellent"), ("Good", 2, "Good"), ("Poor", 3, "Poor")]
    # no Spanish text stored: the honest message that offers English
    r = client.get("/api/questionnaire", headers=tokens.headers(Role.OPERATIONS, OPS),
                   params={"projectId": 1, "languageId": 2})
    assert r.status_code == 404
    assert r.json()["message"] == "No questionnaire found... Please try later or try choosing English..."


def test_partly_translated_questionnaire_says_which_texts_are_english(client, tokens):
    """A language with some texts missing: each missing text comes in English and says so (textLangId 1), so the
    screens can mark it instead of passing an English question off as the patient's language."""
    project(client, 1, PM)
    ids = build_questionnaire(client, tokens, 1)
    ops = tokens.headers(Role.OPERATIONS, OPS)
    arabic = "كيف تقيم الرعاية؟"
    r = client.put("/api/question", headers=ops, json={"id": ids["rating"], "langQuestions": [{"langId": 4, "quesText": arabic}]})
    assert r.status_code == 200, r.text
    r = client.put("/api/answer", headers=ops, json={"id": ids["Excellent"], "langAnswers": [{"langId": 4, "ansText": "ممتاز"}]})
    assert r.status_code == 200, r.text
    r = client.get("/api/questionnaire", headers=ops, params={"projectId": 1, "languageId": 4})
    assert r.status_code == 200, r.text
    rows = {x["question"]["title"]: x for x in r.json()["rows"]}
    rating = rows["Care rating"]
    assert (rating["question"]["text"], rating["question"]["textLangId"]) == (arabic, 4)
    assert [(a["title"], a["textLangId"]) for a in rating["answers"]] == [("Excellent", 4), ("Good", 1), ("Poor", 1)]
    assert (rows["Recommend"]["question"]["text"], rows["Recommend"]["question"]["textLangId"]) == ("Recommend?", 1)


def test_a_language_added_after_the_twelve_gets_the_honest_message(client, tokens):
    """A project may offer a language an admin added (id 13 on): asking for it is the spec's message offering
    English, not a range error on languageId; the logic of that language reads in English."""
    project(client, 1, PM)
    build_questionnaire(client, tokens, 1)
    ops = tokens.headers(Role.OPERATIONS, OPS)
    r = client.get("/api/questionnaire", headers=ops, params={"projectId": 1, "languageId": 13, "questionnaire": True})
    assert r.status_code == 404, r.text
    assert r.json()["message"] == "No questionnaire found... Please try later or try choosing English..."
    r = client.get("/api/questionnaire/logic", headers=ops, params={"projectId": 1, "languageId": 13})
    assert r.status_code == 200, r.text


def test_duplicate_question_is_409_with_title(client, tokens):
    project(client, 1, PM)
    q = make_question(client, tokens, "Care rating")
    a = make_answer(client, tokens, "Good")
    assert add_item(client, tokens, 1, q, 1, [a]).status_code == 201
    r = add_item(client, tokens, 1, q, 2, [a])
    assert r.status_code == 409
    assert r.json()["message"] == "Care rating already exists in the Questionnaire"


def test_insert_at_sequence_and_remove(client, tokens):
    project(client, 1, PM)
    q1, q2, q3 = (make_question(client, tokens, t) for t in ("First", "Second", "Middle"))
    a, b = make_answer(client, tokens, "Yes"), make_answer(client, tokens, "No")
    add_item(client, tokens, 1, q1, 1, [a, b])
    add_item(client, tokens, 1, q2, 3)
    r = add_item(client, tokens, 1, q3, 1, [a], sequence=2)
    assert r.status_code == 201 and r.json()["data"]["sequence"] == 2
    h = tokens.headers(Role.OPERATIONS, OPS)
    titles = lambda: [x["question"]["title"] for x in client.get("/api/questionnaire", headers=h, params={"projectId": 1}).json()["rows"]]  # noqa: E731
    assert titles() == ["First", "Middle", "Second"]
    # the last answer of a question cannot be removed; another can
    assert client.delete("/api/questionnaire", headers=h, params={"projectId": 1, "sequence": 2, "ansId": a}).status_code == 409
    assert client.delete("/api/questionnaire", headers=h, params={"projectId": 1, "sequence": 1, "ansId": b}).status_code == 200
    assert client.delete("/api/questionnaire", headers=h, params={"projectId": 1, "sequence": 2}).status_code == 200
    assert titles() == ["First", "Second"]
    rows = client.get("/api/questionnaire", headers=h, params={"projectId": 1}).json()["rows"]
    assert [x["sequence"] for x in rows] == [1, 2] and len(rows[0]["answers"]) == 1
    assert client.delete("/api/questionnaire", headers=h, params={"projectId": 1, "sequence": 9}).status_code == 404


def test_bad_input_names_the_field_and_saves_nothing(client, tokens):
    project(client, 1, PM)
    q = make_question(client, tokens, "Care rating")
    a = make_answer(client, tokens, "Good")
    cases = [
        (dict(project_id=1, ques_id=q, type_=1, ans_ids=[]), 422, "answers"),
        (dict(project_id=1, ques_id=q, type_=3, ans_ids=[a]), 422, "answers"),
        (dict(project_id=1, ques_id=q, type_=1, ans_ids=[a, a]), 422, "answers"),
        (dict(project_id=1, ques_id=q, type_=1, ans_ids=[999]), 404, "answers #1, ansId"),
        (dict(project_id=1, ques_id=999, type_=1, ans_ids=[a]), 404, "quesId"),
        (dict(project_id=77, ques_id=q, type_=1, ans_ids=[a]), 404, "projectId"),
        (dict(project_id=1, ques_id=q, type_=5, ans_ids=[a]), 422, "type"),
    ]
    for kw, status, field in cases:
        r = add_item(client, tokens, **kw)
        assert r.status_code == status, (kw, r.text)
        assert field in r.json()["message"], (kw, r.json())
    r = client.post("/api/questionnaire", headers=tokens.headers(Role.OPERATIONS, OPS),
                    json={"projectId": "one", "quesId": q, "type": 1})
    assert r.status_code == 422 and "projectId" in r.json()["message"]
    h = tokens.headers(Role.OPERATIONS, OPS)
    assert client.get("/api/questionnaire", headers=h, params={"projectId": 1}).json()["count"] == 0
    assert client.get("/api/questionnaire", headers=h, params={"projectId": 77}).status_code == 404


def test_own_versus_foreign_projects(client, tokens):
    project(client, 1, PM, name="Mine")
    project(client, 2, OTHER_PM, name="Theirs")
    q = make_question(client, tokens, "Care rating")
    a = make_answer(client, tokens, "Good")
    assert add_item(client, tokens, 1, q, 1, [a], role=Role.PROJECT_MANAGER, uid=PM).status_code == 201
    assert add_item(client, tokens, 2, q, 1, [a], role=Role.PROJECT_MANAGER, uid=PM).status_code == 404
    assert add_item(client, tokens, 2, q, 1, [a]).status_code == 201  # Operations: any project
    get = lambda role, uid, pid: client.get("/api/questionnaire", headers=tokens.headers(role, uid), params={"projectId": pid})  # noqa: E731
    assert get(Role.PROJECT_MANAGER, PM, 1).status_code == 200
    assert get(Role.PROJECT_MANAGER, PM, 2).status_code == 404
    assert get(Role.ADMIN, 1, 2).status_code == 200
    assert get(Role.CIMR_MANAGER, 3, 2).status_code == 200
    # the Comment Cleaner cleans every project's comments: it reads a questionnaire (open-ended filter), lists none
    assert get(Role.COMMENT_CLEANER, 6, 2).status_code == 200
    assert client.get("/api/questionnaire", headers=tokens.headers(Role.COMMENT_CLEANER, 6)).json()["count"] == 0
    # a surveyor reads only assigned projects; an unassignment takes it away
    assert get(Role.SURVEYOR, SV, 1).status_code == 404
    assign(client, 500, 1, SV)
    assert get(Role.SURVEYOR, SV, 1).status_code == 200
    assert get(Role.SURVEYOR, SV, 2).status_code == 404
    feed(client, "projects.assignment.deleted", {"id": 500, "projectId": 1, "surveyorId": SV})
    assert get(Role.SURVEYOR, SV, 1).status_code == 404
    # the list without projectId shows only visible projects
    lst = client.get("/api/questionnaire", headers=tokens.headers(Role.PROJECT_MANAGER, PM)).json()
    assert lst == {"rows": [{"projectId": 1, "name": "Mine", "questionCount": 1}], "count": 1}
    assert client.get("/api/questionnaire", headers=tokens.headers(Role.OPERATIONS, OPS)).json()["count"] == 2


def test_a_deactivated_project_is_named_deactivated_not_deleted(client, tokens):
    """Spec §4: a deactivated project (deletedAt set) can be reactivated; the refusal must not say it is gone."""
    project(client, 7, PM)
    q, a = make_question(client, tokens, "Deactivated probe"), make_answer(client, tokens, "Yes probe")
    feed(client, "projects.project.updated", {"id": 7, "name": "Project", "managerId": PM, "isLocked": False,
                                              "langIds": [1], "deletedAt": "2026-03-02T15:00:00Z"})
    r = add_item(client, tokens, 7, q, 1, [a])
    assert r.status_code == 404 and "deactivated" in r.json()["message"], r.text
