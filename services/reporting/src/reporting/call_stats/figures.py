"""Pure arithmetic of call stats and earnings (no database): buckets on the business calendar, Decimal money.

Definitions (spec §9 and the issue):
- attempts: calls with a result saved; surveys: result 1 (Agreed to Survey) and not partial;
  surveys_ig: result 1 including partial ones.
- timeInSys: hours of endedAt - callStart over the attempts; agreedTimeInSys_ig: the same over the surveys.
- completionRate = surveys / attempts (0 with no attempts); surveysPerHour = surveys / timeInSys;
  earnings = sum of the call's project paymentRate over the surveys; hourlyEarnings = earnings / timeInSys.
- Ratios and money are rounded half-up to 2 decimals, from unrounded sums.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from decimal import ROUND_HALF_UP, Decimal
from zoneinfo import ZoneInfo

DAILY, WEEKLY, MONTHLY = 1, 7, 30
AGREED = 1
CENT = Decimal("0.01")
ZERO = Decimal("0")


def q2(d: Decimal) -> Decimal:
    return d.quantize(CENT, rounding=ROUND_HALF_UP)


def bucket_start(d: date, frequency: int) -> date:
    if frequency == WEEKLY:
        return d - timedelta(days=d.weekday())  # weeks start on Monday
    if frequency == MONTHLY:
        return d.replace(day=1)
    return d


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


def local_date(utc_naive: datetime, tz: ZoneInfo) -> date:
    return utc_naive.replace(tzinfo=UTC).astimezone(tz).date()


@dataclass
class CallRow:
    call_start: datetime          # naive UTC
    ended_at: datetime | None
    result: int | None
    is_partial: bool
    payment_rate: Decimal


@dataclass
class Tally:
    attempts: int = 0
    surveys: int = 0
    surveys_ig: int = 0
    seconds: Decimal = ZERO
    agreed_seconds: Decimal = ZERO
    earnings: Decimal = ZERO
    _extra: dict = field(default_factory=dict)

    def add(self, c: CallRow) -> None:
        if c.result is None:
            return
        self.attempts += 1
        secs = ZERO
        if c.ended_at is not None and c.ended_at > c.call_start:
            secs = Decimal((c.ended_at - c.call_start) // timedelta(microseconds=1)) / Decimal(1_000_000)
        self.seconds += secs
        if c.result == AGREED:
            self.surveys_ig += 1
            if not c.is_partial:
                self.surveys += 1
                self.agreed_seconds += secs
                self.earnings += c.payment_rate

    def merge(self, o: "Tally") -> None:
        self.attempts += o.attempts
        self.surveys += o.surveys
        self.surveys_ig += o.surveys_ig
        self.seconds += o.seconds
        self.agreed_seconds += o.agreed_seconds
        self.earnings += o.earnings

    def stats(self, *, with_earnings: bool) -> dict:
        hours = self.seconds / Decimal(3600)
        out = {
            "attempts": self.attempts,
            "surveys": self.surveys,
            "surveys_ig": self.surveys_ig,
            "completionRate": q2(Decimal(self.surveys) / Decimal(self.attempts)) if self.attempts else q2(ZERO),
            "timeInSys": q2(hours),
            "agreedTimeInSys_ig": q2(self.agreed_seconds / Decimal(3600)),
            "surveysPerHour": q2(Decimal(self.surveys) / hours) if hours else q2(ZERO),
        }
        if with_earnings:
            out["earnings"] = q2(self.earnings)
            out["hourlyEarnings"] = q2(self.earnings / hours) if hours else q2(ZERO)
        return out


def tally_by_bucket(calls: list[CallRow], start: date, end: date, frequency: int, tz: ZoneInfo) -> dict[date, Tally]:
    out = {b: Tally() for b in buckets(start, end, frequency)}
    for c in calls:
        d = local_date(c.call_start, tz)
        if start <= d <= end:
            out[bucket_start(d, frequency)].add(c)
    return out


def chart_max(values: list[Decimal | int]) -> Decimal | int:
    """Highest value plus 10, or 1000 with no data (spec §9)."""
    top = max(values, default=0)
    return top + 10 if top else 1000
