"""My Surveyors / All Surveyors and a surveyor's projects: goals from projects.assignment.* events, progress
from the call facts.

- Period (kit.periods: the rule projects' screens and calling's progress chart use): `isWeekly` true = the
  current business week (Monday to Sunday); false = each project's own current reporting period, its start date
  + k × its reporting frequency in months (from projects.project.* events; a project whose start date reporting has
  not seen yet reads as the calendar month). Each project's surveys are counted in its own period (given per
  project as periodStart / periodEnd); a surveyor's row sums their projects.
- Goals: weekly = the current week's goal (Current Week Minimum Surveys): the latest week of the assignment's
  weekly goal history starting on or before today, else the assignment's surveyorGoals, as Project Details and My
  Projects show it; period = surveyorCompGoals (Current Report-Period Minimum Surveys). Surveys = completed surveys
  (not partial) in the period; progress = surveys / goals as a ratio with 4 decimals, i.e. a percentage with 2
  (None without a goal); earnings = paymentRate × surveys (not for CIMR roles).
- Scope: `managerId` = the surveyors assigned to that manager's projects (and the CIMR Surveyors linked to a
  CIMR Manager). A Project Manager always gets their own (another managerId is 403) and only their projects'
  figures; a CIMR Manager only their linked CIMR Surveyors; Admin, Operations, Quality, Comment Cleaner all.
"""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from sqlalchemy.orm import Session

from kit import periods
from kit.auth import Principal, Role
from kit.errors import BadRequest, Forbidden
from kit.paging import Page
from reporting.call_stats import repository as stats_repo
from reporting.call_stats.figures import percent_ratio, q2
from reporting.models import AssignmentView, ProjectView
from reporting.readmodel import repository as rm
from reporting.surveyors import repository as repo

CIMR_ROLES = (Role.CIMR_MANAGER,)


def project_period(is_weekly: bool, p: ProjectView | None, today: date) -> tuple[date, date]:
    """First and last business day of the week, or of the project's reporting period, holding `today`."""
    first, end = periods.period_days(is_weekly, p.start_date if p else None, p.report_freq_id if p else None, today)
    return first, end - timedelta(days=1)


def answer_period(is_weekly: bool, today: date) -> tuple[date | None, date | None]:
    """The answer's own periodStart / periodEnd: the week; none for reporting periods (each project has its own)."""
    return project_period(True, None, today) if is_weekly else (None, None)


def week_goal(a: AssignmentView, today: date) -> int | None:
    """The goal of the week holding `today`: the latest history week starting on or before it, else the
    assignment's weekly goal."""
    day = today.isoformat()
    started = [w for w in a.weeks or [] if w.get("weekDate", "") <= day and w.get("weekGoals") is not None]
    return max(started, key=lambda w: w["weekDate"])["weekGoals"] if started else a.surveyor_goals


def _progress(surveys: int, goals: int | None) -> Decimal | None:
    return percent_ratio(surveys, goals) if goals else None


def _scope(session: Session, principal: Principal, type_: int | None, manager_id: int | None) -> dict:
    if type_ is not None and type_ not in repo.SURVEYOR_ROLE_IDS:
        raise BadRequest("type: must be 3, 7 or 9")
    roles = (type_,) if type_ is not None else repo.SURVEYOR_ROLE_IDS
    cimr_ids = None
    project_manager = None
    if principal.role == Role.PROJECT_MANAGER:
        if manager_id is not None and manager_id != principal.id:
            raise Forbidden("managerId: you can only see your own surveyors")
        manager_id = project_manager = principal.id
    elif principal.role == Role.CIMR_MANAGER:
        if manager_id is not None and manager_id != principal.id:
            raise Forbidden("managerId: a CIMR Manager sees only their own surveyors")
        roles = (repo.CIMR_SURVEYOR_ROLE,) if type_ in (None, repo.CIMR_SURVEYOR_ROLE) else ()
        return {"roles": roles, "manager_id": None, "cimr_ids": None,
                "only_ids": rm.cimr_surveyor_ids(session, principal.id), "project_manager": None}
    if manager_id is not None:
        cimr_ids = rm.cimr_surveyor_ids(session, manager_id)
    return {"roles": roles, "manager_id": manager_id, "cimr_ids": cimr_ids, "only_ids": None,
            "project_manager": project_manager}


def _figures(session: Session, surveyor_ids: list[int], is_weekly: bool, project_manager: int | None,
             project_id: int | None = None, today: date | None = None) -> dict[int, list[dict]]:
    today = today or periods.business_today()
    pairs = repo.assignments(session, surveyor_ids, project_manager, project_id)
    spans = {a.project_id: project_period(is_weekly, p, today) for a, p in pairs}
    done = repo.surveys_done(session, surveyor_ids, spans)
    rates = stats_repo.payment_rates(session, set(spans))
    out: dict[int, list[dict]] = {}
    for a, p in pairs:
        goals = week_goal(a, today) if is_weekly else a.surveyor_comp_goals
        surveys = done.get((a.surveyor_id, a.project_id), 0)
        start, end = spans[a.project_id]
        out.setdefault(a.surveyor_id, []).append({
            "projectId": a.project_id, "projectName": p.name if p else f"Project {a.project_id}",
            "statusId": p.status_id if p else None, "timezone": p.timezone if p else None, "typeId": a.type_id,
            "periodStart": start, "periodEnd": end, "goals": goals, "surveys": surveys,
            "progress": _progress(surveys, goals),
            "earnings": q2(rates.get(a.project_id, Decimal(0)) * surveys)})
    return out


def _strip_earnings(principal: Principal, rows: list[dict]) -> None:
    if principal.role in CIMR_ROLES:
        for r in rows:
            r["earnings"] = None
            for p in r.get("projects", []):
                p["earnings"] = None


def _user(u) -> dict:
    return {"id": u.id, "firstName": u.first_name, "lastName": u.last_name, "email": u.email,
            "phoneNumber": u.phone_number, "role": u.role, "cid": u.cid, "isDeleted": u.is_deleted}


def list_surveyors(session: Session, principal: Principal, *, search: str | None, type_: int | None,
                   manager_id: int | None, is_weekly: bool, page: Page) -> dict:
    s = _scope(session, principal, type_, manager_id)
    conds = repo.surveyor_conditions(roles=s["roles"], search=search, manager_id=s["manager_id"],
                                     cimr_ids=s["cimr_ids"], only_ids=s["only_ids"])
    users, count = repo.list_surveyors(session, conds, page)
    today = periods.business_today()
    figures = _figures(session, [u.id for u in users], is_weekly, s["project_manager"], today=today)
    start, end = answer_period(is_weekly, today)
    rows = []
    for u in users:
        projects = figures.get(u.id, [])
        goals = sum(p["goals"] or 0 for p in projects)
        surveys = sum(p["surveys"] for p in projects)
        rows.append({**_user(u), "projectCount": len(projects), "goals": goals, "surveys": surveys,
                     "progress": _progress(surveys, goals),
                     "earnings": q2(sum((p["earnings"] for p in projects), Decimal(0)))})
    _strip_earnings(principal, rows)
    return {"rows": rows, "count": count, "isWeekly": is_weekly, "periodStart": start, "periodEnd": end}


def surveyors_info(session: Session, principal: Principal, *, type_: int | None, manager_id: int | None,
                   surveyor_id: int | None, project_id: int | None, is_weekly: bool) -> dict:
    """Every surveyor in scope (id, name, email: the filters' dropdowns); with surveyorId, that surveyor's
    projects with goals, surveys, progress and earnings (optionally one project)."""
    s = _scope(session, principal, type_, manager_id)
    only = s["only_ids"]
    if surveyor_id is not None:
        only = [surveyor_id] if only is None or surveyor_id in only else []
    conds = repo.surveyor_conditions(roles=s["roles"], search=None, manager_id=s["manager_id"],
                                     cimr_ids=s["cimr_ids"], only_ids=only)
    users, _ = repo.list_surveyors(session, conds, None)
    today = periods.business_today()
    start, end = answer_period(is_weekly, today)
    figures: dict[int, list[dict]] = {}
    if surveyor_id is not None:
        figures = _figures(session, [u.id for u in users], is_weekly, s["project_manager"], project_id, today)
    rows = [{"id": u.id, "firstName": u.first_name, "lastName": u.last_name, "email": u.email,
             "phoneNumber": u.phone_number if surveyor_id is not None else None, "role": u.role,
             "projects": figures.get(u.id, [])} for u in users]
    _strip_earnings(principal, rows)
    return {"data": rows, "isWeekly": is_weekly, "periodStart": start, "periodEnd": end}
