"""Object-level access to a project's rosters and sampling: Admin and Operations all, a PM only own."""

from sqlalchemy.orm import Session

from kit.auth import Principal, Role
from kit.errors import BadRequest, NotFound
from rosters.models import ProjectView
from rosters.readmodel import repository

# Who still opens a deactivated project (read-only): those whose project list keeps it (docs/decisions.md).
READS_DEACTIVATED = (Role.ADMIN, Role.OPERATIONS)


def project_or_404(s: Session, principal: Principal, project_id: int, *, read: bool = False) -> ProjectView:
    """`read`: the caller only reads, so Admin and Operations may open a deactivated project; a change to one is
    a 400 naming the deactivation for them (and 404 for everyone else, to whom it is gone)."""
    ref = repository.get_project(s, project_id)
    if ref is None:  # projects announces a new project by event: it may not have arrived yet
        raise NotFound(f"Project {project_id} is not known to the rosters service yet; it may have been created "
                       "a moment ago - try again shortly")
    # Another manager's project answers exactly like a deleted one.
    if ref.is_removed or (principal.role == Role.PROJECT_MANAGER and ref.manager_id != principal.id):
        raise NotFound("Project not found")
    if ref.is_deleted:
        if principal.role not in READS_DEACTIVATED:
            raise NotFound("Project not found")
        if not read:
            raise BadRequest(f"projectId: project {project_id} is deactivated; reactivate it before changing it")
    return ref
