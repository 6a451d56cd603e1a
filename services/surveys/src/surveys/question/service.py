"""Question bank rules: titles unique (case-insensitive), one text per language, at least one text left."""

from sqlalchemy.orm import Session

from kit.errors import BadRequest, Conflict, NotFound
from kit.paging import Page
from surveys.languages import check_texts
from surveys.models import LangQuestion, Question
from surveys.question import repository as repo
from surveys.question.schemas import QuestionCreate, QuestionUpdate


def get_or_404(session: Session, question_id: int) -> Question:
    q = repo.get(session, question_id)
    if q is None:
        raise NotFound("Question not found")
    return q


def list_questions(session: Session, *, search: str | None, active_only: bool, page: Page):
    if search is not None and len(search.strip()) < 2:
        search = None  # searches need 2+ characters; shorter input does not search
    return repo.list_questions(session, search=search.strip() if search else None, active_only=active_only, page=page)


def create(session: Session, body: QuestionCreate) -> Question:
    check_texts(session, "langQuestions", [lq.lang_id for lq in body.lang_questions])
    if repo.get_by_title(session, body.title):
        raise Conflict(f"title: a question titled '{body.title}' already exists")
    q = Question(title=body.title, category=body.category, is_question=False,
                 lang_questions=[LangQuestion(lang_id=lq.lang_id, ques_text=lq.ques_text) for lq in body.lang_questions])
    repo.add(session, q)
    return q


def update(session: Session, body: QuestionUpdate) -> Question:
    q = get_or_404(session, body.id)
    if body.lang_questions is not None:
        check_texts(session, "langQuestions", [lq.lang_id for lq in body.lang_questions])
    if body.title is not None and body.title.lower() != q.title.lower():
        other = repo.get_by_title(session, body.title)
        if other is not None and other.id != q.id:
            raise Conflict(f"title: a question titled '{body.title}' already exists")
    if body.title is not None:
        q.title = body.title
    if "category" in body.model_fields_set:
        q.category = body.category
    if body.is_question is not None:
        q.is_question = body.is_question
    if body.lang_questions is not None:
        by_lang = {lq.lang_id: lq for lq in q.lang_questions}
        for lq in body.lang_questions:
            if lq.id is not None and all(x.id != lq.id for x in q.lang_questions):
                raise BadRequest("langQuestions.id: not a text of this question")
            if lq.lang_id in by_lang:
                by_lang[lq.lang_id].ques_text = lq.ques_text
            else:
                q.lang_questions.append(LangQuestion(lang_id=lq.lang_id, ques_text=lq.ques_text))
    repo.add(session, q)
    return q


def delete_lang_question(session: Session, lang_question_id: int) -> Question:
    lq = repo.get_lang_question(session, lang_question_id)
    if lq is None:
        raise NotFound("langQuestionId: language text not found")
    q = lq.question
    if len(q.lang_questions) <= 1:
        raise Conflict("langQuestionId: the last language text of a question cannot be removed")
    q.lang_questions.remove(lq)
    repo.add(session, q)
    return q


def project_list(session: Session, principal, question_id: int) -> list[dict]:
    from surveys.readmodel import repository as rm
    from surveys.readmodel import service as access

    get_or_404(session, question_id)
    visible = access.visible_project_ids(session, principal)
    out = []
    for pid in sorted(set(repo.project_ids_using(session, question_id))):
        if visible is None or pid in visible:
            p = rm.get_project(session, pid)
            out.append({"id": pid, "name": p.name if p else ""})
    return out
