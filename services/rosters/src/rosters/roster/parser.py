"""Roster CSV parsing and validation, vectorised with polars. Pure: no database, no I/O.

Error messages name the row and the column and never echo a cell value (patient data).
`row` is the line number in the file as a spreadsheet shows it (the header is row 1).
"""

from __future__ import annotations

import codecs
import csv
import re
import tempfile
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

import polars as pl
from charset_normalizer import from_bytes

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
    encoding: str = "UTF-8"                   # what the file was read as (the preview says so when not UTF-8)

    def preview(self) -> dict:
        return {"languages": self.languages, "providers": self.providers, "sites": self.sites,
                "departments": self.departments, "rowCount": self.row_count, "errors": self.errors,
                "errorCount": self.error_count, "rangeStartDate": self.range_start_date,
                "rangeEndDate": self.range_end_date, "encoding": self.encoding}


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


UTF8 = "UTF-8"
# What Excel and other exports save besides UTF-8 (Excel "CSV UTF-8"): Excel's "Unicode Text" (UTF-16 with its BOM),
# Windows Excel's "CSV" (Windows-1252; Latin-1 is read the same, its letters being at the same bytes) and Mac Excel's
# "CSV" (Mac Roman). Between the last two charset-normalizer decides; where both would read the file, it is refused:
# a guess would silently turn "Peña" into "Pe–a".
_BOMS = [(codecs.BOM_UTF32_LE, "utf-32", "UTF-32"), (codecs.BOM_UTF32_BE, "utf-32", "UTF-32"),
         (codecs.BOM_UTF16_LE, "utf-16", "UTF-16"), (codecs.BOM_UTF16_BE, "utf-16", "UTF-16")]
LEGACY_ENCODINGS = {"cp1252": "Windows-1252", "mac_roman": "Mac Roman"}
_SAMPLE_BYTES = 1 << 20  # the lines with non-ASCII bytes charset-normalizer is shown
_SAVE_AS = "save the roster as CSV UTF-8"
_UTF8_CHARACTER = re.compile(rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}")


def check_file(path: str | Path, file_name: str) -> str | None:
    """The file as a whole: a .csv name (or a .pdf one whose table `rosters.roster.pdf` read into CSV), text (not PDF /
    ZIP / Office), not empty. Returns None when it is UTF-8 that polars reads as it is, else the codec to read it
    with (`as_utf8` writes it out as UTF-8). Reads it in 1 MB chunks, never whole."""
    name = (file_name or "").lower()
    if name and not name.endswith((".csv", ".pdf")):  # what the drop zone takes (spec §2)
        raise RosterRejected("Only .csv and .pdf roster files can be uploaded", 415)
    with open(path, "rb") as f:
        head = f.read(8192)
    if head.startswith((b"%PDF", b"PK\x03\x04", b"\xd0\xcf\x11\xe0")):
        raise RosterRejected(f"The file is not a CSV text file ({_SAVE_AS})", 415)
    for bom, codec, _ in _BOMS:
        if head.startswith(bom):
            return codec
    if b"\x00" in head:
        raise RosterRejected(f"The file is not a CSV text file ({_SAVE_AS})", 415)
    decoder = codecs.getincrementaldecoder("utf-8")()
    blank, lone_cr, lines, cr_before = True, False, 1, False
    with open(path, "rb") as f:
        while chunk := f.read(_CHUNK):
            try:
                decoder.decode(chunk)
            except UnicodeDecodeError as exc:
                return _legacy_encoding(path, lines + chunk.count(b"\n", 0, exc.start))
            blank = blank and not chunk.lstrip(b"\xef\xbb\xbf \t\r\n")
            # a CR not followed by LF ends a line (old Mac Excel); polars knows only LF and CRLF
            lone_cr = (lone_cr or (cr_before and not chunk.startswith(b"\n"))
                       or re.search(rb"\r(?!\n)(?!\Z)", chunk) is not None)  # a CR ending the chunk: next one
            cr_before = chunk.endswith(b"\r")
            lines += chunk.count(b"\n")
        try:
            decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            raise RosterRejected(f"The file is not UTF-8 encoded (it ends inside a character); {_SAVE_AS}") from None
    if blank:
        raise RosterRejected("The roster file is empty")
    return "utf-8-sig" if lone_cr or cr_before else None


def _legacy_encoding(path: str | Path, bad_line: int) -> str:
    """The one of LEGACY_ENCODINGS the file is in, told by charset-normalizer from its lines holding non-ASCII
    bytes (the one it finds least chaotic); refused when none could be, or both as well, or when some of those
    lines are UTF-8 (a file put together from two)."""
    sample, size = [], 0
    with open(path, "rb") as f:
        for line in f:
            if size > _SAMPLE_BYTES:
                break
            if max(line, default=0) >= 0x80:
                if _UTF8_CHARACTER.search(line):  # "Ã©" in Windows-1252: as good as never in a name
                    raise RosterRejected(f"The file mixes UTF-8 with another encoding (not UTF-8 at line {bad_line}); "
                                         f"{_SAVE_AS}")
                sample.append(line)
                size += len(line)
    found = sorted(from_bytes(b"".join(sample), cp_isolation=list(LEGACY_ENCODINGS)), key=lambda m: m.chaos)
    if not found or (len(found) > 1 and found[1].chaos <= found[0].chaos):  # none, or two that read it as well
        told = "its encoding could not be told for sure" if found else "it is in an encoding that cannot be read"
        raise RosterRejected(f"The file is not UTF-8 encoded (from line {bad_line}) and {told}; {_SAVE_AS}")
    return found[0].encoding


def as_utf8(path: str | Path, codec: str, out: str | Path) -> None:
    """Write the file as UTF-8 with LF line ends (a lone CR or CRLF ends a line), 1 MB at a time."""
    lines = 1
    try:
        with open(path, encoding=codec, newline=None) as f, open(out, "w", encoding="utf-8", newline="\n") as w:
            while text := f.read(_CHUNK):
                w.write(text)
                lines += text.count("\n")
    except UnicodeDecodeError:
        raise RosterRejected(f"The file could not be read as {_encoding_name(codec)} (at line {lines} or the next); "
                             f"{_SAVE_AS}") from None


def _encoding_name(codec: str | None) -> str:
    return LEGACY_ENCODINGS.get(codec or "", next((n for _, c, n in _BOMS if c == codec), UTF8))


class _Unreadable(RosterRejected):
    pass


def _unreadable() -> RosterRejected:
    # polars messages may quote cell values, so they are not passed on
    return _Unreadable("The file could not be read as CSV (check quoting and that every row has the same "
                       "number of columns as the header)")


def _unreadable_row(path: str | Path, separator: str) -> RosterRejected | None:
    """Which row polars could not read, found by reading the file again with the csv module (only on that
    failure): a row with more cells than the heading, or a quote never closed. None if it finds neither."""
    with open(path, encoding="utf-8-sig", newline="") as f:
        records = csv.reader(f, delimiter=separator, strict=True)
        row = 1
        try:
            width = len(next(records))
            for row, cells in enumerate(records, start=2):
                if len(cells) > width:
                    return RosterRejected(f"Row {row} has {len(cells)} cells, more than the {width} columns of the "
                                          "heading: check that row for a stray separator or quote")
        except csv.Error:
            return RosterRejected(f"Row {row + 1} could not be read as CSV: a quoted cell there is not closed, or a "
                                  "quote stands inside a cell that is not quoted")
        except StopIteration:
            return None
    return None


_DUPLICATED = re.compile(r"(.*)_duplicated_\d+", re.DOTALL)
# Excel writes ";" where the decimal mark is a comma (most of Europe) and tabs as "Unicode Text"; other exports "|".
SEPARATORS = (",", ";", "\t", "|")


def _key(col: str, names: list[str]) -> str:
    # polars names a heading met again "<heading>_duplicated_<n>": it is that column a second time
    again = _DUPLICATED.fullmatch(col)
    return (again.group(1) if again and again.group(1) in names else col).strip().lstrip("\ufeff").strip().lower()


def _header(path: str | Path) -> tuple[dict[str, str], str]:
    """({column as in the file: canonical name} for the 19 roster columns, the separator): the separator is the
    one of SEPARATORS that makes the heading name the most roster columns; a missing or doubled one is refused."""
    canonical = {c.lower(): c for c in COLUMNS}
    best: tuple[int, str, list[str]] | None = None
    for separator in SEPARATORS:
        try:
            names = pl.scan_csv(path, infer_schema=False, has_header=True, encoding="utf8-lossy",
                                separator=separator).collect_schema().names()
        except Exception:  # noqa: BLE001
            continue
        known = len({_key(c, names) for c in names} & canonical.keys())
        if best is None or known > best[0]:
            best = (known, separator, names)
    if best is None:
        raise _unreadable()
    _, separator, names = best
    renames, seen = {}, set()
    for col in names:
        key = _key(col, names)
        if key in canonical:
            if key in seen:
                raise RosterRejected(f"Column {canonical[key]} appears more than once")
            seen.add(key)
            renames[col] = canonical[key]
    missing = [c for c in COLUMNS if c.lower() not in seen]
    if missing:
        raise RosterRejected(f"Missing required columns: {', '.join(missing)}")
    return renames, separator


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


def _typed_blocks(path: str | Path, renames: dict[str, str], languages: dict[str, int],
                  separator: str = ",") -> Iterator[pl.DataFrame]:
    """The file's blocks parsed and typed, in order, two at a time on two threads (polars runs without the GIL),
    with at most one more read ahead: memory stays a few blocks, whatever the file's size."""
    def typed(header: bytes, block: bytes) -> pl.DataFrame:
        return _typed(_rows(header, block, renames, separator), languages).collect()

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


def _rows(header: bytes, block: bytes, renames: dict[str, str], separator: str = ",") -> pl.LazyFrame:
    """A block's records as the roster's 19 columns, trimmed (a blank cell is missing)."""
    trimmed = [pl.col(c).str.strip_chars() for c in COLUMNS]
    try:
        frame = pl.read_csv(header + block, infer_schema=False, has_header=True, truncate_ragged_lines=False,
                            encoding="utf8-lossy", separator=separator)
    except Exception:  # noqa: BLE001
        raise _unreadable() from None
    return (frame.lazy().rename(renames).select(COLUMNS)
            .with_columns([pl.when(t.str.len_bytes() > 0).then(t).otherwise(None).alias(c)
                           for c, t in zip(COLUMNS, trimmed)]))


# A time after the date (a spreadsheet's date-time cell) is dropped: DOS and DOB are days.
_TIME = r"(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s?[AaPp]\.?[Mm]\.?)?)?$"
# The year has four digits, 19xx or 20xx: polars' %Y reads "1/5/24" as the year 24.
_US_DATE, _ISO_DATE = r"^\d{1,2}/\d{1,2}/(?:19|20)\d\d" + _TIME, r"^(?:19|20)\d\d-\d{1,2}-\d{1,2}" + _TIME


def _date(col: str) -> pl.Expr:
    v = pl.col(col)
    day = v.str.extract(r"^([^ T]+)", 1)
    return (pl.when(v.str.contains(_US_DATE)).then(day.str.strptime(pl.Date, "%m/%d/%Y", strict=False))
            .when(v.str.contains(_ISO_DATE)).then(day.str.strptime(pl.Date, "%Y-%m-%d", strict=False)))


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
    # Excel saving "CSV" (Windows-1252) writes a letter that encoding lacks (Nguyễn's ễ) as "?": the name is lost
    # (and the file may well be all ASCII then). No name has a "?" of its own.
    checks.append(("Patient Name", pl.col("Patient Name").str.contains("?", literal=True),
                   "has a \"?\" where a letter was lost when the file was saved: save the roster as CSV UTF-8"))
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
        # a row of blank cells (a blank line, or Excel's ",,,," for a row of the sheet's range left empty)
        pl.all_horizontal([pl.col(c).is_null() for c in COLUMNS]).alias("blank"),
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
    codec = check_file(path, file_name)
    languages = {name.strip().lower(): int(i) for i, name in language_rows}
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    text = folder / "utf8.csv"  # a file in another encoding (or with lone CR line ends), as UTF-8
    try:
        if codec is not None:
            as_utf8(path, codec, text)
            path = text
        renames, separator = _header(path)
        rows, parts = 0, 0
        try:
            for typed in _typed_blocks(path, renames, languages, separator):
                # `row`: the line number as a spreadsheet shows it (the header is row 1); blank rows are not visits
                numbered = typed.with_row_index("row", offset=rows + 2).filter(~pl.col("blank")).drop("blank")
                for part in numbered.iter_slices(batch_rows):
                    part.write_ipc(folder / f"{parts:08d}.ipc")
                    parts += 1
                rows += typed.height
        except _Unreadable as exc:
            raise _unreadable_row(path, separator) or exc from None
    finally:
        text.unlink(missing_ok=True)
    parsed = _summary(folder, {int(i): name for i, name in language_rows})
    parsed.encoding = _encoding_name(codec)
    return parsed


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
