"""Commit-to-consumed delay of an event: from the commit of a transaction that published it to the commit of its
consumer's effect, p50/p99 over N events (default 500), with the relay woken by the commit (what services run)
against the baseline of the same run with the wake off (the relay polls every `relay_interval_seconds`, 0.2 s).

    .venv/bin/python bench/event_latency.py [--events 500] [--rabbit]

Embedded (default): two SQLite databases (a publishing service and a consuming one), the in-process bus and the
kit's OutboxRelay and EventConsumer, as `make run` wires them. `--rabbit` adds the topology's path: PostgreSQL
(the commit NOTIFYs, the relay LISTENs) and RabbitMQ (publisher confirms, a quorum queue), when both answer.
Events are published one by one at random gaps of 0-20 ms (requests arriving), not waiting for each other.
Goal: p99 <= 50 ms embedded.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import percentile  # noqa: E402

from sqlalchemy import String  # noqa: E402
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column  # noqa: E402

from kit.config import ServiceSettings  # noqa: E402
from kit.db import Database  # noqa: E402
from kit.events import (EventConsumer, InProcessBus, OutboxRelay, RabbitBus, add_event_tables,  # noqa: E402
                        bind_event_tables, publish)

INTERVAL = ServiceSettings().relay_interval_seconds


class Base(DeclarativeBase):
    pass


add_event_tables(Base.metadata)


class Applied(Base):
    __tablename__ = "bench_applied"
    event_id: Mapped[str] = mapped_column(String(36), primary_key=True)


def _db(url: str) -> Database:
    db = Database(url, Base, pool_size=5, max_overflow=5)
    Base.metadata.create_all(db.engine)
    bind_event_tables(db)
    return db


def run_once(producer_url: str, consumer_url: str, make_bus, events: int, wake: bool) -> list[float]:
    producer, consumer = _db(producer_url), _db(consumer_url)
    committed: dict[str, float] = {}
    consumed: dict[str, float] = {}
    done = threading.Event()

    def apply(s, envelope):
        s.add(Applied(event_id=envelope["id"]))

    ec = EventConsumer(f"bench{uuid.uuid4().hex[:6]}", consumer, {"bench.item.created": apply})
    original = ec.handle

    def timed_handle(envelope, headers=None):
        applied = original(envelope, headers)
        consumed[envelope["id"]] = time.perf_counter()
        if len(consumed) >= events:
            done.set()
        return applied

    ec.handle = timed_handle
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    bus = make_bus()
    asyncio.run_coroutine_threadsafe(bus.start(), loop).result(10)
    asyncio.run_coroutine_threadsafe(bus.subscribe(ec), loop).result(10)
    relay = OutboxRelay(producer, bus, loop, interval=INTERVAL, wake_on_commit=wake)
    relay.start()
    try:
        time.sleep(1.0)  # the bus connected, the relay's first pass done
        rnd = random.Random(7)
        for i in range(events):
            with producer.session() as s:
                event_id = publish(s, "bench.item.created", {"n": i})
            committed[event_id] = time.perf_counter()
            time.sleep(rnd.uniform(0, 0.02))
        if not done.wait(60):
            raise SystemExit(f"only {len(consumed)} of {events} events consumed")
    finally:
        relay.stop()
        asyncio.run_coroutine_threadsafe(bus.close(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
        producer.engine.dispose()
        consumer.engine.dispose()
    return sorted((consumed[k] - committed[k]) * 1000 for k in committed)


def report(label: str, woken: list[float], polled: list[float]) -> None:
    p50, p99 = percentile(woken, 0.5), percentile(woken, 0.99)
    b50, b99 = percentile(polled, 0.5), percentile(polled, 0.99)
    print(f"{label}: commit-to-consumed over {len(woken)} events")
    print(f"  woken by the commit : p50 {p50:7.1f} ms   p99 {p99:7.1f} ms   max {woken[-1]:7.1f} ms")
    print(f"  baseline (poll {INTERVAL:.1f} s): p50 {b50:7.1f} ms   p99 {b99:7.1f} ms   max {polled[-1]:7.1f} ms")
    print(f"  ratio woken/baseline: p50 {p50 / b50:.2f}   p99 {p99 / b99:.2f}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=500)
    ap.add_argument("--rabbit", action="store_true", help="also PostgreSQL + RabbitMQ (the topology's path)")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        urls = lambda tag: (f"sqlite:///{tmp}/{tag}-p.sqlite3", f"sqlite:///{tmp}/{tag}-c.sqlite3")  # noqa: E731
        woken = run_once(*urls("woken"), InProcessBus, a.events, True)
        polled = run_once(*urls("polled"), InProcessBus, a.events, False)
    report("embedded (SQLite, in-process bus)", woken, polled)
    ok = percentile(woken, 0.99) <= 50
    print(f"  goal p99 <= 50 ms: {'met' if ok else 'NOT met'}")
    if a.rabbit:
        from kit.db import drop_postgres_database
        from kit.testing import AMQP_URL, _reachable, new_postgres_url

        if not (_reachable(AMQP_URL, 5672)):
            print("topology: skipped (RabbitMQ not reachable)")
            return 0 if ok else 1
        results = []
        for wake in (True, False):
            p, c = new_postgres_url("bench_p"), new_postgres_url("bench_c")
            prefix = f"bench{uuid.uuid4().hex[:6]}"
            try:
                results.append(run_once(p, c, lambda: RabbitBus(AMQP_URL, prefix, prefix), a.events, wake))
            finally:
                drop_postgres_database(p)
                drop_postgres_database(c)
        report("topology (PostgreSQL NOTIFY, RabbitMQ)", *results)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
