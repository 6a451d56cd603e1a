from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from surveys.models import Answer, AssignmentView, CallView, Question, SurveyAnswer, UserView


def surveyed_calls(session: Session, project_id: int, *, start: datetime | None, end: datetime | None,
                   surveyor_id: int | None, language_id: int | None) -> list[tuple[int, int, int | None, datetime | None]]:
    """(callId, surveyorId, languageId, surveyedOn) of the project's calls with saved answers, oldest first.
    languageId is the language the survey was taken in; the patient's roster language only where calling has not
    said (a call completed before surveys kept the survey language)."""
    when = func.coalesce(CallView.surveyed_on, func.min(SurveyAnswer.created_at))
    language = func.coalesce(CallView.survey_language_id, CallView.language_id)
    q = (select(SurveyAnswer.call_id, func.min(SurveyAnswer.surveyor_id), language, when)
         .join(CallView, CallView.call_id == SurveyAnswer.call_id, isouter=True)
         .where(SurveyAnswer.project_id == project_id)
         .group_by(SurveyAnswer.call_id, CallView.survey_language_id, CallView.language_id, CallView.surveyed_on))
    if surveyor_id is not None:
        q = q.where(SurveyAnswer.surveyor_id == surveyor_id)
    if language_id is not None:
        q = q.where(language == language_id)
    if start is not None:
        q = q.having(when >= start)
    if end is not None:
        q = q.having(when < end)
    return [tuple(r) for r in session.execute(q.order_by(when, SurveyAnswer.call_id))]


CHUNK = 500  # calls per statement: the export reads their answers a chunk at a time while it streams


def answered_questions(session: Session, call_ids: list[int]) -> tuple[dict[int, int], set[int]]:
    """Over these calls' saved answers: each question's first sequence, and the responses chosen (aggregates: a
    row per question and response, not per answer)."""
    first: dict[int, int] = {}
    responses: set[int] = set()
    for i in range(0, len(call_ids), CHUNK):
        q = (select(SurveyAnswer.ques_id, SurveyAnswer.ans_id, func.min(SurveyAnswer.sequence))
             .where(SurveyAnswer.call_id.in_(call_ids[i:i + CHUNK])).group_by(SurveyAnswer.ques_id, SurveyAnswer.ans_id))
        for ques_id, ans_id, seq in session.execute(q):
            first[ques_id] = min(first.get(ques_id, seq), seq)
            if ans_id is not None:
                responses.add(ans_id)
    return first, responses


def answer_rows(session: Session, call_ids: list[int]) -> list[tuple[int, int, int, int | None, str | None, int]]:
    """(callId, quesId, sequence, ansId, openEnded, id) of these calls' saved answers: plain rows, not entities."""
    q = (select(SurveyAnswer.call_id, SurveyAnswer.ques_id, SurveyAnswer.sequence, SurveyAnswer.ans_id,
                SurveyAnswer.open_ended, SurveyAnswer.id).where(SurveyAnswer.call_id.in_(call_ids)))
    return [tuple(r) for r in session.execute(q)]


def surveyors_of_project(session: Session, project_id: int) -> list[tuple[int, UserView | None]]:
    ids = set(session.scalars(select(AssignmentView.surveyor_id).where(
        AssignmentView.project_id == project_id, AssignmentView.deleted.is_(False))))
    ids |= set(session.scalars(select(SurveyAnswer.surveyor_id).where(SurveyAnswer.project_id == project_id).distinct()))
    ids.discard(None)
    users = {u.id: u for u in session.scalars(select(UserView).where(UserView.id.in_(ids or [-1])))}
    return [(i, users.get(i)) for i in sorted(ids)]


def surveyor_names(session: Session, surveyor_ids: set[int]) -> dict[int, str]:
    """{surveyorId: "First Last"} of the surveyors the users read model knows."""
    users = session.scalars(select(UserView).where(UserView.id.in_(surveyor_ids or {-1})))
    return {u.id: f"{u.first_name} {u.last_name}".strip() for u in users}


def answer_titles(session: Session, answer_ids: set[int]) -> dict[int, str]:
    """The bank's titles of answers no longer on the questionnaire (a response taken off its question)."""
    if not answer_ids:
        return {}
    return dict(session.execute(select(Answer.id, Answer.title).where(Answer.id.in_(answer_ids))).all())


def question_titles(session: Session, question_ids: set[int]) -> dict[int, str]:
    """The bank's titles of questions no longer on the questionnaire whose answers saved surveys hold."""
    if not question_ids:
        return {}
    return dict(session.execute(select(Question.id, Question.title).where(Question.id.in_(question_ids))).all())
