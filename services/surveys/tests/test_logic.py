"""Display logic: the evaluator against the shared fixtures (the browser's evaluator reads the same files),
the logic API, and call-survey's logic-aware required answers."""

import json
from pathlib import Path

import pytest

from kit.auth import Role
from surveys.logic.evaluator import Rule, creates_cycle, hidden_questions
from surveys_testkit import OPS, assign, build_questionnaire, call_started, project

FIXTURES = sorted((Path(__file__).parent / "fixtures" / "logic").glob("*.json"))
PM, OTHER_PM, SV = 11, 12, 21


def _rule(r: dict) -> Rule:
    return Rule(via_roster=r.get("viaRoster", False), question_id=r.get("questionId"), answer_id=r.get("answerId"),
                roster_field=r.get("rosterField"), roster_value=r.get("rosterValue"),
                affected=tuple(r["affectedQuestionIds"]))


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_shared_fixtures(path):
    fixture = json.loads(path.read_text())
    rules = [_rule(r) for r in fixture["rules"]]
    assert fixture["cases"]
    for case in fixture["cases"]:
        answers = [(a["quesId"], a["ansId"]) for a in case["answers"]]
        assert sorted(hidden_questions(rules, answers, case["rosterValues"])) == case["hidden"], (path.stem, case)


def test_cycle_detection():
    assert not creates_cycle([(1, 2), (2, 3), (1, 3)])
    assert creates_cycle([(1, 2), (2, 3), (3, 1)])
    assert creates_cycle([(4, 4)])


def ops():
    return {"Authorization": "x"}


@pytest.fixture
def setup(client, tokens):
    project(client, 1, PM, name="Alpha")
    project(client, 2, PM, name="Beta")
    project(client, 3, OTHER_PM, name="Gamma")
    assign(client, 1, 1, SV)
    ids = build_questionnaire(client, tokens, 1)
    return ids


def post_rule(client, tokens, body, role=Role.PROJECT_MANAGER, uid=PM, method="POST"):
    return client.request(method, "/api/questionnaire/logic", headers=tokens.headers(role, uid), json=body)


def test_rule_crud_and_listing(client, tokens, setup):
    ids = setup
    body = {"projectId": 1, "questionId": ids["recommend"], "answerId": ids["No"], "affectedQuestionIds": [ids["well"]]}
    r = post_rule(client, tokens, body)
    assert r.status_code == 201, r.text
    rule = r.json()["data"]
    assert rule["question"]["title"] == "Recommend" and rule["answer"]["title"] == "No"
    assert [q["title"] for q in rule["affectedQuestions"]] == ["Did well"]
    # via roster
    r = post_rule(client, tokens, {"projectId": 1, "viaRoster": True, "rosterField": "department",
                                   "rosterValue": "Pediatrics", "affectedQuestionIds": [ids["channels"]]})
    assert r.status_code == 201, r.text
    roster_id = r.json()["data"]["id"]
    lst = client.get("/api/questionnaire/logic", headers=tokens.headers(Role.PROJECT_MANAGER, PM),
                     params={"projectId": 1, "managerId": PM})
    assert lst.status_code == 200 and lst.json()["count"] == 2
    # the assigned surveyor reads it; another PM does not
    sv = client.get("/api/questionnaire/logic", headers=tokens.headers(Role.SURVEYOR, SV),
                    params={"projectId": 1, "isSvProject": True, "surveyorId": SV})
    assert sv.status_code == 200 and sv.json()["count"] == 2
    assert client.get("/api/questionnaire/logic", headers=tokens.headers(Role.PROJECT_MANAGER, OTHER_PM),
                      params={"projectId": 1}).status_code == 404
    # update, then delete (soft: listed with isDeleted)
    upd = post_rule(client, tokens, {"id": roster_id, "projectId": 1, "viaRoster": True, "rosterField": "site",
                                     "rosterValue": "North", "affectedQuestionIds": [ids["channels"]]}, method="PUT")
    assert upd.status_code == 200 and upd.json()["data"]["rosterField"] == "site"
    d = client.delete("/api/questionnaire/logic", headers=tokens.headers(Role.PROJECT_MANAGER, PM),
                      params={"id": roster_id})
    assert d.status_code == 200
    h = tokens.headers(Role.OPERATIONS, OPS)
    assert client.get("/api/questionnaire/logic", headers=h, params={"projectId": 1}).json()["count"] == 1
    assert client.get("/api/questionnaire/logic", headers=h, params={"projectId": 1, "isDeleted": True}).json()["count"] == 1
    assert client.delete("/api/questionnaire/logic", headers=h, params={"id": roster_id}).status_code == 404


def test_logic_listing_honours_manager_and_surveyor_filters(client, tokens, setup):
    """managerId and surveyorId narrow the listing as they do for the questionnaire (spec §7), never ignored."""
    ids = setup
    body = {"projectId": 1, "questionId": ids["recommend"], "answerId": ids["No"], "affectedQuestionIds": [ids["well"]]}
    assert post_rule(client, tokens, body).status_code == 201
    h = tokens.headers(Role.OPERATIONS, OPS)

    def get(**params):
        return client.get("/api/questionnaire/logic", headers=h, params=params)

    assert get(projectId=1, managerId=PM).json()["count"] == 1
    r = get(projectId=1, managerId=OTHER_PM)
    assert r.status_code == 404 and str(OTHER_PM) in r.json()["message"]
    assert get(projectId=1, surveyorId=SV).json()["count"] == 1
    r = get(projectId=1, surveyorId=SV + 1)
    assert r.status_code == 404 and "not assigned" in r.json()["message"]
    assert get(surveyorId=SV).json()["count"] == 1
    assert get(surveyorId=SV + 1).json()["count"] == 0


def test_bad_rules_are_refused_and_nothing_saved(client, tokens, setup):
    ids = setup
    base = {"projectId": 1, "questionId": ids["recommend"], "answerId": ids["No"]}
    cases = [
        ({**base, "affectedQuestionIds": []}, 422),                                        # none affected
        ({"projectId": 1, "affectedQuestionIds": [ids["well"]]}, 422),                      # no trigger
        ({"projectId": 1, "viaRoster": True, "rosterField": "site", "affectedQuestionIds": [ids["well"]]}, 422),
        ({**base, "answerId": ids["Good"], "affectedQuestionIds": [ids["well"]]}, 422),   # not its answer
        ({**base, "affectedQuestionIds": [ids["recommend"]]}, 422),                        # hides itself
        ({**base, "affectedQuestionIds": [999999]}, 422),                                  # unknown question
        ({**base, "affectedQuestionIds": [2**63]}, 422),                                   # beyond 64 bits
        ({**base, "projectId": 2, "affectedQuestionIds": [ids["well"]]}, 422),            # project 2: no questionnaire
        ({**base, "projectId": 3, "affectedQuestionIds": [ids["well"]]}, 404),            # another PM's project
        ({**base, "projectId": 99, "affectedQuestionIds": [ids["well"]]}, 404),           # not known yet
    ]
    for body, status in cases:
        r = post_rule(client, tokens, body)
        assert r.status_code == status, (body, r.text)
        assert r.json()["message"]
    assert "not known to the surveys service yet" in post_rule(client, tokens, cases[-1][0]).json()["message"]
    # a rule pointing at another project's question
    build_questionnaire_for_two(client, tokens)
    r = post_rule(client, tokens, {**base, "affectedQuestionIds": [TWO["q"]]})
    assert r.status_code == 422 and "not in this project's questionnaire" in r.json()["message"]
    # circular: recommend(No) hides rating, then rating(Poor) hiding recommend closes the circle
    assert post_rule(client, tokens, {**base, "affectedQuestionIds": [ids["rating"]]}).status_code == 201
    r = post_rule(client, tokens, {"projectId": 1, "questionId": ids["rating"], "answerId": ids["Poor"],
                                   "affectedQuestionIds": [ids["recommend"]]})
    # the builder is told which question would hide itself (the new rule's trigger: the rules before it had no cycle)
    assert r.status_code == 422 and r.json()["message"] == (
        "affectedQuestionIds: this rule would be circular: 'Care rating' would hide itself through other rules "
        "(a rule on 'Recommend' hides it)")
    h = tokens.headers(Role.OPERATIONS, OPS)
    assert client.get("/api/questionnaire/logic", headers=h, params={"projectId": 1}).json()["count"] == 1


TWO: dict = {}


def build_questionnaire_for_two(client, tokens):
    from surveys_testkit import add_item, make_answer, make_question
    q = make_question(client, tokens, "Other project question")
    a = make_answer(client, tokens, "Other answer")
    assert add_item(client, tokens, 2, q, 1, [a]).status_code == 201
    TWO.update(q=q, a=a)


def survey(ids, *, recommend="No", rating="Good", channels=("Web",), well=None):
    out = [{"quesId": ids["recommend"], "ansId": ids[recommend]}]
    if rating:
        out.append({"quesId": ids["rating"], "ansId": ids[rating]})
    out += [{"quesId": ids["channels"], "ansId": ids[c]} for c in channels]
    if well:
        out.append({"quesId": ids["well"], "openEnded": well})
    return out


def test_call_survey_required_answers_follow_logic(client, tokens, setup):
    ids = setup
    assert post_rule(client, tokens, {"projectId": 1, "questionId": ids["recommend"], "answerId": ids["No"],
                                      "affectedQuestionIds": [ids["rating"]]}).status_code == 201
    assert post_rule(client, tokens, {"projectId": 1, "viaRoster": True, "rosterField": "department",
                                      "rosterValue": "Pediatrics", "affectedQuestionIds": [ids["channels"]]}).status_code == 201
    call_started(client, 100, 1, SV)
    h = tokens.headers(Role.SURVEYOR, SV)

    def save(entries, **extra):
        return client.post("/api/call-survey", headers=h, json={"projectId": 1, "callId": 100, "isPut": True,
                                                                "survey": entries, **extra})

    # "Yes": rating is shown and required
    r = save(survey(ids, recommend="Yes", rating=None))
    assert r.status_code == 422 and "Care rating" in r.json()["message"]
    # "No" hides rating: not required, and an answer to it is refused
    assert save(survey(ids, recommend="No", rating=None)).status_code == 200
    r = save(survey(ids, recommend="No", rating="Good"))
    assert r.status_code == 422 and "hidden by the questionnaire's logic" in r.json()["message"]
    # a roster value hides channels
    r = save(survey(ids, recommend="No", rating=None, channels=()), rosterValues={"Department": "pediatrics"})
    assert r.status_code == 200, r.text
    assert save(survey(ids, recommend="No", rating=None, channels=())).status_code == 422
    # the department the call's events report wins over what the browser sends
    from surveys_testkit import feed
    feed(client, "calling.call.completed", {"callId": 100, "projectId": 1, "surveyorId": SV, "department": "Cardiology"})
    r = save(survey(ids, recommend="No", rating=None, channels=()), rosterValues={"department": "Pediatrics"})
    assert r.status_code == 422


def test_call_survey_roster_values_are_the_call_screens(client, tokens, setup):
    """The call screen sends the roster values its questionnaire pane evaluated (rosterValues); the site the
    call's events report wins under either of its names, site or center."""
    ids = setup
    for field, value, hides in (("center", "North", "channels"), ("gender", "F", "rating")):
        assert post_rule(client, tokens, {"projectId": 1, "viaRoster": True, "rosterField": field, "rosterValue": value,
                                          "affectedQuestionIds": [ids[hides]]}).status_code == 201
    call_started(client, 100, 1, SV)
    h = tokens.headers(Role.SURVEYOR, SV)

    def save(entries, roster, **extra):
        return client.post("/api/call-survey", headers=h, json={"projectId": 1, "callId": 100, "isPut": True,
                                                                "survey": entries, "rosterValues": roster, **extra})

    pane = {"provider": None, "site": "North", "center": "North", "department": None, "gender": "F", "age": "40",
            "typeId": None, "payerType": None, "providerType": None}
    # a roster field the server does not know from the call (gender) comes from the body
    assert save(survey(ids, rating=None, channels=()), pane).status_code == 200
    r = save(survey(ids, rating=None, channels=()), {**pane, "gender": "M"})
    assert r.status_code == 422 and "Care rating" in r.json()["message"]
    # the call's own site overrides what the browser sent, for a rule on center too
    from surveys_testkit import feed
    feed(client, "calling.call.completed", {"callId": 100, "projectId": 1, "surveyorId": SV, "site": "South"})
    r = save(survey(ids, rating=None, channels=()), pane)
    assert r.status_code == 422 and r.json()["message"] == "survey: answers are required for Channels"
    # partial: the required-answers check goes, the logic does not (a hidden question still takes no answer)
    assert save(survey(ids, rating=None, channels=()), pane, isPartial=True).status_code == 200
    r = save(survey(ids, rating="Good", channels=()), pane, isPartial=True)
    assert r.status_code == 422 and "hidden by the questionnaire's logic" in r.json()["message"]


def test_logic_read_as_surveyor_or_manager_is_held_to_the_caller(client, tokens, setup):
    """Spec §6/§7: the call screen reads the logic with its own surveyorId and isSvProject, the logic editor of a
    Project Manager with managerId: another's id is refused (403), isSvProject without a surveyor is a 400."""
    def get(role, uid, **params):
        return client.get("/api/questionnaire/logic", headers=tokens.headers(role, uid), params=params)

    assert get(Role.SURVEYOR, SV, projectId=1, isSvProject=True, surveyorId=SV).status_code == 200
    r = get(Role.SURVEYOR, SV, projectId=1, isSvProject=True)
    assert r.status_code == 400 and "surveyorId" in r.json()["message"]
    r = get(Role.SURVEYOR, SV, projectId=1, isSvProject=True, surveyorId=SV + 1)
    assert r.status_code == 403 and "surveyorId" in r.json()["message"]
    assert get(Role.PROJECT_MANAGER, PM, projectId=1, managerId=PM).status_code == 200
    r = get(Role.PROJECT_MANAGER, PM, projectId=1, managerId=OTHER_PM)
    assert r.status_code == 403 and "managerId" in r.json()["message"]
