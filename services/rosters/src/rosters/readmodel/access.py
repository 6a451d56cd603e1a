"""Object-level access to a project's rosters and sampling: Admin and Operations all, a PM only own."""

from sqlalchemy.orm import Session

from kit.auth import Principal, Role
from kit.errors import NotFound
from rosters.models import ProjectRef
from rosters.readmodel import repository


def project_or_404(s: Session, principal: Principal, project_id: int) -> ProjectRef:
    ref = repository.get_project(s, project_id)
    # Another manager's project answers exactly like a missing one.
    if ref is None or ref.is_deleted or (principal.role == Role.PROJECT_MANAGER and ref.manager_id != principal.id):
        raise NotFound("Project not found")
    return ref
