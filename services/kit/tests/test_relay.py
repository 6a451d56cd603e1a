"""The outbox relay on PostgreSQL claims rows with FOR UPDATE SKIP LOCKED: two relays never double-send."""

import asyncio
import threading
import time
from collections import Counter

from kit_testbed import Base
from sqlalchemy import event

from kit.db import Database
from kit.events import Bus, OutboxRelay, bind_event_tables, publish


class SlowRecordingBus(Bus):
    def __init__(self, delay: float):
        self.delay, self.sent = delay, []

    async def publish(self, routing_key, envelope, headers):
        await asyncio.sleep(self.delay)
        self.sent.append(envelope["id"])


class LoopThread:
    def __enter__(self):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        return self.loop

    def __exit__(self, *exc):
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()


def _db(url: str) -> Database:
    db = Database(url, Base)
    Base.metadata.create_all(db.engine)
    bind_event_tables(db)
    return db


def test_two_relays_never_send_the_same_event_twice(pg_url):
    db = _db(pg_url)
    statements: list[str] = []
    event.listen(db.engine, "before_cursor_execute", lambda c, cur, stmt, *a: statements.append(stmt))
    with db.session() as s:
        ids = [publish(s, "kt.item.created", {"n": i}) for i in range(40)]
    bus = SlowRecordingBus(delay=0.01)
    with LoopThread() as loop:
        relays = [OutboxRelay(db, bus, loop, batch=5) for _ in range(2)]
        per_relay = [0, 0]
        barrier = threading.Barrier(2)

        def run(i):
            barrier.wait()
            while (n := relays[i].flush_once()):
                per_relay[i] += n

        threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
    assert sorted(bus.sent) == sorted(ids), "every event sent"
    dupes = [k for k, v in Counter(bus.sent).items() if v > 1]
    assert not dupes, f"events sent twice: {dupes}"
    assert all(n > 0 for n in per_relay), f"both relays worked concurrently: {per_relay}"
    assert any("FOR UPDATE SKIP LOCKED" in s for s in statements)
    assert relays[0].backlog() == (0, 0.0)
    db.engine.dispose()


def test_failed_publish_leaves_the_event_unsent_and_counts_the_attempt(sqlite_url):
    class DownBus(Bus):
        async def publish(self, *a):
            raise ConnectionError("broker not connected")

    db = _db(sqlite_url)
    with db.session() as s:
        publish(s, "kt.item.created", {"n": 1})
    with LoopThread() as loop:
        relay = OutboxRelay(db, DownBus(), loop)
        assert relay.flush_once() == 0
        assert relay.flush_once() == 0
    outbox = Base.metadata.tables["outbox"]
    with db.session() as s:
        row = s.execute(outbox.select()).one()
    assert row.sent_at is None and row.attempts == 2
    n, age = relay.backlog()
    time.sleep(0.01)
    assert n == 1 and age >= 0
    db.engine.dispose()


def test_prune_drops_sent_events_and_inbox_ids_past_retention_only(database_url):
    from datetime import timedelta

    from sqlalchemy import func, select

    from kit.events import utcnow

    db = _db(database_url)
    o, i = db.base.metadata.tables["outbox"], db.base.metadata.tables["inbox"]
    with db.session() as s:
        old_sent, fresh_sent, unsent = (publish(s, "kt.item.created", {"n": n}) for n in range(3))
        now = utcnow()
        s.execute(o.update().where(o.c.id == old_sent).values(sent_at=now - timedelta(hours=73)))
        s.execute(o.update().where(o.c.id == fresh_sent).values(sent_at=now - timedelta(hours=71)))
        # an old event still unsent is never dropped, however old: it has not reached anyone yet
        s.execute(o.update().where(o.c.id == unsent).values(created_at=now - timedelta(days=30)))
        s.execute(i.insert(), [{"event_id": "old", "consumer": "c", "processed_at": now - timedelta(days=15)},
                               {"event_id": "new", "consumer": "c", "processed_at": now - timedelta(days=13)}])
    relay = OutboxRelay(db, SlowRecordingBus(0), asyncio.new_event_loop())
    assert relay.prune() == (1, 1)
    with db.session() as s:
        assert set(s.scalars(select(o.c.id))) == {fresh_sent, unsent}
        assert list(s.scalars(select(i.c.event_id))) == ["new"]
        assert s.scalar(select(func.count()).select_from(o).where(o.c.sent_at.is_(None))) == 1
    assert relay.prune() == (0, 0)
