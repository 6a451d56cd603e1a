"""A roster sent as a PDF: its table read into the CSV the parser takes, then the same preview and import."""

import csv
import io

import pytest

from kit.auth import Role
from rosters.roster import pdf
from rosters.roster.parser import RosterRejected
from rosters_support import COLUMNS, PM, PROJECT, event_visits, outbox, row, roster_pdf, upload


def read_back(tmp_path, content: bytes, **kw) -> list[list[str]]:
    (tmp_path / "r.pdf").write_bytes(content)
    pdf.to_csv(tmp_path / "r.pdf", tmp_path / "r.csv", **kw)
    return list(csv.reader(io.StringIO((tmp_path / "r.csv").read_text(encoding="utf-8"))))


def test_the_table_comes_back_row_for_row_with_the_heading_once(tmp_path):
    rows = [row(i) for i in range(30)]
    content = roster_pdf(rows, rows_per_page=12)
    got = read_back(tmp_path, content)
    assert got[0] == COLUMNS  # the heading repeated on pages 2 and 3 is not a row
    assert got[1:] == [[r[c] for c in COLUMNS] for r in rows]


def test_a_cell_wrapped_over_lines_is_one_value(tmp_path):
    long_name = "Doe Smith Lee Fair, Jane Ann Mary Beth Kate"  # wraps at its spaces
    got = read_back(tmp_path, roster_pdf([row(0, **{"Patient Name": long_name})]))
    assert got[1][COLUMNS.index("Patient Name")] == long_name


def test_unusable_pdfs_are_refused_with_a_reason(tmp_path):
    from fpdf import FPDF

    doc = FPDF()
    doc.add_page()
    doc.set_font("helvetica", size=12)
    doc.cell(text="Guidelines: be kind.")
    cases = [(bytes(doc.output()), 406, "No table was found"),
             (b"%PDF-1.4\n%broken", 406, "could not be read"),
             (roster_pdf([row(i) for i in range(4)], rows_per_page=1), 413, "at most 2 pages")]
    for content, status, text in cases:
        with pytest.raises(RosterRejected) as exc:
            read_back(tmp_path, content, max_pages=2)
        assert (exc.value.status_code, text in exc.value.message) == (status, True), exc.value.message


def test_a_pdf_roster_previews_and_imports_like_its_csv(make_client, database_url, tokens):
    with make_client(database_url) as api:
        h = tokens.headers(Role.PROJECT_MANAGER, PM)
        content = roster_pdf([row(i) for i in range(10)], rows_per_page=6)
        r = upload(api, h, content, name="March roster.pdf", ctype="application/pdf")
        assert r.status_code == 200, r.text
        pre = r.json()["data"]
        assert (pre["rowCount"], pre["errors"]) == (10, [])
        assert pre["languages"] == [{"id": 1, "name": "English", "count": 8}, {"id": 2, "name": "Spanish", "count": 2}]

        r = api.post(f"/api/roster/{PROJECT}", headers=h, data={"onlyParse": "false", "uploadId": pre["uploadId"]})
        assert r.status_code == 200, r.text
        assert r.json()["data"]["totalEnc"] == 10 and r.json()["data"]["fileName"] == "March roster.pdf"
        visits = [v for b in outbox(api.app, "rosters.visits.imported") for v in event_visits(b["data"])]
        assert [(v["firstName"], v["lastName"], v["phoneCell"]) for v in visits][:2] == \
            [("Jane", "Doe0", "3125550000"), ("Jane", "Doe1", "3125550001")]

        # a bad cell in a PDF is named by row and column as in a CSV (the heading is row 1)
        r = upload(api, h, roster_pdf([row(0), row(1, DOB="31/31/1980")]), name="r.pdf", ctype="application/pdf")
        assert r.status_code == 200 and r.json()["data"]["errors"][0]["row"] == 3
