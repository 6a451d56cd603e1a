"""Surveyors Called Roster Export: the project's called patients in a date range, with the figures of their
provider, department and site cells. The dates are days in America/Chicago (the export's time zone)."""

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy.orm import Session

from kit import periods
from kit.auth import Principal
from kit.errors import BadRequest
from rosters.called import repository
from rosters.constants import DEPARTMENT, PATIENT_TYPES, PROVIDER, SITE
from rosters.readmodel import repository as readmodel
from rosters.readmodel.access import project_or_404
from rosters.sampling import service as sampling_service

EXPORT_TZ = ZoneInfo("America/Chicago")
DEFAULT_DAYS = 7
MAX_RANGE_DAYS = 366


def _utc_start(day: date) -> datetime:
    return datetime.combine(day, time.min, EXPORT_TZ).astimezone(UTC).replace(tzinfo=None)


def _cell(figures: dict, name: str | None) -> dict:
    f = figures.get(name) if name is not None else None
    if f is None:
        return {"name": name, "required": None, "surveys": 0, "remaining": None, "encounters": 0, "eligibleEnc": 0,
                "lastEncounter": None}
    return {"name": name, "required": f["surveyRequired"], "surveys": f["surveys"], "remaining": f["surveyRemaining"],
            "encounters": f["encounters"], "eligibleEnc": f["eligibleEnc"], "lastEncounter": f["lastEncounter"]}


def describe(project_id: int, start: date, end: date, skip: int, limit: int, returned: int, count: int) -> str:
    """What one page of the export covered, for the PHI access audit: its filters and page, no patient data."""
    return (f"called roster, project {project_id}, {start.isoformat()} to {end.isoformat()}, skip {skip}, "
            f"limit {limit}, rows {skip + 1}-{skip + returned} of {count}")


def called_roster(s: Session, principal: Principal, *, project_id: int, start: date | None, end: date | None,
                  skip: int, limit: int) -> tuple[dict, str]:
    """The page of the export and what it covered (`describe`, for the PHI access audit)."""
    project = project_or_404(s, principal, project_id, read=True)
    for name, day in (("from", start), ("to", end)):
        # the day after `to` bounds the query and the default `from` is a week before `to`: both stay on the calendar
        if problem := periods.off_calendar(name, day):
            raise BadRequest(problem)
    today = datetime.now(EXPORT_TZ).date()
    end = end or today
    start = start or end - timedelta(days=DEFAULT_DAYS)
    if start > end:
        raise BadRequest("from: must not be after to")
    if (end - start).days > MAX_RANGE_DAYS:
        raise BadRequest(f"from, to: the range is at most {MAX_RANGE_DAYS} days")
    pairs, count = repository.called_page(s, project_id, _utc_start(start), _utc_start(end + timedelta(days=1)),
                                          skip, limit)
    figures = sampling_service.figures_by_type(s, project_id)
    languages = readmodel.language_names(s)
    rows = []
    for c, v in pairs:
        rows.append({
            "callId": c.call_id, "visitId": v.id, "firstName": v.first_name, "lastName": v.last_name, "age": v.age,
            "dob": v.dob, "dos": v.dos, "ethnicity": v.ethnicity, "gender": v.gender,
            "language": {"id": v.language_id, "name": languages.get(v.language_id)} if v.language_id else None,
            "payerType": v.payer_type, "phoneCell": v.phone_cell, "phoneHome": v.phone_home, "race": v.race,
            "visitPurpose": PATIENT_TYPES.get(v.type_id), "result": c.result, "typeId": v.type_id,
            "isPartial": c.is_partial, "project": {"id": project.id, "name": project.name},
            "user": {"id": c.surveyor_id}, "surveyedOn": c.surveyed_on, "surveyCompletedOn": c.survey_completed_on,
            "provider": _cell(figures[PROVIDER], v.provider_name),
            "department": _cell(figures[DEPARTMENT], v.department_name),
            "site": _cell(figures[SITE], v.site_name)})
    return {"rows": rows, "count": count}, describe(project_id, start, end, skip, limit, len(rows), count)
