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


def test_demo_setting_seeds_at_start_and_the_project_event_builds_the_questionnaire(database_url, tmp_path, keypair, tokens):
    from fastapi.testclient import TestClient

    from kit.testing import base_settings
    from surveys.config import Settings
    from surveys.main import create_app

    settings = Settings(**base_settings(tmp_path, database_url, keypair), demo=True)
    with TestClient(create_app(settings)) as client:
        h = tokens.headers(Role.OPERATIONS, 1)
        # the kit's demo-seed loop runs in the background from start-up
        assert _within(lambda: client.get("/api/question", headers=h).json()["count"] == 7)
        project(client, 5, 11, name=DEMO_PROJECT_NAME)
        assert _within(lambda: client.get("/api/questionnaire", headers=h, params={"projectId": 5}).json()["count"] == 7)


def _within(check, seconds: float = 10.0) -> bool:
    import time

    deadline = time.time() + seconds
    while time.time() < deadline:
        if check():
            return True
        time.sleep(0.1)
    return False
