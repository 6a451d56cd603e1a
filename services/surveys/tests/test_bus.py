"""Through the in-process bus: events from other contexts reach the read model, and the survey.saved event
leaves through the outbox relay."""

import time

from fastapi.testclient import TestClient
from sqlalchemy import select

from kit.auth import Role
from kit.events import InProcessBus
from kit.testing import base_settings
from surveys.config import Settings
from surveys.main import create_app
from surveys_testkit import build_questionnaire, envelope


def wait_for(cond, timeout=5.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.02)
    return False


def test_events_in_and_out_through_the_bus(database_url, tmp_path, keypair, tokens):
    bus = InProcessBus()
    seen: list[dict] = []
    orig_publish = bus.publish

    async def spy(routing_key, env, headers):
        seen.append(env)
        await orig_publish(routing_key, env, headers)

    bus.publish = spy
    app = create_app(Settings(**base_settings(tmp_path, database_url, keypair)), bus=bus)
    with TestClient(app) as client:
        for key, data in (("projects.project.created", {"id": 1, "name": "P", "managerId": 11}),
                          ("projects.assignment.created", {"id": 1, "projectId": 1, "surveyorId": 21}),
                          ("calling.call.started", {"callId": 100, "projectId": 1, "visitId": 5, "surveyorId": 21})):
            client.portal.call(bus.publish, key, envelope(key, data), {})
        ids = build_questionnaire(client, tokens, 1)
        h = tokens.headers(Role.SURVEYOR, 21)
        assert wait_for(lambda: client.get("/api/questionnaire", headers=h, params={"projectId": 1}).status_code == 200)

        def saved():
            r = client.post("/api/call-survey", headers=h, json={"projectId": 1, "callId": 100, "survey": [
                {"quesId": ids["rating"], "ansId": ids["Good"]}, {"quesId": ids["recommend"], "ansId": ids["No"]},
                {"quesId": ids["channels"], "ansId": ids["Phone"]}]})
            return r.status_code == 200

        assert wait_for(saved)
        assert wait_for(lambda: any(e["type"] == "surveys.survey.saved" for e in seen))
        event = next(e for e in seen if e["type"] == "surveys.survey.saved")
        answers = sorted((a["quesId"], a["ansId"], a["openEnded"]) for a in event["data"].pop("answers"))
        assert event["data"] == {"callId": 100, "projectId": 1, "surveyorId": 21, "languageId": None}
        assert answers == sorted([(ids["rating"], ids["Good"], None), (ids["recommend"], ids["No"], None),
                                  (ids["channels"], ids["Phone"], None)])
        outbox = app.state.db.base.metadata.tables["outbox"]
        with app.state.db.session() as s:
            assert wait_for(lambda: s.execute(select(outbox.c.sent_at)).scalar() is not None)
