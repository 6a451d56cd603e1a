"""GET calls-progress: the Project Details progress chart, calls and completed surveys per day of the current
week (Monday to Sunday) or of the project's current reporting period (its start + k x its reporting frequency
in months, kit.periods, the rule projects and reporting use), in America/Chicago."""

from datetime import date, datetime, timedelta

from sqlalchemy.orm import Session

from kit import periods
from kit.auth import SURVEYOR_ROLES, Principal, Role
from kit.errors import BadRequest, NotFound

from calling.call.service import project_not_known
from calling.call_log import service as call_log
from calling.call_log.constants import BUSINESS_TZ, PROGRESS_MIN_MAX
from calling.call_log.repository import CallFilter
from calling.models import ProjectView
from calling.progress import repository as repo


def _visible(session: Session, principal: Principal, project: ProjectView) -> bool:
    """Whose project's reporting period the caller may read: a Project Manager's own, a surveyor's assigned one
    (Project Details by own id); Admin, Operations and the CIMR Manager see every project."""
    if principal.role == Role.PROJECT_MANAGER:
        return project.manager_id == principal.id
    if principal.role in SURVEYOR_ROLES:
        return repo.is_assigned(session, project.id, principal.id)
    return True


def _days(session: Session, principal: Principal, today: date, weekly: bool, project_id: int | None) -> list[date]:
    if weekly:
        first, end = periods.period_days(True, None, None, today)
    else:
        if project_id is None:
            # a manager's or surveyor's calls span projects whose reporting periods differ: there is no one period
            raise BadRequest("projectId: required for the reporting period (isWeekly=false), each project has its own")
        project = repo.project(session, project_id)
        # its period is the project's own: never a stand-in month. Another manager's project (or one the surveyor
        # is not assigned to) answers as an unknown one: its period would tell its start date and frequency.
        if project is None or not _visible(session, principal, project):
            raise NotFound(project_not_known(project_id))
        first, end = periods.period_days(False, project.start_date, project.report_freq_id, today)
    return [first + timedelta(days=i) for i in range((end - first).days)]


def chart_max(highest: int) -> int:
    """10, or the highest count plus 10% (spec §9)."""
    return max(PROGRESS_MIN_MAX, -(-highest * 11 // 10))


def progress(session: Session, principal: Principal, *, is_weekly: bool, project_id: int | None,
             manager_id: int | None, surveyor_id: int | None, now: datetime | None = None) -> dict:
    today = periods.business_today(now)
    days = _days(session, principal, today, is_weekly, project_id)
    ranges = [periods.utc_bounds(d, d + timedelta(days=1)) for d in days]
    f = CallFilter(project_id=project_id, manager_id=manager_id, surveyor_id=surveyor_id)
    call_log.check_surveyor(principal, f)  # another surveyor's figures: 403, as the call log and call stats
    counts = repo.day_counts(session, call_log.conditions_for(principal, f), ranges)
    rows = [{"date": d.isoformat(), "calls": c, "surveys": s} for d, (c, s) in zip(days, counts, strict=True)]
    total_surveys = sum(r["surveys"] for r in rows)
    return {"isWeekly": is_weekly, "from": days[0].isoformat(), "to": days[-1].isoformat(), "timezone": BUSINESS_TZ,
            "days": rows, "totalCalls": sum(r["calls"] for r in rows), "totalSurveys": total_surveys,
            "max": chart_max(max((r["surveys"] for r in rows), default=0))}
