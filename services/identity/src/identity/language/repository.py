from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from identity.models import Language, UserLanguage


def get(session: Session, lang_id: int) -> Language | None:
    return session.get(Language, lang_id)


def existing_ids(session: Session, ids: list[int]) -> set[int]:
    if not ids:
        return set()
    return set(session.scalars(select(Language.id).where(Language.id.in_(ids))))


def upsert(session: Session, lang_id: int, name: str) -> None:
    row = session.get(Language, lang_id)
    if row is None:
        session.add(Language(id=lang_id, name=name))
    else:
        row.name = name


def remove(session: Session, lang_id: int) -> None:
    session.execute(delete(UserLanguage).where(UserLanguage.lang_id == lang_id))
    session.execute(delete(Language).where(Language.id == lang_id))
