"""Questionnaire rules: a question appears once per project; Single/Multiple carry answers, Open Ended and
Scripted carry none; positions stay 1..n without gaps."""

from sqlalchemy.orm import Session

from kit.auth import Principal, Role
from kit.errors import Conflict, Forbidden, NotFound
from kit.paging import Page
from surveys.answer import repository as answer_repo
from surveys.errors import Unprocessable
from surveys.models import QuestionnaireAnswer, QuestionnaireItem
from surveys.question import repository as question_repo
from surveys.questionnaire import repository as repo
from surveys.questionnaire.schemas import CHOICE_TYPES, AnswerType, QuestionnaireItemCreate
from surveys.languages import ENGLISH
from surveys.logic import service as logic
from surveys.readmodel import repository as rm
from surveys.readmodel import service as access



def _text(variants, lang_attr_text: str, language_id: int) -> tuple[str | None, int | None]:
    """The text in the requested language, else the English one, with the language it is in (None: no text in
    either), so that a screen can say which texts are not in the chosen language instead of passing them off."""
    by = {v.lang_id: getattr(v, lang_attr_text) for v in variants}
    for lang in (language_id, ENGLISH):
        if by.get(lang):
            return by[lang], lang
    return None, None


NO_QUESTIONNAIRE_IN_LANGUAGE = "No questionnaire found... Please try later or try choosing English..."


def _has_language(items: list[QuestionnaireItem], language_id: int) -> bool:
    return any(lq.lang_id == language_id for it in items for lq in it.question.lang_questions)


def item_view(item: QuestionnaireItem, ques_sequence: int | None, language_id: int) -> dict:
    q = item.question
    q_text, q_lang = _text(q.lang_questions, "ques_text", language_id)
    answers = []
    for a in item.answers:
        a_text, a_lang = _text(a.answer.lang_answers, "ans_text", language_id)
        answers.append({"id": a.answer.id, "title": a.answer.title, "r_position": a.r_position, "text": a_text,
                        "text_lang_id": a_lang})
    return {
        "ques_id": q.id, "sequence": item.sequence, "ques_sequence": ques_sequence, "type": item.type,
        "project_id": item.project_id,
        "question": {"id": q.id, "title": q.title, "is_question": q.is_question, "text": q_text,
                     "text_lang_id": q_lang},
        "answers": answers,
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


def get_for_project(session: Session, principal: Principal, project_id: int, language_id: int, *,
                    manager_id: int | None = None, active_only: bool = False) -> list[dict]:
    project = access.readable_project(session, principal, project_id)
    if manager_id is not None and project.manager_id != manager_id:
        raise NotFound(f"projectId: project {project_id} is not managed by user {manager_id}")
    items = repo.items(session, project_id)
    if active_only:
        items = [it for it in items if not it.question.is_question]
    if items and language_id != ENGLISH and not _has_language(items, language_id):
        raise NotFound(NO_QUESTIONNAIRE_IN_LANGUAGE)
    return [item_view(it, qs, language_id) for it, qs in numbered(items)]


def list_projects(session: Session, principal: Principal, search: str | None, page: Page,
                  manager_id: int | None = None, include_empty: bool = False, project_ids: list[int] | None = None):
    if search is not None and len(search.strip()) < 2:
        search = None
    ids = access.visible_project_ids(session, principal)
    if manager_id is not None:
        if principal.has(Role.PROJECT_MANAGER) and manager_id != principal.id:
            raise Forbidden("userId: project managers list their own questionnaires only")
        mine = rm.project_ids_of_manager(session, manager_id)
        ids = mine if ids is None else [i for i in ids if i in set(mine)]
    if project_ids is not None:  # a filter within what the caller may see, never beyond it
        wanted = set(project_ids)
        ids = sorted(wanted) if ids is None else [i for i in ids if i in wanted]
    rows, count = repo.project_summaries(session, ids, search.strip() if search else None, page.skip, page.limit,
                                         include_empty)
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
            raise NotFound(f"answers #{i + 1}, ansId: answer not found")
        if found[aid].is_ans:
            raise Unprocessable(f"answers #{i + 1}, ansId: the answer is deactivated")
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
        logic.drop_answer(session, project.id, item.question_id, ans_id)
        return
    question_id = item.question_id
    repo.delete(session, item)
    repo.shift_sequences(session, project.id, sequence + 1, -1)
    logic.drop_question(session, project.id, question_id)


def _item_or_404(session: Session, project_id: int, sequence: int) -> QuestionnaireItem:
    item = repo.item_at(session, project_id, sequence)
    if item is None:
        raise NotFound(f"sequence: no question at position {sequence}")
    return item


def copy(session: Session, principal: Principal, body) -> dict:
    if body.from_project_id == body.to_project_id:
        raise Unprocessable("toProjectId: choose another project than the source")
    source = access.readable_project(session, principal, body.from_project_id)
    target = access.managed_project(session, principal, body.to_project_id)
    items = repo.items(session, source.id)
    if not items:
        raise Unprocessable(f"fromProjectId: {body.from_name or source.name or source.id} has no questionnaire to copy")
    if repo.max_sequence(session, target.id):
        raise Conflict(f"toProjectId: {body.to_name or target.name or target.id} already has a questionnaire")
    for it in items:
        repo.add(session, QuestionnaireItem(
            project_id=target.id, question_id=it.question_id, sequence=it.sequence, type=it.type,
            answers=[QuestionnaireAnswer(answer_id=a.answer_id, r_position=a.r_position) for a in it.answers]))
    n_logic = logic.copy_rules(session, source.id, target.id) if body.include_logic else 0
    return {"to_project_id": target.id, "question_count": len(items), "logic_count": n_logic}


def change_sequence(session: Session, principal: Principal, body) -> None:
    project = access.managed_project(session, principal, body.project_id)
    item = _item_or_404(session, project.id, body.sequence)
    other_seq = body.sequence + (1 if body.is_inc else -1)
    other = repo.item_at(session, project.id, other_seq) if other_seq >= 1 else None
    if other is None:
        raise Unprocessable("sequence: the question is already " + ("last" if body.is_inc else "first"))
    item.sequence, other.sequence = -1, body.sequence
    session.flush()
    item.sequence = other_seq
    session.flush()


def add_responses(session: Session, principal: Principal, body) -> QuestionnaireItem:
    project = access.managed_project(session, principal, body.project_id)
    item = _item_or_404(session, project.id, body.sequence)
    if item.type not in CHOICE_TYPES:
        raise Unprocessable("answers: Open Ended and Scripted questions take no answers")
    ans_ids = [a.ans_id for a in body.answers]
    have = {a.answer_id for a in item.answers}
    if len(set(ans_ids)) != len(ans_ids):
        raise Unprocessable("answers: each ansId may appear once")
    found = answer_repo.get_many(session, ans_ids)
    for i, aid in enumerate(ans_ids):
        if aid not in found:
            raise NotFound(f"answers #{i + 1}, ansId: answer {aid} not found")
        if found[aid].is_ans:
            raise Unprocessable(f"answers #{i + 1}, ansId: '{found[aid].title}' is deactivated")
        if aid in have:
            raise Conflict(f"answers #{i + 1}, ansId: '{found[aid].title}' is already a response of this question")
    pos = max((a.r_position for a in item.answers), default=0)
    for aid in ans_ids:
        pos += 1
        item.answers.append(QuestionnaireAnswer(answer_id=aid, r_position=pos))
    session.flush()
    session.refresh(item)
    return item


def change_response_order(session: Session, principal: Principal, body) -> QuestionnaireItem:
    project = access.managed_project(session, principal, body.project_id)
    item = _item_or_404(session, project.id, body.sequence)
    ordered = sorted(item.answers, key=lambda a: a.r_position)
    idx = next((i for i, a in enumerate(ordered) if a.answer_id == body.ans_id), None)
    if idx is None:
        raise NotFound(f"ansId: answer {body.ans_id} is not a response of this question")
    j = idx + (1 if body.is_inc else -1)
    if j < 0 or j >= len(ordered):
        raise Unprocessable("ansId: the response is already " + ("last" if body.is_inc else "first"))
    ordered[idx], ordered[j] = ordered[j], ordered[idx]
    for i, a in enumerate(ordered):
        a.r_position = i + 1
    session.flush()
    session.refresh(item)
    return item


def view_of(session: Session, item: QuestionnaireItem, language_id: int) -> dict:
    numbers = {it.id: qs for it, qs in numbered(repo.items(session, item.project_id))}
    return item_view(item, numbers.get(item.id), language_id)
