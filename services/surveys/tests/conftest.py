import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from kit.testing import base_settings
from surveys.config import Settings
from surveys.main import create_app

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture
def client(database_url, tmp_path, keypair):
    with TestClient(create_app(Settings(**base_settings(tmp_path, database_url, keypair)))) as c:
        yield c


@pytest.fixture
def migrations_package() -> str:
    """database_url's databases start at surveys's migration head (kit.testing): the app's own upgrade is a no-op."""
    return "surveys"
