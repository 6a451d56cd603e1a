"""Answer bank rules: titles unique (case-insensitive), one text per language, at least one text left."""

from sqlalchemy.orm import Session

from kit.errors import BadRequest, Conflict, NotFound
from kit.paging import Page
from surveys.answer import repository as repo
from surveys.answer.schemas import AnswerCreate, AnswerUpdate
from surveys.languages import check_texts
from surveys.models import Answer, LangAnswer


def get_or_404(session: Session, answer_id: int) -> Answer:
    a = repo.get(session, answer_id)
    if a is None:
        raise NotFound("Answer not found")
    return a


def list_answers(session: Session, *, search: str | None, active_only: bool, page: Page):
    if search is not None and len(search.strip()) < 2:
        search = None
    return repo.list_answers(session, search=search.strip() if search else None, active_only=active_only, page=page)


def create(session: Session, body: AnswerCreate) -> Answer:
    check_texts(session, "langAnswers", [la.lang_id for la in body.lang_answers])
    if repo.get_by_title(session, body.title):
        raise Conflict(f"title: an answer titled '{body.title}' already exists")
    a = Answer(title=body.title, is_ans=False,
               lang_answers=[LangAnswer(lang_id=la.lang_id, ans_text=la.ans_text) for la in body.lang_answers])
    repo.add(session, a)
    return a


def update(session: Session, body: AnswerUpdate) -> Answer:
    a = get_or_404(session, body.id)
    if body.lang_answers is not None:
        check_texts(session, "langAnswers", [la.lang_id for la in body.lang_answers])
    if body.title is not None and body.title.lower() != a.title.lower():
        other = repo.get_by_title(session, body.title)
        if other is not None and other.id != a.id:
            raise Conflict(f"title: an answer titled '{body.title}' already exists")
        a.title = body.title
    elif body.title is not None:
        a.title = body.title
    if body.is_ans is not None:
        a.is_ans = body.is_ans
    if body.lang_answers is not None:
        by_lang = {la.lang_id: la for la in a.lang_answers}
        for la in body.lang_answers:
            if la.id is not None and all(x.id != la.id for x in a.lang_answers):
                raise BadRequest("langAnswers.id: not a text of this answer")
            if la.lang_id in by_lang:
                by_lang[la.lang_id].ans_text = la.ans_text
            else:
                a.lang_answers.append(LangAnswer(lang_id=la.lang_id, ans_text=la.ans_text))
    repo.add(session, a)
    return a


def delete_lang_answer(session: Session, lang_answer_id: int) -> Answer:
    la = repo.get_lang_answer(session, lang_answer_id)
    if la is None:
        raise NotFound(f"langAnswerId: language text {lang_answer_id} not found")
    a = la.answer
    if len(a.lang_answers) <= 1:
        raise Conflict("langAnswerId: the last language text of an answer cannot be removed")
    a.lang_answers.remove(la)
    repo.add(session, a)
    return a


def delete_answer(session: Session, answer_id: int) -> None:
    a = get_or_404(session, answer_id)
    used = repo.project_ids_using(session, answer_id)
    if used:
        raise Conflict(f"id: '{a.title}' is used in the questionnaire of project(s) "
                       f"{', '.join(str(p) for p in sorted(set(used)))}; deactivate it instead")
    held = repo.surveys_holding(session, answer_id)
    if held:  # the surveys' exports and reports read its title
        raise Conflict(f"id: '{a.title}' is the answer of {held} saved survey question(s); deactivate it instead")
    repo.delete(session, a)
