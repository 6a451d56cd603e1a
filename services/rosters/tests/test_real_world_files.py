"""Roster files as hospitals' staff really produce them (Excel on Windows and Mac, European Excel, other exports):
each is either read exactly (no character, row or leading zero lost) or refused with a message naming the problem."""

import pytest

from rosters.roster.parser import RosterRejected, parse_roster
from rosters_support import COLUMNS, row, roster_csv

LANGS = [(1, "English"), (2, "Spanish")]
NAMES = ["Müller, José", "Peña, Zoë", "O\u2019Brien, “Pat”"]  # accents, a smart apostrophe and smart quotes


def accented() -> str:
    return roster_csv([row(i, **{"Patient Name": n, "MRN": f"00{i}42", "Provider Name": "Dr. Pérez"})
                       for i, n in enumerate(NAMES)]).decode()


def names(p) -> list[str]:
    return [f"{v['last_name']}, {v['first_name']}" for v in p.visits.to_dicts()]


# -- dates ----------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("value", ["1/5/24", "01/05/24", "1/5/0024", "13/5/2024 10:30"])
def test_a_date_without_a_four_digit_year_is_an_error_not_the_year_24(value):
    p = parse_roster(roster_csv([row(0, DOS=value, DOB=value)]), LANGS)
    assert [(e["row"], e["column"]) for e in p.errors] == [(2, "DOS"), (2, "DOB")]


@pytest.mark.parametrize("value", ["01/05/2024 10:30", "1/5/2024 0:00", "1/5/2024 10:30 AM", "1/5/2024 2:05:09 pm",
                                   "2024-01-05 10:30:00", "2024-01-05T10:30:00", "2024-01-05 00:00:00.000"])
def test_a_date_with_a_time_keeps_its_date(value):
    p = parse_roster(roster_csv([row(0, DOS=value)]), LANGS)
    assert p.error_count == 0 and str(p.visits["dos"][0]) == "2024-01-05"


# -- rows -----------------------------------------------------------------------------------------------------------

def test_blank_rows_are_skipped_and_the_others_keep_their_row_numbers():
    header, *lines = roster_csv([row(i) for i in range(4)]).decode().splitlines()
    lines[2] = lines[2].replace("01/03/2026", "13/40/2026")  # row 4 of the data: an error
    blank = "," * 18  # Excel's row of the sheet's range left empty
    content = "\n".join([header, lines[0], "", lines[1], blank, " , ,", lines[2], lines[3], "", blank, ""])
    p = parse_roster(content.encode(), LANGS)
    assert p.row_count == 4 and [v["mrn"] for v in p.visits.to_dicts()] == [f"MRN{i:06d}" for i in range(4)]
    assert [(e["row"], e["column"]) for e in p.errors] == [(7, "DOS")]  # the file's line, blank ones counted


def test_a_file_of_blank_rows_has_no_rows():
    with pytest.raises(RosterRejected) as exc:
        parse_roster((",".join(COLUMNS) + "\n" + ("," * 18 + "\n") * 3).encode(), LANGS)
    assert exc.value.status_code == 406 and "no rows" in exc.value.message


# -- separators and line ends ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("sep", [";", "\t", "|"])
def test_semicolon_tab_and_pipe_separated_files_are_read(sep):
    rows = [row(0, Guarantor="Smith, John"), row(1, MRN="000777")]
    content = roster_csv(rows).decode().replace(",", sep).replace(f"Smith{sep} John", "Smith, John")
    p = parse_roster(content.encode(), LANGS)
    assert p.error_count == 0 and p.row_count == 2
    assert p.visits["guarantor"].to_list() == ["Smith, John", "Self"] and p.visits["mrn"][1] == "000777"


@pytest.mark.parametrize("end", ["\r\n", "\r", "\n"])
def test_any_line_end_is_read(end):
    """Windows Excel ends records with CRLF, old Mac Excel with a lone CR; a break inside a cell stays LF."""
    content = roster_csv([row(0, Guarantor="two\nlines"), row(1)]).decode()
    content = content.replace("\n", end).replace(f"two{end}", "two\n")
    p = parse_roster(content.encode(), LANGS)
    assert p.error_count == 0 and p.row_count == 2
    assert p.visits["gender"].to_list() == ["F", "F"] and p.visits["guarantor"].to_list() == ["two\nlines", "Self"]


@pytest.mark.parametrize("end,rewritten", [("\r\n", False), ("\n", False), ("\r", True)])
def test_only_a_file_with_lone_cr_line_ends_is_written_out_again(tmp_path, monkeypatch, end, rewritten):
    """polars reads LF and CRLF itself: a Windows file of 200 MB is not copied just for its line ends."""
    from rosters.roster import parser

    monkeypatch.setattr(parser, "_CHUNK", 64)  # chunks ending between a CR and its LF too
    path = tmp_path / "r.csv"
    path.write_bytes(roster_csv([row(i) for i in range(20)]).decode().replace("\n", end).encode())
    assert (parser.check_file(path, "r.csv") is not None) is rewritten


# -- encodings ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("encoding,label", [("utf-8", "UTF-8"), ("utf-8-sig", "UTF-8"), ("utf-16", "UTF-16"),
                                            ("utf-16-be", "UTF-16"), ("cp1252", "Windows-1252")])
def test_each_encoding_excel_saves_is_read_exactly(encoding, label):
    text = accented()
    content = text.encode(encoding) if encoding != "utf-16-be" else b"\xfe\xff" + text.encode("utf-16-be")
    p = parse_roster(content, LANGS)
    assert p.error_count == 0 and names(p) == NAMES and p.encoding == label
    assert p.providers == [{"name": "Dr. Pérez", "count": 3}]
    assert p.visits["mrn"].to_list() == ["00042", "00142", "00242"]  # leading zeros kept


def test_excel_unicode_text_is_read():
    """Excel's "Unicode Text": UTF-16 little-endian with its BOM, tab separated, CRLF line ends."""
    content = accented().replace(",", "\t").replace("\t ", ", ").replace("\n", "\r\n")
    content = content.replace('"', "")  # the tab-separated cells need no quotes
    p = parse_roster(content.encode("utf-16"), LANGS)
    assert p.error_count == 0 and names(p) == NAMES and p.encoding == "UTF-16"


def test_latin_1_is_read_as_windows_1252():
    p = parse_roster(roster_csv([row(0, **{"Patient Name": "Niño, José"})]).decode().encode("latin-1"), LANGS)
    assert p.error_count == 0 and names(p) == ["Niño, José"] and p.encoding == "Windows-1252"


def test_a_file_whose_encoding_cannot_be_told_for_sure_is_refused():
    """Mac Roman's accented letters are Windows-1252 punctuation: "Peña" would silently become "Pe–a"."""
    content = roster_csv([row(0, **{"Patient Name": "Peña, Zoë"})]).decode().encode("mac_roman")
    with pytest.raises(RosterRejected) as exc:
        parse_roster(content, LANGS)
    assert exc.value.status_code == 406 and "CSV UTF-8" in exc.value.message and "line 2" in exc.value.message


def test_a_file_mixing_utf8_and_another_encoding_is_refused_naming_the_line():
    rows = [row(i) for i in range(3000)]
    rows[5]["Patient Name"] = "Müller, José"
    content = roster_csv(rows)
    content = content.replace(b"Doe2990, Jane", "Doe2990, Ren\u00e9e".encode("cp1252"))
    with pytest.raises(RosterRejected) as exc:
        parse_roster(content, LANGS)
    assert exc.value.status_code == 406 and "line 2992" in exc.value.message and "UTF-8" in exc.value.message


@pytest.mark.parametrize("name", ["Nguyễn, José", "Nguyễn, An"])  # the second file is all ASCII once saved
def test_a_character_windows_1252_cannot_hold_is_an_error_not_a_question_mark(name):
    """Excel saving "CSV" (Windows-1252) writes a character it cannot hold (Nguyễn's ễ) as "?": the name is lost."""
    content = roster_csv([row(0), row(1, **{"Patient Name": name})]).decode().encode("cp1252", "replace")
    p = parse_roster(content, LANGS)
    assert [(e["row"], e["column"]) for e in p.errors] == [(3, "Patient Name")]
    assert "CSV UTF-8" in p.errors[0]["message"]


@pytest.mark.parametrize("bad,message", [
    (lambda line: line + ",,", "Row 4 has 21 cells, more than the 19 columns of the heading"),
    (lambda line: line.replace("Self", '"Self'), "Row 4 could not be read as CSV: a quoted cell there is not closed"),
])
def test_a_row_polars_cannot_read_is_named(bad, message):
    lines = roster_csv([row(i) for i in range(4)]).decode().splitlines()
    lines[3] = bad(lines[3])
    with pytest.raises(RosterRejected) as exc:
        parse_roster("\n".join(lines).encode(), LANGS)
    assert exc.value.status_code == 406 and message in exc.value.message
