"""Read models fed by other contexts' events: projects (access checks), languages (roster matching) and calls
(sampling figures, the called-roster export)."""

from sqlalchemy import select
from sqlalchemy.orm import Session

from rosters.models import CallView, LanguageView, ProjectView


def get_project(s: Session, project_id: int) -> ProjectView | None:
    return s.get(ProjectView, project_id)


def upsert_project(s: Session, *, id: int, **fields) -> tuple[ProjectView, bool]:
    ref = s.get(ProjectView, id)
    created = ref is None
    if created:
        ref = ProjectView(id=id)
        s.add(ref)
    for k, v in fields.items():
        if v is not None:
            setattr(ref, k, v)
    s.flush()
    return ref, created


def languages(s: Session) -> list[tuple[int, str]]:
    return [(r.id, r.name) for r in s.scalars(select(LanguageView).order_by(LanguageView.id))]


def upsert_language(s: Session, lang_id: int, name: str) -> None:
    ref = s.get(LanguageView, lang_id)
    if ref is None:
        s.add(LanguageView(id=lang_id, name=name))
    else:
        ref.name = name
    s.flush()


def delete_language(s: Session, lang_id: int) -> None:
    ref = s.get(LanguageView, lang_id)
    if ref is not None:
        s.delete(ref)
        s.flush()


def get_call(s: Session, call_id: int) -> CallView | None:
    return s.get(CallView, call_id)


def add_call(s: Session, call: CallView) -> CallView:
    s.add(call)
    s.flush()
    return call


def language_names(s: Session) -> dict[int, str]:
    return dict(languages(s))
