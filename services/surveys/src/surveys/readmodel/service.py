"""Per-object access to a project, decided from the local read models (never a call to projects)."""

from sqlalchemy.orm import Session

from kit.auth import SURVEYOR_ROLES, Principal, Role
from kit.errors import NotFound
from surveys.models import ProjectView
from surveys.readmodel import repository as rm


def project_or_404(session: Session, project_id: int) -> ProjectView:
    p = rm.get_project(session, project_id)
    if p is None:
        raise NotFound(f"projectId: project {project_id} is not known to the surveys service yet; it may have been "
                       "created a moment ago - try again shortly")
    if p.deleted_at is not None:
        raise NotFound(f"projectId: project {project_id} is deactivated or deleted")
    return p


def can_read_project(session: Session, principal: Principal, project: ProjectView) -> bool:
    if principal.has(Role.ADMIN, Role.OPERATIONS, Role.CIMR_MANAGER):
        return True
    if principal.has(Role.PROJECT_MANAGER):
        return project.manager_id == principal.id
    if principal.role in SURVEYOR_ROLES:
        return rm.is_assigned(session, project.id, principal.id)
    if principal.has(Role.COMMENT_CLEANER):
        return True  # cleans the comments of every project (Comment Cleaning's open-ended question filter)
    return False


def readable_project(session: Session, principal: Principal, project_id: int) -> ProjectView:
    project = project_or_404(session, project_id)
    if not can_read_project(session, principal, project):
        raise NotFound(f"projectId: project {project_id} not found")
    return project


def exportable_project(session: Session, principal: Principal, project_id: int) -> ProjectView:
    """Survey Data Export only reads, so Admin and Operations export a deactivated project too (it opens read-only
    for them, docs/decisions.md); a project deleted for good is gone for everyone."""
    p = rm.get_project(session, project_id)
    if p is not None and p.deleted_at is not None and not p.is_removed and principal.has(Role.ADMIN, Role.OPERATIONS):
        return p
    return readable_project(session, principal, project_id)


def managed_project(session: Session, principal: Principal, project_id: int) -> ProjectView:
    """A project whose questionnaire the caller may change: Operations/Admin any, a PM only their own."""
    project = project_or_404(session, project_id)
    if principal.has(Role.ADMIN, Role.OPERATIONS):
        return project
    if principal.has(Role.PROJECT_MANAGER) and project.manager_id == principal.id:
        return project
    raise NotFound(f"projectId: project {project_id} not found")


def visible_project_ids(session: Session, principal: Principal) -> list[int] | None:
    """None means every project."""
    if principal.has(Role.ADMIN, Role.OPERATIONS, Role.CIMR_MANAGER):
        return None
    if principal.has(Role.PROJECT_MANAGER):
        return rm.project_ids_of_manager(session, principal.id)
    if principal.role in SURVEYOR_ROLES:
        return rm.project_ids_of_surveyor(session, principal.id)
    return []
