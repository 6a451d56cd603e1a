from sqlalchemy.orm import Session

from kit.auth import SURVEYOR_ROLES, Principal, Role
from kit.errors import Conflict, NotFound
from kit.languages import ENGLISH
from kit.paging import Page
from projects.access import CIMR_ASSIGNABLE
from projects.events import published
from projects.language import repository
from projects.models import Language
from projects.project import service as project_service
from projects.user import repository as user_repository

def list_languages(s: Session, principal: Principal, *, page: Page, paginated: bool, project_id: int | None,
                   surveyor_id: int | None) -> tuple[list[Language], int]:
    ids = None
    if project_id is not None:
        project = project_service.get_visible_or_404(s, principal, project_id)
        ids = [int(i) for i in project.lang_ids or []]
    elif surveyor_id is not None:
        if principal.role in SURVEYOR_ROLES and principal.id != surveyor_id:
            raise NotFound("Surveyor not found")
        user = user_repository.get(s, surveyor_id)
        # a CIMR Manager sees only CIMR Surveyors (as identity's directory and My Projects by surveyor answer them)
        if user is None or (principal.role == Role.CIMR_MANAGER and user.role not in CIMR_ASSIGNABLE):
            raise NotFound("Surveyor not found")
        ids = [int(i) for i in user.lang_ids or []]
    return repository.list_page(s, page if paginated else None, ids)

def create_language(s: Session, *, name: str) -> Language:
    if repository.get_by_name(s, name):
        raise Conflict(f"Language {name} already exists")
    lang = repository.add(s, name)
    published.language_created(s, lang)
    return lang

def _get_or_404(s: Session, lang_id: int) -> Language:
    lang = repository.get(s, lang_id)
    if lang is None:
        raise NotFound("Language not found")
    return lang

def language_usage(s: Session, *, lang_id: int) -> dict:
    """What deleting a language takes away: the projects and the surveyors that speak it (the confirmation says so)."""
    lang = _get_or_404(s, lang_id)
    return {"id": lang.id, "name": lang.name, "projects": len(repository.projects_speaking(s, lang.id)),
            "surveyors": len(repository.users_speaking(s, lang.id))}

def delete_language(s: Session, *, lang_id: int) -> Language:
    lang = _get_or_404(s, lang_id)
    if lang.id == ENGLISH:
        raise Conflict("English cannot be deleted: it is the default language (a roster's blank Language, the "
                       "questionnaire when a language has no text)")
    published.language_deleted(s, lang)
    # the projects that had it lose it (and say so to the contexts keeping their languages)
    for project in repository.projects_speaking(s, lang.id):
        project.lang_ids = [i for i in project.lang_ids if int(i) != lang.id]
        published.project_updated(s, project)
    repository.remove(s, lang)
    return lang
