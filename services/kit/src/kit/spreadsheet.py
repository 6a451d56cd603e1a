"""CSV cells a spreadsheet opens safely (CSV injection): a cell starting with = + - @ tab or CR would run as a
formula in Excel or LibreOffice, so it is written with an apostrophe in front, the spreadsheet's own mark for
"text". Every CSV export uses this one rule, whoever typed the value (a patient's comment, an admin's language or
project name); the browser-built files follow the same rule (frontend shared-util `csv.ts`)."""

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value) -> str:
    """A value as CSV cell text: None is empty; a formula-like start is neutralised with a leading apostrophe."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_START) else text
