"""insert_new_rows: rows whose key is new go in, a redelivered batch changes nothing, JSON columns survive, on the
executemany path (a small batch, SQLite) and on PostgreSQL's COPY path (a large batch)."""

import pytest
from sqlalchemy import JSON, BigInteger, String, select
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from kit.db import COPY_FROM_ROWS, Database, insert_new_rows


class Base(DeclarativeBase):
    pass


class Row(Base):
    __tablename__ = "kt_rows"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    name: Mapped[str | None] = mapped_column(String(50))
    infos: Mapped[list | None] = mapped_column(JSON)


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request, sqlite_url):
    url = sqlite_url if request.param == "sqlite" else request.getfixturevalue("pg_url")
    database = Database(url, Base)
    Base.metadata.create_all(database.engine)
    yield database
    database.engine.dispose()


@pytest.mark.parametrize("n", [2, COPY_FROM_ROWS + 5])
def test_new_rows_go_in_once_and_json_survives(db, n):
    rows = [{"id": i, "name": f"n{i}", "infos": [{"field": "f", "value": str(i)}] if i % 2 else None}
            for i in range(1, n + 1)]
    with db.session() as s:
        insert_new_rows(s, Row, rows)
    changed = [{**r, "name": "changed"} for r in rows[: n // 2]] + [{"id": n + 1, "name": "new", "infos": None}]
    with db.session() as s:  # a redelivery with one new row: the known rows stay as they were
        insert_new_rows(s, Row, changed)
    with db.session() as s:
        got = {r.id: (r.name, r.infos) for r in s.scalars(select(Row))}
    assert len(got) == n + 1
    assert got[1] == ("n1", [{"field": "f", "value": "1"}])
    assert got[2] == ("n2", None)
    assert got[n + 1] == ("new", None)
