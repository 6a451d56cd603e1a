"""Pure arithmetic of call stats and earnings (no database): buckets on the business calendar, Decimal money.

Definitions (spec §9 and the issue):
- attempts: calls with a result saved; surveys: result 1 (Agreed to Survey) and not partial;
  surveys_ig: result 1 including partial ones.
- timeInSys: hours of endedAt - callStart over the attempts; agreedTimeInSys_ig: the same over the surveys.
- completionRate = surveys / attempts (0 with no attempts); surveysPerHour = surveys / timeInSys;
  averageSurveyLength = agreed time / surveys, in minutes;
  earnings = sum of the call's project paymentRate over the surveys; hourlyEarnings = earnings / timeInSys.
- Rounded half-up from unrounded sums (spec §9: "weekly percentage rounded to 2 decimals, average to 1"):
  completionRate is a ratio with 4 decimals (0.3333 = 33.33%), averageSurveyLength 1 decimal, other ratios and
  money 2 decimals.
The database returns one row per bucket with the sums (earnings too); `Tally.add_group` folds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from decimal import ROUND_HALF_UP, Decimal
from zoneinfo import ZoneInfo

from reporting.constants import CHART_EMPTY_MAX, CHART_PAD, DAILY, MONTHLY, WEEKLY

CENT = Decimal("0.01")
TENTH = Decimal("0.1")
PERCENT_CENT = Decimal("0.0001")  # a ratio to this place is a percentage to 2 decimals
ZERO = Decimal("0")
US_PER_HOUR = Decimal(3_600_000_000)


def q2(d: Decimal) -> Decimal:
    return d.quantize(CENT, rounding=ROUND_HALF_UP)


def q1(d: Decimal) -> Decimal:
    return d.quantize(TENTH, rounding=ROUND_HALF_UP)


def percent_ratio(n: int, d: int) -> Decimal:
    """n / d as a ratio rounded to a percentage with 2 decimals (1/3 -> 0.3333, shown 33.33%); 0 without d."""
    return (Decimal(n) / Decimal(d) if d else ZERO).quantize(PERCENT_CENT, rounding=ROUND_HALF_UP)


def bucket_start(d: date, frequency: int) -> date:
    if frequency == WEEKLY:
        return d - timedelta(days=d.weekday())  # weeks start on Monday
    if frequency == MONTHLY:
        return d.replace(day=1)
    return d


def period_end(start: date, frequency: int) -> date:
    """The last day of the period (day, Monday-to-Sunday week, calendar month) starting on `start`."""
    if frequency == MONTHLY:
        return (start.replace(day=28) + timedelta(days=4)).replace(day=1) - timedelta(days=1)
    return start + timedelta(days=(7 if frequency == WEEKLY else 1) - 1)


def buckets(start: date, end: date, frequency: int) -> list[date]:
    out, d = [], bucket_start(start, frequency)
    while d <= end:
        out.append(d)
        if frequency == WEEKLY:
            d += timedelta(days=7)
        elif frequency == MONTHLY:
            d = (d.replace(day=28) + timedelta(days=4)).replace(day=1)
        else:
            d += timedelta(days=1)
    return out


def utc_range(start: date, end: date, tz: ZoneInfo) -> tuple[datetime, datetime]:
    """[start 00:00, end+1 00:00) on the business calendar, as naive UTC bounds."""
    lo = datetime.combine(start, time(0), tz).astimezone(UTC).replace(tzinfo=None)
    hi = datetime.combine(end + timedelta(days=1), time(0), tz).astimezone(UTC).replace(tzinfo=None)
    return lo, hi


RATE_SCALE = 10_000  # payment rates have 4 decimals: earnings are summed as integers of 1/10,000


@dataclass
class Group:
    """The database's sums for one bucket."""
    bucket: date
    attempts: int
    surveys: int
    surveys_ig: int
    duration_us: int
    agreed_us: int
    earnings_units: int = 0  # Σ paymentRate × RATE_SCALE over the surveys


@dataclass
class Tally:
    attempts: int = 0
    surveys: int = 0
    surveys_ig: int = 0
    duration_us: int = 0
    agreed_us: int = 0
    earnings: Decimal = ZERO

    def add_group(self, g: Group) -> None:
        self.attempts += g.attempts
        self.surveys += g.surveys
        self.surveys_ig += g.surveys_ig
        self.duration_us += g.duration_us
        self.agreed_us += g.agreed_us
        self.earnings += Decimal(g.earnings_units) / RATE_SCALE

    def merge(self, o: "Tally") -> None:
        self.attempts += o.attempts
        self.surveys += o.surveys
        self.surveys_ig += o.surveys_ig
        self.duration_us += o.duration_us
        self.agreed_us += o.agreed_us
        self.earnings += o.earnings

    def stats(self, *, with_earnings: bool) -> dict:
        hours = Decimal(self.duration_us) / US_PER_HOUR
        agreed_minutes = Decimal(self.agreed_us) / Decimal(60_000_000)
        out = {
            "attempts": self.attempts,
            "surveys": self.surveys,
            "surveys_ig": self.surveys_ig,
            "completionRate": percent_ratio(self.surveys, self.attempts),
            "timeInSys": q2(hours),
            "agreedTimeInSys_ig": q2(Decimal(self.agreed_us) / US_PER_HOUR),
            "surveysPerHour": q2(Decimal(self.surveys) / hours) if hours else q2(ZERO),
            "averageSurveyLength": q1(agreed_minutes / self.surveys) if self.surveys else q1(ZERO),
        }
        if with_earnings:
            out["earnings"] = q2(self.earnings)
            out["hourlyEarnings"] = q2(self.earnings / hours) if hours else q2(ZERO)
        return out


def tally_by_bucket(groups: list[Group], start: date, end: date, frequency: int) -> dict[date, Tally]:
    out = {b: Tally() for b in buckets(start, end, frequency)}
    for g in groups:
        out.setdefault(g.bucket, Tally()).add_group(g)
    return dict(sorted(out.items()))


def chart_max(values: list[Decimal | int]) -> Decimal | int:
    """Highest value plus 10, or 1000 with no data (spec §9)."""
    top = max(values, default=0)
    return top + CHART_PAD if top else CHART_EMPTY_MAX
