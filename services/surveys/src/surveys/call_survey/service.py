"""Saving the answers of a call.

Only the surveyor holding the call (calls read model, from calling.call.started) may save, and not once calling
said the call was released (calling.call.released) or its hold ran out and the patient went to another surveyor
(calling.call.expired): 409. Such a call without a result loses the answers already saved (`discard`). Each Single and
Multiple question of the questionnaire needs an answer; Single takes exactly one; an ansId must belong to its
question. isPut replaces the call's answers; unchanged answers keep their uniqueId, so sending the same body
twice stores the same set. Single and Multiple questions are required unless display logic hides them (the
evaluator of surveys.logic, the same definition the browser runs) or the survey is partial (isPartial: the
surveyor ticked Partial Survey, the call ends as partial); a hidden question takes no answer. A question
deactivated in the bank is not asked (the call screen reads only active questions): never required, no answer.
"""

import secrets
import string

from sqlalchemy.orm import Session

from kit.auth import Principal
from kit.errors import Conflict, NotFound
from kit.events import publish
from surveys.call_survey import repository as repo
from surveys.call_survey.schemas import CallSurveySave
from surveys.errors import Unprocessable
from surveys.comments import service as comments
from surveys.events import published
from surveys.logic import service as logic
from surveys.models import CallView, SurveyAnswer
from surveys.questionnaire import repository as questionnaire_repo
from surveys.questionnaire.schemas import CHOICE_TYPES, AnswerType
from surveys.readmodel import repository as rm

_ALPHABET = string.ascii_letters + string.digits

RELEASED = "This call was released, so its survey can no longer be saved; request the next patient"
EXPIRED = ("This call's hold ran out and the patient went to another surveyor, so its survey can no longer be saved; "
           "request the next patient")


def new_unique_id() -> str:
    return "".join(secrets.choice(_ALPHABET) for _ in range(50))


Key = tuple[int, int | None, str | None]


def _desired(session: Session, body: CallSurveySave) -> dict[Key, int]:
    """The validated answer set: (quesId, ansId, openEnded) -> sequence."""
    items = {it.question_id: it for it in questionnaire_repo.items(session, body.project_id)}
    if not items:
        raise Unprocessable("projectId: the project has no questionnaire")
    hidden = logic.hidden_for(session, body.project_id, [(e.ques_id, e.ans_id) for e in body.survey],
                              _roster_values(session, body))
    out: dict[Key, int] = {}
    chosen: dict[int, int] = {}
    for i, e in enumerate(body.survey):
        item = items.get(e.ques_id)
        if item is None:
            # "no longer": a manager may have removed it while the call went on (the screen then reads it again)
            raise Unprocessable(f"survey #{i + 1}, quesId: not (or no longer) a question of this project's questionnaire")
        title = item.question.title
        text = e.open_ended if e.open_ended and e.open_ended.strip() else None
        if item.question.is_question:
            # deactivated in the bank: the call screen no longer shows it (GET questionnaire?questionnaire=true),
            # so it is not asked; a screen opened before says so and reads the questionnaire again on this 422
            raise Unprocessable(f"survey #{i + 1}, quesId: '{title}' is deactivated and no longer asked")
        if item.question_id in hidden and (e.ans_id is not None or text is not None):
            raise Unprocessable(f"survey #{i + 1}, quesId: '{title}' is hidden by the questionnaire's logic and takes no answer")
        if item.type in CHOICE_TYPES:
            if text is not None:
                raise Unprocessable(f"survey #{i + 1}, openEnded: '{title}' takes a listed answer, not text")
            if e.ans_id is None:
                continue  # the no-answer value counts as empty
            if e.ans_id not in {a.answer_id for a in item.answers}:
                raise Unprocessable(f"survey #{i + 1}, ansId: not (or no longer) an answer of '{title}'")
        elif item.type == AnswerType.OPEN_ENDED:
            if e.ans_id is not None:
                raise Unprocessable(f"survey #{i + 1}, ansId: '{title}' is open ended and takes text")
            if text is None:
                continue
            if chosen.get(item.question_id):
                raise Unprocessable(f"survey #{i + 1}, openEnded: '{title}' takes one text")
        else:  # Scripted: read out, nothing to record
            if e.ans_id is not None or text is not None:
                raise Unprocessable(f"survey #{i + 1}, quesId: '{title}' is scripted and takes no answer")
            continue
        key = (item.question_id, e.ans_id, text)
        if key in out:
            raise Unprocessable(f"survey #{i + 1}, ansId: the same answer is given twice for '{title}'")
        # the question's place now, not the browser's: a screen opened before a manager moved the question sends
        # the old place, and the answer must sort where its question stands
        out[key] = item.sequence
        chosen[item.question_id] = chosen.get(item.question_id, 0) + 1
        if item.type == AnswerType.SINGLE and chosen[item.question_id] > 1:
            raise Unprocessable(f"survey #{i + 1}, ansId: '{title}' takes exactly one answer")
    missing = [it.question.title for it in sorted(items.values(), key=lambda x: x.sequence)
               if it.type in CHOICE_TYPES and it.question_id not in hidden and not it.question.is_question
               and not chosen.get(it.question_id)]
    if missing and not body.is_partial:
        raise Unprocessable("survey: answers are required for " + "; ".join(missing))
    return out


def _roster_values(session: Session, body: CallSurveySave) -> dict[str, str | None]:
    values = dict(body.roster_values)
    call = rm.get_call(session, body.call_id)
    if call is not None:
        # center is the call screen's other name for the site (visit call data calls it so): a rule written
        # with either key sees the same value
        for key, v in (("provider", call.provider), ("site", call.site), ("center", call.site),
                       ("department", call.department)):
            if v is not None:
                values = {k: x for k, x in values.items() if k.strip().lower() != key}
                values[key] = v
    return values


def save(session: Session, principal: Principal, body: CallSurveySave) -> list[SurveyAnswer]:
    call = rm.get_call_for_save(session, body.call_id)
    if call is None or call.surveyor_id != principal.id:
        # the call reaches surveys by calling's event a moment after the claim: say so rather than "not found".
        # Another surveyor's call answers the same (conventions: 404, not a 403 that confirms it exists), as
        # calling's PUT calls and call-lock do.
        raise NotFound(f"callId: call {body.call_id} is not known to the surveys service yet; if it was claimed a "
                       f"moment ago, save again in a few seconds")
    if call.released:
        # calling said the surveyor gave the call back: its result can no longer be saved, so answers stored now
        # would belong to no surveyed call. Decided by what surveys has seen: a release still on its way lets the
        # save through (calling then refuses the result), a call not seen at all is the 404 above.
        raise Conflict(RELEASED)
    if call.expired:
        raise Conflict(EXPIRED)
    if call.project_id is not None and call.project_id != body.project_id:
        raise Unprocessable("projectId: the call belongs to another project")
    desired = _desired(session, body)
    existing = repo.answers_of_call(session, body.call_id)
    current = {(a.ques_id, a.ans_id, a.open_ended): a for a in existing}
    if existing and not body.is_put:
        if set(current) == set(desired):
            return existing  # a resend of the saved survey (offline retry): nothing to do
        raise Conflict("callId: the survey of this call is already saved; send isPut to replace it")
    changed = False
    for key, a in current.items():
        if key not in desired:
            repo.delete(session, a)
            changed = True
        elif a.sequence != desired[key]:
            a.sequence = desired[key]
            changed = True
    for key, seq in desired.items():
        if key not in current:
            q, ans, text = key
            repo.add(session, SurveyAnswer(unique_id=new_unique_id(), call_id=body.call_id, project_id=body.project_id,
                                           surveyor_id=principal.id, ques_id=q, sequence=seq, ans_id=ans,
                                           open_ended=text))
            changed = True
    repo.flush(session)
    items = questionnaire_repo.items(session, body.project_id)
    # in the questionnaire's order and, within a Multiple question, its response order: the same survey answered
    # (ticked) in another order comes back, and goes to the readers, the same
    position = {(it.question_id, a.answer_id): a.r_position for it in items for a in it.answers}
    saved = sorted(repo.answers_of_call(session, body.call_id),
                   key=lambda a: (a.sequence, position.get((a.ques_id, a.ans_id), 0), a.id))
    if changed:
        language_id = body.language_id or call.language_id
        # the bank titles go along, so a reader (calling's Call Log Details) can show the answers as they stand
        titles = {it.question_id: (it.question.title, {a.answer_id: a.answer.title for a in it.answers})
                  for it in items}
        publish(session, published.SURVEY_SAVED, published.survey_saved(
            call_id=body.call_id, project_id=body.project_id, surveyor_id=principal.id, language_id=language_id,
            answers=[{"quesId": a.ques_id, "sequence": a.sequence, "ansId": a.ans_id, "openEnded": a.open_ended,
                      "question": titles.get(a.ques_id, (None, {}))[0],
                      "answer": titles.get(a.ques_id, (None, {}))[1].get(a.ans_id) if a.ans_id else None}
                     for a in saved]))
        comments.sync_open_ended(session, project_id=body.project_id, call_id=body.call_id,
                                 texts={a.ques_id: a.open_ended for a in saved if a.open_ended},
                                 surveyed_on=call.surveyed_on)
    return saved


def discard(session: Session, call: CallView, reason: str) -> None:
    """The call ended without a result (`reason`: released / expired): its answers and the comments made of them
    are no survey, so they leave the survey data, the export and comment cleaning, and the readers of
    surveys.survey.saved are told. Nothing to remove (a repeat, or nothing was saved): nothing is published."""
    removed = repo.delete_of_call(session, call.call_id)
    removed_comments = comments.discard_call(session, call.call_id)
    if removed or removed_comments:
        publish(session, published.SURVEY_DISCARDED, published.survey_discarded(
            call_id=call.call_id, project_id=call.project_id, reason=reason))
