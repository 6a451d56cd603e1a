"""Assignment rules: who may assign whom, to which project."""

from sqlalchemy.orm import Session

from kit.auth import SURVEYOR_ROLES, Principal, Role
from kit.errors import BadRequest, Conflict, Forbidden, NotFound
from kit.paging import Page
from projects.assignment import repository
from projects.assignment.schemas import AssignmentCreate
from projects.events import published
from projects.models import Assignment, User
from projects.project import service as project_service
from projects.user import repository as user_repository

SURVEYOR_ROLE_IDS = tuple(int(r) for r in SURVEYOR_ROLES)


def _project_for_assigning(s: Session, principal: Principal, project_id: int):
    project = project_service.get_visible_or_404(s, principal, project_id)
    if principal.role == Role.PROJECT_MANAGER and project.manager_id != principal.id:
        raise NotFound("Project not found")
    return project


def _check_surveyor(principal: Principal, user: User | None) -> User:
    if user is None or user.role not in SURVEYOR_ROLE_IDS:
        raise BadRequest("surveyorId: no such surveyor")
    if user.is_deleted:
        raise BadRequest("surveyorId: the surveyor is deactivated")
    if principal.role == Role.CIMR_MANAGER and user.role != int(Role.CIMR_SURVEYOR):
        raise Forbidden("A CIMR Manager can assign only CIMR Surveyors")
    return user


def create_assignment(s: Session, principal: Principal, body: AssignmentCreate) -> tuple[Assignment, User]:
    project = _project_for_assigning(s, principal, body.projectId)
    user = _check_surveyor(principal, user_repository.get(s, body.surveyorId))
    if repository.find(s, project.id, user.id):
        raise Conflict("The surveyor is already assigned to this project")
    manager_id = body.managerId if body.managerId is not None else principal.id
    if principal.role in (Role.PROJECT_MANAGER, Role.CIMR_MANAGER):
        manager_id = principal.id  # managers assign in their own name
    a = repository.add(s, Assignment(project_id=project.id, surveyor_id=user.id, manager_id=manager_id,
                                     type_id=body.typeId, priority=body.priority, surveyor_goals=body.surveyorGoals,
                                     surveyor_comp_goals=body.surveyorCompGoals))
    published.assignment_created(s, a)
    return a, user


def list_assignments(s: Session, principal: Principal, page: Page, *, project_id: int | None,
                     manager_id: int | None) -> tuple[list[tuple[Assignment, User | None]], int]:
    project_manager_id = None
    surveyor_roles = None
    if project_id is not None:
        _project_for_assigning(s, principal, project_id)
    if principal.role == Role.PROJECT_MANAGER:
        project_manager_id = principal.id
    if principal.role == Role.CIMR_MANAGER:
        surveyor_roles = (int(Role.CIMR_SURVEYOR),)
    return repository.list_rows(s, page, project_id=project_id, project_manager_id=project_manager_id,
                                manager_id=manager_id, surveyor_roles=surveyor_roles)


def delete_assignment(s: Session, principal: Principal, *, assignment_id: int) -> Assignment:
    a = repository.get(s, assignment_id)
    if a is None:
        raise NotFound("Assignment not found")
    try:
        _project_for_assigning(s, principal, a.project_id)
    except NotFound:
        raise NotFound("Assignment not found") from None
    if principal.role == Role.CIMR_MANAGER:
        user = user_repository.get(s, a.surveyor_id)
        if user is None or user.role != int(Role.CIMR_SURVEYOR):
            raise NotFound("Assignment not found")
    published.assignment_deleted(s, a)
    repository.remove(s, a)
    return a
