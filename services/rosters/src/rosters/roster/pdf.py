"""A roster sent as a PDF: its table read into the CSV the roster parser takes (the spec's drop zone takes .csv
and .pdf). Pure: a file in, a file out; nothing is logged (the cells are patient data).

The roster must be a table in the PDF (as a spreadsheet or a report writer prints one, with cell borders), the
column headings on its first row; a heading row repeated at the top of later pages is skipped. Everything after
that is the CSV parser's: column names, dates, phones, errors named by row and column (rows counted as in the
CSV, the heading being row 1).
"""

from __future__ import annotations

import csv
from pathlib import Path

import pdfplumber

from rosters.roster.parser import RosterRejected

PDF_MAGIC = b"%PDF-"
MAX_PAGES = 50  # ~1 s a page to read here: a PDF roster of up to ~2,500 rows previews within the request's time


def is_pdf(path: str | Path) -> bool:
    with open(path, "rb") as f:
        return f.read(len(PDF_MAGIC)) == PDF_MAGIC


def _cells(row: list[str | None]) -> list[str]:
    # A cell's text wraps onto several lines in print: one line in the CSV.
    return [" ".join((cell or "").split()) for cell in row]


def to_csv(pdf_path: str | Path, csv_path: str | Path, *, max_pages: int = MAX_PAGES) -> None:
    """Write the PDF's roster table to `csv_path` (UTF-8). 406 when the PDF cannot be read or holds no table, 413
    past `max_pages`."""
    try:
        with pdfplumber.open(pdf_path) as pdf, open(csv_path, "w", encoding="utf-8", newline="") as out:
            if len(pdf.pages) > max_pages:
                raise RosterRejected(f"A PDF roster can have at most {max_pages} pages: upload a longer roster as "
                                     f"CSV", 413)
            writer, heading = csv.writer(out), None
            for page in pdf.pages:
                for table in page.extract_tables():
                    for row in table:
                        cells = _cells(row)
                        if not any(cells) or cells == heading:
                            continue
                        heading = heading or cells
                        writer.writerow(cells)
                page.close()  # frees the page's parsed objects: memory stays flat over a long roster
    except (RosterRejected, OSError):
        raise
    except Exception as e:  # a damaged or encrypted PDF fails inside pdfminer/pdfium with types of their own
        raise RosterRejected("The PDF file could not be read (it may be damaged or password-protected): save the "
                             "roster as CSV UTF-8", 406) from e
    if heading is None:
        raise RosterRejected("No table was found in the PDF: a PDF roster must hold the roster as a table with the "
                             "column headings on its first row", 406)
