"""Alembic per service: `upgrade(package, url)` at start; `env.py` of each service calls `run_env`."""

from pathlib import Path

from alembic import command, context
from alembic.config import Config
from sqlalchemy import MetaData, engine_from_config, pool


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
        context.configure(connection=conn, target_metadata=metadata, render_as_batch=True, compare_type=True)
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
