from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from surveys.models import ProjectView, QuestionnaireItem


def items(session: Session, project_id: int) -> list[QuestionnaireItem]:
    return list(session.scalars(select(QuestionnaireItem).where(QuestionnaireItem.project_id == project_id)
                                .order_by(QuestionnaireItem.sequence, QuestionnaireItem.id)))


def item_for_question(session: Session, project_id: int, question_id: int) -> QuestionnaireItem | None:
    return session.scalars(select(QuestionnaireItem).where(
        QuestionnaireItem.project_id == project_id, QuestionnaireItem.question_id == question_id)).first()


def item_at(session: Session, project_id: int, sequence: int) -> QuestionnaireItem | None:
    return session.scalars(select(QuestionnaireItem).where(
        QuestionnaireItem.project_id == project_id, QuestionnaireItem.sequence == sequence)).first()


def max_sequence(session: Session, project_id: int) -> int:
    return int(session.scalar(select(func.max(QuestionnaireItem.sequence))
                              .where(QuestionnaireItem.project_id == project_id)) or 0)


def shift_sequences(session: Session, project_id: int, from_sequence: int, delta: int) -> None:
    session.execute(update(QuestionnaireItem).where(
        QuestionnaireItem.project_id == project_id, QuestionnaireItem.sequence >= from_sequence)
        .values(sequence=QuestionnaireItem.sequence + delta).execution_options(synchronize_session="fetch"))


def project_summaries(session: Session, project_ids: list[int] | None, search: str | None, skip: int, limit: int,
                      include_empty: bool = False):
    if include_empty:  # every known project, with or without a questionnaire
        pid = ProjectView.id
        q = (select(pid, func.coalesce(ProjectView.name, ""), func.count(QuestionnaireItem.id))
             .join(QuestionnaireItem, QuestionnaireItem.project_id == ProjectView.id, isouter=True)
             .where(ProjectView.deleted_at.is_(None))
             .group_by(ProjectView.id, ProjectView.name))
    else:
        pid = QuestionnaireItem.project_id
        q = (select(pid, func.coalesce(ProjectView.name, ""), func.count(QuestionnaireItem.id))
             .join(ProjectView, ProjectView.id == QuestionnaireItem.project_id, isouter=True)
             .group_by(QuestionnaireItem.project_id, ProjectView.name))
    if project_ids is not None:
        q = q.where(pid.in_(project_ids or [-1]))
    if search:
        q = q.where(func.lower(ProjectView.name).like(f"%{search.lower()}%"))
    count = session.scalar(select(func.count()).select_from(q.subquery())) or 0
    rows = session.execute(q.order_by(ProjectView.name, pid).offset(skip).limit(limit)).all()
    return [(r[0], r[1], r[2]) for r in rows], int(count)


def add(session: Session, obj) -> None:
    session.add(obj)
    session.flush()


def delete(session: Session, obj) -> None:
    session.delete(obj)
    session.flush()
