"""The call-quality migration fills `call_fact.is_qa_removal` from the completed-call events already logged."""

import json

import pytest
import sqlalchemy as sa
from alembic import command

from kit.migrations import alembic_config


@pytest.fixture
def migrations_package():
    """This test runs the migrations itself, from an empty database."""
    return None


def test_qa_removals_so_far_come_from_the_event_log(database_url):
    cfg = alembic_config("reporting", database_url)
    command.upgrade(cfg, "b7c4d2e91f30")
    engine = sa.create_engine(database_url.replace("postgresql://", "postgresql+psycopg://", 1))

    def completed(seq: int, call_id: int, removed: bool) -> dict:
        return {"event_id": f"e{seq}", "type": "calling.call.completed",
                "envelope": json.dumps({"id": f"e{seq}", "type": "calling.call.completed",
                                        "data": {"callId": call_id, "isQARemoval": removed}})}

    with engine.begin() as conn:
        for call_id in (1, 2, 3):
            conn.execute(sa.text("INSERT INTO call_fact (call_id, is_partial, is_agree_complete, duration_us, released) "
                                 "VALUES (:i, false, false, 0, false)"), {"i": call_id})
        # call 1 removed; call 2 removed, then restored; call 3 never; a logged event without the field is ignored
        for seq, (call_id, removed) in enumerate([(1, True), (2, True), (2, False), (3, False)], start=1):
            conn.execute(sa.text("INSERT INTO event_log (event_id, type, envelope) VALUES (:event_id, :type, :envelope)"),
                         completed(seq, call_id, removed))
    command.upgrade(cfg, "head")
    with engine.connect() as conn:
        rows = dict(conn.execute(sa.text("SELECT call_id, is_qa_removal FROM call_fact ORDER BY call_id")).all())
        assert {k: bool(v) for k, v in rows.items()} == {1: True, 2: False, 3: False}
        assert conn.execute(sa.text("SELECT count(*) FROM rm_escalation")).scalar() == 0
    engine.dispose()
