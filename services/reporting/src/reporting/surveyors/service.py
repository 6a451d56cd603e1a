"""My Surveyors / All Surveyors and a surveyor's projects: goals from projects.assignment.* events, progress
from the call facts.

- Period: `isWeekly` true = the current business week (Monday to today); false = the current reporting period,
  taken as the calendar month to date (the projects' report frequencies are not in their events yet).
- Goals: weekly = the assignment's surveyorGoals (Current Week Minimum Surveys); period = surveyorCompGoals
  (Current Report-Period Minimum Surveys). Surveys = completed surveys (not partial) in the period;
  progress = surveys / goals (None without a goal); earnings = paymentRate × surveys (not for CIMR roles).
- Scope: `managerId` = the surveyors assigned to that manager's projects (and the CIMR Surveyors linked to a
  CIMR Manager). A Project Manager always gets their own (another managerId is 403) and only their projects'
  figures; a CIMR Manager only their linked CIMR Surveyors; Admin, Operations, Quality, Comment Cleaner all.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from decimal import Decimal

from sqlalchemy.orm import Session

from kit.auth import Principal, Role
from kit.errors import BadRequest, Forbidden
from kit.paging import Page
from reporting.call_stats import repository as stats_repo
from reporting.call_stats.figures import q2
from reporting.constants import BUSINESS_TZ
from reporting.readmodel import repository as rm
from reporting.surveyors import repository as repo

CIMR_ROLES = (Role.CIMR_MANAGER,)


def period(is_weekly: bool, today: date | None = None) -> tuple[date, date]:
    today = today or datetime.now(BUSINESS_TZ).date()
    return (today - timedelta(days=today.weekday()) if is_weekly else today.replace(day=1)), today


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
             project_id: int | None = None) -> tuple[dict[int, list[dict]], tuple[date, date]]:
    start, end = period(is_weekly)
    done = repo.surveys_done(session, surveyor_ids, start, end)
    pairs = repo.assignments(session, surveyor_ids, project_manager, project_id)
    rates = stats_repo.payment_rates(session, {a.project_id for a, _ in pairs})
    out: dict[int, list[dict]] = {}
    for a, p in pairs:
        goals = a.surveyor_goals if is_weekly else a.surveyor_comp_goals
        surveys = done.get((a.surveyor_id, a.project_id), 0)
        out.setdefault(a.surveyor_id, []).append({
            "projectId": a.project_id, "projectName": p.name if p else f"Project {a.project_id}",
            "statusId": p.status_id if p else None, "timezone": p.timezone if p else None, "typeId": a.type_id,
            "goals": goals, "surveys": surveys,
            "progress": q2(Decimal(surveys) / Decimal(goals)) if goals else None,
            "earnings": q2(rates.get(a.project_id, Decimal(0)) * surveys)})
    return out, (start, end)


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
    figures, (start, end) = _figures(session, [u.id for u in users], is_weekly, s["project_manager"])
    rows = []
    for u in users:
        projects = figures.get(u.id, [])
        goals = sum(p["goals"] or 0 for p in projects)
        surveys = sum(p["surveys"] for p in projects)
        rows.append({**_user(u), "projectCount": len(projects), "goals": goals, "surveys": surveys,
                     "progress": q2(Decimal(surveys) / Decimal(goals)) if goals else None,
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
    start, end = period(is_weekly)
    figures: dict[int, list[dict]] = {}
    if surveyor_id is not None:
        figures, _ = _figures(session, [u.id for u in users], is_weekly, s["project_manager"], project_id)
    rows = [{"id": u.id, "firstName": u.first_name, "lastName": u.last_name, "email": u.email,
             "phoneNumber": u.phone_number if surveyor_id is not None else None, "role": u.role,
             "projects": figures.get(u.id, [])} for u in users]
    _strip_earnings(principal, rows)
    return {"data": rows, "isWeekly": is_weekly, "periodStart": start, "periodEnd": end}
