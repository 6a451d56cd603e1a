"""Language names: the twelve of kit.languages (ids shared by every service), and those an admin added later,
known from projects' events (the `languages` read model)."""

from sqlalchemy.orm import Session

from kit.languages import LANGUAGES, language_names
from calling.models import LanguageView


def names(session: Session, needed: set[int | None] | None = None) -> dict[int, str]:
    """Every language's name by id: the twelve, then those an admin added (a deleted one keeps its name). With
    `needed` all among the twelve (a claim's one patient, nearly always), no statement runs: the claim path stays
    at its count (issue 14)."""
    if needed is not None and all(lid is None or lid in LANGUAGES for lid in needed):
        return LANGUAGES
    return language_names(session, LanguageView)
