"""Comments from call results and open-ended answers; projects list; cleaning with the two warnings."""

import pytest
from sqlalchemy import select

from kit.auth import Role
from surveys_testkit import OPS, assign, build_questionnaire, call_started, feed, project

PM, OTHER_PM, SV, CC, CC2 = 11, 12, 21, 31, 32


def completed(client, call_id, pid, positive=None, negative=None, surveyed="2026-03-02T15:00:00Z"):
    data = {"callId": call_id, "projectId": pid, "surveyorId": SV, "surveyedOn": surveyed, "provider": "Dr. Lee",
            "site": "North", "department": "Peds", "languageId": 1, "surveyLanguageId": 2, "result": 1}
    if positive is not None:
        data["positive"] = positive
    if negative is not None:
        data["negative"] = negative
    feed(client, "calling.call.completed", data)


@pytest.fixture
def setup(client, tokens):
    project(client, 1, PM, name="Alpha")
    project(client, 2, OTHER_PM, name="Beta")
    assign(client, 1, 1, SV)
    ids = build_questionnaire(client, tokens, 1)
    call_started(client, 100, 1, SV)
    completed(client, 100, 1, positive="Nurse Kim was kind", negative="Long wait", surveyed="2026-03-01T15:00:00Z")
    r = client.post("/api/call-survey", headers=tokens.headers(Role.SURVEYOR, SV), json={
        "projectId": 1, "callId": 100, "survey": [
            {"quesId": ids["rating"], "ansId": ids["Good"]}, {"quesId": ids["recommend"], "ansId": ids["Yes"]},
            {"quesId": ids["channels"], "ansId": ids["Web"]}, {"quesId": ids["well"], "openEnded": "Dr Lee listened"}]})
    assert r.status_code == 200, r.text
    completed(client, 200, 2, positive="Fine", surveyed="2026-03-03T15:00:00Z")
    return ids


def cc(tokens, uid=CC):
    return tokens.headers(Role.COMMENT_CLEANER, uid)


def published(client, event_type: str) -> list[dict]:
    """The data of the events of this type in the service's outbox, oldest first."""
    outbox = client.app.state.db.base.metadata.tables["outbox"]
    with client.app.state.db.session() as s:
        return [e["data"] for e in s.scalars(select(outbox.c.envelope).order_by(outbox.c.created_at))
                if e["type"] == event_type]


def summaries(client):
    return published(client, "surveys.comment_summary.updated")


def test_projects_list_and_comments(client, tokens, setup):
    ids = setup
    r = client.get("/api/comments/projects", headers=cc(tokens), params={"limit": 5, "orderBy": "name"})
    assert r.status_code == 200, r.text
    assert [(x["id"], x["name"], x["cleaned"], x["total"]) for x in r.json()["rows"]] == [(1, "Alpha", 0, 3), (2, "Beta", 0, 1)]
    assert r.json()["rows"][0]["oldestUncleanedSurveyedOn"].startswith("2026-03-01T15:00")
    # a PM sees own projects only; managerId of someone else is refused
    pm = tokens.headers(Role.PROJECT_MANAGER, PM)
    assert [x["id"] for x in client.get("/api/comments/projects", headers=pm).json()["rows"]] == [1]
    assert client.get("/api/comments/projects", headers=pm, params={"managerId": OTHER_PM}).status_code == 403
    ops = tokens.headers(Role.OPERATIONS, OPS)
    assert [x["id"] for x in client.get("/api/comments/projects", headers=ops, params={"managerId": OTHER_PM}).json()["rows"]] == [2]
    assert client.get("/api/comments/projects", headers=ops, params={"orderBy": "nope"}).status_code == 400
    # the Comment Cleaner's project-manager filter (survey-work §2) narrows the list the same way
    assert [x["id"] for x in client.get("/api/comments/projects", headers=cc(tokens), params={"managerId": PM}).json()["rows"]] == [1]
    desc = client.get("/api/comments/projects", headers=ops, params={"orderBy": "total", "orderDir": "DESC"}).json()
    assert [x["id"] for x in desc["rows"]] == [1, 2]
    # the comments of project 1: the positive/negative pair and the open-ended answer
    r = client.get("/api/comments", headers=cc(tokens), params={"projectId": 1})
    assert r.status_code == 200 and r.json()["count"] == 2
    pair = next(x for x in r.json()["rows"] if x["type"] == 1)
    assert pair["positive"]["normal"] == "Nurse Kim was kind" and pair["negative"]["normal"] == "Long wait"
    assert pair["ch"]["providerName"] == "Dr. Lee" and pair["ch"]["siteName"] == "North"
    # the patient's roster language and the language the survey was taken in, each as it is
    assert (pair["ch"]["languageId"], pair["ch"]["surveyLanguageId"]) == (1, 2)
    oe = client.get("/api/comments", headers=cc(tokens), params={"projectId": 1, "quesId": ids["well"]}).json()
    assert oe["count"] == 1 and oe["rows"][0]["normal"] == "Dr Lee listened" and oe["rows"][0]["question"]["title"] == "Did well"
    assert client.get("/api/comments", headers=pm, params={"projectId": 2}).status_code == 404
    assert client.get("/api/comments", headers=pm, params={"projectId": 99}).status_code == 404


def test_cleaning_with_the_two_warnings(client, tokens, setup):
    rows = client.get("/api/comments", headers=cc(tokens), params={"projectId": 1}).json()["rows"]
    pair = next(x for x in rows if x["type"] == 1)
    oe = next(x for x in rows if x["type"] == 0)
    # CC opens the open-ended comment; CC2 gets "being cleaned by someone else"
    r = client.put("/api/comments", headers=cc(tokens), json={"id": oe["id"], "projectId": 1, "processing": True})
    assert r.status_code == 200 and r.json()["data"]["markCleaned"] == 2
    r = client.put("/api/comments", headers=cc(tokens, CC2), json={"id": oe["id"], "projectId": 1, "processing": True})
    assert r.status_code == 409 and r.json()["message"] == "Warning! This comment is being cleaned by someone else!!!"
    r = client.post("/api/comments", headers=cc(tokens, CC2), json={"projectId": 1, "id": oe["id"], "cleaned": "x"})
    assert r.status_code == 409
    r = client.post("/api/comments", headers=cc(tokens), json={"projectId": 1, "id": oe["id"], "nsm": "Dr Lee listened",
                                                             "cleaned": "The doctor listened"})
    assert r.status_code == 200, r.text
    r = client.put("/api/comments", headers=cc(tokens, CC2), json={"id": oe["id"], "projectId": 1, "processing": True})
    assert r.status_code == 409 and r.json()["message"] == "Warning! This comment is already cleaned."
    # positive / negative with and without NSM
    r = client.post("/api/comments", headers=cc(tokens), json={
        "projectId": 1, "positiveId": pair["positive"]["id"], "positiveWNSM": "Nurse Kim was kind",
        "positiveWoNSM": "The nurse was kind", "negativeId": pair["negative"]["id"], "negativeWoNSM": "Long wait"})
    assert r.status_code == 200, r.text
    rows = client.get("/api/comments", headers=cc(tokens), params={"projectId": 1}).json()["rows"]
    pair = next(x for x in rows if x["type"] == 1)
    assert (pair["positive"]["cleaned"], pair["positive"]["nsm"], pair["positive"]["markCleaned"]) == (
        "The nurse was kind", "Nurse Kim was kind", 1)
    assert (pair["negative"]["cleaned"], pair["negative"]["nsm"]) == ("Long wait", None)
    assert summaries(client)[-1] == {"projectId": 1, "cleaned": 3, "total": 3, "oldestUncleanedSurveyedOn": None}
    # unclean resets it
    r = client.put("/api/comments", headers=cc(tokens), json={"id": oe["id"], "projectId": 1, "markCleaned": False})
    assert r.status_code == 200 and r.json()["data"]["markCleaned"] == 0 and r.json()["data"]["cleaned"] is None
    last = summaries(client)[-1]
    assert (last["cleaned"], last["total"]) == (2, 3) and last["oldestUncleanedSurveyedOn"].startswith("2026-03-01T15:00")
    # mark cleaned as it is
    r = client.put("/api/comments", headers=cc(tokens), json={"id": oe["id"], "projectId": 1, "markCleaned": True})
    assert r.status_code == 200 and r.json()["data"]["cleaned"] == "Dr Lee listened"


def test_bad_cleaning_input(client, tokens, setup):
    rows = client.get("/api/comments", headers=cc(tokens), params={"projectId": 1}).json()["rows"]
    oe = next(x for x in rows if x["type"] == 0)
    pair = next(x for x in rows if x["type"] == 1)
    bad = [
        ({"projectId": 1}, 422),                                                    # neither shape
        ({"projectId": 1, "id": oe["id"]}, 422),                                    # no cleaned text
        ({"projectId": 1, "id": oe["id"], "cleaned": "x" * 5000}, 422),             # huge
        ({"projectId": 1, "id": oe["id"], "cleaned": "x", "positiveId": 1}, 422),   # both shapes
        ({"projectId": 2, "id": oe["id"], "cleaned": "x"}, 404),                    # wrong project
        ({"projectId": 1, "id": pair["positive"]["id"], "cleaned": "x"}, 404),      # not open-ended
        ({"projectId": 1, "id": 2**63, "cleaned": "x"}, 422),                       # beyond 64 bits
        ({"projectId": 1, "id": 987654, "cleaned": "x"}, 404),
    ]
    for body, status in bad:
        r = client.post("/api/comments", headers=cc(tokens), json=body)
        assert r.status_code == status, (body, r.text)
    assert client.put("/api/comments", headers=cc(tokens), json={"id": oe["id"], "projectId": 1}).status_code == 422
    rows = client.get("/api/comments", headers=cc(tokens), params={"projectId": 1}).json()["rows"]
    assert all(x["markCleaned"] in (0, None) for x in rows)


def test_put_survey_updates_open_ended_comment(client, tokens, setup):
    ids = setup
    r = client.post("/api/call-survey", headers=tokens.headers(Role.SURVEYOR, SV), json={
        "projectId": 1, "callId": 100, "isPut": True, "survey": [
            {"quesId": ids["rating"], "ansId": ids["Good"]}, {"quesId": ids["recommend"], "ansId": ids["Yes"]},
            {"quesId": ids["channels"], "ansId": ids["Web"]}]})
    assert r.status_code == 200
    oe = client.get("/api/comments", headers=cc(tokens), params={"projectId": 1, "quesId": ids["well"]}).json()
    assert oe["count"] == 0


def cleaned_events(client):
    return published(client, "surveys.comment.cleaned")


def test_cleaned_texts_leave_surveys_as_events(client, tokens, setup):
    ids = setup
    assert cleaned_events(client) == []  # comments arriving uncleaned change no cleaned text
    rows = client.get("/api/comments", headers=cc(tokens), params={"projectId": 1}).json()["rows"]
    pair = next(x for x in rows if x["type"] == 1)
    oe = next(x for x in rows if x["type"] == 0)
    r = client.post("/api/comments", headers=cc(tokens), json={"projectId": 1, "id": oe["id"], "nsm": "Dr Lee listened",
                                                             "cleaned": "The doctor listened"})
    assert r.status_code == 200, r.text
    assert cleaned_events(client) == [{"projectId": 1, "callId": 100, "kind": "oe", "quesId": ids["well"], "status": 1,
                                       "nsm": "Dr Lee listened", "cleaned": "The doctor listened"}]
    r = client.post("/api/comments", headers=cc(tokens), json={
        "projectId": 1, "positiveId": pair["positive"]["id"], "positiveWNSM": " Nurse Kim was kind ",
        "positiveWoNSM": "The nurse was kind", "negativeId": pair["negative"]["id"], "negativeWoNSM": "Long wait"})
    assert r.status_code == 200, r.text
    assert cleaned_events(client)[1:] == [
        {"projectId": 1, "callId": 100, "kind": "positive", "quesId": None, "status": 1, "nsm": "Nurse Kim was kind",
         "cleaned": "The nurse was kind"},
        {"projectId": 1, "callId": 100, "kind": "negative", "quesId": None, "status": 1, "nsm": None,
         "cleaned": "Long wait"}]
    # unclean: the texts are cleared
    r = client.put("/api/comments", headers=cc(tokens), json={"id": pair["positive"]["id"], "projectId": 1,
                                                            "markCleaned": False})
    assert r.status_code == 200, r.text
    assert cleaned_events(client)[-1] == {"projectId": 1, "callId": 100, "kind": "positive", "quesId": None,
                                          "status": 0, "nsm": None, "cleaned": None}
    # marked cleaned as it is: the raw text is its cleaned text
    r = client.put("/api/comments", headers=cc(tokens), json={"id": pair["positive"]["id"], "projectId": 1,
                                                            "markCleaned": True})
    assert r.status_code == 200, r.text
    assert cleaned_events(client)[-1] == {"projectId": 1, "callId": 100, "kind": "positive", "quesId": None,
                                          "status": 1, "nsm": None, "cleaned": "Nurse Kim was kind"}
    # opening a comment for cleaning, or a refused save, changes no cleaned text
    before = len(cleaned_events(client))
    assert client.put("/api/comments", headers=cc(tokens), json={"id": pair["negative"]["id"], "projectId": 1,
                                                               "processing": True}).status_code == 409
    assert client.post("/api/comments", headers=cc(tokens), json={"projectId": 1, "id": oe["id"],
                                                                "cleaned": "again"}).status_code == 409
    assert len(cleaned_events(client)) == before
    # Quality edits the negative comment in calling: its cleaning no longer stands
    completed(client, 100, 1, positive="Nurse Kim was kind", negative="Long wait at the desk",
              surveyed="2026-03-01T15:00:00Z")
    assert cleaned_events(client)[before:] == [{"projectId": 1, "callId": 100, "kind": "negative", "quesId": None,
                                                "status": 0, "nsm": None, "cleaned": None}]


def test_reannounce_sends_the_cleaned_comments_again(client, tokens, setup):
    from surveys.reannounce import reannounce

    rows = client.get("/api/comments", headers=cc(tokens), params={"projectId": 1}).json()["rows"]
    pair = next(x for x in rows if x["type"] == 1)
    r = client.post("/api/comments", headers=cc(tokens), json={
        "projectId": 1, "positiveId": pair["positive"]["id"], "positiveWNSM": "Nurse Kim was kind",
        "positiveWoNSM": "The nurse was kind"})
    assert r.status_code == 200, r.text
    before = cleaned_events(client)
    lines: list[str] = []
    assert reannounce(client.app.state.db, dry_run=True, out=lines.append) == 1
    assert cleaned_events(client) == before and lines[-1] == "would announce 1 cleaned comment of 1 project"
    assert reannounce(client.app.state.db, project_ids=[2], out=lines.append) == 0  # nothing cleaned there
    assert reannounce(client.app.state.db, out=lines.append) == 1
    assert cleaned_events(client) == before + [before[-1]]
    assert before[-1] == {"projectId": 1, "callId": 100, "kind": "positive", "quesId": None, "status": 1,
                          "nsm": "Nurse Kim was kind", "cleaned": "The nurse was kind"}
    assert not any("Nurse" in line for line in lines)  # the summary never carries comment text


def test_each_page_of_comments_is_in_the_phi_access_audit(client, tokens, setup):
    """Comment Cleaning's rows carry the patient's name, date of service and comments: a page read is recorded
    with its filters and rows (never a comment or a name); an empty page and a refused one are not."""
    def trail():
        r = client.get("/api/phi-audit/surveys", headers=tokens.headers(Role.ADMIN, 1))
        assert r.status_code == 200, r.text
        return r.json()["rows"]

    r = client.get("/api/comments", headers=cc(tokens), params={"projectId": 1, "limit": 1})
    assert r.status_code == 200 and len(r.json()["rows"]) == 1
    assert [(x["action"], x["userId"], x["userRole"], x["export"]) for x in trail()] == [
        ("comment.list", CC, int(Role.COMMENT_CLEANER), "comments, project 1, skip 0, limit 1, rows 1-1 of 2")]
    pm = tokens.headers(Role.PROJECT_MANAGER, PM)
    assert client.get("/api/comments", headers=pm, params={"projectId": 2}).status_code == 404
    assert client.get("/api/comments", headers=pm, params={"projectId": 1, "skip": 50}).json()["rows"] == []
    assert len(trail()) == 1
    client.get("/api/comments", headers=tokens.headers(Role.OPERATIONS, OPS), params={"quesId": setup["well"]})
    row = trail()[0]
    assert (row["action"], row["userId"]) == ("comment.list", OPS)
    assert row["export"] == f"comments, question {setup['well']}, skip 0, limit 10, rows 1-1 of 1"
    assert "Dr Lee" not in row["export"] and row["visitId"] is None and row["patient"] is None


def test_opening_or_changing_a_comment_is_in_the_phi_access_audit(client, tokens, setup):
    """PUT /api/comments answers with the patient's comment as said (and its cleaned versions), which the caller
    did not just write: each open, release, mark cleaned and unclean is recorded with the comment and its visit,
    never its text; a refused one is not."""
    def trail():
        r = client.get("/api/phi-audit/surveys", headers=tokens.headers(Role.ADMIN, 1))
        assert r.status_code == 200, r.text
        return r.json()["rows"]

    oe = next(x for x in client.get("/api/comments", headers=cc(tokens), params={"projectId": 1}).json()["rows"]
              if x["type"] == 0)
    before = len(trail())
    r = client.put("/api/comments", headers=cc(tokens), json={"id": oe["id"], "projectId": 1, "processing": True})
    assert r.status_code == 200 and r.json()["data"]["normal"] == "Dr Lee listened"
    row = trail()[0]
    assert (row["action"], row["userId"], row["userRole"], row["visitId"]) == (
        "comment.edit", CC, int(Role.COMMENT_CLEANER), 1000)
    assert row["export"] == f"comment {oe['id']} (oe), call 100, project 1" and "Dr Lee" not in row["export"]
    r = client.put("/api/comments", headers=cc(tokens), json={"id": oe["id"], "projectId": 1, "markCleaned": True})
    assert r.status_code == 200
    assert len(trail()) == before + 2
    # another cleaner's open is refused (being cleaned... already cleaned): nothing read, nothing recorded
    r = client.put("/api/comments", headers=cc(tokens, CC2), json={"id": oe["id"], "projectId": 1, "processing": True})
    assert r.status_code == 409
    pm = tokens.headers(Role.PROJECT_MANAGER, OTHER_PM)
    r = client.put("/api/comments", headers=pm, json={"id": oe["id"], "projectId": 1, "markCleaned": False})
    assert r.status_code == 404
    assert len(trail()) == before + 2


def test_comment_pages_are_cut_in_the_database_in_the_list_order(client, tokens, setup):
    """More comments than a page: the pages walk the units (an open-ended answer, or a call's positive/negative
    pair) by surveyed-on, call and first comment, each page reads only its own comments, and the count is of all."""
    from sqlalchemy import event

    from surveys.models import Comment

    ids = setup
    # 24 more calls in project 1, their dates out of call order and some on the same instant (the call breaks the
    # tie); every third has only a negative text, every fourth an open-ended answer too
    for n in range(24):
        cid = 300 + n
        call_started(client, cid, 1, SV)
        if n % 4 == 0:
            r = client.post("/api/call-survey", headers=tokens.headers(Role.SURVEYOR, SV), json={
                "projectId": 1, "callId": cid, "survey": [
                    {"quesId": ids["rating"], "ansId": ids["Good"]}, {"quesId": ids["recommend"], "ansId": ids["Yes"]},
                    {"quesId": ids["channels"], "ansId": ids["Web"]}, {"quesId": ids["well"], "openEnded": f"oe {cid}"}]})
            assert r.status_code == 200, r.text
        day = 10 + (n * 7) % 12
        completed(client, cid, 1, positive=None if n % 3 == 0 else f"pos {cid}", negative=f"neg {cid}",
                  surveyed=f"2026-03-{day:02d}T15:00:00Z")

    with client.app.state.db.session() as s:
        every = list(s.scalars(select(Comment).where(Comment.project_id == 1)))
    # the list's order: comments by (surveyed on, call, id); a call's positive/negative pair is one row where its
    # first comment comes; an open-ended answer is a row of its own
    expected: list[tuple[int, str]] = []
    for c in sorted(every, key=lambda c: (c.surveyed_on, c.call_id, c.id)):
        unit = (c.call_id, "oe" if c.kind == "oe" else "pn")
        if c.kind == "oe" or unit not in expected:
            expected.append(unit)
    assert len(expected) == 2 + 24 + 6

    loaded: list[int] = []

    def on_load(target, _context):
        loaded.append(target.id)

    event.listen(Comment, "load", on_load)
    try:
        got, counts = [], set()
        for skip in range(0, len(expected) + 7, 7):
            loaded.clear()
            r = client.get("/api/comments", headers=cc(tokens), params={"projectId": 1, "skip": skip, "limit": 7})
            assert r.status_code == 200, r.text
            body = r.json()
            counts.add(body["count"])
            got += [(x["ch"]["callId"], "oe" if x["type"] == 0 else "pn") for x in body["rows"]]
            # a page's rows hold at most two comments each (a pair): the other pages' comments are not read
            assert len(loaded) <= 2 * len(body["rows"]), (skip, len(loaded))
            for x in body["rows"]:
                if x["type"] == 1:
                    kinds = [k for k in ("positive", "negative") if x[k]]
                    assert [x[k]["normal"] for k in kinds] == [f"{'pos' if k == 'positive' else 'neg'} {x['ch']['callId']}"
                                                              for k in kinds] or x["ch"]["callId"] == 100
    finally:
        event.remove(Comment, "load", on_load)
    assert counts == {len(expected)}
    assert got == expected
    # the open-ended filter pages the same way
    r = client.get("/api/comments", headers=cc(tokens), params={"projectId": 1, "quesId": ids["well"], "skip": 2, "limit": 3})
    oe = [c for c in expected if c[1] == "oe"]
    assert r.json()["count"] == len(oe)
    assert [(x["ch"]["callId"], "oe") for x in r.json()["rows"]] == oe[2:5]


def test_a_claim_left_by_a_closed_tab_expires_after_fifteen_minutes(client, tokens, setup, monkeypatch):
    """A comment opened and never let go (the tab closed before the page could let it go) blocks others for
    PROCESSING_TTL only: then it reads Not Cleaned and another cleaner can take it."""
    from datetime import timedelta

    from kit.events import utcnow
    from surveys.comments import service

    oe = next(x for x in client.get("/api/comments", headers=cc(tokens), params={"projectId": 1}).json()["rows"]
              if x["type"] == 0)
    r = client.put("/api/comments", headers=cc(tokens), json={"id": oe["id"], "projectId": 1, "processing": True})
    assert r.status_code == 200
    start = utcnow()
    monkeypatch.setattr(service, "utcnow", lambda: start + timedelta(minutes=14))
    r = client.put("/api/comments", headers=cc(tokens, CC2), json={"id": oe["id"], "projectId": 1, "processing": True})
    assert r.status_code == 409 and r.json()["message"] == service.BEING_CLEANED
    monkeypatch.setattr(service, "utcnow", lambda: start + service.PROCESSING_TTL + timedelta(seconds=5))
    row = next(x for x in client.get("/api/comments", headers=cc(tokens, CC2), params={"projectId": 1}).json()["rows"]
               if x["id"] == oe["id"] and x["type"] == 0)
    assert row["markCleaned"] == 0
    r = client.put("/api/comments", headers=cc(tokens, CC2), json={"id": oe["id"], "projectId": 1, "processing": True})
    assert r.status_code == 200 and r.json()["data"]["markCleaned"] == 2
    # the first cleaner's late save is refused now that the second holds it
    r = client.post("/api/comments", headers=cc(tokens), json={"projectId": 1, "id": oe["id"], "cleaned": "late"})
    assert r.status_code == 409 and r.json()["message"] == service.BEING_CLEANED


def test_the_holder_renewing_a_claim_extends_it_and_is_not_audited_again(client, tokens, setup, monkeypatch):
    """Comment Cleaning renews its claim while the dialog is open (PUT processing: true again by the holder): the
    holder is not refused, the claim runs PROCESSING_TTL from the renewal, and only the first open is in the PHI
    access audit (the renewal answers the same text, unchanged while the claim held); a claim that lapsed and is
    taken again is a new open, recorded."""
    from datetime import timedelta

    from kit.events import utcnow
    from surveys.comments import service

    def trail():
        r = client.get("/api/phi-audit/surveys", headers=tokens.headers(Role.ADMIN, 1))
        assert r.status_code == 200, r.text
        return r.json()["rows"]

    oe = next(x for x in client.get("/api/comments", headers=cc(tokens), params={"projectId": 1}).json()["rows"]
              if x["type"] == 0)
    claim = {"id": oe["id"], "projectId": 1, "processing": True}
    before = len(trail())
    start = utcnow()
    monkeypatch.setattr(service, "utcnow", lambda: start)
    assert client.put("/api/comments", headers=cc(tokens), json=claim).status_code == 200
    assert len(trail()) == before + 1
    for minutes in (5, 10, 15, 20):  # renewed every 5 minutes: never lapses
        monkeypatch.setattr(service, "utcnow", lambda m=minutes: start + timedelta(minutes=m))
        r = client.put("/api/comments", headers=cc(tokens), json=claim)
        assert r.status_code == 200 and r.json()["data"]["markCleaned"] == 2, r.text
    assert len(trail()) == before + 1
    # 34 minutes after the open, 14 after the last renewal: still the first cleaner's
    monkeypatch.setattr(service, "utcnow", lambda: start + timedelta(minutes=34))
    r = client.put("/api/comments", headers=cc(tokens, CC2), json=claim)
    assert r.status_code == 409 and r.json()["message"] == service.BEING_CLEANED
    assert len(trail()) == before + 1
    # lapsed (no renewal for longer than PROCESSING_TTL): taking it again is a new open, recorded
    monkeypatch.setattr(service, "utcnow", lambda: start + timedelta(minutes=20) + service.PROCESSING_TTL
                        + timedelta(seconds=5))
    assert client.put("/api/comments", headers=cc(tokens), json=claim).status_code == 200
    assert len(trail()) == before + 2
