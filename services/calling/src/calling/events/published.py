"""Events calling publishes (routing key = type). Reporting upserts calls by callId from `call.completed`."""

from datetime import UTC, datetime

from calling.models import Call, Escalation

CALL_STARTED = "calling.call.started"
CALL_COMPLETED = "calling.call.completed"
CALL_RELEASED = "calling.call.released"
CALL_EXPIRED = "calling.call.expired"
ESCALATION_CREATED = "calling.escalation.created"
ESCALATION_RESOLVED = "calling.escalation.resolved"

# Every routing key this context publishes (tests/test_event_catalogue.py reads it).
PUBLISHED = (CALL_STARTED, CALL_COMPLETED, CALL_RELEASED, CALL_EXPIRED, ESCALATION_CREATED, ESCALATION_RESOLVED)


def iso(dt: datetime | None) -> str | None:
    return dt.replace(tzinfo=UTC).isoformat().replace("+00:00", "Z") if dt else None


def _visit_part(visit) -> dict:
    """The visit's sampling figures (no patient data): rosters counts completed surveys per cell from them."""
    if visit is None:
        return {}
    return {"provider": visit.provider_name, "site": visit.site_name, "department": visit.department_name,
            "languageId": visit.language_id}


def call_started(call: Call, visit=None) -> dict:
    return {"callId": call.id, "projectId": call.project_id, "visitId": call.visit_id,
            "surveyorId": call.surveyor_id, "callStart": iso(call.call_start), **_visit_part(visit)}


def call_completed(call: Call, visit=None, *, qa_at: datetime | None = None) -> dict:
    """The full current state of the call (no patient data; the comments are the surveyor's words, which
    surveys builds its comments from). `qaAt`: only when the call was just reviewed in the call log (Quality's
    removal or a comment edit): projects' Last QA."""
    return {**({"qaAt": iso(qa_at)} if qa_at is not None else {}),
            "callId": call.id, "projectId": call.project_id, "visitId": call.visit_id, "surveyorId": call.surveyor_id,
            "result": call.result, "isPartial": call.is_partial, "surveyLanguageId": call.survey_language_id,
            "callStart": iso(call.call_start), "endedAt": iso(call.ended_at), "surveyedOn": iso(call.surveyed_on),
            "surveyCompletedOn": iso(call.survey_completed_on), "isAgreeComplete": call.is_agree_complete,
            "isQARemoval": call.is_qa_removal, "status": call.status, "callbackAt": iso(call.callback_at),
            "positive": call.positive, "negative": call.negative, **_visit_part(visit)}


def call_released(call: Call, attempt_counted: bool, visit=None) -> dict:
    return {"callId": call.id, "projectId": call.project_id, "visitId": call.visit_id, "surveyorId": call.surveyor_id,
            "releasedAt": iso(call.ended_at), "attemptCounted": attempt_counted, **_visit_part(visit)}


def call_expired(*, call_id: int, project_id: int, visit_id: int, surveyor_id: int | None, attempt_counted: bool,
                 expired_at: datetime) -> dict:
    """A call whose hold ran out, ended by another surveyor's claim of its patient: `attemptCounted` false, it
    ended expired with nothing recorded; true, it had an interim Agreed-to-Survey result and ended partial (that
    result stands: calling.call.completed said it). Not a release: the patient was not given back, the attempt
    was not taken back."""
    return {"callId": call_id, "projectId": project_id, "visitId": visit_id, "surveyorId": surveyor_id,
            "expiredAt": iso(expired_at), "attemptCounted": attempt_counted}


def escalation_created(e: Escalation) -> dict:
    return {"id": e.id, "callId": e.call_id, "projectId": e.project_id, "surveyorId": e.surveyor_id,
            "surveyedOn": iso(e.surveyed_on)}


def escalation_resolved(e: Escalation) -> dict:
    return {"id": e.id, "projectId": e.project_id}
