"""pytest helpers shared by the services' test suites (loaded with `-p kit.testing`).

Servers: PostgreSQL and RabbitMQ tests skip loudly when the server is missing, and fail under CI=true.
Each run uses its own database names and queue prefixes so runs never collide.
"""

from __future__ import annotations

import atexit
import os
import shutil
import socket
import tempfile
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


def new_postgres_url(label: str, template: str | None = None) -> str:
    """A new database of its own; a copy of the database `template` (a name) when given."""
    from kit.db import ensure_postgres_database

    base = require_postgres()
    name = f"t_{label}_{RUN_ID}_{uuid.uuid4().hex[:6]}"
    url = base.rsplit("/", 1)[0] + "/" + name
    if template is None:
        ensure_postgres_database(url)
    else:
        import psycopg

        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
    return url


# Migrated once per package, database kind and worker, then copied for each test: a service's migrations cost
# 0.1-0.5 s per database (SQLite and PostgreSQL alike), a copy ~1 ms (a file) or a CREATE DATABASE ... TEMPLATE
# (what creating any database costs); the app's own upgrade at start then finds the copy at head (~10 ms).
_templates: dict[tuple[str, str], str] = {}


def _template(package: str, kind: str) -> str:
    """The SQLite file path or PostgreSQL database name of a database at the package's migration head."""
    key = (package, kind)
    if key in _templates:
        return _templates[key]
    from kit import migrations
    from kit.db import drop_postgres_database, ensure_postgres_database

    if kind == "sqlite":
        folder = Path(tempfile.mkdtemp(prefix=f"surveyops-templates-{RUN_ID}-"))
        atexit.register(shutil.rmtree, folder, True)
        path = folder / f"{package}.sqlite3"
        migrations.upgrade(package, f"sqlite:///{path}")
        _templates[key] = str(path)
    else:
        name = f"tmpl_{package}_{RUN_ID}"
        url = require_postgres().rsplit("/", 1)[0] + "/" + name
        drop_postgres_database(url)
        ensure_postgres_database(url)
        atexit.register(drop_postgres_database, url)
        migrations.upgrade(package, url)  # its own connection, closed after (a template must have none)
        _templates[key] = name
    return _templates[key]


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


@pytest.fixture
def migrations_package() -> str | None:
    """The package whose migrations every `database_url` database has already had (a service's conftest names
    its own, so its app starts on a copy at head); None, the default: an empty database (the kit's tests, a
    test of a migration itself)."""
    return None


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path, migrations_package):
    """Each test that uses it runs once on SQLite and once on PostgreSQL (a fresh database per test)."""
    if request.param == "sqlite":
        path = tmp_path / "svc.sqlite3"
        if migrations_package:
            shutil.copyfile(_template(migrations_package, "sqlite"), path)
        yield f"sqlite:///{path}"
        return
    from kit.db import drop_postgres_database

    url = new_postgres_url(request.node.module.__name__.split(".")[-1][:20],
                           _template(migrations_package, "postgresql") if migrations_package else None)
    yield url
    drop_postgres_database(url)


def base_settings(tmp_path: Path, database_url: str, keypair: tuple[Path, Path], **extra) -> dict:
    """Keyword arguments for a service Settings class in tests."""
    return dict(database_url=database_url, var_dir=tmp_path / "var", jwt_public_key_file=keypair[1],
                jwt_issuer=ISSUER, jwt_audience=AUDIENCE, relay_interval_seconds=0.05, **extra)
