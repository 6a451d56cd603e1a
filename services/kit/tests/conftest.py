"""Fixtures for the kit's own tests; the throwaway service and helpers live in kit_testbed.py."""

import sys
from collections.abc import Callable
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # --import-mode=importlib: make kit_testbed importable

from kit_testbed import KtSettings, Rabbit  # noqa: E402

from kit.testing import base_settings, require_rabbitmq  # noqa: E402


@pytest.fixture
def kt_settings(tmp_path, keypair) -> Callable[..., KtSettings]:
    def make(database_url: str, **extra) -> KtSettings:
        return KtSettings(**base_settings(tmp_path, database_url, keypair, **extra))

    return make


@pytest.fixture
def sqlite_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'kt.sqlite3'}"


@pytest.fixture
def pg_url():
    from kit.db import drop_postgres_database
    from kit.testing import new_postgres_url

    url = new_postgres_url("kit")
    yield url
    drop_postgres_database(url)


@pytest.fixture
def rabbit():
    require_rabbitmq()
    r = Rabbit()
    yield r
    r.cleanup(["applier"])
