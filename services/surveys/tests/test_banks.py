from kit.auth import Role
from surveys_testkit import OPS, make_answer, make_question


def ops(tokens):
    return tokens.headers(Role.OPERATIONS, OPS)


def test_question_create_list_update(client, tokens):
    qid = make_question(client, tokens, "Care rating", "How would you rate the care you received?")
    make_question(client, tokens, "Recommend", "Would you recommend this clinic?")
    r = client.get("/api/question", headers=tokens.headers(Role.PROJECT_MANAGER, 5), params={"search": "rate"})
    assert r.status_code == 200
    body = r.json()
    assert body["count"] == 1
    assert body["rows"][0] == {"id": qid, "title": "Care rating", "category": "General", "isQuestion": False,
                               "langQuestions": [{"id": body["rows"][0]["langQuestions"][0]["id"], "langId": 1,
                                                  "quesText": "How would you rate the care you received?"}]}
    # a 1-character search does not search
    assert client.get("/api/question", headers=ops(tokens), params={"search": "x"}).json()["count"] == 2
    r = client.put("/api/question", headers=ops(tokens),
                   json={"id": qid, "isQuestion": True, "langQuestions": [{"langId": 2, "quesText": "¿Cómo calificaría?"}]})
    assert r.status_code == 200, r.text
    data = r.json()["data"]
    assert data["isQuestion"] is True and [lq["langId"] for lq in data["langQuestions"]] == [1, 2]
    # deactivated questions are left out for the builder
    assert client.get("/api/question", headers=ops(tokens), params={"questionnaire": "true"}).json()["count"] == 1


def test_question_bad_input_names_the_field_and_saves_nothing(client, tokens):
    cases = [
        ({"title": "A", "category": "General", "langQuestions": [{"langId": 1, "quesText": "x"}]}, "title"),
        ({"title": "Ok title", "category": "G", "langQuestions": [{"langId": 1, "quesText": "x"}]}, "category"),
        # spec §5: category required, at least 2 characters
        ({"title": "Ok title", "langQuestions": [{"langId": 1, "quesText": "x"}]}, "category"),
        ({"title": "Ok title", "category": None, "langQuestions": [{"langId": 1, "quesText": "x"}]}, "category"),
        ({"title": "Ok title", "category": "  ", "langQuestions": [{"langId": 1, "quesText": "x"}]}, "category"),
        ({"title": "Ok title", "category": "General", "langQuestions": []}, "langQuestions"),
        ({"title": "Ok title", "category": "General", "langQuestions": [{"langId": 1}]}, "langQuestions #1, quesText"),
        ({"title": "Ok title", "category": "General", "langQuestions": [{"quesText": "x"}]}, "langQuestions #1, langId"),
        ({"title": "Ok title", "category": "General",
          "langQuestions": [{"langId": 1, "quesText": "a"}, {"langId": 1, "quesText": "b"}]}, "langQuestions"),
        ({"title": "Ok title", "category": "General", "langQuestions": [{"langId": 1, "quesText": "x"}], "isAdmin": True},
         "isAdmin"),
    ]
    for body, field in cases:
        r = client.post("/api/question", headers=ops(tokens), json=body)
        assert r.status_code == 422, (body, r.text)
        assert field in r.json()["message"], (field, r.json())
    assert client.post("/api/question", headers=ops(tokens), content=b"{not json").status_code == 422
    assert client.get("/api/question", headers=ops(tokens)).json()["count"] == 0


def test_question_category_is_kept_unless_changed_and_cannot_be_emptied(client, tokens):
    qid = make_question(client, tokens, "Care rating")
    r = client.put("/api/question", headers=ops(tokens), json={"id": qid, "isQuestion": True})
    assert r.status_code == 200 and r.json()["data"]["category"] == "General"
    r = client.put("/api/question", headers=ops(tokens), json={"id": qid, "category": "Care"})
    assert r.status_code == 200 and r.json()["data"]["category"] == "Care"
    for category in (None, "C"):
        r = client.put("/api/question", headers=ops(tokens), json={"id": qid, "category": category})
        assert r.status_code == 422 and "category" in r.json()["message"], r.text
    assert client.get("/api/question", headers=ops(tokens)).json()["rows"][0]["category"] == "Care"


def test_question_duplicate_title_and_unknown_id(client, tokens):
    make_question(client, tokens, "Care rating")
    r = client.post("/api/question", headers=ops(tokens),
                    json={"title": "care RATING", "category": "General", "langQuestions": [{"langId": 1, "quesText": "x"}]})
    assert r.status_code == 409 and "title" in r.json()["message"]
    assert client.put("/api/question", headers=ops(tokens), json={"id": 999, "title": "New"}).status_code == 404


def test_delete_language_text_keeps_the_last_one(client, tokens):
    r = client.post("/api/question", headers=ops(tokens), json={
        "title": "Two langs", "category": "General",
        "langQuestions": [{"langId": 1, "quesText": "Hi"}, {"langId": 2, "quesText": "Hola"}]})
    lq = {x["langId"]: x["id"] for x in r.json()["data"]["langQuestions"]}
    r = client.delete("/api/question", headers=ops(tokens), params={"langQuestionId": lq[2]})
    assert r.status_code == 200 and [x["langId"] for x in r.json()["data"]["langQuestions"]] == [1]
    r = client.delete("/api/question", headers=ops(tokens), params={"langQuestionId": lq[1]})
    assert r.status_code == 409
    assert client.delete("/api/question", headers=ops(tokens), params={"langQuestionId": 12345}).status_code == 404
    assert client.delete("/api/question", headers=ops(tokens), params={"langQuestionId": "x"}).status_code == 422


def test_answer_bank(client, tokens):
    aid = make_answer(client, tokens, "Excellent")
    r = client.get("/api/answer", headers=tokens.headers(Role.PROJECT_MANAGER, 5))
    assert r.json()["count"] == 1 and r.json()["rows"][0]["langAnswers"][0]["ansText"] == "Excellent"
    r = client.put("/api/answer", headers=ops(tokens), json={"id": aid, "title": "Excellent!", "isAns": True})
    assert r.status_code == 200 and r.json()["data"]["title"] == "Excellent!" and r.json()["data"]["isAns"] is True
    for body, field in (({"title": "E", "langAnswers": [{"langId": 1, "ansText": "E"}]}, "title"),
                        ({"title": "Fine", "langAnswers": []}, "langAnswers"),
                        ({"title": "Fine", "langAnswers": [{"langId": 1, "ansText": ""}]}, "langAnswers #1, ansText")):
        r = client.post("/api/answer", headers=ops(tokens), json=body)
        assert r.status_code == 422 and field in r.json()["message"], r.text
    assert client.post("/api/answer", headers=ops(tokens),
                       json={"title": "excellent!", "langAnswers": [{"langId": 1, "ansText": "x"}]}).status_code == 409
    assert client.get("/api/answer", headers=ops(tokens)).json()["count"] == 1


def test_texts_in_a_language_added_after_the_twelve(client, tokens):
    """projects.language.created brings a 13th language (Hmong): bank texts may be in it, the questionnaire reads
    in it; an unknown id is a 422 naming the text, and after projects.language.deleted no new text is taken
    (those written stay). Nothing is saved by a refused write."""
    from surveys_testkit import build_questionnaire, feed, project

    project(client, 1, 11)
    ids = build_questionnaire(client, tokens, 1)
    hmong = {"langId": 13, "quesText": "Koj puas pom zoo?"}
    r = client.put("/api/question", headers=ops(tokens), json={"id": ids["rating"], "langQuestions": [hmong]})
    assert r.status_code == 422 and r.json()["message"].startswith("langQuestions #1, langId: unknown language id 13")
    assert feed(client, "projects.language.created", {"id": 13, "name": "Hmong"})
    r = client.put("/api/question", headers=ops(tokens), json={"id": ids["rating"], "langQuestions": [hmong]})
    assert r.status_code == 200, r.text
    r = client.put("/api/answer", headers=ops(tokens), json={"id": ids["Excellent"], "langAnswers": [{"langId": 13, "ansText": "Zoo heev"}]})
    assert r.status_code == 200, r.text
    r = client.get("/api/questionnaire", headers=ops(tokens), params={"projectId": 1, "languageId": 13})
    assert r.status_code == 200, r.text
    rating = next(x for x in r.json()["rows"] if x["quesId"] == ids["rating"])
    assert (rating["question"]["text"], rating["question"]["textLangId"]) == ("Koj puas pom zoo?", 13)
    assert (rating["answers"][0]["text"], rating["answers"][0]["textLangId"]) == ("Zoo heev", 13)
    # an id no one added, and one deleted since: refused, the stored texts unchanged
    r = client.post("/api/answer", headers=ops(tokens), json={"title": "Maybe", "langAnswers": [
        {"langId": 1, "ansText": "Maybe"}, {"langId": 99, "ansText": "?"}]})
    assert r.status_code == 422 and r.json()["message"].startswith("langAnswers #2, langId: unknown language id 99")
    assert "added a moment ago" in r.json()["message"]  # projects' event may not have arrived yet
    assert feed(client, "projects.language.deleted", {"id": 13})
    r = client.put("/api/question", headers=ops(tokens), json={"id": ids["recommend"], "langQuestions": [hmong]})
    assert r.status_code == 422
    q = client.get("/api/question", headers=ops(tokens), params={"search": "Care rating"}).json()["rows"][0]
    assert sorted(t["langId"] for t in q["langQuestions"]) == [1, 13]


def test_a_language_a_project_offers_is_known_without_its_own_event(client, tokens):
    """A language added before surveys kept languages never reached it by projects.language.created: a project
    offering it (langIds) is enough; a deleted one stays refused."""
    from surveys_testkit import project

    project(client, 1, 11, langIds=[1, 13])
    r = client.post("/api/question", headers=ops(tokens), json={"title": "Hmong one", "category": "General",
                                                               "langQuestions": [{"langId": 13, "quesText": "Puas yog?"}]})
    assert r.status_code == 201, r.text
    r = client.post("/api/question", headers=ops(tokens), json={"title": "Lao one", "category": "General",
                                                               "langQuestions": [{"langId": 14, "quesText": "?"}]})
    assert r.status_code == 422, r.text

