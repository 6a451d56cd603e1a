"""The call log's, escalations' and progress chart's constants (spec §3, §9)."""

from kit.languages import LANGUAGES  # noqa: F401 - the call log's and export's language names

BUSINESS_TZ = "America/Chicago"  # business and export time zone

# Call results; Agreed to Survey is shown as Survey Complete
RESULTS = {1: "Survey Complete", 2: "Do Not Call", 3: "Respondent Refused", 4: "No Answer or Voicemail Recording",
           5: "Respondent Unavailable", 6: "Scheduled Another Time to Contact", 7: "Incorrect Roster Information"}
SURVEY_STATUS = {0: "Completed", 1: "Partial"}
PATIENT_TYPES = {1: "Established", 2: "New"}  # a visit's typeId, shown as its visit purpose

EXPORT_COLUMNS = ("Project Name", "Surveyor", "Survey Language", "Cell Phone", "Home Phone", "Call Status",
                  "Survey Status", "Call Date/Time", "Survey Date/Time")
EXPORT_DATETIME = "%m/%d/%Y %I:%M:%S %p"
EXPORT_BATCH = 2000
NO_DATA = "No Data Found"  # an export with no row (spec §8: an empty export shows the server's message)
SEARCH_MIN_DIGITS = 2

ESCALATION_STATUS = {True: "Resolved", False: "Unresolved"}
PROGRESS_MIN_MAX = 10  # the progress chart's smallest y-axis maximum
