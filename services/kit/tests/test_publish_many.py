"""publish_many writes the outbox rows publish would write (same columns, same envelope), and the relay sends them."""

import asyncio
import json
import threading

import pytest
from kit_testbed import Base
from opentelemetry import trace
from opentelemetry.sdk.trace import TracerProvider
from sqlalchemy import select

from kit.db import Database
from kit.events import Bus, OutboxRelay, bind_event_tables, publish, publish_many


class RecordingBus(Bus):
    def __init__(self):
        self.sent = []

    async def publish(self, routing_key, envelope, headers):
        self.sent.append((routing_key, envelope, headers))


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request, sqlite_url):
    url = sqlite_url if request.param == "sqlite" else request.getfixturevalue("pg_url")
    database = Database(url, Base)
    Base.metadata.create_all(database.engine)
    bind_event_tables(database)
    yield database
    database.engine.dispose()


def _rows(db: Database) -> list[dict]:
    outbox = db.base.metadata.tables["outbox"]
    with db.session() as s:
        return [dict(r._mapping) for r in s.execute(select(outbox).order_by(outbox.c.created_at))]


def test_bulk_rows_equal_what_publish_writes_and_the_relay_delivers_them(db):
    data = [{"projectId": 7, "visits": [{"visitId": i, "name": "Zoë \"Q\""}]} for i in range(3)]
    provider = TracerProvider()
    with provider.get_tracer("t").start_as_current_span("import"):  # trace context goes into both kinds of row
        with db.session() as s:
            one = publish(s, "kt.visits.imported", data[0], version=2)
        with db.session() as s:
            many = publish_many(s, "kt.visits.imported", (json.dumps(d) for d in data), version=2)
            assert publish_many(s, "kt.visits.imported", iter(())) == []
    rows = _rows(db)
    assert [r["id"] for r in rows] == [one, *many]  # created_at orders the bulk rows as given
    single, bulk = rows[0], rows[1:]
    for r, d in zip(bulk, data):
        assert r.keys() == single.keys()
        assert (r["routing_key"], r["sent_at"], r["attempts"]) == ("kt.visits.imported", None, 0)
        assert r["headers"] == single["headers"] and "traceparent" in r["headers"]
        env = r["envelope"]
        assert list(env) == list(single["envelope"]) == ["id", "type", "occurredAt", "version", "data"]
        assert (env["id"], env["type"], env["version"], env["data"]) == (r["id"], "kt.visits.imported", 2, d)
        # the same occurredAt format as publish: the created_at instant, ISO, with Z
        assert env["occurredAt"] == r["created_at"].isoformat() + "Z"
    assert single["envelope"]["occurredAt"] == single["created_at"].isoformat() + "Z"
    assert len({r["created_at"] for r in bulk}) == 3

    bus = RecordingBus()
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    try:
        assert OutboxRelay(db, bus, loop).flush_once() == 4
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
        loop.close()
    assert [e["id"] for _, e, _ in bus.sent] == [one, *many]
    assert [e["data"] for _, e, _ in bus.sent[1:]] == data
    assert all(k == "kt.visits.imported" and "traceparent" in h for k, _, h in bus.sent)
    assert all(r["sent_at"] is not None for r in _rows(db))


def test_the_relay_reads_large_events_a_few_at_a_time_in_order(db):
    """A batch stops at `batch_bytes` of stored envelope (the first row always goes), so a roster's events of
    thousands of visits each are never all in the relay's memory at once; the order holds across batches."""
    visits = [{"visitId": i, "firstName": f"Patient {i}", "mrn": f"M{i:08d}"} for i in range(2000)]
    with db.session() as s:
        ids = publish_many(s, "kt.visits.imported", (json.dumps({"part": n, "visits": visits}) for n in range(5)))
        small = publish(s, "kt.small", {"n": 1})
    bus = RecordingBus()
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    try:
        relay = OutboxRelay(db, bus, loop, batch_bytes=1)
        assert [relay.flush_once() for _ in range(7)] == [1, 1, 1, 1, 1, 1, 0]
        with db.session() as s:  # a budget larger than the rows takes them all (up to `batch`)
            more = publish_many(s, "kt.visits.imported", (json.dumps({"part": n, "visits": visits}) for n in range(4)))
        assert OutboxRelay(db, bus, loop, batch=3, batch_bytes=1 << 40).flush_once() == 3
        assert OutboxRelay(db, bus, loop, batch_bytes=1 << 40).flush_once() == 1
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
        loop.close()
    assert [e["id"] for _, e, _ in bus.sent] == [*ids, small, *more]
    assert [e["data"]["part"] for _, e, _ in bus.sent[:5]] == [0, 1, 2, 3, 4]
