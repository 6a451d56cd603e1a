"""The arithmetic without a database."""

from datetime import date, datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from reporting.call_stats import figures as f

CHI = ZoneInfo("America/Chicago")


def test_buckets():
    assert f.buckets(date(2026, 3, 4), date(2026, 3, 16), f.WEEKLY) == [date(2026, 3, 2), date(2026, 3, 9), date(2026, 3, 16)]
    assert f.buckets(date(2026, 1, 31), date(2026, 3, 1), f.MONTHLY) == [date(2026, 1, 1), date(2026, 2, 1), date(2026, 3, 1)]
    assert f.buckets(date(2026, 3, 1), date(2026, 3, 1), f.DAILY) == [date(2026, 3, 1)]


def test_business_day_and_dst():
    # 05:30 UTC on 3 March is still 2 March in Chicago (CST, UTC-6); after DST (8 March) the offset is -5
    assert f.local_date(datetime(2026, 3, 3, 5, 30), CHI) == date(2026, 3, 2)
    assert f.local_date(datetime(2026, 3, 10, 4, 59), CHI) == date(2026, 3, 9)
    assert f.local_date(datetime(2026, 3, 10, 5, 0), CHI) == date(2026, 3, 10)
    assert f.utc_range(date(2026, 3, 2), date(2026, 3, 9), CHI) == (datetime(2026, 3, 2, 6), datetime(2026, 3, 10, 5))


def test_tally_exact():
    t = f.Tally()
    rate = Decimal("12.50")
    t.add(f.CallRow(datetime(2026, 3, 2, 15), datetime(2026, 3, 2, 15, 12), 1, False, rate))
    t.add(f.CallRow(datetime(2026, 3, 2, 16), datetime(2026, 3, 2, 16, 6), 4, False, rate))
    t.add(f.CallRow(datetime(2026, 3, 2, 17), datetime(2026, 3, 2, 17, 18), 1, True, rate))
    t.add(f.CallRow(datetime(2026, 3, 2, 18), None, None, False, rate))  # no result: not an attempt
    assert t.stats(with_earnings=True) == {
        "attempts": 3, "surveys": 1, "surveys_ig": 2, "completionRate": Decimal("0.33"),
        "timeInSys": Decimal("0.60"), "agreedTimeInSys_ig": Decimal("0.20"), "surveysPerHour": Decimal("1.67"),
        "earnings": Decimal("12.50"), "hourlyEarnings": Decimal("20.83")}
    assert "earnings" not in t.stats(with_earnings=False)
    assert f.Tally().stats(with_earnings=True)["completionRate"] == Decimal("0.00")
    assert f.chart_max([]) == 1000 and f.chart_max([Decimal("19.75"), 3]) == Decimal("29.75")
