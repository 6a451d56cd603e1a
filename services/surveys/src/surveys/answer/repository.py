from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from kit.paging import Page, order_column
from surveys.models import Answer, LangAnswer, QuestionnaireAnswer, QuestionnaireItem, SurveyAnswer


def get(session: Session, answer_id: int) -> Answer | None:
    return session.get(Answer, answer_id)


def get_many(session: Session, ids: list[int]) -> dict[int, Answer]:
    if not ids:
        return {}
    return {a.id: a for a in session.scalars(select(Answer).where(Answer.id.in_(ids)))}


def get_by_title(session: Session, title: str) -> Answer | None:
    return session.scalars(select(Answer).where(func.lower(Answer.title) == title.lower())).first()


def get_lang_answer(session: Session, lang_answer_id: int) -> LangAnswer | None:
    return session.get(LangAnswer, lang_answer_id)


def list_answers(session: Session, *, search: str | None, active_only: bool, page: Page) -> tuple[list[Answer], int]:
    q = select(Answer)
    if search:
        like = f"%{search.lower()}%"
        q = q.where(or_(func.lower(Answer.title).like(like),
                        Answer.id.in_(select(LangAnswer.answer_id).where(func.lower(LangAnswer.ans_text).like(like)))))
    if active_only:
        q = q.where(Answer.is_ans.is_(False))
    count = session.scalar(select(func.count()).select_from(q.subquery())) or 0
    order = order_column({"id": Answer.id, "title": Answer.title}, page, Answer.title)
    return list(session.scalars(q.order_by(order, Answer.id).offset(page.skip).limit(page.limit))), int(count)


def add(session: Session, obj) -> None:
    session.add(obj)
    session.flush()


def project_ids_using(session: Session, answer_id: int) -> list[int]:
    return list(session.scalars(select(QuestionnaireItem.project_id).join(
        QuestionnaireAnswer, QuestionnaireAnswer.item_id == QuestionnaireItem.id).where(
        QuestionnaireAnswer.answer_id == answer_id)))


def surveys_holding(session: Session, answer_id: int) -> int:
    """How many saved survey answers name this answer."""
    return session.scalar(select(func.count()).select_from(SurveyAnswer).where(SurveyAnswer.ans_id == answer_id)) or 0


def delete(session: Session, obj) -> None:
    session.delete(obj)
    session.flush()
