"""The survey languages: the twelve of kit.languages (ids shared by every service), and those an admin added
later, known from projects' events (rm_language). English is the fallback."""

from sqlalchemy import select
from sqlalchemy.orm import Session

from kit.languages import LANGUAGES, language_names
from surveys.errors import Unprocessable
from surveys.models import LanguageView, ProjectView

ENGLISH = 1
SPANISH = 2


def is_known(session: Session, language_id: int) -> bool:
    """One of the twelve, or an added language not deleted since: announced by projects.language.created, or (a
    language added before surveys kept them) one that a project offers (`langIds` of projects' events)."""
    if language_id in LANGUAGES:
        return True
    lang = session.get(LanguageView, language_id)
    if lang is not None:
        return not lang.deleted
    return any(language_id in (ids or []) for ids in session.scalars(
        select(ProjectView.lang_ids).where(ProjectView.deleted_at.is_(None))))


def names(session: Session) -> dict[int, str]:
    """Every language's name by id: the twelve, then those an admin added (a deleted one keeps its name: calls and
    texts already in it are still named)."""
    return language_names(session, LanguageView)


def check_texts(session: Session, field: str, lang_ids: list[int]) -> None:
    """422 naming the text whose language is unknown (`langQuestions #2, langId: ...`)."""
    for i, lang_id in enumerate(lang_ids):
        if not is_known(session, lang_id):
            raise Unprocessable(f"{field} #{i + 1}, langId: unknown language id {lang_id}; must be one of the "
                                "survey languages (the twelve or one an admin added; one added a moment ago may not "
                                "have reached the surveys service yet - try again shortly)")
