"""Read models fed by other contexts' events: projects (access checks) and languages (roster matching)."""

from sqlalchemy import select
from sqlalchemy.orm import Session

from rosters.models import LanguageRef, ProjectRef


def get_project(s: Session, project_id: int) -> ProjectRef | None:
    return s.get(ProjectRef, project_id)


def upsert_project(s: Session, *, id: int, **fields) -> tuple[ProjectRef, bool]:
    ref = s.get(ProjectRef, id)
    created = ref is None
    if created:
        ref = ProjectRef(id=id)
        s.add(ref)
    for k, v in fields.items():
        if v is not None:
            setattr(ref, k, v)
    s.flush()
    return ref, created


def languages(s: Session) -> list[tuple[int, str]]:
    return [(r.id, r.name) for r in s.scalars(select(LanguageRef).order_by(LanguageRef.id))]


def upsert_language(s: Session, lang_id: int, name: str) -> None:
    ref = s.get(LanguageRef, lang_id)
    if ref is None:
        s.add(LanguageRef(id=lang_id, name=name))
    else:
        ref.name = name
    s.flush()


def delete_language(s: Session, lang_id: int) -> None:
    ref = s.get(LanguageRef, lang_id)
    if ref is not None:
        s.delete(ref)
        s.flush()
