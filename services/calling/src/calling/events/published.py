"""Events calling publishes (routing key = type). Reporting upserts calls by callId from `call.completed`."""

from datetime import UTC, datetime

from calling.models import Call

CALL_STARTED = "calling.call.started"
CALL_COMPLETED = "calling.call.completed"
CALL_RELEASED = "calling.call.released"

# Every routing key this context publishes (tests/test_event_catalogue.py reads it).
PUBLISHED = (CALL_STARTED, CALL_COMPLETED, CALL_RELEASED)


def iso(dt: datetime | None) -> str | None:
    return dt.replace(tzinfo=UTC).isoformat().replace("+00:00", "Z") if dt else None


def call_started(call: Call) -> dict:
    return {"callId": call.id, "projectId": call.project_id, "visitId": call.visit_id,
            "surveyorId": call.surveyor_id, "callStart": iso(call.call_start)}


def call_completed(call: Call) -> dict:
    """The full current state of the call (no patient data)."""
    return {"callId": call.id, "projectId": call.project_id, "visitId": call.visit_id, "surveyorId": call.surveyor_id,
            "result": call.result, "isPartial": call.is_partial, "surveyLanguageId": call.survey_language_id,
            "callStart": iso(call.call_start), "endedAt": iso(call.ended_at), "surveyedOn": iso(call.surveyed_on),
            "surveyCompletedOn": iso(call.survey_completed_on), "isAgreeComplete": call.is_agree_complete,
            "isQARemoval": call.is_qa_removal, "status": call.status}


def call_released(call: Call, attempt_counted: bool) -> dict:
    return {"callId": call.id, "projectId": call.project_id, "visitId": call.visit_id, "surveyorId": call.surveyor_id,
            "releasedAt": iso(call.ended_at), "attemptCounted": attempt_counted}
