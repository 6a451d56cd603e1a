"""Engine and request-scoped session: services never commit, the request boundary does."""

import json
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from sqlalchemy import JSON, create_engine, event
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Session, sessionmaker


def _private_sqlite_file(url: str) -> None:
    """Create a SQLite database file 0600 before SQLite does (it would use the umask, often 0644); its -wal and
    -shm files take the database file's mode. The data is patients' and accounts'."""
    import os

    from sqlalchemy.engine import make_url

    path = make_url(url).database
    if not path or path == ":memory:" or path.startswith("file:"):
        return
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass
    except OSError:  # e.g. the directory does not exist yet: SQLite reports it on connect
        pass


def make_engine(url: str, **kw) -> Engine:
    # Bound parameters can be patient data: keep them out of exception messages and therefore logs.
    kw.setdefault("hide_parameters", True)
    if url.startswith("sqlite"):
        _private_sqlite_file(url)
        kw.pop("pool_size", None)
        kw.pop("max_overflow", None)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30}, **kw)

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn, _):
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.close()

        return engine
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    kw.setdefault("pool_size", 20)
    kw.setdefault("max_overflow", 40)
    kw.setdefault("pool_recycle", 1800)
    kw.setdefault("pool_pre_ping", True)
    return create_engine(url, **kw)


# The autocommit engines' pools (statements that commit by themselves hold a connection only while they run).
AUTOCOMMIT_POOL = {"pool_size": 5, "max_overflow": 15}


def is_postgres(engine: Engine) -> bool:
    return engine.dialect.name == "postgresql"


class Database:
    def __init__(self, url: str, base: type[DeclarativeBase], **engine_kw):
        self.url = url
        self.engine = make_engine(url, **engine_kw)
        self._engine_kw = engine_kw
        self.base = base
        self.sessionmaker = sessionmaker(self.engine, expire_on_commit=False)
        # Called after a transaction that wrote outbox rows commits (kit.events.bind_event_tables).
        self.outbox_committed: list[Callable[[], None]] = []
        self._async_sessionmakers: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._autocommit: Engine | None = None
        self._loop_autocommit: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def autocommit_engine(self) -> Engine:
        """An engine whose statements each commit by themselves. On PostgreSQL a pool of its own whose connections
        are opened in autocommit and stay so: on the shared pool each checkout switched the connection to autocommit
        and its check-in back, and the pool's ping switched it around itself (four driver calls, ~0.2 ms of CPU a
        checkout). On SQLite, where the switch is an attribute, the shared pool with the isolation level."""
        if self._autocommit is None:
            self._autocommit = (make_engine(self.url, isolation_level="AUTOCOMMIT", **{**self._engine_kw, **AUTOCOMMIT_POOL})
                                if is_postgres(self.engine) else self.engine.execution_options(isolation_level="AUTOCOMMIT"))
        return self._autocommit

    def loop_autocommit_engine(self) -> Engine | None:
        """PostgreSQL only (None on SQLite): `autocommit_engine` on psycopg's async driver for this event loop, as
        its sync facade, for plain statements run on the event loop in a greenlet (`sqlalchemy.util.greenlet_spawn`)."""
        if not is_postgres(self.engine):
            return None
        import asyncio

        loop = asyncio.get_running_loop()
        engine = self._loop_autocommit.get(loop)
        if engine is None:
            engine = self._loop_autocommit[loop] = self._async_engine(isolation_level="AUTOCOMMIT", **AUTOCOMMIT_POOL)
        return engine.sync_engine

    def _async_engine(self, **kw):
        """An engine on psycopg's async driver for the running event loop, configured as this database's engine."""
        from sqlalchemy.ext.asyncio import create_async_engine

        defaults = {"hide_parameters": True, "pool_size": 20, "max_overflow": 40, "pool_recycle": 1800,
                    "pool_pre_ping": True}
        return create_async_engine(self.engine.url, **{**defaults, **self._engine_kw, **kw})

    def async_sessionmaker(self):
        """PostgreSQL only (None on SQLite): sessions on psycopg's async driver, for endpoints that run on the
        event loop (`kit.app.on_event_loop`). Their sync facade (`AsyncSession.run_sync`) is a session of this
        database's own session class, so it carries the same info and event listeners (the outbox wake).
        One engine per event loop: an async connection belongs to the loop that opened it (a server has one loop;
        tests that drive an app from several TestClients have several)."""
        if not is_postgres(self.engine):
            return None
        import asyncio

        loop = asyncio.get_running_loop()
        made = self._async_sessionmakers.get(loop)
        if made is None:
            from sqlalchemy.ext.asyncio import async_sessionmaker

            made = self._async_sessionmakers[loop] = async_sessionmaker(
                self._async_engine(), expire_on_commit=False,
                sync_session_class=self.sessionmaker.class_, info=dict(self.sessionmaker.kw.get("info") or {}))
        return made

    async def dispose_async(self) -> None:
        """Close the current event loop's async connections (at the app's shutdown)."""
        import asyncio

        made = self._async_sessionmakers.pop(asyncio.get_running_loop(), None)
        if made is not None:
            await made.kw["bind"].dispose()
        own = self._loop_autocommit.pop(asyncio.get_running_loop(), None)
        if own is not None:
            await own.dispose()

    def dispose(self) -> None:
        """Close the pooled connections (at the app's shutdown; a later statement opens them again)."""
        if self._autocommit is not None and self._autocommit.pool is not self.engine.pool:
            self._autocommit.dispose()
        self._autocommit = None
        self.engine.dispose()

    @contextmanager
    def session(self) -> Iterator[Session]:
        """Unit of work: commit on success, roll back on any error."""
        s = self.sessionmaker()
        try:
            yield s
        except BaseException:
            self.finish(s, False)
            raise
        self.finish(s, True)

    @staticmethod
    def finish(s: Session, ok: bool) -> None:
        """End a unit of work: commit (ok) or roll back, and close; a failed commit is rolled back and raised."""
        try:
            if ok:
                s.commit()
            else:
                s.rollback()
        except BaseException:
            s.rollback()
            raise
        finally:
            s.close()

    def ping(self) -> None:
        with self.engine.connect() as c:
            c.exec_driver_sql("SELECT 1")


def ensure_postgres_database(url: str) -> None:
    """Create the database named in a PostgreSQL URL if it does not exist (stack and tests)."""
    import psycopg
    from sqlalchemy.engine import make_url

    u = make_url(url.replace("postgresql+psycopg://", "postgresql://"))
    name = u.database
    admin = u.set(database="postgres").render_as_string(hide_password=False).replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname=%s", (name,)).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{name}"')


def drop_postgres_database(url: str) -> None:
    import psycopg
    from sqlalchemy.engine import make_url

    u = make_url(url.replace("postgresql+psycopg://", "postgresql://"))
    admin = u.set(database="postgres").render_as_string(hide_password=False).replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{u.database}" WITH (FORCE)')


@contextmanager
def own_unit_of_work(db: Database) -> Iterator[Session]:
    """A unit of work of its own inside a request, committed at the end of the block whatever the request's
    outcome (the request's own is `kit.app.SessionDep`, committed when the handler returns).

    Only where a write must stand even if the request then fails, or must be seen by parallel requests before
    this one goes on (identity's sign-in throttle: an attempt is counted before the password is checked). Each
    use is listed with its reason in docs/decisions.md."""
    with db.session() as s:
        yield s


COPY_FROM_ROWS = 100  # rows from which COPY pays for its temporary table


def insert_new_rows(session: Session, model, rows: list[dict], key: str = "id") -> None:
    """Insert rows whose `key` is not there yet; a redelivered batch changes nothing (read models fed by events).

    PostgreSQL, a large batch (a roster's thousands of visits): COPY into a temporary table, then one
    INSERT ... SELECT ... ON CONFLICT DO NOTHING. A small batch, and SQLite: one executemany, because the
    temporary table's create-if-missing and TRUNCATE cost more than a few rows (two visits: 7.6 ms of a consumed
    event's 18 ms, against ~1 ms)."""
    if not rows:
        return
    postgres = session.get_bind().dialect.name == "postgresql"
    if not postgres or len(rows) < COPY_FROM_ROWS:
        insert = (postgresql.insert if postgres else sqlite.insert)(model)
        session.execute(insert.on_conflict_do_nothing(index_elements=[key]), rows)
        return
    table = model.__table__
    session.flush()  # the ORM's pending rows go first, on the same connection
    cols = list(rows[0])
    as_json = {c for c in cols if isinstance(table.c[c].type, JSON)}
    col_list = ", ".join(cols)
    staging = f"{table.name}_in"
    cur = session.connection().connection.dbapi_connection.cursor()
    try:
        cur.execute(f"CREATE TEMP TABLE IF NOT EXISTS {staging} AS SELECT {col_list} FROM {table.name} WITH NO DATA")
        cur.execute(f"TRUNCATE {staging}")
        with cur.copy(f"COPY {staging} ({col_list}) FROM STDIN") as copy:
            for r in rows:
                copy.write_row([json.dumps(r[c]) if c in as_json and r[c] is not None else r[c] for c in cols])
        cur.execute(f"INSERT INTO {table.name} ({col_list}) SELECT {col_list} FROM {staging} "
                    f"ON CONFLICT ({key}) DO NOTHING")
    finally:
        cur.close()
