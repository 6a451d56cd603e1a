"""The twelve survey languages: the same ids in every service (projects, rosters, surveys, calling, reporting)
and in their databases' seeded language tables; English is 1 and the fallback. Those an admin adds later reach
the services that name them by projects.language.created / .deleted (`added_language_handlers`)."""

from collections.abc import Callable

from sqlalchemy import select
from sqlalchemy.orm import Session

from kit.eventdata import data_of, opt_str, req_int

ENGLISH = 1  # the fallback: a visit without a language, a questionnaire without a translation

LANGUAGES: dict[int, str] = {
    1: "English", 2: "Spanish", 3: "Albanian", 4: "Arabic", 5: "Cantonese", 6: "Cape Verdean",
    7: "Haitian Creole", 8: "Korean", 9: "Mandarin", 10: "Portuguese", 11: "Russian", 12: "Vietnamese",
}


def added_language_handlers(model) -> dict[str, Callable[[Session, dict], None]]:
    """The consumer handlers of projects.language.created / .deleted for a service's read model of the languages
    an admin added after the twelve (`model`: a mapped class with id, name, deleted). Created sets the name;
    deleted marks the row and keeps its name (what was taken in the language is still named); a delete seen first
    leaves a tombstone that a late created fills in."""

    def created(session: Session, envelope: dict) -> None:
        data = data_of(envelope)
        lid = req_int(data)
        lang = session.get(model, lid)
        if lang is None:
            lang = model(id=lid, name="", deleted=False)
            session.add(lang)
        lang.name = (opt_str(data, "name", 80) or lang.name or "").strip()
        session.flush()

    def deleted(session: Session, envelope: dict) -> None:
        lid = req_int(data_of(envelope))
        lang = session.get(model, lid)
        if lang is None:
            session.add(model(id=lid, name="", deleted=True))
        else:
            lang.deleted = True
        session.flush()

    return {"projects.language.created": created, "projects.language.deleted": deleted}


def language_names(session: Session, model) -> dict[int, str]:
    """Every language's name by id: the twelve, then those in the service's read model of added languages (`model`,
    as `added_language_handlers` keeps it; a deleted one keeps its name, for what was taken in it)."""
    added = {lang.id: lang.name for lang in session.scalars(select(model)) if lang.name}
    return {**added, **LANGUAGES}
