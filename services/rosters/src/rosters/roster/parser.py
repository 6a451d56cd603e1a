"""Roster CSV parsing and validation, vectorised with polars. Pure: no database, no I/O.

Error messages name the row and the column and never echo a cell value (patient data).
`row` is the line number in the file as a spreadsheet shows it (the header is row 1).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from datetime import date

import polars as pl

COLUMNS = ["Age", "Cell Phone", "Site", "CHPW", "Department", "DOB", "DOS", "Ethnicity", "Guarantor", "Home Phone",
           "Language", "MRN", "Patient Name", "Patient Type", "Payer Type", "Provider Name", "Provider Type", "Race",
           "Sex"]
MAX_ERRORS = 100
DEFAULT_LANGUAGE_ID = 1  # a blank Language means English
_DATE_HELP = "is not a valid date (use MM/DD/YYYY or YYYY-MM-DD)"


class RosterRejected(Exception):
    """The file as a whole cannot be used (status 406 or 415); nothing is stored."""

    def __init__(self, message: str, status_code: int = 406):
        super().__init__(message)
        self.message, self.status_code = message, status_code


@dataclass
class ParsedRoster:
    visits: pl.DataFrame                      # normalised columns (see VISIT_COLUMNS), one row per encounter
    row_count: int
    errors: list[dict] = field(default_factory=list)   # first MAX_ERRORS {row, column, message}
    error_count: int = 0
    languages: list[dict] = field(default_factory=list)
    providers: list[dict] = field(default_factory=list)
    sites: list[dict] = field(default_factory=list)
    departments: list[dict] = field(default_factory=list)
    range_start_date: date | None = None
    range_end_date: date | None = None

    def preview(self) -> dict:
        return {"languages": self.languages, "providers": self.providers, "sites": self.sites,
                "departments": self.departments, "rowCount": self.row_count, "errors": self.errors,
                "errorCount": self.error_count, "rangeStartDate": self.range_start_date,
                "rangeEndDate": self.range_end_date}


VISIT_COLUMNS = ["first_name", "last_name", "phone_cell", "phone_home", "dos", "dob", "age", "gender",
                 "provider_name", "provider_type", "site_name", "department_name", "guarantor", "language_id",
                 "chpw", "type_id", "payer_type", "ethnicity", "race", "mrn"]


def _sniff(content: bytes, file_name: str) -> bytes:
    name = (file_name or "").lower()
    if name and not name.endswith((".csv", ".txt")):
        raise RosterRejected("Only .csv roster files can be uploaded", 415)
    head = content[:8192]
    if head.startswith((b"%PDF", b"PK\x03\x04", b"\xd0\xcf\x11\xe0")) or b"\x00" in head:
        raise RosterRejected("The file is not a CSV text file (save the roster as CSV UTF-8)", 415)
    if content.startswith(b"\xef\xbb\xbf"):
        content = content[3:]
    try:
        content.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RosterRejected(f"The file is not UTF-8 encoded (invalid byte at position {exc.start}); "
                             "save the roster as CSV UTF-8") from None
    if not content.strip():
        raise RosterRejected("The roster file is empty")
    return content


def _read(content: bytes) -> pl.DataFrame:
    try:
        df = pl.read_csv(io.BytesIO(content), infer_schema=False, has_header=True, truncate_ragged_lines=False,
                         raise_if_empty=True)
    except Exception:  # noqa: BLE001 - polars messages may quote cell values, so they are not passed on
        raise RosterRejected("The file could not be read as CSV (check quoting and that every row has the same "
                             "number of columns as the header)") from None
    canonical = {c.lower(): c for c in COLUMNS}
    renames, seen = {}, set()
    for col in df.columns:
        key = col.strip().lstrip("\ufeff").lower()
        if key in canonical:
            if key in seen:
                raise RosterRejected(f"Column {canonical[key]} appears more than once")
            seen.add(key)
            renames[col] = canonical[key]
    missing = [c for c in COLUMNS if c.lower() not in seen]
    if missing:
        raise RosterRejected(f"Missing required columns: {', '.join(missing)}")
    df = df.rename(renames).select(COLUMNS)
    if df.height == 0:
        raise RosterRejected("The roster has no rows")
    # Trim every cell; a blank cell is missing.
    trimmed = [pl.col(c).str.strip_chars() for c in COLUMNS]
    return df.with_columns([pl.when(t.str.len_bytes() > 0).then(t).otherwise(None).alias(c) for c, t in zip(COLUMNS, trimmed)])


def _date(col: str) -> pl.Expr:
    v = pl.col(col)
    return pl.coalesce(v.str.strptime(pl.Date, "%m/%d/%Y", strict=False),
                       v.str.strptime(pl.Date, "%Y-%m-%d", strict=False))


def _phone(col: str) -> pl.Expr:
    digits = pl.col(col).str.replace_all(r"[^0-9]", "")  # an ASCII class is several times faster than \D
    digits = pl.when((digits.str.len_chars() == 11) & digits.str.starts_with("1")).then(digits.str.slice(1)).otherwise(digits)
    return pl.when(digits.str.len_chars() == 10).then(digits).otherwise(None)


def _summary(df: pl.DataFrame, col: str) -> list[dict]:
    g = (df.filter(pl.col(col).is_not_null()).group_by(col).agg(pl.len().alias("count"))
         .sort(["count", col], descending=[True, False]))
    return [{"name": n, "count": int(c)} for n, c in g.iter_rows()]


def parse_roster(content: bytes, language_rows: list[tuple[int, str]], file_name: str = "roster.csv") -> ParsedRoster:
    """`language_rows` are (id, name) of the known languages; names match case-insensitively."""
    raw = _read(_sniff(content, file_name))
    languages = {name.strip().lower(): int(i) for i, name in language_rows}
    lang_names = {int(i): name for i, name in language_rows}
    name = pl.col("Patient Name")
    comma = name.str.extract(r"^([^,]+),\s*(.+)$", 1), name.str.extract(r"^([^,]+),\s*(.+)$", 2)
    spaced = name.str.extract(r"^(.+?)\s+(\S+)$", 1), name.str.extract(r"^(.+?)\s+(\S+)$", 2)
    has_comma = name.str.contains(",", literal=True)
    ptype = pl.col("Patient Type").str.to_lowercase()
    age = pl.col("Age").cast(pl.Int32, strict=False)
    df = raw.with_columns(
        _date("DOS").alias("dos"), _date("DOB").alias("dob"),
        _phone("Cell Phone").alias("phone_cell"), _phone("Home Phone").alias("phone_home"),
        pl.when(age.is_between(0, 130)).then(age).otherwise(None).alias("age"),
        pl.col("Language").str.to_lowercase().replace_strict(languages, default=None, return_dtype=pl.Int32).alias("language_id"),
        pl.when(ptype.is_in(["established", "1"])).then(1).when(ptype.is_in(["new", "2"])).then(2)
          .otherwise(None).cast(pl.Int32).alias("type_id"),
        pl.when(has_comma).then(comma[1]).otherwise(pl.coalesce(spaced[0], name)).str.strip_chars().alias("first_name"),
        pl.when(has_comma).then(comma[0]).otherwise(spaced[1]).str.strip_chars().alias("last_name"),
    )
    invalid_date = f" {_DATE_HELP}"
    checks: list[tuple[str, pl.Expr, str]] = [
        ("Patient Name", pl.col("Patient Name").is_null(), "is required"),
        ("DOS", pl.col("DOS").is_null(), "is required"),
        ("DOS", pl.col("DOS").is_not_null() & pl.col("dos").is_null(), invalid_date.strip()),
        ("DOB", pl.col("DOB").is_not_null() & pl.col("dob").is_null(), invalid_date.strip()),
        ("Cell Phone", pl.col("Cell Phone").is_not_null() & pl.col("phone_cell").is_null(),
         "must be a 10-digit phone number"),
        ("Home Phone", pl.col("Home Phone").is_not_null() & pl.col("phone_home").is_null(),
         "must be a 10-digit phone number"),
        ("Cell Phone", pl.col("Cell Phone").is_null() & pl.col("Home Phone").is_null(),
         "is required when Home Phone is blank"),
        ("Language", pl.col("Language").is_not_null() & pl.col("language_id").is_null(),
         "is not in the language list (add the language first)"),
        ("Patient Type", pl.col("Patient Type").is_not_null() & pl.col("type_id").is_null(),
         "must be Established, New, 1 or 2"),
        ("Age", pl.col("Age").is_not_null() & pl.col("age").is_null(), "must be a whole number from 0 to 130"),
    ]
    masks = df.select([expr.alias(f"c{i}") for i, (_, expr, _) in enumerate(checks)])
    found: list[tuple[int, int]] = []
    error_count = 0
    for i in range(len(checks)):
        idx = masks.get_column(f"c{i}").arg_true()
        error_count += idx.len()
        found.extend((int(r), i) for r in idx.head(MAX_ERRORS))
    found.sort()
    errors = [{"row": r + 2, "column": checks[i][0], "message": f"Row {r + 2}, column {checks[i][0]}: {checks[i][2]}"}
              for r, i in found[:MAX_ERRORS]]

    visits = df.select(
        "first_name", "last_name", "phone_cell", "phone_home", "dos", "dob", "age",
        pl.col("Sex").alias("gender"), pl.col("Provider Name").alias("provider_name"),
        pl.col("Provider Type").alias("provider_type"), pl.col("Site").alias("site_name"),
        pl.col("Department").alias("department_name"), pl.col("Guarantor").alias("guarantor"),
        pl.col("language_id").fill_null(pl.when(pl.col("Language").is_null()).then(DEFAULT_LANGUAGE_ID)).cast(pl.Int32),
        pl.col("CHPW").alias("chpw"), "type_id", pl.col("Payer Type").alias("payer_type"),
        pl.col("Ethnicity").alias("ethnicity"), pl.col("Race").alias("race"), pl.col("MRN").alias("mrn"),
    )
    lang_counts = (visits.filter(pl.col("language_id").is_not_null()).group_by("language_id")
                   .agg(pl.len().alias("count")).sort(["count", "language_id"], descending=[True, False]))
    dos = visits.get_column("dos")
    return ParsedRoster(
        visits=visits, row_count=df.height, errors=errors, error_count=error_count,
        languages=[{"id": int(i), "name": lang_names.get(int(i), str(i)), "count": int(c)}
                   for i, c in lang_counts.iter_rows()],
        providers=_summary(visits, "provider_name"), sites=_summary(visits, "site_name"),
        departments=_summary(visits, "department_name"), range_start_date=dos.min(), range_end_date=dos.max())

