"""Reporting's constants in one place: the business calendar, call results, frequencies, AAPOR dispositions."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

# Calls are counted on the business calendar (spec §9: business and export time zone America/Chicago).
BUSINESS_TIMEZONE = "America/Chicago"
BUSINESS_TZ = ZoneInfo(BUSINESS_TIMEZONE)

# Call results (spec §3).
AGREED, DO_NOT_CALL, REFUSED, NO_ANSWER, UNAVAILABLE, SCHEDULED, INCORRECT_ROSTER = 1, 2, 3, 4, 5, 6, 7
RESULT_NAMES = {AGREED: "Survey Complete", DO_NOT_CALL: "Do Not Call", REFUSED: "Respondent Refused",
                NO_ANSWER: "No Answer or Voicemail Recording", UNAVAILABLE: "Respondent Unavailable",
                SCHEDULED: "Scheduled Another Time to Contact", INCORRECT_ROSTER: "Incorrect Roster Information"}

# Sampling cells (spec §3): Provider 0, Site 1, Department 2.
PROVIDER, SITE, DEPARTMENT = 0, 1, 2
CELL_TYPES = (PROVIDER, SITE, DEPARTMENT)

# A visit's typeId, shown as its visit purpose (as calling's and rosters' PATIENT_TYPES).
PATIENT_TYPES = {1: "Established", 2: "New"}

# Frequencies (spec §3): Daily 1, Weekly 7, Monthly 30. Stats default Daily, earnings Weekly.
DAILY, WEEKLY, MONTHLY = 1, 7, 30
FREQUENCIES = (DAILY, WEEKLY, MONTHLY)
MAX_DAYS = {DAILY: 366, WEEKLY: 3 * 366, MONTHLY: 10 * 366}
DEFAULT_SPAN_DAYS = {DAILY: 6, WEEKLY: 27, MONTHLY: 89}

# Chart rules (spec §9): max = highest + 10, or 1000 with no data; zero bars drawn at 1 % of max (client side).
CHART_PAD, CHART_EMPTY_MAX = 10, 1000

# AAPOR final dispositions (Standard Definitions, telephone survey of named persons). A case is a roster visit
# (a call without a visit is its own case); its final disposition is the most informative one over its calls,
# in this order. The mapping is explained in docs/decisions.md.
COMPLETE, PARTIAL, REFUSAL, NOT_ELIGIBLE, OTHER, NON_CONTACT, UNKNOWN_OTHER, UNKNOWN_HOUSEHOLD = (
    "i", "p", "r", "ne", "o", "nc", "uo", "uh")
DISPOSITION_ORDER = (COMPLETE, PARTIAL, REFUSAL, NOT_ELIGIBLE, OTHER, NON_CONTACT, UNKNOWN_OTHER, UNKNOWN_HOUSEHOLD)
RESULT_DISPOSITION = {
    DO_NOT_CALL: REFUSAL,        # the patient asked not to be called again: an explicit refusal (AAPOR 2.11)
    REFUSED: REFUSAL,            # 2.11 refusal
    NO_ANSWER: NON_CONTACT,      # 3.13/2.23 no answer, answering machine: no contact with the respondent
    UNAVAILABLE: NON_CONTACT,    # 2.21 respondent never available
    SCHEDULED: OTHER,            # contact made, eligible, callback pending at the end: 2.30 other
    INCORRECT_ROSTER: NOT_ELIGIBLE,  # 4.2x wrong number / not the listed patient: not eligible
}
# Agreed to Survey is Complete (1.1) unless partial (1.2 Partial); a call without a result is UH while still open
# and UO once released (the call was opened and given up without an outcome).
DISPOSITION_LABELS = {COMPLETE: "Complete (I)", PARTIAL: "Partial (P)", REFUSAL: "Refusal (R)",
                      NON_CONTACT: "Non-contact (NC)", OTHER: "Other (O)", UNKNOWN_HOUSEHOLD: "Unknown (UH)",
                      UNKNOWN_OTHER: "Unknown (UO)", NOT_ELIGIBLE: "Not eligible (NE)"}
GROUP_BY = ("project", "site", "provider", "surveyor")
# Results counted as refusals on Call Quality: those whose AAPOR disposition is a refusal (above).
REFUSAL_RESULTS = tuple(r for r, d in RESULT_DISPOSITION.items() if d == REFUSAL)

# Call Quality: a completed survey shorter than this is "very short" (too short to have been read out in full; a
# sign of a rushed or skipped questionnaire worth a listen). Sent with the figures, so the screen names it.
SHORT_SURVEY_MINUTES = 3

# Service recoveries (client report exports).
SR_FILE_PREFIX = "survey-report"
NO_HEADER_KEYS = "No Header Keys Selected"


def business_day(utc_naive: datetime | None, tz: ZoneInfo = BUSINESS_TZ) -> date | None:
    return None if utc_naive is None else utc_naive.replace(tzinfo=UTC).astimezone(tz).date()


def duration_us(start: datetime | None, ended: datetime | None) -> int:
    if start is None or ended is None or ended <= start:
        return 0
    return (ended - start) // timedelta(microseconds=1)
