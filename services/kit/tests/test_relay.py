"""The outbox relay on PostgreSQL: relays of one database take turns and claim rows with FOR UPDATE SKIP LOCKED, so
two relays (two replicas) never double-send nor reorder."""

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


def test_two_relays_never_send_the_same_event_twice_and_keep_the_order(pg_url):
    """Two relays on one database (two replicas): every event sent once, in the order of the commits. They take
    turns (a transaction-level advisory lock); the rows are still claimed FOR UPDATE SKIP LOCKED."""
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
            deadline = time.monotonic() + 60
            while relays[i].backlog()[0] and time.monotonic() < deadline:
                per_relay[i] += relays[i].flush_once()

        threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
    dupes = [k for k, v in Counter(bus.sent).items() if v > 1]
    assert not dupes, f"events sent twice: {dupes}"
    assert bus.sent == ids, "every event sent, in the order they were written"
    assert sum(per_relay) == 40
    assert any("pg_try_advisory_xact_lock" in s for s in statements)
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


class RecordingBus(Bus):
    def __init__(self):
        self.sent: dict[str, float] = {}

    async def publish(self, routing_key, envelope, headers):
        self.sent[envelope["id"]] = time.monotonic()


def _sent_within(bus: RecordingBus, event_id: str, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if event_id in bus.sent:
            return True
        time.sleep(0.005)
    return False


def _wake_test(url: str, *, other_process: bool) -> None:
    """A relay that would poll only every 60 s sends an event within a second of its commit: the commit wakes
    it (in this process by the session hook; from another process by PostgreSQL NOTIFY). A rolled-back
    transaction wakes nobody, and a relay with wake_on_commit=False waits for its poll."""
    db = _db(url)
    writer = _db(url) if other_process else db  # another engine, with no relay of its own: like another process
    bus = RecordingBus()
    with LoopThread() as loop:
        relay = OutboxRelay(db, bus, loop, interval=60)
        relay.start()
        try:
            time.sleep(0.3)  # the first pass (and LISTEN) done; the relay now sleeps for its interval
            with writer.session() as s:
                event_id = publish(s, "kt.item.created", {"n": 1})
            assert _sent_within(bus, event_id, 1.0), "the commit woke the relay"
            assert writer.outbox_committed == ([] if other_process else [relay.wake])
        finally:
            relay.stop()
        assert db.outbox_committed == [], "a stopped relay is no longer woken"

        polling = OutboxRelay(db, bus, loop, interval=60, wake_on_commit=False)
        polling.start()
        try:
            time.sleep(0.3)
            with writer.session() as s:
                late = publish(s, "kt.item.created", {"n": 2})
            assert not _sent_within(bus, late, 0.5), "without the wake the relay waits for its poll"
        finally:
            polling.stop()
    for d in {id(db): db, id(writer): writer}.values():
        d.engine.dispose()


def test_a_commit_wakes_the_relay_sqlite(sqlite_url):
    _wake_test(sqlite_url, other_process=False)


def test_a_commit_wakes_the_relay_postgresql_same_process(pg_url):
    _wake_test(pg_url, other_process=False)


def test_a_commit_in_another_process_wakes_the_relay_by_notify(pg_url):
    _wake_test(pg_url, other_process=True)


def test_a_rolled_back_publish_does_not_wake(sqlite_url):
    db = _db(sqlite_url)
    woken = []
    db.outbox_committed.append(lambda: woken.append(1))
    try:
        with db.session() as s:
            publish(s, "kt.item.created", {"n": 1})
            raise RuntimeError("the change fails")
    except RuntimeError:
        pass
    with db.session() as s:  # a later transaction without outbox rows
        s.execute(Base.metadata.tables["outbox"].select())
    assert woken == []
    with db.session() as s:
        publish(s, "kt.item.created", {"n": 2})
    assert woken == [1]
    db.engine.dispose()
