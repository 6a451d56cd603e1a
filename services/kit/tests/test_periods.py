"""The business calendar (kit.periods): weeks, and a project's reporting period from its start and frequency."""

from datetime import date, datetime

from kit.periods import (business_today, known_reporting_period, period_days, reporting_period, utc_bounds,
                         week_start, window)


def test_reporting_period_steps_from_the_project_start_not_the_calendar_month():
    # a quarterly project started on 15 Jan: 15 Jan - 15 Apr, 15 Apr - 15 Jul, ...
    assert reporting_period(date(2026, 1, 15), 3, date(2026, 5, 3)) == (date(2026, 4, 15), date(2026, 7, 15))
    assert reporting_period(date(2026, 1, 15), 3, date(2026, 4, 14)) == (date(2026, 1, 15), date(2026, 4, 15))
    assert reporting_period(date(2026, 1, 15), 1, date(2026, 3, 1)) == (date(2026, 2, 15), date(2026, 3, 15))
    # month ends are clamped from the start each step (31 Jan, 28 Feb, 31 Mar), never drifting
    assert reporting_period(date(2026, 1, 31), 1, date(2026, 3, 30)) == (date(2026, 2, 28), date(2026, 3, 31))
    assert reporting_period(date(2026, 1, 31), 1, date(2026, 3, 31)) == (date(2026, 3, 31), date(2026, 4, 30))
    # annual, and a project that has not started: its first period
    assert reporting_period(date(2025, 6, 1), 12, date(2026, 5, 31)) == (date(2025, 6, 1), date(2026, 6, 1))
    assert reporting_period(date(2026, 9, 1), 2, date(2026, 5, 1)) == (date(2026, 9, 1), date(2026, 11, 1))


def test_a_read_model_without_start_or_frequency_reads_the_calendar_month_or_monthly():
    assert known_reporting_period(None, None, date(2026, 2, 10)) == (date(2026, 2, 1), date(2026, 3, 1))
    assert known_reporting_period(None, 3, date(2026, 2, 10)) == (date(2026, 2, 1), date(2026, 5, 1))
    assert known_reporting_period(date(2026, 1, 20), None, date(2026, 2, 10)) == (date(2026, 1, 20), date(2026, 2, 20))


def test_weeks_and_utc_bounds_on_the_business_calendar():
    assert week_start(date(2026, 3, 8)) == date(2026, 3, 2)  # a Sunday belongs to the week of its Monday
    assert period_days(True, None, None, date(2026, 3, 4)) == (date(2026, 3, 2), date(2026, 3, 9))
    assert period_days(False, date(2026, 1, 15), 3, date(2026, 5, 3)) == (date(2026, 4, 15), date(2026, 7, 15))
    # Central midnight: 06:00 UTC in winter, 05:00 UTC in summer
    assert utc_bounds(date(2026, 1, 1), date(2026, 7, 1)) == (datetime(2026, 1, 1, 6), datetime(2026, 7, 1, 5))
    assert window(False, date(2026, 1, 15), 3, date(2026, 5, 3)) == (datetime(2026, 4, 15, 5), datetime(2026, 7, 15, 5))
    # 03:00 UTC on 2 Mar is still 1 Mar in Chicago
    assert business_today(datetime(2026, 3, 2, 3)) == date(2026, 3, 1)
