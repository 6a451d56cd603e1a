import sys
from contextlib import contextmanager
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

sys.path.insert(0, str(Path(__file__).parent))

from kit.testing import base_settings  # noqa: E402
from projects.config import Settings  # noqa: E402
from projects.main import create_app  # noqa: E402
from projects_support import load_users  # noqa: E402


@pytest.fixture
def make_client(tmp_path, keypair):
    @contextmanager
    def factory(url: str | None = None):
        url = url or f"sqlite:///{tmp_path / 'projects.sqlite3'}"
        app = create_app(Settings(**base_settings(tmp_path, url, keypair)))
        with TestClient(app) as client:
            load_users(app)
            yield client
    return factory


@pytest.fixture
def api(make_client, database_url):
    """A running projects app on SQLite and on PostgreSQL, with the demo users in its read model."""
    with make_client(database_url) as client:
        yield client


@pytest.fixture
def migrations_package() -> str:
    """database_url's databases start at projects's migration head (kit.testing): the app's own upgrade is a no-op."""
    return "projects"
