"""The rosters context's constants in one place."""

# Roster statuses
READY, PROCESSING, ERRORED, REMOVED = 1, 2, 3, 4

# Sampling parameter types; the figures of the first three are per roster value (provider / site / department name)
PROVIDER, SITE, DEPARTMENT, LANGUAGE = 0, 1, 2, 999
PARAMETER_TYPES = (PROVIDER, SITE, DEPARTMENT, LANGUAGE)
CELL_TYPES = (PROVIDER, SITE, DEPARTMENT)

# Language sampling modes
OPEN, DONT, SET = 1, 2, 3

# Call results (calling owns them; rosters reads them from calling.call.completed)
AGREED_TO_SURVEY, DO_NOT_CALL = 1, 2

DEFAULT_LOOK_BACK_DAYS = 30
DEFAULT_MAX_CALLS = 3
SAMPLING_PAGE_SIZE = 50
SEARCH_MIN_CHARS = 2

# The roster's Patient Type column (visits.type_id); the export shows it as the visit purpose
PATIENT_TYPES = {1: "Established", 2: "New"}
