"""Object-level access to a project's rosters and sampling: Admin and Operations all, a PM only own."""

from sqlalchemy.orm import Session

from kit.auth import Principal, Role
from kit.errors import NotFound
from rosters.models import ProjectView
from rosters.readmodel import repository


def project_or_404(s: Session, principal: Principal, project_id: int) -> ProjectView:
    ref = repository.get_project(s, project_id)
    if ref is None:  # projects announces a new project by event: it may not have arrived yet
        raise NotFound(f"Project {project_id} is not known to the rosters service yet; it may have been created "
                       "a moment ago - try again shortly")
    # Another manager's project answers exactly like a deleted one.
    if ref.is_deleted or (principal.role == Role.PROJECT_MANAGER and ref.manager_id != principal.id):
        raise NotFound("Project not found")
    return ref
