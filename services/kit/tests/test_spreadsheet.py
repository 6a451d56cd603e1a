from kit.spreadsheet import safe_cell


def test_a_formula_like_cell_is_neutralised_and_others_kept():
    assert [safe_cell(v) for v in ("=1+1", "+1", "-2", "@SUM(A1)", "\tx", "\rx")] == [
        "'=1+1", "'+1", "'-2", "'@SUM(A1)", "'\tx", "'\rx"]
    assert [safe_cell(v) for v in (None, "", "a=b", 12, " =x")] == ["", "", "a=b", "12", " =x"]
