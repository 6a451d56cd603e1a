"""Fixtures of the repository-wide tests: every service app, built as the embedded run builds them."""

import tempfile
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def service_apps():
    """{service name: FastAPI app} for every service of gateway/routes.yaml (no lifespan run: nothing started)."""
    from embedded.app import build_service_apps
    from kit.events import InProcessBus

    with tempfile.TemporaryDirectory() as tmp:
        yield build_service_apps(Path(tmp), InProcessBus(), demo=False, public_base_url="http://127.0.0.1:8000")
