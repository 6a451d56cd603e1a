"""pytest helpers shared by the services' test suites (loaded with `-p kit.testing`).

Servers: PostgreSQL and RabbitMQ tests skip loudly when the server is missing, and fail under CI=true.
Each run uses its own database names and queue prefixes so runs never collide.
"""

from __future__ import annotations

import os
import socket
import uuid
import warnings
from pathlib import Path
from urllib.parse import urlparse

import pytest

from kit.auth import Role, TokenSigner, generate_keypair

CI = os.environ.get("CI", "").lower() == "true"
PG_URL = os.environ.get("SURVEYOPS_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres")
AMQP_URL = os.environ.get("SURVEYOPS_TEST_AMQP", "amqp://guest:guest@127.0.0.1:5672/")
# Per run and per pytest-xdist worker (gw0, gw1...): database names and queue prefixes never collide.
RUN_ID = (os.environ.get("SURVEYOPS_RUN_ID") or uuid.uuid4().hex[:8]) + os.environ.get("PYTEST_XDIST_WORKER", "")
ISSUER, AUDIENCE = "surveyops-identity", "surveyops"


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "long_running: a test of tens of seconds or more (a contract test, an "
                            "embedded scenario); collected first, see pytest_collection_modifyitems")


def pytest_collection_modifyitems(items) -> None:
    """The long-running tests first, in their order, then the rest in theirs: pytest-xdist hands tests out in
    collection order, so a long test met last would keep one worker busy after the others ran out of work."""
    items.sort(key=lambda item: item.get_closest_marker("long_running") is None)


def _reachable(url: str, default_port: int) -> bool:
    u = urlparse(url)
    try:
        with socket.create_connection((u.hostname or "127.0.0.1", u.port or default_port), timeout=1):
            return True
    except OSError:
        return False


def contract_database() -> str:
    """The one database a service's contract test (kit.apifuzz) runs on: PostgreSQL, what production runs and
    the stricter types, wherever it can (always under CI); SQLite only on a machine without it. The contract is
    the HTTP surface, the same on both: running it twice doubled the suite's longest tests for no finding."""
    return "postgresql" if CI or _reachable(PG_URL, 5432) else "sqlite"


def require_server(name: str, url: str, default_port: int) -> None:
    if _reachable(url, default_port):
        return
    msg = f"{name} is not reachable at {url}"
    if CI:
        pytest.fail(f"{msg}: required under CI=true")
    warnings.warn(f"SKIPPING: {msg}")
    pytest.skip(f"SKIPPED LOUDLY: {msg} (set up the server or run under CI)")


def require_postgres() -> str:
    require_server("PostgreSQL", PG_URL, 5432)
    return PG_URL


def require_rabbitmq() -> str:
    require_server("RabbitMQ", AMQP_URL, 5672)
    return AMQP_URL


def new_postgres_url(label: str) -> str:
    from kit.db import ensure_postgres_database

    base = require_postgres()
    name = f"t_{label}_{RUN_ID}_{uuid.uuid4().hex[:6]}"
    url = base.rsplit("/", 1)[0] + "/" + name
    ensure_postgres_database(url)
    return url


@pytest.fixture(scope="session")
def keypair(tmp_path_factory) -> tuple[Path, Path]:
    d = tmp_path_factory.mktemp("keys")
    priv, pub = d / "jwt-private.pem", d / "jwt-public.pem"
    generate_keypair(priv, pub)
    return priv, pub


class TokenFactory:
    def __init__(self, private_key: Path):
        self.signer = TokenSigner(private_key, ISSUER, AUDIENCE)

    def __call__(self, role: Role | int, user_id: int = 1, sid: str = "test-session", name: str = "Test User") -> str:
        return self.signer.sign(sub=user_id, role=int(role), sid=sid, name=name, ttl_seconds=600)

    def headers(self, role: Role | int, user_id: int = 1) -> dict[str, str]:
        return {"Authorization": f"Bearer {self(role, user_id)}"}


@pytest.fixture(scope="session")
def tokens(keypair) -> TokenFactory:
    return TokenFactory(keypair[0])


class SchemaTemplates:
    """One database per service package migrated to head (`alembic upgrade head`, as a service's start does),
    once per pytest worker; each test's fresh database is a copy of it: on PostgreSQL `CREATE DATABASE ...
    TEMPLATE`, on SQLite a page copy (sqlite3 backup) into a new 0600 file. The service's start then finds
    its schema at head. Running every migration for every app a test starts was most of the suite's time."""

    def __init__(self, directory: Path):
        self.directory = directory
        self.postgres: dict[str, str] = {}  # package -> template database URL
        self.sqlite: dict[str, Path] = {}  # package -> template file
        self._dropping: list = []  # test databases being dropped (threads)
        self.drop_errors: list[BaseException] = []

    def sqlite_copy(self, package: str, dest: Path) -> str:
        import sqlite3

        from kit.db import _private_sqlite_file
        from kit.migrations import upgrade

        template = self.sqlite.get(package)
        if template is None:
            template = self.directory / f"{package}.sqlite3"
            _private_sqlite_file(f"sqlite:///{template}")
            upgrade(package, f"sqlite:///{template}")
            self.sqlite[package] = template
        url = f"sqlite:///{dest}"
        _private_sqlite_file(url)
        src, dst = sqlite3.connect(template), sqlite3.connect(dest)
        try:
            src.backup(dst)
        finally:
            src.close()
            dst.close()
        return url

    def postgres_copy(self, package: str, label: str) -> str:
        import psycopg

        from kit.migrations import upgrade

        template = self.postgres.get(package)
        if template is None:
            template = new_postgres_url(f"tpl_{package}"[:20])
            upgrade(package, template)
            self.postgres[package] = template
        base = require_postgres()
        name = f"t_{label}_{RUN_ID}_{uuid.uuid4().hex[:6]}"
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template.rsplit("/", 1)[1]}"')
        return base.rsplit("/", 1)[0] + "/" + name

    def drop_later(self, url: str) -> None:
        """Drop a test's PostgreSQL database in a thread: the next test need not wait for the server to remove
        its files (0.1-1 s a database). `drop` waits for every one of them."""
        import threading

        from kit.db import drop_postgres_database

        def run():
            try:
                drop_postgres_database(url)
            except BaseException as exc:  # noqa: BLE001 - raised by drop()
                self.drop_errors.append(exc)

        self._dropping = [t for t in self._dropping if t.is_alive()]
        while len(self._dropping) >= 2:  # a server slower than the tests: wait rather than pile up
            self._dropping.pop(0).join()
        t = threading.Thread(target=run, name="drop-test-database", daemon=True)
        t.start()
        self._dropping.append(t)

    def drop(self) -> None:
        from kit.db import drop_postgres_database

        for t in self._dropping:
            t.join()
        for url in self.postgres.values():
            drop_postgres_database(url)
        self.postgres.clear()
        if self.drop_errors:
            raise self.drop_errors[0]


@pytest.fixture(scope="session")
def schema_templates(tmp_path_factory):
    templates = SchemaTemplates(tmp_path_factory.mktemp("schema-templates"))
    yield templates
    templates.drop()


@pytest.fixture
def migrations_package() -> str | None:
    """The service package whose migrated schema `database_url` starts with; None (here): an empty database.
    A service's conftest.py overrides it with its package; a test of the migrations themselves overrides it
    back to None."""
    return None


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path, migrations_package, schema_templates):
    """Each test that uses it runs once on SQLite and once on PostgreSQL (a fresh database per test): empty, or
    at the head of `migrations_package`'s migrations (a copy of the worker's template, `SchemaTemplates`)."""
    label = request.node.module.__name__.split(".")[-1][:20]
    if request.param == "sqlite":
        path = tmp_path / "svc.sqlite3"
        yield schema_templates.sqlite_copy(migrations_package, path) if migrations_package else f"sqlite:///{path}"
        return
    url = schema_templates.postgres_copy(migrations_package, label) if migrations_package else new_postgres_url(label)
    yield url
    schema_templates.drop_later(url)


def base_settings(tmp_path: Path, database_url: str, keypair: tuple[Path, Path], **extra) -> dict:
    """Keyword arguments for a service Settings class in tests."""
    return dict(database_url=database_url, var_dir=tmp_path / "var", jwt_public_key_file=keypair[1],
                jwt_issuer=ISSUER, jwt_audience=AUDIENCE, relay_interval_seconds=0.05, **extra)
