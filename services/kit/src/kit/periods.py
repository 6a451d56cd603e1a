"""The business calendar every service counts goals on (spec §9: America/Chicago): weeks Monday to Sunday, and a
project's reporting period = its start date + k × its reporting frequency in months. One implementation for
projects (which owns the projects), calling (the progress chart) and reporting (the surveyor screens), each of
which reads the start date and frequency from `projects.project.*` events."""

import calendar
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from kit.events import utcnow

BUSINESS_TZ = ZoneInfo("America/Chicago")


def add_months(d: date, months: int) -> date:
    y, m = divmod(d.month - 1 + months, 12)
    year, month = d.year + y, m + 1
    return date(year, month, min(d.day, calendar.monthrange(year, month)[1]))


def business_today(now: datetime | None = None) -> date:
    """Today on the business calendar; `now` is a naive UTC instant (the form stored instants take)."""
    now = now or utcnow()
    return now.replace(tzinfo=ZoneInfo("UTC")).astimezone(BUSINESS_TZ).date()


def week_start(d: date) -> date:
    """Weeks run Monday to Sunday; a week is named by its Monday."""
    return d - timedelta(days=d.weekday())


def reporting_period(start: date, freq_months: int, today: date) -> tuple[date, date]:
    """The reporting period holding `today`: start + k * frequency months up to the next step (end exclusive)."""
    if today < start:
        return start, add_months(start, freq_months)
    k = ((today.year - start.year) * 12 + today.month - start.month) // max(freq_months, 1)
    lo = add_months(start, k * freq_months)
    while lo > today:
        k -= 1
        lo = add_months(start, k * freq_months)
    hi = add_months(start, (k + 1) * freq_months)
    while hi <= today:
        k += 1
        lo, hi = hi, add_months(start, (k + 1) * freq_months)
    return lo, hi


def known_reporting_period(start: date | None, freq_months: int | None, today: date) -> tuple[date, date]:
    """`reporting_period` for a project as a consumer's read model knows it. A row written before the consumer kept
    the start date has none: its period is taken as the calendar month (a monthly period starting on the 1st), and
    an unknown frequency as monthly, until the project's next event brings them."""
    if start is None:
        start = today.replace(day=1)
    return reporting_period(start, freq_months or 1, today)


def period_days(is_weekly: bool, start: date | None, freq_months: int | None, today: date) -> tuple[date, date]:
    """The week or the reporting period holding `today` as business days [first, end) (end exclusive)."""
    if is_weekly:
        ws = week_start(today)
        return ws, ws + timedelta(days=7)
    return known_reporting_period(start, freq_months, today)


def utc_bounds(lo: date, hi: date) -> tuple[datetime, datetime]:
    """Business-day bounds [lo, hi) as naive UTC instants (the form stored instants take)."""
    def conv(d: date) -> datetime:
        return datetime.combine(d, time(0), BUSINESS_TZ).astimezone(ZoneInfo("UTC")).replace(tzinfo=None)
    return conv(lo), conv(hi)


def survey_day(today: date | None = None) -> tuple[date, datetime, datetime]:
    """Today's survey day (a business day) and its bounds as naive UTC instants."""
    today = today or business_today()
    return (today, *utc_bounds(today, today + timedelta(days=1)))


def window(is_weekly: bool, start: date, freq_months: int, today: date | None = None) -> tuple[datetime, datetime]:
    """The week or the reporting period holding today, as naive UTC instants [lo, hi)."""
    return utc_bounds(*period_days(is_weekly, start, freq_months, today or business_today()))


def off_calendar(name: str, day: date | None) -> str | None:
    """Why a search day cannot be used, or None: a range's default start before it and the day after it (the bound a
    query takes, a period's end, an invoice date) must stay on the calendar, so years 1 and 9999 are refused with a
    message naming the field (they overflowed further on into the kit's generic answer)."""
    if day is None or date.min.year < day.year < date.max.year:
        return None
    return f"{name}: must be a day between the years {date.min.year + 1} and {date.max.year - 1}"
