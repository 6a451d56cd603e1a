"""Roster CSV parsing and validation, vectorised with polars. Pure: no database, no I/O.

Error messages name the row and the column and never echo a cell value (patient data).
`row` is the line number in the file as a spreadsheet shows it (the header is row 1).
"""

from __future__ import annotations

import codecs
import re
import tempfile
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
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
BLOCK_BYTES = 2 << 20  # ~11,000 roster rows: a few in flight at once
PARSE_THREADS = 2
_CHUNK = 1 << 20


def check_file(path: str | Path, file_name: str) -> None:
    """The file as a whole: a .csv name (or a .pdf one whose table `rosters.roster.pdf` read into CSV), text (not PDF /
    ZIP / Office), UTF-8 throughout, not empty. Reads it in 1 MB chunks, never whole."""
    name = (file_name or "").lower()
    if name and not name.endswith((".csv", ".pdf")):  # what the drop zone takes (spec §2)
        raise RosterRejected("Only .csv and .pdf roster files can be uploaded", 415)
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


_DUPLICATED = re.compile(r"(.*)_duplicated_\d+", re.DOTALL)


def _header(path: str | Path) -> dict[str, str]:
    """{column as in the file: canonical name} for the 19 roster columns; a missing or doubled one is refused."""
    try:
        names = pl.scan_csv(path, infer_schema=False, has_header=True, encoding="utf8-lossy").collect_schema().names()
    except Exception:  # noqa: BLE001
        raise _unreadable() from None
    canonical = {c.lower(): c for c in COLUMNS}
    renames, seen = {}, set()
    for col in names:
        # polars names a heading met again "<heading>_duplicated_<n>": it is that column a second time
        again = _DUPLICATED.fullmatch(col)
        key = (again.group(1) if again and again.group(1) in names else col).strip().lstrip("\ufeff").lower()
        if key in canonical:
            if key in seen:
                raise RosterRejected(f"Column {canonical[key]} appears more than once")
            seen.add(key)
            renames[col] = canonical[key]
    missing = [c for c in COLUMNS if c.lower() not in seen]
    if missing:
        raise RosterRejected(f"Missing required columns: {', '.join(missing)}")
    return renames


def _record_end(buf: bytes, start: int = 0) -> int:
    """The position just past the last line break in `buf` that ends a CSV record (outside quotes), given that
    `buf` starts at a record's start; -1 if none. A quoted cell may hold line breaks: a break ends a record
    only when the quotes before it are balanced."""
    end = buf.rfind(b"\n")
    quotes = buf.count(b'"', start, end) if end >= 0 else 0
    while end >= start and quotes % 2:
        previous = buf.rfind(b"\n", start, end)
        quotes -= buf.count(b'"', previous + 1 if previous >= 0 else start, end)
        end = previous
    return end + 1 if end >= start else -1


def _csv_blocks(path: str | Path, block_bytes: int) -> Iterator[tuple[bytes, bytes]]:
    """(header line, whole records of about `block_bytes`) read in turn from the file: only one block is in
    memory at a time, whatever the file's size."""
    with open(path, "rb") as f:
        buf = f.read(block_bytes)
        head_end = _record_end(buf[: buf.find(b"\n") + 1]) if b"\n" in buf else -1
        if head_end < 0:
            raise RosterRejected("The roster has no rows")
        header, buf = buf[:head_end], buf[head_end:]
        while True:
            more = f.read(block_bytes)
            if not more:
                if buf.strip():
                    yield header, buf if buf.endswith(b"\n") else buf + b"\n"
                return
            buf += more
            cut = _record_end(buf)
            if cut > 0:
                yield header, buf[:cut]
                buf = buf[cut:]


def _typed_blocks(path: str | Path, renames: dict[str, str], languages: dict[str, int]) -> Iterator[pl.DataFrame]:
    """The file's blocks parsed and typed, in order, two at a time on two threads (polars runs without the GIL),
    with at most one more read ahead: memory stays a few blocks, whatever the file's size."""
    def typed(header: bytes, block: bytes) -> pl.DataFrame:
        return _typed(_rows(header, block, renames), languages).collect()

    with ThreadPoolExecutor(max_workers=PARSE_THREADS, thread_name_prefix="roster-parse") as pool:
        pending: deque = deque()
        try:
            for header, block in _csv_blocks(path, BLOCK_BYTES):
                pending.append(pool.submit(typed, header, block))
                if len(pending) > PARSE_THREADS:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        finally:
            for f in pending:
                f.cancel()


def _rows(header: bytes, block: bytes, renames: dict[str, str]) -> pl.LazyFrame:
    """A block's records as the roster's 19 columns, trimmed (a blank cell is missing)."""
    trimmed = [pl.col(c).str.strip_chars() for c in COLUMNS]
    try:
        frame = pl.read_csv(header + block, infer_schema=False, has_header=True, truncate_ragged_lines=False,
                            encoding="utf8-lossy")
    except Exception:  # noqa: BLE001
        raise _unreadable() from None
    return (frame.lazy().rename(renames).select(COLUMNS)
            .with_columns([pl.when(t.str.len_bytes() > 0).then(t).otherwise(None).alias(c)
                           for c, t in zip(COLUMNS, trimmed)]))


def _date(col: str) -> pl.Expr:
    v = pl.col(col)
    return pl.coalesce(v.str.strptime(pl.Date, "%m/%d/%Y", strict=False),
                       v.str.strptime(pl.Date, "%Y-%m-%d", strict=False))


def _phone(col: str) -> pl.Expr:
    digits = pl.col(col).str.replace_all(r"[^0-9]", "")  # an ASCII class is several times faster than \D
    digits = pl.when((digits.str.len_chars() == 11) & digits.str.starts_with("1")).then(digits.str.slice(1)).otherwise(digits)
    return pl.when(digits.str.len_chars() == 10).then(digits).otherwise(None)


def _sorted_counts(counts: pl.DataFrame) -> list[dict]:
    return [{"name": n, "count": c} for n, c in sorted(counts.iter_rows(), key=lambda kv: (-kv[1], kv[0]))]


def _checks() -> list[tuple[str, pl.Expr, str]]:
    """(column, failing condition on the typed rows, message): bit i of a row's `errors` is check i."""
    invalid_date = _DATE_HELP
    checks: list[tuple[str, pl.Expr, str]] = [
        ("Patient Name", pl.col("Patient Name").is_null(), "is required"),
        ("DOS", pl.col("DOS").is_null(), "is required"),
        ("DOS", pl.col("DOS").is_not_null() & pl.col("dos").is_null(), invalid_date),
        ("DOB", pl.col("DOB").is_not_null() & pl.col("dob").is_null(), invalid_date),
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
    return checks


CHECKS = _checks()


def _typed(rows: pl.LazyFrame, languages: dict[str, int]) -> pl.LazyFrame:
    """Normalised visits (VISIT_COLUMNS) and `errors`: a bit mask of the CHECKS the row fails."""
    name = pl.col("Patient Name")
    comma = name.str.extract(r"^([^,]+),\s*(.+)$", 1), name.str.extract(r"^([^,]+),\s*(.+)$", 2)
    spaced = name.str.extract(r"^(.+?)\s+(\S+)$", 1), name.str.extract(r"^(.+?)\s+(\S+)$", 2)
    has_comma = name.str.contains(",", literal=True)
    ptype = pl.col("Patient Type").str.to_lowercase()
    age = pl.col("Age").cast(pl.Int32, strict=False)
    df = rows.with_columns(
        _date("DOS").alias("dos"), _date("DOB").alias("dob"),
        _phone("Cell Phone").alias("phone_cell"), _phone("Home Phone").alias("phone_home"),
        pl.when(age.is_between(0, 130)).then(age).otherwise(None).alias("age"),
        pl.col("Language").str.to_lowercase().replace_strict(languages, default=None, return_dtype=pl.Int32).alias("language_id"),
        pl.when(ptype.is_in(["established", "1"])).then(1).when(ptype.is_in(["new", "2"])).then(2)
          .otherwise(None).cast(pl.Int32).alias("type_id"),
        pl.when(has_comma).then(comma[1]).otherwise(pl.coalesce(spaced[0], name)).str.strip_chars().alias("first_name"),
        pl.when(has_comma).then(comma[0]).otherwise(spaced[1]).str.strip_chars().alias("last_name"),
    )
    errors = pl.sum_horizontal([expr.fill_null(False).cast(pl.UInt32) * (1 << i)
                                for i, (_, expr, _) in enumerate(CHECKS)])
    return df.select(
        errors.alias("errors"),
        "first_name", "last_name", "phone_cell", "phone_home", "dos", "dob", "age",
        pl.col("Sex").alias("gender"), pl.col("Provider Name").alias("provider_name"),
        pl.col("Provider Type").alias("provider_type"), pl.col("Site").alias("site_name"),
        pl.col("Department").alias("department_name"), pl.col("Guarantor").alias("guarantor"),
        pl.col("language_id").fill_null(pl.when(pl.col("Language").is_null()).then(DEFAULT_LANGUAGE_ID)).cast(pl.Int32),
        pl.col("CHPW").alias("chpw"), "type_id", pl.col("Payer Type").alias("payer_type"),
        pl.col("Ethnicity").alias("ethnicity"), pl.col("Race").alias("race"), pl.col("MRN").alias("mrn"),
    )


def stage_roster_file(path: str | Path, language_rows: list[tuple[int, str]], folder: str | Path,
                      file_name: str = "roster.csv", *, batch_rows: int = BATCH_ROWS) -> ParsedRoster:
    """Check and parse the file block by block (about BLOCK_BYTES of whole records each), writing the typed
    visits to `folder` as Arrow IPC parts of at most `batch_rows` rows (`staged_batches` reads them back in
    order), then sum up the preview from those parts: one block is in memory at a time, so memory stays flat
    whatever the file's size. `language_rows` are (id, name) of the known languages; names match
    case-insensitively."""
    check_file(path, file_name)
    languages = {name.strip().lower(): int(i) for i, name in language_rows}
    renames = _header(path)
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    rows, parts = 0, 0
    for typed in _typed_blocks(path, renames, languages):
        # `row`: the line number as a spreadsheet shows it (the header is row 1)
        for part in typed.with_row_index("row", offset=rows + 2).iter_slices(batch_rows):
            part.write_ipc(folder / f"{parts:08d}.ipc")
            parts += 1
        rows += typed.height
    return _summary(folder, {int(i): name for i, name in language_rows})


def _parts(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.ipc"))


def staged_batches(folder: str | Path) -> Iterator[pl.DataFrame]:
    """The staged visits (VISIT_COLUMNS), part by part in the file's order: one part in memory at a time."""
    for part in _parts(Path(folder)):
        yield pl.read_ipc(part, columns=VISIT_COLUMNS)


def _summary(folder: Path, lang_names: dict[int, str]) -> ParsedRoster:
    parts = _parts(folder)
    staged = pl.scan_ipc(parts) if parts else None
    if staged is None:
        raise RosterRejected("The roster has no rows")
    counts = [staged.group_by(c).agg(pl.len().alias("count")).drop_nulls(c)
              for c in ("language_id", "provider_name", "site_name", "department_name")]
    totals = staged.select(pl.len().alias("rows"), pl.col("errors").bitwise_count_ones().sum().alias("errors"),
                           pl.col("dos").min().alias("lo"), pl.col("dos").max().alias("hi"))
    first = staged.filter(pl.col("errors") != 0).select("row", "errors").head(MAX_ERRORS)
    langs, providers, sites, departments, totals, first = pl.collect_all([*counts, totals, first])
    rows, error_count, lo, hi = totals.row(0)
    if not rows:
        raise RosterRejected("The roster has no rows")
    found = sorted((r, i) for r, mask in first.iter_rows() for i in range(len(CHECKS)) if mask >> i & 1)
    return ParsedRoster(
        visits=None, row_count=rows, error_count=int(error_count or 0), range_start_date=lo, range_end_date=hi,
        errors=[{"row": r, "column": CHECKS[i][0], "message": f"Row {r}, column {CHECKS[i][0]}: {CHECKS[i][2]}"}
                for r, i in found[:MAX_ERRORS]],
        languages=[{"id": i, "name": lang_names.get(i, str(i)), "count": c}
                   for i, c in sorted(langs.iter_rows(), key=lambda kv: (-kv[1], kv[0]))],
        providers=_sorted_counts(providers), sites=_sorted_counts(sites), departments=_sorted_counts(departments))


def parse_roster_file(path: str | Path, language_rows: list[tuple[int, str]], file_name: str = "roster.csv", *,
                      on_batch: Callable[[pl.DataFrame], None] | None = None,
                      batch_rows: int = BATCH_ROWS) -> ParsedRoster:
    """`stage_roster_file` into a temporary folder; `on_batch` receives each part's visits in order."""
    with tempfile.TemporaryDirectory(prefix="roster-parse-") as tmp:
        parsed = stage_roster_file(path, language_rows, Path(tmp) / "parts", file_name, batch_rows=batch_rows)
        if on_batch is not None:
            for visits in staged_batches(Path(tmp) / "parts"):
                on_batch(visits)
    return parsed


def parse_roster(content: bytes, language_rows: list[tuple[int, str]], file_name: str = "roster.csv") -> ParsedRoster:
    """parse_roster_file for content in memory (small files, tests), with the visits collected."""
    with tempfile.NamedTemporaryFile(suffix=".csv") as f:
        f.write(content)
        f.flush()
        parts: list[pl.DataFrame] = []
        parsed = parse_roster_file(f.name, language_rows, file_name, on_batch=parts.append)
    parsed.visits = pl.concat(parts) if parts else None
    return parsed
