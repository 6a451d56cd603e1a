"""Alembic per service: `upgrade(package, url)` at start; `env.py` of each service calls `run_env`."""

from pathlib import Path

from alembic import command, context
from alembic.config import Config
from sqlalchemy import JSON, MetaData, engine_from_config, pool


MIGRATION_LOCK_KEY = 0x5355_5256_4D49  # "SURVMI": one migration of a database at a time


def alembic_config(package: str, url: str) -> Config:
    import importlib

    mod = importlib.import_module(package)
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(mod.__file__).parent / "migrations"))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def upgrade(package: str, url: str) -> None:
    command.upgrade(alembic_config(package, url), "head")


def _include(metadata: MetaData):
    """Autogenerate's filter: an index the migrations write in each database's own SQL (named in the metadata's
    `info["sql_indexes"]`) is left alone, not dropped for being absent from the metadata."""
    sql_indexes = metadata.info.get("sql_indexes", frozenset())

    def include_object(obj, name, type_, reflected, compare_to) -> bool:
        return not (type_ == "index" and reflected and compare_to is None and name in sql_indexes)

    return include_object


def _compare_server_default(context, inspected_column, metadata_column, inspected_default, metadata_default,
                            rendered_metadata_default):
    """A JSON column's server default compared as text: PostgreSQL has no `json = json` for alembic's own check.
    None: alembic compares the others."""
    if not isinstance(metadata_column.type, JSON) or inspected_default is None or rendered_metadata_default is None:
        return None
    return inspected_default.removesuffix("::json") != rendered_metadata_default.removesuffix("::json")


def drift(url: str, metadata: MetaData) -> list:
    """What autogenerate would write for the database at `url` (migrated) to match `metadata`: columns, types,
    nullability, server defaults, indexes, unique constraints, foreign keys. Empty when models and migrations
    agree."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    engine = engine_from_config({"sqlalchemy.url": url}, prefix="sqlalchemy.", poolclass=pool.NullPool)
    try:
        with engine.connect() as conn:
            ctx = MigrationContext.configure(conn, opts={"compare_type": True,
                                                         "compare_server_default": _compare_server_default,
                                                         "include_object": _include(metadata)})
            return compare_metadata(ctx, metadata)
    finally:
        engine.dispose()


def run_env(metadata: MetaData) -> None:
    config = context.config
    url = config.get_main_option("sqlalchemy.url")
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    if context.is_offline_mode():
        context.configure(url=url, target_metadata=metadata, literal_binds=True, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = engine_from_config({"sqlalchemy.url": url}, prefix="sqlalchemy.", poolclass=pool.NullPool)
    with engine.connect() as conn:
        context.configure(connection=conn, target_metadata=metadata, render_as_batch=True, compare_type=True,
                          compare_server_default=_compare_server_default, include_object=_include(metadata))
        with context.begin_transaction():
            if conn.dialect.name == "postgresql":
                # replicas start together: one migrates, the others wait here, then find the version at head
                conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK_KEY})")
            context.run_migrations()


if __name__ == "__main__":  # python -m kit.migrations <package> "<message>"  (autogenerate against a scratch SQLite DB)
    import sys
    import tempfile

    pkg, message = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as d:
        url = f"sqlite:///{d}/scratch.sqlite3"
        cfg = alembic_config(pkg, url)
        command.upgrade(cfg, "head")
        command.revision(cfg, message=message, autogenerate=True)
