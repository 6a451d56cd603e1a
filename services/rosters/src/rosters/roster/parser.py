"""Roster CSV parsing and validation, vectorised with polars. Pure: no database, no I/O.

Error messages name the row and the column and never echo a cell value (patient data).
`row` is the line number in the file as a spreadsheet shows it (the header is row 1).
"""

from __future__ import annotations

import codecs
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

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
    visits: pl.DataFrame | None               # only from parse_roster (in memory); files are streamed
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


FORMULA_PATTERN = r"^[=+\-@\t\r]"  # a cell starting like a spreadsheet formula
# Columns kept as text: a cell starting like a formula is refused there (spreadsheets would run it on export).
# Phones, dates and age are validated by their own format, so no formula can pass them.
TEXT_COLUMNS = [c for c in COLUMNS if c not in ("Cell Phone", "Home Phone", "DOB", "DOS", "Age")]
BATCH_ROWS = 50_000
_CHUNK = 1 << 20


def check_file(path: str | Path, file_name: str) -> None:
    """The file as a whole: a .csv name, text (not PDF / ZIP / Office), UTF-8 throughout, not empty. Reads it in
    1 MB chunks, never whole."""
    name = (file_name or "").lower()
    if name and not name.endswith((".csv", ".txt")):
        raise RosterRejected("Only .csv roster files can be uploaded", 415)
    decoder = codecs.getincrementaldecoder("utf-8")()
    position, blank = 0, True
    with open(path, "rb") as f:
        head = f.read(8192)
        if head.startswith((b"%PDF", b"PK\x03\x04", b"\xd0\xcf\x11\xe0")) or b"\x00" in head:
            raise RosterRejected("The file is not a CSV text file (save the roster as CSV UTF-8)", 415)
        chunk = head
        while chunk:
            try:
                decoder.decode(chunk)
            except UnicodeDecodeError as exc:
                raise RosterRejected(f"The file is not UTF-8 encoded (invalid byte at position {position + exc.start}); "
                                     "save the roster as CSV UTF-8") from None
            blank = blank and not chunk.lstrip(b"\xef\xbb\xbf \t\r\n")
            position += len(chunk)
            chunk = f.read(_CHUNK)
        try:
            decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            raise RosterRejected("The file is not UTF-8 encoded (it ends inside a character); save the roster as "
                                 "CSV UTF-8") from None
    if blank:
        raise RosterRejected("The roster file is empty")


def _unreadable() -> RosterRejected:
    # polars messages may quote cell values, so they are not passed on
    return RosterRejected("The file could not be read as CSV (check quoting and that every row has the same "
                          "number of columns as the header)")


def _header(path: str | Path) -> dict[str, str]:
    """{column as in the file: canonical name} for the 19 roster columns; a missing or doubled one is refused."""
    try:
        names = pl.scan_csv(path, infer_schema=False, has_header=True, encoding="utf8-lossy").collect_schema().names()
    except Exception:  # noqa: BLE001
        raise _unreadable() from None
    canonical = {c.lower(): c for c in COLUMNS}
    renames, seen = {}, set()
    for col in names:
        key = col.strip().lstrip("\ufeff").lower()
        if key in canonical:
            if key in seen:
                raise RosterRejected(f"Column {canonical[key]} appears more than once")
            seen.add(key)
            renames[col] = canonical[key]
    missing = [c for c in COLUMNS if c.lower() not in seen]
    if missing:
        raise RosterRejected(f"Missing required columns: {', '.join(missing)}")
    return renames


def read_batches(path: str | Path, batch_rows: int = BATCH_ROWS) -> Iterator[pl.DataFrame]:
    """The roster's 19 columns, trimmed (a blank cell is missing), `batch_rows` rows at a time, streamed from the
    file so memory stays flat whatever its size."""
    renames = _header(path)
    trimmed = [pl.col(c).str.strip_chars() for c in COLUMNS]
    lazy = (pl.scan_csv(path, infer_schema=False, has_header=True, truncate_ragged_lines=False, encoding="utf8-lossy")
            .rename(renames).select(COLUMNS)
            .with_columns([pl.when(t.str.len_bytes() > 0).then(t).otherwise(None).alias(c)
                           for c, t in zip(COLUMNS, trimmed)]))
    try:
        batches = lazy.collect_batches(chunk_size=batch_rows)
    except Exception:  # noqa: BLE001
        raise _unreadable() from None
    any_rows = False
    while True:
        try:
            batch = next(batches)
        except StopIteration:
            break
        except Exception:  # noqa: BLE001
            raise _unreadable() from None
        if batch.height:
            any_rows = True
            yield batch
    if not any_rows:
        raise RosterRejected("The roster has no rows")


def _date(col: str) -> pl.Expr:
    v = pl.col(col)
    return pl.coalesce(v.str.strptime(pl.Date, "%m/%d/%Y", strict=False),
                       v.str.strptime(pl.Date, "%Y-%m-%d", strict=False))


def _phone(col: str) -> pl.Expr:
    digits = pl.col(col).str.replace_all(r"[^0-9]", "")  # an ASCII class is several times faster than \D
    digits = pl.when((digits.str.len_chars() == 11) & digits.str.starts_with("1")).then(digits.str.slice(1)).otherwise(digits)
    return pl.when(digits.str.len_chars() == 10).then(digits).otherwise(None)


def _sorted_counts(counter: Counter) -> list[dict]:
    return [{"name": n, "count": c} for n, c in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))]


def _count(counter: Counter, visits: pl.DataFrame, col: str) -> None:
    g = visits.filter(pl.col(col).is_not_null()).group_by(col).agg(pl.len().alias("count"))
    for n, c in g.iter_rows():
        counter[n] += int(c)


def _parse_batch(raw: pl.DataFrame, languages: dict[str, int], first_row: int) -> tuple[pl.DataFrame, list[dict], int]:
    """One batch: normalised visits, its first row errors (rows numbered from `first_row`) and its error count."""
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
    checks += [(c, pl.col(c).str.contains(FORMULA_PATTERN),
                "must not start with =, +, -, @ or a tab (it would run as a spreadsheet formula)")
               for c in TEXT_COLUMNS]
    masks = df.select([expr.fill_null(False).alias(f"c{i}") for i, (_, expr, _) in enumerate(checks)])
    found: list[tuple[int, int]] = []
    error_count = 0
    for i in range(len(checks)):
        idx = masks.get_column(f"c{i}").arg_true()
        error_count += idx.len()
        found.extend((int(r), i) for r in idx.head(MAX_ERRORS))
    found.sort()
    errors = [{"row": r + first_row, "column": checks[i][0],
               "message": f"Row {r + first_row}, column {checks[i][0]}: {checks[i][2]}"} for r, i in found[:MAX_ERRORS]]

    visits = df.select(
        "first_name", "last_name", "phone_cell", "phone_home", "dos", "dob", "age",
        pl.col("Sex").alias("gender"), pl.col("Provider Name").alias("provider_name"),
        pl.col("Provider Type").alias("provider_type"), pl.col("Site").alias("site_name"),
        pl.col("Department").alias("department_name"), pl.col("Guarantor").alias("guarantor"),
        pl.col("language_id").fill_null(pl.when(pl.col("Language").is_null()).then(DEFAULT_LANGUAGE_ID)).cast(pl.Int32),
        pl.col("CHPW").alias("chpw"), "type_id", pl.col("Payer Type").alias("payer_type"),
        pl.col("Ethnicity").alias("ethnicity"), pl.col("Race").alias("race"), pl.col("MRN").alias("mrn"),
    )
    return visits, errors, error_count


def parse_roster_file(path: str | Path, language_rows: list[tuple[int, str]], file_name: str = "roster.csv", *,
                      on_batch: Callable[[pl.DataFrame], None] | None = None,
                      batch_rows: int = BATCH_ROWS) -> ParsedRoster:
    """Check and parse the file batch by batch (memory stays flat); `on_batch` receives each batch's visits.
    `language_rows` are (id, name) of the known languages; names match case-insensitively. The result carries
    the preview figures, not the visits."""
    check_file(path, file_name)
    languages = {name.strip().lower(): int(i) for i, name in language_rows}
    lang_names = {int(i): name for i, name in language_rows}
    out = ParsedRoster(visits=None, row_count=0)
    counts = {"language_id": Counter(), "provider_name": Counter(), "site_name": Counter(),
              "department_name": Counter()}
    for raw in read_batches(path, batch_rows):
        visits, errors, error_count = _parse_batch(raw, languages, out.row_count + 2)  # the header is row 1
        out.row_count += raw.height
        out.error_count += error_count
        out.errors = sorted(out.errors + errors, key=lambda e: e["row"])[:MAX_ERRORS]
        for col, counter in counts.items():
            _count(counter, visits, col)
        dos = visits.get_column("dos")
        lo, hi = dos.min(), dos.max()
        if lo is not None:
            out.range_start_date = lo if out.range_start_date is None else min(out.range_start_date, lo)
            out.range_end_date = hi if out.range_end_date is None else max(out.range_end_date, hi)
        if on_batch is not None:
            on_batch(visits)
    out.languages = [{"id": i, "name": lang_names.get(i, str(i)), "count": c}
                     for i, c in sorted(counts["language_id"].items(), key=lambda kv: (-kv[1], kv[0]))]
    out.providers = _sorted_counts(counts["provider_name"])
    out.sites = _sorted_counts(counts["site_name"])
    out.departments = _sorted_counts(counts["department_name"])
    return out


def parse_roster(content: bytes, language_rows: list[tuple[int, str]], file_name: str = "roster.csv") -> ParsedRoster:
    """parse_roster_file for content in memory (small files, tests), with the visits collected."""
    with tempfile.NamedTemporaryFile(suffix=".csv") as f:
        f.write(content)
        f.flush()
        parts: list[pl.DataFrame] = []
        parsed = parse_roster_file(f.name, language_rows, file_name, on_batch=parts.append)
    parsed.visits = pl.concat(parts) if parts else None
    return parsed
