"""Events the surveys context publishes (routing key = type)."""

from datetime import datetime

SURVEY_SAVED = "surveys.survey.saved"
COMMENT_SUMMARY_UPDATED = "surveys.comment_summary.updated"
COMMENT_CLEANED = "surveys.comment.cleaned"
SURVEY_DISCARDED = "surveys.survey.discarded"

# Every routing key this context publishes (tests/test_event_catalogue.py reads it).
PUBLISHED = (SURVEY_SAVED, COMMENT_SUMMARY_UPDATED, COMMENT_CLEANED, SURVEY_DISCARDED)


def survey_saved(*, call_id: int, project_id: int, surveyor_id: int, language_id: int | None,
                 answers: list[dict]) -> dict:
    return {"callId": call_id, "projectId": project_id, "surveyorId": surveyor_id, "languageId": language_id,
            "answers": answers}


def survey_discarded(*, call_id: int, project_id: int | None, reason: str) -> dict:
    """The call ended without a result (`reason`: "released", or "expired": its hold ran out and the patient went
    to another surveyor): its answers are no survey; a reader drops them and ignores any save of the call that
    reaches it later (final: the call takes no survey any more)."""
    return {"callId": call_id, "projectId": project_id, "reason": reason}


def comment_summary_updated(*, project_id: int, cleaned: int, total: int,
                            oldest_uncleaned_surveyed_on: datetime | None) -> dict:
    oldest = oldest_uncleaned_surveyed_on.isoformat() + "Z" if oldest_uncleaned_surveyed_on else None
    return {"projectId": project_id, "cleaned": cleaned, "total": total, "oldestUncleanedSurveyedOn": oldest}


def comment_cleaned(*, project_id: int, call_id: int, kind: str, ques_id: int | None, status: int,
                    nsm: str | None, cleaned: str | None) -> dict:
    """A comment's cleaned texts as they now are: `nsm` with the named staff members, `cleaned` without; both
    null when the comment is not (or no longer) cleaned. `quesId` only for an open-ended comment ("oe")."""
    return {"projectId": project_id, "callId": call_id, "kind": kind, "quesId": ques_id if kind == "oe" else None,
            "status": status, "nsm": nsm, "cleaned": cleaned}
