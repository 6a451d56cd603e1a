"""A hold that runs out, end to end on the embedded run (SQLite, the in-process bus): surveyor A claims a patient
and saves part of the survey, A's lock runs out, surveyor B's claim takes the same patient. A's answers leave the
survey data (the survey export, comment cleaning, the call log details, the client report's answers) and a later
save of A's is refused with an honest 409."""

import sys
from datetime import timedelta
from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import select, update

from embedded.app import create_embedded_app

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scenario"))
from scenario import body, data, eventually, sign_in  # noqa: E402

DEMO_PROJECT = "Riverside Patient Experience 2026"
EXPIRED = ("This call's hold ran out and the patient went to another surveyor, so its survey can no longer be "
           "saved; request the next patient")


def test_answers_of_a_hold_that_ran_out_show_nowhere_and_a_late_save_is_refused(tmp_path):
    var = tmp_path / "var"
    with TestClient(create_embedded_app(var, demo=True)) as client:
        apps = client.app.apps
        calling_db, surveys_db, reporting_db = (apps[n].state.db for n in ("calling", "surveys", "reporting"))
        from calling.models import Call, ProjectView, SurveyAnswerView as CallLogAnswer, Visit, VisitStatus
        from kit.events import utcnow
        from reporting.models import SurveyAnswerView as ReportAnswer
        from surveys.models import Comment, SurveyAnswer
        from surveys.questionnaire import repository as questionnaire_repo

        def project_id():
            with calling_db.session() as s:
                return s.scalar(select(ProjectView.id).where(ProjectView.name == DEMO_PROJECT))

        pid = eventually(project_id)
        a_token, a_user = sign_in(client, var, "surveyor@demo.test")
        b_token, b_user = sign_in(client, var, "keller@demo.test")
        ops_token, _ = sign_in(client, var, "ops@demo.test")
        a, b, ops = ({"Authorization": f"Bearer {t}"} for t in (a_token, b_token, ops_token))

        def claim(headers, user):
            return client.post("/api/calls", headers=headers, json={"projectId": pid, "surveyorId": user["id"]})

        call = eventually(lambda: (r := claim(a, a_user)).status_code == 200 and r.json()["data"])
        with calling_db.session() as s:  # only A's patient is left to call, so B's claim can only take it
            s.execute(update(Visit).where(Visit.project_id == pid, Visit.id != call["visitId"])
                      .values(status=VisitStatus.DO_NOT_CALL))
        with surveys_db.session() as s:
            items = questionnaire_repo.items(s, pid)
            rating = next(i for i in items if i.question.title == "Overall care rating")
            well = next(i for i in items if i.question.title == "What did we do well")
            survey = [{"quesId": rating.question_id, "ansId": rating.answers[0].answer_id},
                      {"quesId": well.question_id, "openEnded": "The nurse was kind"}]
        payload = {"projectId": pid, "callId": call["callId"], "isPartial": True, "survey": survey}
        # A saves part of the survey (surveys learns of the call by event: wait as the call screen's retry does)
        body(eventually(lambda: (r := client.post("/api/call-survey", headers=a, json=payload)).status_code != 404
                        and r))

        def stored(db, model, **where):
            with db.session() as s:
                return list(s.scalars(select(model).where(*(getattr(model, k) == v for k, v in where.items()))))

        eventually(lambda: stored(calling_db, CallLogAnswer, call_id=call["callId"])
                   and stored(reporting_db, ReportAnswer, call_id=call["callId"]))
        assert stored(surveys_db, Comment, call_id=call["callId"])

        # A's lock runs out; B's claim takes the same patient and ends A's call
        with calling_db.session() as s:
            s.execute(update(Visit).where(Visit.id == call["visitId"]).values(
                locked_until=utcnow() - timedelta(minutes=1)))
        taken = data(claim(b, b_user))
        assert taken["visitId"] == call["visitId"] and taken["callId"] != call["callId"]
        assert stored(calling_db, Call, id=call["callId"])[0].status == "expired"

        # A comes back: the save is refused with the reason, once surveys has heard of the expiry
        refused = eventually(lambda: (r := client.post("/api/call-survey", headers=a, json={**payload, "isPut": True}))
                             .status_code == 409 and r)
        assert refused.json()["message"] == EXPIRED
        # A's answers show nowhere
        eventually(lambda: not stored(surveys_db, SurveyAnswer, call_id=call["callId"])
                   and not stored(surveys_db, Comment, call_id=call["callId"])
                   and not stored(calling_db, CallLogAnswer, call_id=call["callId"])
                   and not stored(reporting_db, ReportAnswer, call_id=call["callId"]))
        export = client.get("/api/survey-export", headers=ops, params={"projectId": pid})
        assert export.status_code == 404 and export.json()["message"] == "No Data Found", export.text
        assert client.put("/api/calls", headers=a, json={
            "id": call["callId"], "projectId": pid, "visitId": call["visitId"], "visitorId": call["visitorId"],
            "result": 4, "isPartial": True}).status_code == 409
