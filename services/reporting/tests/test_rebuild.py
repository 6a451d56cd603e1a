"""The rebuild command: empty read models re-applied from the event log equal the ones kept live."""

from sqlalchemy import select

from reporting.models import READ_MODELS, CallFact, EventLog
from reporting.rebuild import rebuild
from reporting_testkit import call, feed, project, user


def snapshot(db) -> dict:
    out = {}
    with db.session() as s:
        for model in READ_MODELS:
            cols = [c.key for c in model.__table__.columns if c.key != "id" or model.__tablename__ != "rm_survey_answer"]
            rows = s.execute(select(*[getattr(model, c) for c in cols])).all()
            out[model.__tablename__] = sorted((tuple(r) for r in rows), key=repr)
    return out


def test_rebuild_yields_identical_read_models(client):
    feed(client, "projects.client.created", {"id": 5, "name": "Acme"})
    project(client, 1, 11, "12.50", name="Alpha")
    feed(client, "projects.project.updated", {"id": 1, "paymentRate": "9.75", "clientId": 5})
    user(client, 21, 3)
    user(client, 30, 7, cimr_manager_ids=[40])
    feed(client, "identity.user.deactivated", {"id": 30})
    feed(client, "projects.assignment.created", {"id": 1, "projectId": 1, "surveyorId": 21, "surveyorGoals": 5,
                                                 "surveyorCompGoals": 20})
    feed(client, "projects.assignment.updated", {"id": 1, "projectId": 1, "surveyorId": 21, "surveyorGoals": 6})
    feed(client, "calling.call.started", {"callId": 1, "projectId": 1, "visitId": 10, "surveyorId": 21,
                                          "callStart": "2026-03-02T15:00:00Z", "site": "North"})
    call(client, 1, 1, 21, "2026-03-02T15:00:00Z", 12, partial=True, site="North")
    call(client, 1, 1, 21, "2026-03-02T15:00:00Z", 14, site="North", provider="Dr A")
    call(client, 2, 1, 21, "2026-03-03T05:30:00Z", 3, result=4)
    feed(client, "calling.call.released", {"callId": 3, "projectId": 1, "visitId": 30})
    feed(client, "surveys.survey.saved", {"callId": 1, "projectId": 1, "surveyorId": 21,
                                          "answers": [{"quesId": 7, "sequence": 1, "ansId": 70}]})
    feed(client, "surveys.survey.saved", {"callId": 1, "projectId": 1, "surveyorId": 21,
                                          "answers": [{"quesId": 7, "sequence": 1, "ansId": 71},
                                                      {"quesId": 8, "sequence": 2, "openEnded": "ok"}]})
    feed(client, "surveys.comment_summary.updated", {"projectId": 1, "cleaned": 1, "total": 2,
                                                     "oldestUncleanedSurveyedOn": "2026-03-02T15:14:00Z"})
    cleaned = {"projectId": 1, "callId": 1, "kind": "oe", "quesId": 8, "status": 1, "nsm": "Dr A was ok",
               "cleaned": "The doctor was ok"}
    feed(client, "surveys.comment.cleaned", cleaned)
    feed(client, "surveys.comment.cleaned", dict(cleaned, kind="positive", quesId=None, nsm="Kind"))
    feed(client, "surveys.comment.cleaned", dict(cleaned, kind="positive", quesId=None, status=0, nsm=None,
                                                 cleaned=None))
    db = client.app.state.db
    live = snapshot(db)
    assert live["call_fact"] and live["rm_survey_answer"] and live["rm_assignment"]
    assert [r[:6] for r in live["rm_cleaned_comment"]] == [(1, "oe", 8, 1, True, "Dr A was ok"),
                                                          (1, "positive", 0, 1, False, None)]
    with db.session() as s:  # damage the read models: the rebuild must not depend on them
        s.get(CallFact, 1).result = 6
        s.add(CallFact(call_id=999, duration_us=0))
        logged = s.scalar(select(EventLog.seq).order_by(EventLog.seq.desc()).limit(1))
    assert logged == 19
    assert rebuild(db) == 19
    assert snapshot(db) == live
