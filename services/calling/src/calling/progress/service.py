"""GET calls-progress: the Project Details progress chart, calls and completed surveys per day of the current
week (Monday to Sunday) or of the reporting period (the current calendar month), in America/Chicago."""

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy.orm import Session

from kit.auth import Principal
from kit.events import utcnow

from calling.call_log import service as call_log
from calling.call_log.constants import BUSINESS_TZ, PROGRESS_MIN_MAX
from calling.call_log.repository import CallFilter
from calling.progress import repository as repo


def _period(today: date, weekly: bool) -> list[date]:
    if weekly:
        first = today - timedelta(days=today.weekday())
        return [first + timedelta(days=i) for i in range(7)]
    first = today.replace(day=1)
    nxt = (first + timedelta(days=32)).replace(day=1)
    return [first + timedelta(days=i) for i in range((nxt - first).days)]


def _utc_midnight(d: date, z: ZoneInfo) -> datetime:
    return datetime.combine(d, time(), tzinfo=z).astimezone(UTC).replace(tzinfo=None)


def chart_max(highest: int) -> int:
    """10, or the highest count plus 10% (spec §9)."""
    return max(PROGRESS_MIN_MAX, -(-highest * 11 // 10))


def progress(session: Session, principal: Principal, *, is_weekly: bool, project_id: int | None,
             manager_id: int | None, surveyor_id: int | None, now: datetime | None = None) -> dict:
    z = ZoneInfo(BUSINESS_TZ)
    today = (now or utcnow()).replace(tzinfo=UTC).astimezone(z).date()
    days = _period(today, is_weekly)
    ranges = [(_utc_midnight(d, z), _utc_midnight(d + timedelta(days=1), z)) for d in days]
    f = CallFilter(project_id=project_id, manager_id=manager_id, surveyor_id=surveyor_id)
    counts = repo.day_counts(session, call_log.conditions_for(principal, f), ranges)
    rows = [{"date": d.isoformat(), "calls": c, "surveys": s} for d, (c, s) in zip(days, counts, strict=True)]
    total_surveys = sum(r["surveys"] for r in rows)
    return {"isWeekly": is_weekly, "from": days[0].isoformat(), "to": days[-1].isoformat(), "timezone": BUSINESS_TZ,
            "days": rows, "totalCalls": sum(r["calls"] for r in rows), "totalSurveys": total_surveys,
            "max": chart_max(max((r["surveys"] for r in rows), default=0))}
