"""The first-call scenario on the embedded app (SQLite, in-process events)."""

from fastapi.testclient import TestClient

from embedded.app import create_embedded_app

from scenario import EXPECTED_OUTCOME, run


def test_first_call_end_to_end_embedded(tmp_path):
    app = create_embedded_app(tmp_path / "var", demo=True)
    with TestClient(app) as client:
        outcome = run(client, tmp_path / "var")
    assert outcome == EXPECTED_OUTCOME
