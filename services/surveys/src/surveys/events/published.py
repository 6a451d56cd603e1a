"""Events the surveys context publishes (routing key = type)."""

SURVEY_SAVED = "surveys.survey.saved"

# Every routing key this context publishes (tests/test_event_catalogue.py reads it).
PUBLISHED = (SURVEY_SAVED,)


def survey_saved(*, call_id: int, project_id: int, surveyor_id: int, answer_count: int) -> dict:
    return {"callId": call_id, "projectId": project_id, "surveyorId": surveyor_id, "answerCount": answer_count}
