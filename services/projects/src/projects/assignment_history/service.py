"""Weekly goal history of an assignment: one row per week (named by its Monday)."""

from datetime import date, timedelta

from sqlalchemy.orm import Session

from kit.auth import Principal
from kit.errors import BadRequest, NotFound
from projects import periods
from projects.assignment import repository as assignment_repository
from projects.assignment import service as assignment_service
from projects.assignment_history import repository
from projects.assignment_history.schemas import AddWeek, WeekData, WeeksCreate, WeekUpdate
from projects.events import published
from projects.models import Assignment, AssignmentWeek
from projects.project import repository as project_repository
from projects.project import service as project_service


def _upsert(s: Session, a: Assignment, week_date: date, goals: int | None, comp_goals: int | None) -> AssignmentWeek:
    """The week's goals; a goal given as None keeps the saved one (a new week: the assignment's)."""
    monday = periods.week_start(week_date)
    week = repository.find(s, a.id, monday)
    if week is None:
        week = AssignmentWeek(assignment_id=a.id, project_id=a.project_id, surveyor_id=a.surveyor_id, week_date=monday,
                              week_goals=a.surveyor_goals, week_comp_goals=a.surveyor_comp_goals)
        a.history.append(week)
    _set_goals(week, goals, comp_goals)
    s.flush()
    return week


def _set_goals(week: AssignmentWeek, goals: int | None, comp_goals: int | None) -> None:
    if goals is not None:
        week.week_goals = goals
    if comp_goals is not None:
        week.week_comp_goals = comp_goals


def _check_some_goal(goals: int | None, comp_goals: int | None) -> None:
    if goals is None and comp_goals is None:
        raise BadRequest("weekGoals, weekCompGoals: nothing to change (give at least one goal)")


def _changed(s: Session, a: Assignment) -> None:
    published.assignment_history_changed(s, a)


def add_weeks(s: Session, principal: Principal, body: WeeksCreate) -> list[AssignmentWeek]:
    out = []
    touched = {}
    for row in body.rows:
        a = touched.get(row.assignmentId) or assignment_service.get_changeable_or_404(s, principal, row.assignmentId)
        touched[a.id] = a
        out.append(_upsert(s, a, row.weekDate, row.weekGoals, row.weekCompGoals))
    for a in touched.values():
        _changed(s, a)
    return out


def _week_or_404(s: Session, principal: Principal, week_id: int) -> tuple[AssignmentWeek, Assignment]:
    """A week to change (update, delete) and its assignment."""
    week = repository.get(s, week_id)
    if week is None:
        raise NotFound(f"Assignment week {week_id} not found")
    try:
        a = assignment_service.get_manageable_or_404(s, principal, week.assignment_id)
    except NotFound:
        raise NotFound(f"Assignment week {week_id} not found") from None
    project_service.check_active(project_repository.get(s, a.project_id), "projectId")
    return week, a


def _check_week_expected(s: Session, week: AssignmentWeek | None, a: Assignment, week_date: date, body) -> None:
    """The goals the screen showed for the week (a week without its own row shows the assignment's) must still be
    the saved ones: else 409 (docs/decisions.md, "Two managers, one goal")."""
    row = week if week is not None else a
    saved = ({"weekGoals": lambda: week.week_goals, "weekCompGoals": lambda: week.week_comp_goals} if week is not None
             else {"weekGoals": lambda: a.surveyor_goals, "weekCompGoals": lambda: a.surveyor_comp_goals})
    day = periods.week_start(week_date).strftime("%m/%d/%Y")
    assignment_service.check_expected(
        s, row, saved, body.expected.model_dump() if body.expected else None,
        {"weekGoals": f"weekly goal of the week of {day}", "weekCompGoals": f"report-period goal of the week of {day}"},
        {"weekGoals": body.weekGoals, "weekCompGoals": body.weekCompGoals})


def update_week(s: Session, principal: Principal, body: WeekUpdate) -> AssignmentWeek:
    _check_some_goal(body.weekGoals, body.weekCompGoals)
    week, a = _week_or_404(s, principal, body.id)
    _check_week_expected(s, week, a, week.week_date, body)
    _set_goals(week, body.weekGoals, body.weekCompGoals)
    s.flush()
    _changed(s, a)
    return week


def delete_week(s: Session, principal: Principal, *, week_id: int, assignment_id: int) -> AssignmentWeek:
    week, a = _week_or_404(s, principal, week_id)
    if week.assignment_id != assignment_id:
        raise NotFound(f"Assignment week {week_id} not found in assignment {assignment_id}")
    a.history.remove(week)
    s.flush()
    _changed(s, a)
    return week


def add_week(s: Session, principal: Principal, body: AddWeek) -> AssignmentWeek:
    a = assignment_service.get_changeable_or_404(s, principal, body.assignmentId)
    this_week = periods.week_start(periods.business_today())
    latest = max((w.week_date for w in a.history), default=None)
    week_date = latest + timedelta(days=7) if latest is not None else this_week
    goals = body.weekGoals if body.weekGoals is not None else a.surveyor_goals
    comp = body.weekCompGoals if body.weekCompGoals is not None else a.surveyor_comp_goals
    week = _upsert(s, a, week_date, goals, comp)
    _changed(s, a)
    return week


def _assignment_of(s: Session, principal: Principal, project_id: int, surveyor_id: int,
                   change: bool = False) -> Assignment:
    a = assignment_repository.find(s, project_id, surveyor_id)
    if a is None:
        raise NotFound(f"Surveyor {surveyor_id} is not assigned to project {project_id}")
    get = assignment_service.get_changeable_or_404 if change else assignment_service.get_manageable_or_404
    try:
        return get(s, principal, a.id)
    except NotFound:
        raise NotFound(f"Surveyor {surveyor_id} is not assigned to project {project_id}") from None


def week_data(s: Session, principal: Principal, *, project_id: int, surveyor_id: int, week_date: date) -> dict:
    """The week's goals; a week without its own row reads the assignment's goals (id null)."""
    a = _assignment_of(s, principal, project_id, surveyor_id)
    monday = periods.week_start(week_date)
    week = repository.find(s, a.id, monday)
    return {"id": week.id if week else None, "assignmentId": a.id, "projectId": a.project_id,
            "surveyorId": a.surveyor_id, "weekDate": monday,
            "weekGoals": week.week_goals if week else a.surveyor_goals,
            "weekCompGoals": week.week_comp_goals if week else a.surveyor_comp_goals}


def set_week_data(s: Session, principal: Principal, body: WeekData) -> dict:
    _check_some_goal(body.weekGoals, body.weekCompGoals)
    a = _assignment_of(s, principal, body.projectId, body.surveyorId, change=True)
    _check_week_expected(s, repository.find(s, a.id, periods.week_start(body.weekDate)), a, body.weekDate, body)
    _upsert(s, a, body.weekDate, body.weekGoals, body.weekCompGoals)
    _changed(s, a)
    return week_data(s, principal, project_id=body.projectId, surveyor_id=body.surveyorId, week_date=body.weekDate)


def check_week_date(d: date) -> None:
    if d.year < 2000 or d.year > 2100:
        raise BadRequest("weekDate: must be between 2000 and 2100")
