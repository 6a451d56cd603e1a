from datetime import datetime
from decimal import Decimal

import pytest

from kit.eventdata import (
    as_instant,
    as_int,
    data_of,
    is_stale,
    opt_decimal,
    opt_ints,
    req_int,
    stamp,
)
from kit.events import PoisonMessage


def test_ints_are_read_tolerantly_and_bools_are_not_ints():
    assert as_int(7) == 7
    assert as_int("42") == 42
    assert as_int(3.0) == 3
    assert as_int(3.5) is None
    assert as_int(True) is None and as_int(False) is None
    assert as_int("x") is None and as_int(None) is None and as_int([1]) is None
    assert as_int(2**63) is None and as_int(-(2**63)) == -(2**63)


def test_required_int_missing_is_poison():
    assert req_int({"id": "5"}) == 5
    with pytest.raises(PoisonMessage):
        req_int({"id": True})
    with pytest.raises(PoisonMessage):
        req_int({}, "projectId")


def test_data_must_be_an_object():
    assert data_of({"data": {"a": 1}}) == {"a": 1}
    for bad in ({}, {"data": []}, {"data": "x"}, None):
        with pytest.raises(PoisonMessage):
            data_of(bad)


def test_lists_and_decimals():
    assert opt_ints({"ids": [1, "2", True, "x", None]}, "ids") == [1, 2]
    assert opt_ints({"ids": "1,2"}, "ids") is None
    assert opt_decimal({"r": "12.50"}, "r") == Decimal("12.50")
    assert opt_decimal({"r": "NaN"}, "r") is None and opt_decimal({"r": True}, "r") is None


def test_instants_are_naive_utc():
    assert as_instant("2026-01-01T06:00:00-06:00") == datetime(2026, 1, 1, 12, 0)
    assert as_instant("2026-01-01T12:00:00Z") == datetime(2026, 1, 1, 12, 0)
    assert as_instant("2026-01-01T12:00:00") == datetime(2026, 1, 1, 12, 0)
    assert as_instant("yesterday") is None and as_instant(5) is None


def test_staleness_compares_instants_not_text():
    """Regression: as text "…:00Z" sorts after "…:00.500000Z" although it is earlier."""
    later_applied = "2026-01-01T12:00:00.500000Z"
    earlier_event = {"occurredAt": "2026-01-01T12:00:00Z"}
    assert "2026-01-01T12:00:00Z" > later_applied  # the string comparison gets it wrong
    assert is_stale(earlier_event, later_applied) is True
    assert is_stale({"occurredAt": "2026-01-01T12:00:01Z"}, later_applied) is False
    assert is_stale({"occurredAt": "junk"}, later_applied) is False
    assert is_stale(earlier_event, None) is False
    assert stamp(earlier_event) == "2026-01-01T12:00:00.000000Z"


def test_a_visit_of_an_import_is_read_once_for_every_read_model():
    """kit.eventdata.visit_values: calling's queue and reporting's client report keep the same columns of a visit."""
    from datetime import date

    from kit.eventdata import visit_values

    v = {"visitId": 7, "visitorId": "  P-1 ", "firstName": "  ", "lastName": "x" * 150, "dos": "2026-11-02T10:00:00Z",
         "dob": "not a date", "age": "41", "languageId": None, "mrn": 12345}
    row = visit_values(3, 9, v, default_language=1)
    assert row["id"] == 7 and row["project_id"] == 3 and row["roster_id"] == 9 and row["visitor_id"] == "P-1"
    assert row["first_name"] is None and len(row["last_name"]) == 100  # blank is absent; cut to the column
    assert row["dos"] == date(2026, 11, 2) and row["dob"] is None and row["age"] == 41
    assert row["language_id"] == 1 and row["mrn"] == "12345"
    assert visit_values(3, 9, {"visitId": 7}, default_language=1) is None  # no patient to identify
    assert visit_values(3, 9, {"visitorId": "P-1"}, default_language=1) is None
