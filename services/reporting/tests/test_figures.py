"""The arithmetic without a database."""

from datetime import date, datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from reporting.call_stats import figures as f
from reporting.constants import MONTHLY, WEEKLY, DAILY, business_day, duration_us

CHI = ZoneInfo("America/Chicago")


def test_buckets():
    assert f.buckets(date(2026, 3, 4), date(2026, 3, 16), WEEKLY) == [date(2026, 3, 2), date(2026, 3, 9), date(2026, 3, 16)]
    assert f.buckets(date(2026, 1, 31), date(2026, 3, 1), MONTHLY) == [date(2026, 1, 1), date(2026, 2, 1), date(2026, 3, 1)]
    assert f.buckets(date(2026, 3, 1), date(2026, 3, 1), DAILY) == [date(2026, 3, 1)]


def test_business_day_and_dst():
    # 05:30 UTC on 3 March is still 2 March in Chicago (CST, UTC-6); after DST (8 March) the offset is -5
    assert business_day(datetime(2026, 3, 3, 5, 30)) == date(2026, 3, 2)
    assert business_day(datetime(2026, 3, 10, 4, 59)) == date(2026, 3, 9)
    assert business_day(datetime(2026, 3, 10, 5, 0)) == date(2026, 3, 10)
    assert f.utc_range(date(2026, 3, 2), date(2026, 3, 9), CHI) == (datetime(2026, 3, 2, 6), datetime(2026, 3, 10, 5))
    assert duration_us(datetime(2026, 3, 2, 15), datetime(2026, 3, 2, 15, 0, 1, 5)) == 1_000_005
    assert duration_us(datetime(2026, 3, 2, 15), datetime(2026, 3, 2, 14)) == 0 and duration_us(None, None) == 0


def test_tally_exact():
    t = f.Tally()
    minute = 60_000_000
    # project at 12.50: one survey of 12 min, two attempts (6 min, and a partial of 18 min) -> 3 attempts
    t.add_group(f.Group(date(2026, 3, 2), attempts=3, surveys=1, surveys_ig=2, duration_us=36 * minute,
                        agreed_us=12 * minute, earnings_units=125_000))
    assert t.stats(with_earnings=True) == {
        "attempts": 3, "surveys": 1, "surveys_ig": 2, "completionRate": Decimal("0.3333"),
        "timeInSys": Decimal("0.60"), "agreedTimeInSys_ig": Decimal("0.20"), "surveysPerHour": Decimal("1.67"),
        "averageSurveyLength": Decimal("12.00"), "earnings": Decimal("12.50"), "hourlyEarnings": Decimal("20.83")}
    assert "earnings" not in t.stats(with_earnings=False)
    assert f.Tally().stats(with_earnings=True)["completionRate"] == Decimal("0.00")
    assert f.chart_max([]) == 1000 and f.chart_max([Decimal("19.75"), 3]) == Decimal("29.75")


def test_rounding_percentage_to_2_decimals_and_average_to_1():
    """Spec §9: the percentage with 2 decimals (the ratio with 4: 1/3 -> 0.3333, shown 33.33%), the average to 1."""
    minute = 60_000_000
    t = f.Tally()
    # 3 surveys of 12 + 12 + 12.75 minutes out of 9 attempts: average 12.25 -> 12.3 (half up); 3/9 -> 0.3333
    t.add_group(f.Group(date(2026, 3, 2), attempts=9, surveys=3, surveys_ig=3, duration_us=60 * minute,
                        agreed_us=int(36.75 * minute)))
    s = t.stats(with_earnings=False)
    assert str(s["completionRate"]) == "0.3333" and str(s["averageSurveyLength"]) == "12.3"
    assert f.percent_ratio(2, 3) == Decimal("0.6667") and f.percent_ratio(1, 8) == Decimal("0.1250")
    assert f.percent_ratio(0, 0) == Decimal("0") and f.q1(Decimal("7.04")) == Decimal("7.0")
