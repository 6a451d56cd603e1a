"""Current week and reporting period, in the business time zone (America/Chicago): the kit's one implementation
(`kit.periods`), which calling and reporting use too, so every screen means the same reporting period."""

from kit.periods import (BUSINESS_TZ, add_months, business_today, reporting_period, survey_day, utc_bounds, week_start,
                         window)

__all__ = ["BUSINESS_TZ", "add_months", "business_today", "reporting_period", "survey_day", "utc_bounds", "week_start",
           "window"]
