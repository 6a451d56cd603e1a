import sys
from contextlib import contextmanager
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

sys.path.insert(0, str(Path(__file__).parent))

from kit.testing import base_settings  # noqa: E402
from rosters.config import Settings  # noqa: E402
from rosters.main import create_app  # noqa: E402
from rosters_support import load_projects  # noqa: E402


@pytest.fixture
def make_client(tmp_path, keypair):
    @contextmanager
    def factory(url: str | None = None, **extra):
        url = url or f"sqlite:///{tmp_path / 'rosters.sqlite3'}"
        app = create_app(Settings(**base_settings(tmp_path, url, keypair, **extra)))
        with TestClient(app) as client:
            load_projects(app)
            yield client
    return factory


@pytest.fixture
def api(make_client, database_url):
    """A running rosters app on SQLite and on PostgreSQL, with projects 101 (PM 11) and 102 (PM 12) known."""
    with make_client(database_url) as client:
        yield client


@pytest.fixture
def migrations_package() -> str:
    """database_url's databases start at rosters's migration head (kit.testing): the app's own upgrade is a no-op."""
    return "rosters"
