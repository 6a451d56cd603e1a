from kit.auth import Role
from surveys.seed import DEMO_PROJECT_NAME, seed_demo
from surveys_testkit import project


def test_seed_is_idempotent_and_builds_the_demo_questionnaire(client, tokens):
    db = client.app.state.db
    seed_demo(db)
    seed_demo(db)
    h = tokens.headers(Role.OPERATIONS, 1)
    assert client.get("/api/question", headers=h, params={"limit": 100}).json()["count"] == 7
    # the demo project arrives later through the projects events
    project(client, 3, 11, name=DEMO_PROJECT_NAME)
    seed_demo(db)
    rows = client.get("/api/questionnaire", headers=h, params={"projectId": 3}).json()["rows"]
    assert [r["question"]["text"] for r in rows][1] == "How would you rate the care you received?"
    assert [a["title"] for a in rows[1]["answers"]] == ["Excellent", "Very Good", "Good", "Fair", "Poor"]
    assert len(rows) == 7
    assert client.get("/api/question", headers=h, params={"limit": 100}).json()["count"] == 7


def test_the_seed_waits_for_the_demo_project_and_no_consumer_seeds(client, tokens):
    db = client.app.state.db
    h = tokens.headers(Role.OPERATIONS, 1)
    assert seed_demo(db) is False  # the demo project has not arrived yet
    project(client, 5, 11, name=DEMO_PROJECT_NAME)
    assert client.get("/api/questionnaire", headers=h, params={"projectId": 5}).json()["count"] == 0
    assert seed_demo(db) is True
    assert client.get("/api/questionnaire", headers=h, params={"projectId": 5}).json()["count"] == 7
