"""kit.testing's databases: `database_url` at the head of a service's migrations is a private copy of the worker's
migrated template, equal to what running every migration gives; without a package it is empty."""

import os
import stat

import pytest
import sqlalchemy as sa
from alembic.script import ScriptDirectory

from kit.migrations import alembic_config

PACKAGE = "surveys"


def engine(url: str) -> sa.Engine:
    return sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1), poolclass=sa.pool.NullPool)


def head() -> str:
    return ScriptDirectory.from_config(alembic_config(PACKAGE, "sqlite://")).get_current_head()


def revision(url: str) -> str | None:
    e = engine(url)
    try:
        with e.connect() as c:
            if not sa.inspect(c).has_table("alembic_version"):
                return None
            return c.exec_driver_sql("SELECT version_num FROM alembic_version").scalar_one()
    finally:
        e.dispose()


def schema(url: str) -> dict[str, list[str]]:
    e = engine(url)
    try:
        with e.connect() as c:
            insp = sa.inspect(c)
            return {t: sorted(col["name"] for col in insp.get_columns(t)) for t in insp.get_table_names()}
    finally:
        e.dispose()


class TestAtHead:
    @pytest.fixture
    def migrations_package(self) -> str:
        return PACKAGE

    def test_the_database_is_at_head_as_every_migration_leaves_it(self, database_url, tmp_path):
        from kit.migrations import upgrade

        assert revision(database_url) == head()
        fresh = f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
        upgrade(PACKAGE, fresh)
        if database_url.startswith("sqlite"):
            assert schema(database_url) == schema(fresh)
            mode = stat.S_IMODE(os.stat(database_url.removeprefix("sqlite:///")).st_mode)
            assert mode == 0o600, oct(mode)  # patients' data: as kit.db makes a service's file
        else:
            assert set(schema(database_url)) == set(schema(fresh))

    def test_each_copy_is_its_own_database(self, database_url, schema_templates, tmp_path):
        if database_url.startswith("sqlite"):
            other = schema_templates.sqlite_copy(PACKAGE, tmp_path / "other.sqlite3")
        else:
            other = schema_templates.postgres_copy(PACKAGE, "other")
        try:
            e = engine(database_url)
            with e.begin() as c:
                c.exec_driver_sql("CREATE TABLE written_here (id integer)")
            e.dispose()
            assert "written_here" in schema(database_url)
            assert "written_here" not in schema(other)
            assert revision(other) == head()
        finally:
            if other.startswith("postgresql"):
                from kit.db import drop_postgres_database

                drop_postgres_database(other)


def test_without_a_package_the_database_is_empty(database_url):
    assert schema(database_url) == {}
    assert revision(database_url) is None


def test_dropped_copies_and_templates_are_gone_when_drop_returns(tmp_path):
    import psycopg

    from kit.testing import PG_URL, SchemaTemplates, require_postgres

    require_postgres()
    templates = SchemaTemplates(tmp_path)
    copies = [templates.postgres_copy(PACKAGE, "dropped") for _ in range(3)]
    template = templates.postgres[PACKAGE]
    for url in copies:
        templates.drop_later(url)
    templates.drop()
    names = [u.rsplit("/", 1)[1] for u in (*copies, template)]
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        left = conn.execute("SELECT datname FROM pg_database WHERE datname = ANY(%s)", (names,)).fetchall()
    assert left == []
