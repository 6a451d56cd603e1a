from sqlalchemy import delete as sql_delete
from sqlalchemy import select
from sqlalchemy.orm import Session

from surveys.models import SurveyAnswer


def answers_of_call(session: Session, call_id: int) -> list[SurveyAnswer]:
    return list(session.scalars(select(SurveyAnswer).where(SurveyAnswer.call_id == call_id)
                                .order_by(SurveyAnswer.sequence, SurveyAnswer.id)))


def add(session: Session, obj: SurveyAnswer) -> None:
    session.add(obj)


def delete(session: Session, obj: SurveyAnswer) -> None:
    session.delete(obj)


def flush(session: Session) -> None:
    session.flush()


def delete_of_call(session: Session, call_id: int) -> int:
    """Removes the call's answers; how many there were."""
    return session.execute(sql_delete(SurveyAnswer).where(SurveyAnswer.call_id == call_id)
                           .execution_options(synchronize_session="fetch")).rowcount or 0
