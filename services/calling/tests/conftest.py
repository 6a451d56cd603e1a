import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from kit.testing import base_settings

from calling.config import Settings
from calling.main import create_app

sys.path.insert(0, str(Path(__file__).parent))

from calling_testkit import World  # noqa: E402


@pytest.fixture
def settings(database_url, tmp_path, keypair):
    return Settings(**base_settings(tmp_path, database_url, keypair))


@pytest.fixture
def client(settings):
    with TestClient(create_app(settings)) as c:
        yield c


@pytest.fixture
def world(client, tokens):
    return World(client, tokens)


@pytest.fixture
def migrations_package() -> str:
    """database_url's databases start at calling's migration head (kit.testing): the app's own upgrade is a no-op."""
    return "calling"
