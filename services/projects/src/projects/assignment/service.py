"""Assignment rules: who may assign whom, to which project."""

from collections.abc import Callable

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from kit.auth import Principal, Role
from kit.errors import BadRequest, Conflict, Forbidden, NotFound
from kit.paging import Page
from projects.assignment import repository
from projects import periods
from projects.access import ASSIGNERS, CIMR_ASSIGNABLE, SURVEYOR_ROLE_IDS
from projects.assignment.schemas import AssignmentCreate, AssignmentUpdate
from projects.readmodel import repository as readmodel
from projects.events import published
from projects.models import Assignment
from projects.readmodel.views import UserView
from projects.project import service as project_service
from projects.user import repository as user_repository

ALREADY_ASSIGNED = "The surveyor is already assigned to this project"


def _project_for_assigning(s: Session, principal: Principal, project_id: int):
    return project_service.get_visible_or_404(s, principal, project_id)


def _check_surveyor(principal: Principal, user: UserView | None) -> UserView:
    if user is None or user.role not in SURVEYOR_ROLE_IDS:
        raise BadRequest("surveyorId: no such surveyor known to the projects service (an account created a "
                         "moment ago may not have arrived yet - try again shortly)")
    if user.is_deleted:
        raise BadRequest("surveyorId: the surveyor is deactivated")
    if principal.role == Role.CIMR_MANAGER and user.role not in CIMR_ASSIGNABLE:
        raise Forbidden("A CIMR Manager can assign only CIMR Surveyors")
    return user


def _check_manager(user: UserView | None, manager_id: int) -> None:
    """A managerId named by Admin or Operations: an active user of an assigning role (Admin, Operations, Project
    Manager, CIMR Manager), never an unknown id or a surveyor."""
    if user is None or user.is_deleted or user.role not in {int(r) for r in ASSIGNERS}:
        raise BadRequest(f"managerId: user {manager_id} is not an active Admin, Operations, Project Manager or CIMR "
                         "Manager user known to the projects service")


def create_assignment(s: Session, principal: Principal, body: AssignmentCreate) -> tuple[Assignment, UserView]:
    project = _project_for_assigning(s, principal, body.projectId)
    project_service.check_active(project, "projectId")
    user = _check_surveyor(principal, user_repository.get(s, body.surveyorId))
    if repository.find(s, project.id, user.id):
        raise Conflict(ALREADY_ASSIGNED)
    manager_id = body.managerId if body.managerId is not None else principal.id
    if principal.role in (Role.PROJECT_MANAGER, Role.CIMR_MANAGER):
        manager_id = principal.id  # managers assign in their own name
    elif manager_id != principal.id:
        _check_manager(user_repository.get(s, manager_id), manager_id)
    try:
        with s.begin_nested():  # two assigners at once: both read "not assigned"; the unique key stops the second
            a = repository.add(s, Assignment(project_id=project.id, surveyor_id=user.id, manager_id=manager_id,
                                             type_id=body.typeId, priority=body.priority,
                                             surveyor_goals=body.surveyorGoals,
                                             surveyor_comp_goals=body.surveyorCompGoals))
    except IntegrityError:
        raise Conflict(ALREADY_ASSIGNED) from None
    published.assignment_created(s, a)
    return a, user


def list_assignments(s: Session, principal: Principal, page: Page, *, project_id: int | None,
                     manager_id: int | None) -> tuple[list[tuple[Assignment, UserView | None]], int]:
    project_manager_id = None
    surveyor_roles = None
    if project_id is not None:
        _project_for_assigning(s, principal, project_id)
    if principal.role == Role.PROJECT_MANAGER:
        project_manager_id = principal.id
    if principal.role == Role.CIMR_MANAGER:
        surveyor_roles = CIMR_ASSIGNABLE
    return repository.list_rows(s, page, project_id=project_id, project_manager_id=project_manager_id,
                                manager_id=manager_id, surveyor_roles=surveyor_roles)


def get_manageable_or_404(s: Session, principal: Principal, assignment_id: int) -> Assignment:
    """An assignment of a project the caller manages (a CIMR Manager: of a CIMR Surveyor only)."""
    a = repository.get(s, assignment_id)
    missing = NotFound(f"Assignment {assignment_id} not found")
    if a is None:
        raise missing
    try:
        _project_for_assigning(s, principal, a.project_id)
    except NotFound:
        raise missing from None
    if principal.role == Role.CIMR_MANAGER:
        user = user_repository.get(s, a.surveyor_id)
        if user is None or user.role not in CIMR_ASSIGNABLE:
            raise missing
    return a


def get_changeable_or_404(s: Session, principal: Principal, assignment_id: int) -> Assignment:
    """An assignment the caller manages whose goals may change: its project is not deactivated (removing the
    assignment is allowed either way)."""
    a = get_manageable_or_404(s, principal, assignment_id)
    project_service.check_active(project_service.repository.get(s, a.project_id), "projectId")
    return a


ASSIGNMENT_LABELS = {"typeId": "assignment type", "priority": "priority", "surveyorGoals": "weekly goal",
                     "surveyorCompGoals": "report-period goal"}
_TYPE_NAMES = {0: "Assigned", 1: "Coverage"}


def check_expected(s: Session, row, saved: dict[str, Callable[[], int]], expected: dict[str, int | None] | None,
                   labels: dict[str, str], changes: dict) -> None:
    """Optimistic concurrency (docs/decisions.md, "Two managers, one goal"): each value the client says it saw must
    still be the saved one, else 409 naming what changed and to what. The row is read again under a row lock
    (PostgreSQL; SQLite writes one at a time) so two saves of the same stale value cannot both pass."""
    if not expected or all(v is None for v in expected.values()):
        return
    s.refresh(row, with_for_update=True)
    for key, seen in expected.items():
        if seen is None or saved[key]() == seen:
            continue
        show = (lambda v: _TYPE_NAMES.get(v, v)) if key == "typeId" else (lambda v: v)
        mine = (f" your {show(changes[key])} was not saved." if changes.get(key) is not None
                else " your change was not saved.")
        raise Conflict(f"Another user changed the {labels[key]} from {show(seen)} to {show(saved[key]())} after you "
                       f"opened this page, so{mine} The page shows the saved value now; change it again if you still "
                       "want to.")


def update_assignment(s: Session, principal: Principal, body: AssignmentUpdate) -> Assignment:
    a = get_changeable_or_404(s, principal, body.id)
    # a null changes nothing, as a field left out
    changes = body.model_dump(exclude_none=True, exclude={"id", "expected"})
    if not changes:
        raise BadRequest("typeId, priority, surveyorGoals, surveyorCompGoals: nothing to change")
    saved = {"typeId": lambda: a.type_id, "priority": lambda: a.priority, "surveyorGoals": lambda: a.surveyor_goals,
             "surveyorCompGoals": lambda: a.surveyor_comp_goals}
    check_expected(s, a, saved, body.expected.model_dump() if body.expected else None, ASSIGNMENT_LABELS, changes)
    for key, column in (("typeId", "type_id"), ("priority", "priority"), ("surveyorGoals", "surveyor_goals"),
                        ("surveyorCompGoals", "surveyor_comp_goals")):
        if changes.get(key) is not None:
            setattr(a, column, changes[key])
    s.flush()
    published.assignment_updated(s, a)
    return a


def surveys_rp(s: Session, a: Assignment) -> int:
    """Surveys the assigned surveyor completed in the project's current reporting period."""
    p = project_service.repository.get(s, a.project_id)
    lo, hi = periods.window(False, p.start_date, p.report_freq_id)
    return readmodel.count_surveys(s, p.id, lo, hi, a.surveyor_id)


def delete_assignment(s: Session, principal: Principal, *, assignment_id: int) -> Assignment:
    a = get_manageable_or_404(s, principal, assignment_id)
    published.assignment_deleted(s, a)
    repository.remove(s, a)
    return a
