"""Roster parsing without a database: columns, dates, phones, languages, messages without patient data."""

import pytest

from rosters.roster.parser import MAX_ERRORS, RosterRejected, parse_roster, parse_roster_file
from rosters_support import COLUMNS, row, roster_csv

LANGS = [(1, "English"), (2, "Spanish")]


def test_clean_roster_normalises_rows():
    p = parse_roster(roster_csv([row(0, **{"Cell Phone": "1 (312) 555-0101", "DOS": "2026-02-03",
                                           "Patient Name": "Mary Ann Smith", "Patient Type": "2", "Language": ""})]), LANGS)
    assert p.error_count == 0 and p.row_count == 1
    v = p.visits.to_dicts()[0]
    assert (v["phone_cell"], str(v["dos"]), v["first_name"], v["last_name"], v["type_id"], v["language_id"]) == \
        ("3125550101", "2026-02-03", "Mary Ann", "Smith", 2, 1)
    assert p.languages == [{"id": 1, "name": "English", "count": 1}]


def test_row_errors_name_row_and_column_but_never_the_value():
    secret = "Zebulon-Secret"
    rows = [row(0), row(1, **{"DOS": "13/40/2026", "Cell Phone": "555-12", "Language": "Klingon",
                              "Patient Type": "Returning", "Age": "old", "DOB": secret, "Patient Name": secret})]
    p = parse_roster(roster_csv(rows), LANGS)
    assert {(e["row"], e["column"]) for e in p.errors} == {
        (3, "DOS"), (3, "Cell Phone"), (3, "Language"), (3, "Patient Type"), (3, "Age"), (3, "DOB")}
    assert all(e["message"].startswith("Row 3, column ") for e in p.errors)
    assert secret not in str(p.errors) and "Klingon" not in str(p.errors) and "555-12" not in str(p.errors)


def test_errors_are_capped_but_counted():
    p = parse_roster(roster_csv([row(i, DOS="") for i in range(250)]), LANGS)
    assert p.error_count == 250 and len(p.errors) == MAX_ERRORS and p.errors[0]["row"] == 2


@pytest.mark.parametrize("content,name,status,text", [
    (b"", "r.csv", 406, "empty"),
    ("Age,Patient Name\n1,x\n".encode(), "r.csv", 406, "Missing required columns: Cell Phone, Site"),
    (",".join(COLUMNS).encode() + b"\n", "r.csv", 406, "no rows"),
    # UTF-8 and Latin-1 in one file (Windows-1252 alone is read: test_real_world_files)
    (roster_csv([row(0, Guarantor="Jos\u00e9"), row(1)]).replace(b"Jane", "Jos\u00e9".encode("latin-1")), "r.csv", 406,
     "mixes UTF-8 with another encoding (not UTF-8 at line 2)"),
    (b"%PDF-1.7 binary", "r.pdf", 415, "not a CSV"),  # a PDF reaches the parser only as the CSV read from it
    (b"Age", "r.xlsx", 415, ".csv and .pdf"),
    (roster_csv([row(0)]), "r.txt", 415, ".csv and .pdf"),  # a CSV under another name: the drop zone takes neither
    (b"%PDF-1.7 binary", "r.csv", 415, "not a CSV"),
    (b"PK\x03\x04zipped", "r.csv", 415, "not a CSV"),
    (",".join(COLUMNS).encode() + b"\n" + b'"unterminated,' * 3 + b"\n" + b"a," * 40 + b"\n", "r.csv", 406, "CSV"),
    # a column given twice: which of its values is the patient's? (polars names the second "Age_duplicated_0")
    (roster_csv([row(0) | {"Age2": "5"}], COLUMNS + ["Age2"]).replace(b"Age2", b"Age"), "r.csv", 406,
     "Column Age appears more than once"),
    (roster_csv([row(0) | {"sex": "M"}], COLUMNS + ["sex"]), "r.csv", 406, "Column Sex appears more than once"),
])
def test_unusable_files_are_rejected(content, name, status, text):
    with pytest.raises(RosterRejected) as exc:
        parse_roster(content, LANGS, name)
    assert exc.value.status_code == status and text in exc.value.message


def test_headers_match_case_and_spacing_and_bom():
    content = roster_csv([row(0)]).replace(b"Patient Name", b" patient name ")
    assert parse_roster(b"\xef\xbb\xbf" + content, LANGS).error_count == 0


def test_formula_cells_are_refused_naming_row_and_column_without_the_value():
    rows = [row(0), row(1, **{"Patient Name": "=HYPERLINK(\"http://x\")"}), row(2, Site="+cmd|' /C calc'!A0"),
            row(3, Department="@SUM(1)"), row(4, **{"Cell Phone": "+1 312 555 0101"})]
    p = parse_roster(roster_csv(rows), LANGS)
    assert p.error_count == 3  # a phone starting with + is a phone: its format is checked instead
    assert [(e["row"], e["column"]) for e in p.errors] == [(3, "Patient Name"), (4, "Site"), (5, "Department")]
    assert all("formula" in e["message"] and "HYPERLINK" not in e["message"] and "calc" not in e["message"]
               for e in p.errors)


def test_batches_add_up_to_the_whole_file(tmp_path):
    rows = [row(i) for i in range(25)]
    rows[7]["DOS"] = "13/45/2026"
    rows[21]["Age"] = "old"
    path = tmp_path / "r.csv"
    path.write_bytes(roster_csv(rows))
    seen: list[int] = []
    p = parse_roster_file(path, LANGS, "r.csv", on_batch=lambda b: seen.append(b.height), batch_rows=4)
    whole = parse_roster(roster_csv(rows), LANGS)
    assert sum(seen) == 25 and max(seen) <= 4 and len(seen) >= 7
    assert [(e["row"], e["column"]) for e in p.errors] == [(9, "DOS"), (23, "Age")]
    assert (p.row_count, p.error_count, p.providers, p.sites, p.departments, p.languages,
            p.range_start_date, p.range_end_date) == (
        whole.row_count, whole.error_count, whole.providers, whole.sites, whole.departments, whole.languages,
        whole.range_start_date, whole.range_end_date)


def test_a_file_invalid_utf8_far_past_the_start_is_refused(tmp_path):
    """UTF-8 at the start, another encoding past the first 1 MB chunk: refused naming that line."""
    content = roster_csv([row(i, Guarantor="Jos\u00e9" if i == 3 else "Self") for i in range(20_000)]) + b"\xff\xfe,\n"
    path = tmp_path / "r.csv"
    path.write_bytes(content)
    with pytest.raises(RosterRejected) as exc:
        parse_roster_file(path, LANGS, "r.csv")
    assert "not UTF-8 at line 20002" in exc.value.message


def test_small_blocks_split_only_between_records_and_add_up_to_the_whole(tmp_path, monkeypatch):
    """The file is read in blocks of whole records: a line break inside a quoted cell never ends a block, and
    the blocks' rows, errors and figures are those of the file read at once."""
    from rosters.roster import parser

    rows = [row(i, Guarantor=f"Line one\nline two, of {i}") for i in range(40)]
    rows[17]["DOS"] = "13/45/2026"
    content = roster_csv(rows)
    assert content.count(b"\n") > 80  # the quoted breaks are in the file
    path = tmp_path / "r.csv"
    path.write_bytes(content)
    whole = parse_roster(content, LANGS)
    monkeypatch.setattr(parser, "BLOCK_BYTES", 300)  # a few records per block
    blocks = list(parser._csv_blocks(path, parser.BLOCK_BYTES))
    assert len(blocks) > 10 and b"".join(b for _, b in blocks) == content.split(b"\n", 1)[1]
    seen: list[int] = []
    p = parse_roster_file(path, LANGS, "r.csv", on_batch=lambda b: seen.append(b.height), batch_rows=7)
    assert sum(seen) == 40 and max(seen) <= 7
    assert [(e["row"], e["column"]) for e in p.errors] == [(19, "DOS")] == [(e["row"], e["column"]) for e in whole.errors]
    assert (p.row_count, p.providers, p.range_start_date, p.range_end_date) == (
        whole.row_count, whole.providers, whole.range_start_date, whole.range_end_date)
    assert whole.visits.get_column("guarantor")[3] == "Line one\nline two, of 3"


def test_a_quote_left_open_to_the_end_is_refused(tmp_path):
    path = tmp_path / "r.csv"
    path.write_bytes(roster_csv([row(i) for i in range(5)]) + b'"never closed,' + b"x," * 18 + b"\n")
    with pytest.raises(RosterRejected) as exc:
        parse_roster_file(path, LANGS, "r.csv")
    assert exc.value.status_code == 406
