from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from kit.paging import Page, order_column
from surveys.models import LangQuestion, Question, QuestionnaireItem


def get(session: Session, question_id: int) -> Question | None:
    return session.get(Question, question_id)


def get_by_title(session: Session, title: str) -> Question | None:
    return session.scalars(select(Question).where(func.lower(Question.title) == title.lower())).first()


def get_lang_question(session: Session, lang_question_id: int) -> LangQuestion | None:
    return session.get(LangQuestion, lang_question_id)


def list_questions(session: Session, *, search: str | None, active_only: bool, page: Page) -> tuple[list[Question], int]:
    q = select(Question)
    if search:
        like = f"%{search.lower()}%"
        q = q.where(or_(func.lower(Question.title).like(like), func.lower(Question.category).like(like),
                        Question.id.in_(select(LangQuestion.question_id).where(func.lower(LangQuestion.ques_text).like(like)))))
    if active_only:
        q = q.where(Question.is_question.is_(False))
    count = session.scalar(select(func.count()).select_from(q.subquery())) or 0
    order = order_column({"id": Question.id, "title": Question.title, "category": Question.category}, page, Question.title)
    rows = list(session.scalars(q.order_by(order, Question.id).offset(page.skip).limit(page.limit)))
    return rows, int(count)


def project_ids_using(session: Session, question_id: int) -> list[int]:
    return list(session.scalars(select(QuestionnaireItem.project_id).where(QuestionnaireItem.question_id == question_id)))


def add(session: Session, obj) -> None:
    session.add(obj)
    session.flush()


def delete(session: Session, obj) -> None:
    session.delete(obj)
    session.flush()
