"""Questionnaire rules: a question appears once per project; Single/Multiple carry answers, Open Ended and
Scripted carry none; positions stay 1..n without gaps."""

from sqlalchemy.orm import Session

from kit.auth import Principal
from kit.errors import Conflict, NotFound
from kit.paging import Page
from surveys.answer import repository as answer_repo
from surveys.errors import Unprocessable
from surveys.models import QuestionnaireAnswer, QuestionnaireItem
from surveys.question import repository as question_repo
from surveys.questionnaire import repository as repo
from surveys.questionnaire.schemas import CHOICE_TYPES, AnswerType, QuestionnaireItemCreate
from surveys.readmodel import service as access

ENGLISH = 1


def _text(variants, lang_attr_text: str, language_id: int) -> str | None:
    for v in variants:
        if v.lang_id == language_id:
            return getattr(v, lang_attr_text)
    return None


def item_view(item: QuestionnaireItem, ques_sequence: int | None, language_id: int) -> dict:
    q = item.question
    return {
        "ques_id": q.id, "sequence": item.sequence, "ques_sequence": ques_sequence, "type": item.type,
        "project_id": item.project_id,
        "question": {"id": q.id, "title": q.title, "is_question": q.is_question,
                     "text": _text(q.lang_questions, "ques_text", language_id)},
        "answers": [{"id": a.answer.id, "title": a.answer.title, "r_position": a.r_position,
                     "text": _text(a.answer.lang_answers, "ans_text", language_id)} for a in item.answers],
    }


def numbered(items: list[QuestionnaireItem]) -> list[tuple[QuestionnaireItem, int | None]]:
    """quesSequence: the number shown to the surveyor; Scripted items (read-outs) are not numbered."""
    out, n = [], 0
    for it in items:
        if it.type == AnswerType.SCRIPTED:
            out.append((it, None))
        else:
            n += 1
            out.append((it, n))
    return out


def get_for_project(session: Session, principal: Principal, project_id: int, language_id: int) -> list[dict]:
    access.readable_project(session, principal, project_id)
    return [item_view(it, qs, language_id) for it, qs in numbered(repo.items(session, project_id))]


def list_projects(session: Session, principal: Principal, search: str | None, page: Page):
    if search is not None and len(search.strip()) < 2:
        search = None
    ids = access.visible_project_ids(session, principal)
    rows, count = repo.project_summaries(session, ids, search.strip() if search else None, page.skip, page.limit)
    return [{"project_id": pid, "name": name, "question_count": n} for pid, name, n in rows], count


def add_item(session: Session, principal: Principal, body: QuestionnaireItemCreate) -> QuestionnaireItem:
    project = access.managed_project(session, principal, body.project_id)
    question = question_repo.get(session, body.ques_id)
    if question is None:
        raise NotFound("quesId: question not found")
    if question.is_question:
        raise Unprocessable("quesId: the question is deactivated")
    if repo.item_for_question(session, project.id, question.id) is not None:
        raise Conflict(f"{question.title} already exists in the Questionnaire")
    ans_ids = [a.ans_id for a in body.answers]
    if body.type in CHOICE_TYPES and not ans_ids:
        raise Unprocessable("answers: Single and Multiple questions need at least one answer")
    if body.type not in CHOICE_TYPES and ans_ids:
        raise Unprocessable("answers: Open Ended and Scripted questions take no answers")
    if len(set(ans_ids)) != len(ans_ids):
        raise Unprocessable("answers: each ansId may appear once")
    found = answer_repo.get_many(session, ans_ids)
    for i, aid in enumerate(ans_ids):
        if aid not in found:
            raise NotFound(f"answers.{i}.ansId: answer not found")
        if found[aid].is_ans:
            raise Unprocessable(f"answers.{i}.ansId: the answer is deactivated")
    last = repo.max_sequence(session, project.id)
    sequence = body.sequence if body.sequence is not None and body.sequence <= last else last + 1
    if sequence <= last:
        repo.shift_sequences(session, project.id, sequence, +1)
    item = QuestionnaireItem(project_id=project.id, question_id=question.id, sequence=sequence, type=int(body.type),
                             answers=[QuestionnaireAnswer(answer_id=aid, r_position=i + 1) for i, aid in enumerate(ans_ids)])
    repo.add(session, item)
    session.refresh(item)
    return item


def remove(session: Session, principal: Principal, project_id: int, sequence: int, ans_id: int | None) -> None:
    """Remove one answer of the item at `sequence`, or the whole item when no ansId is given."""
    project = access.managed_project(session, principal, project_id)
    item = repo.item_at(session, project.id, sequence)
    if item is None:
        raise NotFound("sequence: no question at this position")
    if ans_id is not None:
        link = next((a for a in item.answers if a.answer_id == ans_id), None)
        if link is None:
            raise NotFound("ansId: the answer is not part of this question")
        if len(item.answers) <= 1:
            raise Conflict("ansId: the last remaining answer of a question cannot be removed")
        item.answers.remove(link)
        for i, a in enumerate(sorted(item.answers, key=lambda x: x.r_position)):
            a.r_position = i + 1
        session.flush()
        return
    repo.delete(session, item)
    repo.shift_sequences(session, project.id, sequence + 1, -1)
