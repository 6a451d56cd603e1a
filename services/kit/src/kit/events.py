"""Events: transactional outbox, relay, idempotent consumers, and the two buses (RabbitMQ, in-process).

Envelope: {"id", "type", "occurredAt", "version", "data"}; routing key == type (`<ctx>.<entity>.<verb>`).
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import threading
import time
import uuid
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from opentelemetry import propagate, trace
from sqlalchemy import (JSON, Column, DateTime, Index, Integer, MetaData, String, Table, bindparam, delete, func, select, text,
                        update)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from kit.db import Database

log = logging.getLogger("kit.events")
tracer = trace.get_tracer("kit.events")


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def add_event_tables(metadata: MetaData) -> tuple[Table, Table]:
    """The outbox and inbox live in each service's own database and migrations."""
    outbox = Table(
        "outbox", metadata,
        Column("id", String(36), primary_key=True),
        Column("routing_key", String(120), nullable=False),
        Column("envelope", JSON, nullable=False),
        Column("headers", JSON, nullable=False),
        Column("created_at", DateTime, nullable=False),
        Column("sent_at", DateTime, nullable=True),
        Column("attempts", Integer, nullable=False, default=0),
        Index("ix_outbox_unsent", "created_at", postgresql_where=text("sent_at IS NULL")),
    )
    inbox = Table(
        "inbox", metadata,
        Column("event_id", String(36), primary_key=True),
        Column("consumer", String(80), primary_key=True),
        Column("processed_at", DateTime, nullable=False),
    )
    return outbox, inbox


def _envelope_head(event_id: str, event_type: str, occurred: datetime, version: int) -> dict:
    """Everything of an envelope but `data`: the one place its shape is defined, for `publish` and
    `publish_many` alike."""
    return {"id": event_id, "type": event_type, "occurredAt": occurred.isoformat() + "Z", "version": version}


def _trace_headers() -> dict[str, str]:
    headers: dict[str, str] = {}
    propagate.inject(headers)
    return headers


# PostgreSQL NOTIFY channel a publishing transaction signals at commit; every relay of the database LISTENs on it
# (relays may run in other processes or replicas). Each service has its own database, so one name serves all.
OUTBOX_CHANNEL = "surveyops_outbox"
# Transaction-level advisory lock a relay holds while it publishes: one relay per database at a time.
RELAY_LOCK_KEY = 0x5355_5256_4F42  # "SURVOB"


def _outbox_written(session: Session) -> None:
    """Mark the transaction as having written outbox rows: at its commit the relays are woken (in this process
    by `Database.outbox_committed`, in every process by PostgreSQL's NOTIFY, which is delivered at commit)."""
    if session.info.get("outbox_written"):
        return
    session.info["outbox_written"] = True
    if session.get_bind().dialect.name == "postgresql":
        session.execute(text("SELECT pg_notify(:channel, '')"), {"channel": OUTBOX_CHANNEL})


def publish(session: Session, event_type: str, data: dict, *, version: int = 1) -> str:
    """Write an event to the outbox in the caller's transaction; the relay sends it after commit."""
    outbox = session.info["outbox"]
    event_id = str(uuid.uuid4())
    now = utcnow()
    envelope = {**_envelope_head(event_id, event_type, now, version), "data": data}
    row = {"id": event_id, "routing_key": event_type, "envelope": envelope, "headers": _trace_headers(),
           "created_at": now, "attempts": 0}
    if not session.info.get("outbox_written") and session.get_bind().dialect.name == "postgresql":
        # the transaction's first event: the row and the commit-time NOTIFY in one round trip
        session.info["outbox_written"] = True
        session.execute(_outbox_insert(outbox, notify=True), row)
        return event_id
    session.execute(_outbox_insert(outbox, notify=False), row)
    _outbox_written(session)
    return event_id


@functools.lru_cache(maxsize=None)
def _outbox_insert(outbox: Table, *, notify: bool):
    """The outbox's INSERT built once, its values bound per event (`insert().values(...)` per event rebuilt the
    statement and its cache key over the whole envelope every time: ~4 % of a claim's CPU)."""
    stmt = outbox.insert()
    return stmt.returning(func.pg_notify(OUTBOX_CHANNEL, "")) if notify else stmt


def publish_many(session: Session, event_type: str, data_json_texts: Iterable[str], *, version: int = 1) -> list[str]:
    """Bulk `publish`: one event per already-serialised JSON object in `data_json_texts`, written to the outbox
    in the caller's transaction with one COPY (PostgreSQL) or one executemany (SQLite).

    For large payloads (a 100,000-visit roster is ~50 MB of JSON): building a dict per item and json.dumps-ing it
    dominated the write. The envelope is `publish`'s (same `_envelope_head`) with `data` spliced in as text, so
    the rows are the ones `publish` would write. created_at is one microsecond apart per event, so the relay
    (which sends by created_at) keeps their order. Returns the event ids.
    """
    outbox = session.info["outbox"]
    headers_json = json.dumps(_trace_headers())
    start = utcnow()
    rows = []
    for i, data_json in enumerate(data_json_texts):
        event_id = str(uuid.uuid4())
        created = start + timedelta(microseconds=i)
        head = json.dumps(_envelope_head(event_id, event_type, created, version), separators=(",", ":"))
        rows.append((event_id, event_type, f'{head[:-1]},"data":{data_json}}}', headers_json, created, 0))
    if not rows:
        return []
    cols = "id, routing_key, envelope, headers, created_at, attempts"
    conn = session.connection()
    if conn.dialect.name == "postgresql":
        with conn.connection.driver_connection.cursor() as cur:
            with cur.copy(f"COPY {outbox.name} ({cols}) FROM STDIN") as copy:
                for r in rows:
                    copy.write_row(r)
    else:
        sqlite_time = "%Y-%m-%d %H:%M:%S.%f"  # how SQLAlchemy's DateTime stores values on SQLite
        conn.exec_driver_sql(f"INSERT INTO {outbox.name} ({cols}) VALUES (?, ?, ?, ?, ?, ?)",
                             [(*r[:4], r[4].strftime(sqlite_time), r[5]) for r in rows])
    _outbox_written(session)
    return [r[0] for r in rows]


def bind_event_tables(db: Database) -> None:
    """Make `publish(session, ...)` find this service's outbox through the session, and call
    `db.outbox_committed` listeners (the relay's wake) when a transaction that wrote outbox rows commits."""
    from sqlalchemy import event as sa_event

    outbox, inbox = db.base.metadata.tables["outbox"], db.base.metadata.tables["inbox"]
    db.sessionmaker.configure(info={"outbox": outbox, "inbox": inbox})

    @sa_event.listens_for(db.sessionmaker, "after_commit")
    def _committed(session: Session) -> None:
        if session.info.pop("outbox_written", False):
            for listener in list(db.outbox_committed):
                listener()

    @sa_event.listens_for(db.sessionmaker, "after_rollback")
    def _rolled_back(session: Session) -> None:
        session.info.pop("outbox_written", None)


@functools.lru_cache(maxsize=4096)
def topic_matches(pattern: str, key: str) -> bool:
    """AMQP topic matching: '*' is one word, '#' zero or more."""
    p, k = pattern.split("."), key.split(".")

    def m(i: int, j: int) -> bool:
        if i == len(p):
            return j == len(k)
        if p[i] == "#":
            return any(m(i + 1, jj) for jj in range(j, len(k) + 1))
        return j < len(k) and (p[i] == "*" or p[i] == k[j]) and m(i + 1, j + 1)

    return m(0, 0)


Handler = Callable[[Session, dict], None]


class PoisonMessage(Exception):
    """A message that can never be applied (malformed); goes to the dead-letter queue at once."""


class EventConsumer:
    """Applies events idempotently: the inbox row and the effect commit in one transaction."""

    def __init__(self, name: str, db: Database, handlers: dict[str, Handler]):
        self.name, self.db, self.handlers = name, db, handlers
        self.inbox = db.base.metadata.tables["inbox"]
        # Deliveries of an event already applied (a redelivery after a lost acknowledgement, a replay), absorbed
        # by the inbox; shown in /metrics as consumer_duplicates_absorbed.
        self.duplicates = 0

    @property
    def patterns(self) -> list[str]:
        return list(self.handlers)

    def _handler_for(self, event_type: str) -> Handler | None:
        for pattern, h in self.handlers.items():
            if topic_matches(pattern, event_type):
                return h
        return None

    def _seen(self, s: Session, event_id: str) -> bool:
        return s.execute(select(self.inbox.c.event_id).where(
            self.inbox.c.event_id == event_id, self.inbox.c.consumer == self.name)).first() is not None

    def _apply(self, s: Session, envelope: dict, handler: Handler) -> bool:
        """The effect and its inbox row in `s`; False when the inbox already holds the event."""
        if self._seen(s, envelope["id"]):
            return False
        handler(s, envelope)
        s.execute(self.inbox.insert().values(event_id=envelope["id"], consumer=self.name, processed_at=utcnow()))
        return True

    def _checked(self, envelope) -> Handler | None:
        if not isinstance(envelope, dict) or not {"id", "type", "data"} <= envelope.keys():
            raise PoisonMessage("event envelope lacks id/type/data")
        return self._handler_for(envelope["type"])

    def _span(self, envelope: dict, headers: dict | None):
        return tracer.start_as_current_span(f"consume {envelope['type']}", context=propagate.extract(headers or {}),
                                            attributes={"messaging.consumer": self.name})

    def handle(self, envelope: dict, headers: dict | None = None) -> bool:
        """Returns True when applied, False for a duplicate or an event this consumer ignores."""
        handler = self._checked(envelope)
        if handler is None:
            return False
        with self._span(envelope, headers):
            try:
                with self.db.session() as s:
                    applied = self._apply(s, envelope, handler)
                if not applied:
                    self.duplicates += 1
                return applied
            except IntegrityError:
                # A concurrent delivery of the same event won the race: its inbox row exists now.
                with self.db.session() as s:
                    if self._seen(s, envelope["id"]):
                        self.duplicates += 1
                        return False
                raise

    def handle_batch(self, deliveries: list[tuple[dict, dict | None]]) -> int:
        """Applies several deliveries, in order, in ONE transaction, each with its inbox row: one commit for the
        batch instead of one per event (a roster's thousands of small events were a commit each). Raises if any
        of them fails, with none of them applied: the caller then applies them one by one (`handle`), so a
        failing event is retried, or dead-lettered, alone. Returns how many were applied."""
        applied = duplicates = 0
        with self.db.session() as s:
            in_batch: set[str] = set()
            for envelope, headers in deliveries:
                handler = self._checked(envelope)
                if handler is None:
                    continue
                with self._span(envelope, headers):
                    if envelope["id"] in in_batch or not self._apply(s, envelope, handler):
                        duplicates += 1
                        continue
                in_batch.add(envelope["id"])
                applied += 1
        self.duplicates += duplicates
        return applied


Listener = Callable[[dict], None]


class Bus:
    async def start(self) -> None: ...
    async def publish(self, routing_key: str, envelope: dict, headers: dict) -> None: ...
    async def subscribe(self, consumer: EventConsumer) -> None: ...

    async def subscribe_broadcast(self, name: str, patterns: list[str], listener: Listener, retain_seconds: int) -> None:
        """Every subscriber (each replica of each service) gets every matching event, including those of the
        last `retain_seconds` published before it subscribed (replayed first). For in-memory state only (the
        revocation list): `listener(envelope)` must be quick, must not raise, and must tolerate a repeat."""
    async def close(self) -> None: ...
    def healthy(self) -> bool: return True
    def lag(self, consumer_name: str) -> int: return 0
    def dead_letters_waiting(self, consumer_name: str) -> int: return 0


def _call_listener(listener: Listener, envelope: dict) -> None:
    try:
        listener(envelope)
    except Exception as exc:  # noqa: BLE001 - one bad event must not stop the broadcast
        log.error("broadcast listener failed", extra={"event_type": envelope.get("type") if isinstance(envelope, dict)
                                                      else None, "error": type(exc).__name__})


class InProcessBus(Bus):
    """Embedded mode: same outbox and relay, delivery to consumers in this process.

    `publish` returns only once every matching consumer has applied the event (or dead-lettered it): that is this
    bus's publisher confirm. The relay stamps `sent_at` after it, so an event still queued when the process stops
    is sent again at the next start instead of being lost (consumers apply it once, by their inbox). Dead letters
    are kept in memory and, given a file, appended to it as JSON lines, so they outlive a restart."""

    def __init__(self, delivery_limit: int = 5, dead_letter_file: Path | None = None):
        self.delivery_limit = delivery_limit
        self.dead_letter_file = dead_letter_file
        self._subs: list[tuple[EventConsumer, asyncio.Queue]] = []
        self._tasks: list[asyncio.Task] = []
        self.dead_letters: list[tuple[str, dict, str]] = []
        self._broadcasts: list[tuple[list[str], Listener]] = []
        self._retain: dict[str, int] = {}  # pattern -> seconds
        self._retained: list[tuple[float, str, dict]] = []  # (monotonic time, routing key, envelope)

    async def subscribe(self, consumer: EventConsumer) -> None:
        q: asyncio.Queue = asyncio.Queue()
        self._subs.append((consumer, q))
        self._tasks.append(asyncio.create_task(self._work(consumer, q)))

    async def subscribe_broadcast(self, name: str, patterns: list[str], listener: Listener, retain_seconds: int) -> None:
        for p in patterns:
            self._retain[p] = max(self._retain.get(p, 0), retain_seconds)
        self._broadcasts.append((list(patterns), listener))
        for _, key, envelope in self._retained:  # what was published before this subscriber came
            if any(topic_matches(p, key) for p in patterns):
                _call_listener(listener, envelope)

    def _broadcast(self, routing_key: str, envelope: dict) -> None:
        keep = max((sec for p, sec in self._retain.items() if topic_matches(p, routing_key)), default=0)
        if keep:
            now = time.monotonic()
            self._retained = [r for r in self._retained if now - r[0] < keep]
            self._retained.append((now, routing_key, envelope))
        for patterns, listener in self._broadcasts:
            if any(topic_matches(p, routing_key) for p in patterns):
                _call_listener(listener, envelope)

    async def publish(self, routing_key: str, envelope: dict, headers: dict) -> None:
        self._broadcast(routing_key, envelope)
        loop = asyncio.get_running_loop()
        done = []
        for consumer, q in self._subs:
            if any(topic_matches(p, routing_key) for p in consumer.patterns):
                fut = loop.create_future()
                q.put_nowait((envelope, headers, fut))
                done.append(fut)
        if done:
            await asyncio.gather(*done)

    async def _work(self, consumer: EventConsumer, q: asyncio.Queue) -> None:
        while True:
            envelope, headers, fut = await q.get()
            try:
                for attempt in range(1, self.delivery_limit + 1):
                    try:
                        await asyncio.to_thread(consumer.handle, envelope, headers)
                        break
                    except PoisonMessage as exc:
                        self._dead(consumer, envelope, exc)
                        break
                    except Exception as exc:  # noqa: BLE001 - redelivered, then dead-lettered
                        if attempt == self.delivery_limit:
                            self._dead(consumer, envelope, exc)
                        else:
                            await asyncio.sleep(0.05 * attempt)
            except asyncio.CancelledError:  # shutting down: not confirmed, so the relay sends it again next start
                if not fut.done():
                    fut.cancel()
                raise
            if not fut.done():
                fut.set_result(None)
            q.task_done()

    def _dead(self, consumer: EventConsumer, envelope: dict, exc: Exception) -> None:
        log.error("event dead-lettered", extra={"consumer": consumer.name, "event_type": envelope.get("type"),
                                                 "event_id": envelope.get("id"), "error": type(exc).__name__})
        self.dead_letters.append((consumer.name, envelope, type(exc).__name__))
        if self.dead_letter_file is not None:
            try:
                self.dead_letter_file.parent.mkdir(parents=True, exist_ok=True)
                with self.dead_letter_file.open("a", encoding="utf-8") as f:
                    f.write(json.dumps({"consumer": consumer.name, "error": type(exc).__name__, "at": utcnow().isoformat(),
                                        "envelope": envelope}, default=str) + "\n")
            except OSError as err:
                log.error("dead letter not written to file", extra={"error": type(err).__name__})

    def lag(self, consumer_name: str) -> int:
        return sum(q.qsize() for c, q in self._subs if c.name == consumer_name)

    def dead_letters_waiting(self, consumer_name: str) -> int:
        return sum(1 for name, _, _ in self.dead_letters if name == consumer_name)

    async def drain(self) -> None:
        for _, q in self._subs:
            await q.join()

    async def close(self) -> None:
        for t in self._tasks:
            t.cancel()
        self._tasks.clear()
        for _, q in self._subs:  # queued and never handled: unconfirmed, they stay in the outbox
            while not q.empty():
                _, _, fut = q.get_nowait()
                fut.cancel()


CONSUMER_BATCH = 32  # deliveries applied in one transaction at most (the channel's prefetch)


class RabbitBus(Bus):
    """Topic exchange, publisher confirms, persistent messages, durable quorum queues with a delivery
    limit and a dead-letter queue per consumer."""

    def __init__(self, url: str, exchange: str, queue_prefix: str, delivery_limit: int = 5):
        self.url, self.exchange_name, self.prefix, self.delivery_limit = url, exchange, queue_prefix, delivery_limit
        self._conn = None
        self._channel = None
        self._exchange = None
        self._pending_subs: list[EventConsumer] = []
        self._pending_broadcasts: list[tuple[str, list[str], Listener, int]] = []
        self._queues: dict[str, object] = {}
        self._lag: dict[str, int] = {}
        self._dead: dict[str, int] = {}
        self._connector: asyncio.Task | None = None
        self._lag_watcher: asyncio.Task | None = None
        self._workers: list[asyncio.Task] = []
        self._ready = asyncio.Event()

    async def start(self) -> None:
        # Never block service start on the broker: changes still commit into the outbox meanwhile.
        self._connector = asyncio.create_task(self._connect_loop())

    async def _connect_loop(self) -> None:
        delay = 0.5
        while True:
            try:
                await self._open()
                for c in self._pending_subs:
                    await self._bind(c)
                for b in self._pending_broadcasts:
                    await self._bind_broadcast(*b)
                self._ready.set()
                self._lag_watcher = asyncio.create_task(self._watch_lag())
                return
            except Exception as exc:  # noqa: BLE001
                log.warning("broker unreachable, retrying", extra={"error": type(exc).__name__, "retry_in": delay})
                # a connection that opened but failed a declaration would otherwise keep reconnecting forever
                # beside the next attempt's: close it before retrying
                conn, self._conn = self._conn, None
                if conn is not None:
                    try:
                        await conn.close()
                    except Exception:  # noqa: BLE001
                        pass
                await asyncio.sleep(delay)
                delay = min(delay * 2, 10)

    async def _open(self) -> None:
        import aio_pika

        from aio_pika.connection import make_url

        # connect_robust's own steps, with the connection kept before it connects: a shutdown that cancels this
        # attempt must still close it, or it goes on reconnecting by itself and the event loop never ends
        self._conn = aio_pika.RobustConnection(make_url(self.url))
        await self._conn.connect(timeout=5)
        self._channel = await self._conn.channel(publisher_confirms=True)
        await self._channel.set_qos(prefetch_count=CONSUMER_BATCH)
        self._exchange = await self._channel.declare_exchange(self.exchange_name, aio_pika.ExchangeType.TOPIC, durable=True)
        self._dlx = await self._channel.declare_exchange(f"{self.exchange_name}.dlx", aio_pika.ExchangeType.DIRECT, durable=True)

    async def declare_only(self, consumers: list[EventConsumer]) -> list[str]:
        """Declare exchanges, queues, bindings and DLQs without consuming: a deployment step run before any
        service starts, so no event published early finds its consumer's queue missing."""
        await self._open()
        try:
            for c in consumers:
                await self._declare_queue(c)
            from kit.revocation import LISTENER, RETAIN_SECONDS, SESSION_REVOKED

            await self._declare_stream(LISTENER, [SESSION_REVOKED], RETAIN_SECONDS)
            return [self.queue_name(c.name) for c in consumers] + [self.stream_name(LISTENER)]
        finally:
            await self._conn.close()

    def healthy(self) -> bool:
        # A robust connection is never `is_closed` while it reconnects; `connected` says whether it is up now.
        conn = self._conn
        return bool(conn is not None and not conn.is_closed and conn.connected.is_set() and self._ready.is_set())

    async def publish(self, routing_key: str, envelope: dict, headers: dict) -> None:
        import aio_pika

        if not self.healthy():
            raise ConnectionError("broker not connected")
        msg = aio_pika.Message(json.dumps(envelope).encode(), content_type="application/json",
                               delivery_mode=aio_pika.DeliveryMode.PERSISTENT, message_id=envelope["id"],
                               type=envelope["type"], headers=headers)
        await self._exchange.publish(msg, routing_key=routing_key, timeout=10)  # waits for the confirm

    async def subscribe(self, consumer: EventConsumer) -> None:
        self._pending_subs.append(consumer)
        if self._ready.is_set():
            await self._bind(consumer)

    def queue_name(self, consumer_name: str) -> str:
        return f"{self.prefix}.{consumer_name}"

    async def subscribe_broadcast(self, name: str, patterns: list[str], listener: Listener, retain_seconds: int) -> None:
        self._pending_broadcasts.append((name, list(patterns), listener, retain_seconds))
        if self._ready.is_set():
            await self._bind_broadcast(name, list(patterns), listener, retain_seconds)

    def stream_name(self, name: str) -> str:
        return f"{self.prefix}.{name}.stream"

    async def _declare_stream(self, name: str, patterns: list[str], retain_seconds: int):
        # A stream is read, not drained: every replica reads all of it from the start, so one that starts (or
        # reconnects after a broker restart) replays what it missed. Age-based retention needs small segments.
        stream = await self._channel.declare_queue(self.stream_name(name), durable=True, arguments={
            "x-queue-type": "stream", "x-max-age": f"{int(retain_seconds)}s",
            "x-stream-max-segment-size-bytes": 1_000_000})
        for p in patterns:
            await stream.bind(self._exchange, routing_key=p)
        return stream

    async def _bind_broadcast(self, name: str, patterns: list[str], listener: Listener, retain_seconds: int) -> None:
        stream = await self._declare_stream(name, patterns, retain_seconds)

        async def on_message(message) -> None:
            try:
                envelope = json.loads(message.body)
            except (json.JSONDecodeError, UnicodeDecodeError):
                log.error("malformed broadcast message skipped", extra={"stream": name})
            else:
                _call_listener(listener, envelope)
            await message.ack()  # a stream consumer acks to get more credit; nothing is removed

        # the robust channel consumes again with the same arguments after a reconnect: a replay from the start
        await stream.consume(on_message, arguments={"x-stream-offset": "first"})

    async def _declare_queue(self, consumer: EventConsumer):
        qname = self.queue_name(consumer.name)
        dlq = await self._channel.declare_queue(f"{qname}.dlq", durable=True)
        await dlq.bind(self._dlx, routing_key=f"{qname}.dlq")
        # Single active consumer: with several replicas of a service, every replica subscribes to the queue but
        # the broker delivers to one of them at a time (the next takes over if it goes), so events keep their
        # order per consumer across replicas, as they do within one process (`_bind`'s lock).
        args = {"x-queue-type": "quorum", "x-delivery-limit": self.delivery_limit, "x-single-active-consumer": True,
                "x-dead-letter-exchange": f"{self.exchange_name}.dlx", "x-dead-letter-routing-key": f"{qname}.dlq"}
        # (a queue declared earlier without it is refused, PRECONDITION_FAILED, like any other argument change:
        # recreate it, `scripts/stack.py down --purge`)
        queue = await self._channel.declare_queue(qname, durable=True, arguments=args)
        for p in consumer.patterns:
            await queue.bind(self._exchange, routing_key=p)
        self._queues[consumer.name] = queue
        return queue

    async def _bind(self, consumer: EventConsumer) -> None:
        queue = await self._declare_queue(consumer)
        # One worker per consumer takes the deliveries in the order they arrive: events of one entity (a call
        # started, then completed) are applied in the order they were published, never racing each other into
        # the read model. What has arrived meanwhile (up to the prefetch) is applied as one transaction.
        arrived: asyncio.Queue = asyncio.Queue()

        async def on_message(message) -> None:
            await arrived.put(message)

        async def work() -> None:
            while True:
                batch = [await arrived.get()]
                while len(batch) < CONSUMER_BATCH and not arrived.empty():
                    batch.append(arrived.get_nowait())
                try:
                    if len(batch) == 1 or not await apply_batch(batch):
                        for message in batch:
                            await apply(message)
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # noqa: BLE001 - e.g. an ack on a channel the broker cut: redelivered
                    log.warning("event acknowledgement failed", extra={"consumer": consumer.name,
                                                                       "error": type(exc).__name__})

        async def apply_batch(batch) -> bool:
            """The batch in one transaction; False (nothing applied) sends it one by one through `apply`."""
            try:
                deliveries = [(json.loads(m.body), dict(m.headers or {})) for m in batch]
                await asyncio.to_thread(consumer.handle_batch, deliveries)
            except Exception:  # noqa: BLE001 - one by one tells the failing event from the others
                return False
            for message in batch:
                await message.ack()  # only after the effects committed
            return True

        async def apply(message) -> None:
            try:
                envelope = json.loads(message.body)
                await asyncio.to_thread(consumer.handle, envelope, dict(message.headers or {}))
            except (PoisonMessage, json.JSONDecodeError, UnicodeDecodeError) as exc:
                log.error("poison message dead-lettered", extra={"consumer": consumer.name, "error": type(exc).__name__})
                await message.reject(requeue=False)
                return
            except Exception as exc:  # noqa: BLE001 - requeued; the quorum queue dead-letters past the limit
                log.warning("event handling failed, requeued", extra={"consumer": consumer.name, "error": type(exc).__name__})
                await asyncio.sleep(0.1)
                await message.nack(requeue=True)
                return
            await message.ack()  # only after the effect committed

        self._workers.append(asyncio.create_task(work(), name=f"consume-{consumer.name}"))
        await queue.consume(on_message)

    async def _watch_lag(self) -> None:
        # Runs for the bus's lifetime: outages pause it, the robust connection's reconnect resumes it.
        while True:
            if not self.healthy():
                await asyncio.sleep(1)
                continue
            try:
                await asyncio.wait_for(self._read_depths(), timeout=15)
            except asyncio.CancelledError:
                # a reconnect cancels pending channel calls: that must not end the watcher (the figures would
                # freeze at their last value); only the bus's own close() may
                if asyncio.current_task().cancelling():
                    raise
            except Exception:  # noqa: BLE001 - read again at the next round
                pass
            await asyncio.sleep(5)

    async def _read_depths(self) -> None:
        """Each consumer's queue and dead-letter queue depth, read on a channel of its own for this round: the
        robust channel's passive declares stopped answering after a reconnect."""
        channel = await self._conn.channel(publisher_confirms=False)
        try:
            for name, q in list(self._queues.items()):
                res = await channel.declare_queue(q.name, passive=True, timeout=5)
                self._lag[name] = res.declaration_result.message_count
                dlq = await channel.declare_queue(f"{q.name}.dlq", passive=True, timeout=5)
                self._dead[name] = dlq.declaration_result.message_count
        finally:
            await channel.close()

    def lag(self, consumer_name: str) -> int:
        return self._lag.get(consumer_name, 0)

    def dead_letters_waiting(self, consumer_name: str) -> int:
        """Messages in the consumer's dead-letter queue (replay them with `python -m kit.deadletters`)."""
        return self._dead.get(consumer_name, 0)

    async def close(self) -> None:
        for task in (self._connector, self._lag_watcher, *self._workers):
            if task:
                task.cancel()
        if self._conn:
            await self._conn.close()


class OutboxRelay:
    """Moves committed outbox rows to the bus (FOR UPDATE SKIP LOCKED on PostgreSQL), stamps sent_at."""

    def __init__(self, db: Database, bus: Bus, loop: asyncio.AbstractEventLoop, interval: float = 0.2, batch: int = 200,
                 batch_bytes: int = 2 << 20, coalesce: float = 0.005, outbox_retention: timedelta = timedelta(hours=72), inbox_retention: timedelta = timedelta(days=14),
                 prune_every_seconds: float = 600, wake_on_commit: bool = True):
        self.db, self.bus, self.loop, self.interval, self.batch = db, bus, loop, interval, batch
        self.batch_bytes = batch_bytes
        self._batch_stmt: dict[bool, object] = {}
        # woken by a commit, the relay waits this long before its pass, so commits close together share a pass
        # (at 200 commits/s one pass per commit was a third of the calling service's CPU)
        self.coalesce = coalesce
        # Woken when a transaction that wrote outbox rows commits (see `bind_event_tables`, `OUTBOX_CHANNEL`);
        # the interval is only the fallback poll. False = poll only (the baseline of bench/event_latency.py).
        self.wake_on_commit = wake_on_commit
        self.outbox = db.base.metadata.tables["outbox"]
        self._mark_sent = (update(self.outbox).where(self.outbox.c.id.in_(bindparam("sent_ids", expanding=True)))
                           .values(sent_at=bindparam("sent_at")))
        self.inbox = db.base.metadata.tables["inbox"]
        self.outbox_retention, self.inbox_retention = outbox_retention, inbox_retention
        self.prune_every_seconds = prune_every_seconds
        self._next_prune = 0.0
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self._listener: threading.Thread | None = None

    def start(self) -> None:
        if self.wake_on_commit:
            self.db.outbox_committed.append(self.wake)
            if self.db.engine.dialect.name == "postgresql":
                self._listener = threading.Thread(target=self._listen, name="outbox-listen", daemon=True)
                self._listener.start()
        self._thread = threading.Thread(target=self._run, name="outbox-relay", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self.wake in self.db.outbox_committed:
            self.db.outbox_committed.remove(self.wake)
        if self._thread:
            self._thread.join(timeout=5)
        # The listener is not waited for: it holds only its own connection, and it sees the stop within its
        # notifies timeout (0.5 s), which every service's shutdown (and every test's) would otherwise wait out.

    def _listen(self) -> None:
        """LISTEN for commits of outbox rows by any process on this database; reconnects after a failure."""
        import psycopg
        from sqlalchemy.engine import make_url

        url = make_url(self.db.url.replace("postgresql+psycopg://", "postgresql://"))
        dsn = url.set(drivername="postgresql").render_as_string(hide_password=False)
        while not self._stop.is_set():
            try:
                with psycopg.connect(dsn, autocommit=True) as conn:
                    conn.execute(f"LISTEN {OUTBOX_CHANNEL}")
                    self._wake.set()  # anything committed while not listening
                    while not self._stop.is_set():
                        for _ in conn.notifies(timeout=0.5, stop_after=1):
                            self._wake.set()
            except Exception as exc:  # noqa: BLE001 - the poll still runs; listen again shortly
                if self._stop.is_set():
                    return  # stopped: its database may be gone already
                log.warning("outbox LISTEN failed, retrying", extra={"error": type(exc).__name__})
                self._stop.wait(1.0)

    def wake(self) -> None:
        self._wake.set()

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.clear()  # before the pass: a wake during it makes the next wait return at once
            try:
                sent = self.flush_once()
            except Exception as exc:  # noqa: BLE001
                log.warning("outbox relay pass failed", extra={"error": type(exc).__name__})
                sent = 0
            if time.monotonic() >= self._next_prune:
                self._next_prune = time.monotonic() + self.prune_every_seconds
                try:
                    self.prune()
                except Exception as exc:  # noqa: BLE001 - retried at the next period
                    log.warning("outbox/inbox pruning failed", extra={"error": type(exc).__name__})
            if not sent:  # a full batch, or one cut by its size: more may be waiting
                if self._wake.wait(self.interval) and self.coalesce:
                    self._stop.wait(self.coalesce)

    def _next_batch(self, postgres: bool):
        """The oldest unsent rows, at most `batch` of them and, past the first, no more than `batch_bytes` of
        stored envelope: a roster's events carry thousands of visits each, and 200 of them read at once would
        be a gigabyte of Python objects in the relay."""
        o = self.outbox
        size = func.pg_column_size(o.c.envelope) if postgres else func.length(o.c.envelope)
        locked = (select(o.c.id, o.c.created_at, size.label("size")).where(o.c.sent_at.is_(None))
                  .order_by(o.c.created_at).limit(self.batch).with_for_update(skip_locked=True).cte("locked"))
        before = (func.sum(locked.c.size).over(order_by=[locked.c.created_at, locked.c.id], rows=(None, 0))
                  - locked.c.size)
        sized = select(locked.c.id, locked.c.created_at, before.label("before")).cte("sized")
        return (select(o.c.id, o.c.routing_key, o.c.envelope, o.c.headers).join(sized, sized.c.id == o.c.id)
                .where(sized.c.before < self.batch_bytes).order_by(sized.c.created_at, sized.c.id))

    def flush_once(self) -> int:
        o = self.outbox
        with self.db.session() as s:
            if s.get_bind().dialect.name == "postgresql" and not s.execute(
                    text("SELECT pg_try_advisory_xact_lock(:key)"), {"key": RELAY_LOCK_KEY}).scalar():
                # Another relay of this database (another replica) is publishing; it sends what is committed, in
                # created_at order. Two relays side by side would never send an event twice (the rows are locked
                # and stamped in the sending transaction) but could interleave their batches out of order.
                # This relay was woken too (every relay LISTENs) and tries again after its wait.
                return 0
            postgres = s.get_bind().dialect.name == "postgresql"
            if self._batch_stmt.get(postgres) is None:  # built once: a pass is one statement's work, not its build
                self._batch_stmt[postgres] = self._next_batch(postgres)
            rows = s.execute(self._batch_stmt[postgres]).all()
            if not rows:
                return 0
            sent_ids = []
            for r in rows:
                fut = asyncio.run_coroutine_threadsafe(self.bus.publish(r.routing_key, r.envelope, r.headers), self.loop)
                try:
                    fut.result(timeout=15)
                except Exception:  # noqa: BLE001 - left unsent, retried next pass
                    s.execute(update(o).where(o.c.id == r.id).values(attempts=o.c.attempts + 1))
                    break
                sent_ids.append(r.id)
            if sent_ids:
                s.execute(self._mark_sent, {"sent_ids": sent_ids, "sent_at": utcnow()})
            return len(sent_ids)

    def prune(self) -> tuple[int, int]:
        """Delete sent outbox rows and remembered inbox ids past their retention; returns (outbox, inbox) counts.

        Without it both tables only grow: a 100,000-visit roster alone leaves ~45 MB of sent events. Sent rows are
        kept a while for looking into what was published; inbox ids only need to outlive any redelivery (the
        broker redelivers within minutes, the delivery limit caps it), so two weeks is far beyond what a
        duplicate can arrive after."""
        now = utcnow()
        o, i = self.outbox, self.inbox
        with self.db.session() as s:
            n_out = s.execute(delete(o).where(o.c.sent_at < now - self.outbox_retention)).rowcount or 0
            n_in = s.execute(delete(i).where(i.c.processed_at < now - self.inbox_retention)).rowcount or 0
        if n_out or n_in:
            log.info("pruned outbox and inbox", extra={"outbox": n_out, "inbox": n_in})
        return n_out, n_in

    def backlog(self) -> tuple[int, float]:
        o = self.outbox
        with self.db.session() as s:
            n, oldest = s.execute(select(func.count(), func.min(o.c.created_at)).where(o.c.sent_at.is_(None))).one()
        age = (utcnow() - oldest).total_seconds() if oldest else 0.0
        return int(n), age
