"""Kit test bed: a throwaway service built with kit.app.ServiceSpec, plus helpers to break and restore its servers.

The service has one table written by a POST route that publishes `kt.item.created` in the same transaction,
and a consumer `applier` that applies those events to a second table (recording the trace id it saw).
`kt.poison.*` events reach a handler that always raises.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path

from fastapi import APIRouter, Depends, Request
from opentelemetry import trace
from pydantic import Field
from pydantic_settings import SettingsConfigDict
from sqlalchemy import String, func, select
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from kit.app import ServiceSpec, SessionDep, create_service_app
from kit.auth import Role, allow, client_ip, public
from kit.config import ServiceSettings
from kit.events import EventConsumer, add_event_tables, publish
from kit.schema import Schema
from kit.testing import AMQP_URL, RUN_ID, base_settings, require_rabbitmq


class Base(DeclarativeBase):
    pass


add_event_tables(Base.metadata)


class Item(Base):
    __tablename__ = "kt_items"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(50))


class Applied(Base):
    __tablename__ = "kt_applied"
    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[str] = mapped_column(String(36))
    item_id: Mapped[int]
    trace_id: Mapped[str] = mapped_column(String(32))


class KtSettings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="KITTEST_", extra="ignore")
    service_name: str = "kt"


class ItemIn(Schema):
    name: str = Field(min_length=1, max_length=50)
    qty: int = Field(0, ge=0)


router = APIRouter()


@router.post("/api/items", dependencies=[Depends(public)])
def create_item(body: ItemIn, session: SessionDep):
    item = Item(name=body.name)
    session.add(item)
    session.flush()
    publish(session, "kt.item.created", {"id": item.id, "name": item.name})
    return {"message": "Item created", "data": {"id": item.id}}


@router.get("/api/items/{item_id}")
def get_item(item_id: int, session: SessionDep, principal=Depends(allow(Role.ADMIN))):
    item = session.get(Item, item_id)
    return {"id": item.id, "name": item.name} if item else {}


@router.get("/api/boom", dependencies=[Depends(public)])
def boom():
    raise RuntimeError("SELECT ssn FROM patients WHERE name='Jane Roe'")


@router.get("/api/parseboom", dependencies=[Depends(public)])
def parse_boom(age: str = ""):
    return {"age": int(age)}  # ValueError quoting the value given


@router.get("/api/sqlboom", dependencies=[Depends(public)])
def sql_boom(session: SessionDep, name: str = "nobody"):
    from sqlalchemy import text

    session.execute(text("SELECT no_such_column FROM kt_items WHERE name = :n"), {"n": name})


@router.get("/api/dbgone", dependencies=[Depends(public)])
def db_gone(session: SessionDep):
    """The database connection dropped under the request (pg_terminate_backend, a server restart)."""
    from sqlalchemy.exc import OperationalError

    raise OperationalError("SELECT 1", {}, ConnectionError("server closed the connection"), connection_invalidated=True)


@router.get("/api/poolbusy", dependencies=[Depends(public)])
def pool_busy():
    """Every pooled connection is in use and none comes free within the pool's timeout (an overloaded service)."""
    from sqlalchemy import create_engine
    from sqlalchemy.pool import QueuePool

    engine = create_engine("sqlite://", poolclass=QueuePool, pool_size=1, max_overflow=0, pool_timeout=0.05)
    held = engine.connect()
    try:
        engine.connect()
    finally:
        held.close()
        engine.dispose()


@router.get("/api/caller", dependencies=[Depends(public)])
def caller(request: Request):
    return {"ip": client_ip(request, request.app.state.settings.trusted_proxies)}


def apply_item(session, envelope: dict) -> None:
    ctx = trace.get_current_span().get_span_context()
    session.add(Applied(event_id=envelope["id"], item_id=envelope["data"]["id"], trace_id=format(ctx.trace_id, "032x")))


def always_fails(session, envelope: dict) -> None:
    raise RuntimeError("this event can never be applied")


SPEC = ServiceSpec(
    name="kt", title="Kit throwaway service", package=None, base=Base, routers=[router],
    consumers=lambda db: [EventConsumer("applier", db, {"kt.item.*": apply_item, "kt.poison.#": always_fails})],
)


def make_app(settings: KtSettings, bus=None):
    return create_service_app(SPEC, settings, bus=bus)


# ---------------------------------------------------------------- helpers


def wait_for(fn: Callable[[], object], timeout: float = 20, every: float = 0.05, what: str = "condition"):
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        last = fn()
        if last:
            return last
        time.sleep(every)
    raise AssertionError(f"timed out after {timeout}s waiting for {what} (last value {last!r})")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class TcpProxy:
    """A TCP forwarder we control: until `start()` its port is closed (server unreachable); `stop()` closes
    the listener and cuts every open connection, as if the server went away."""

    def __init__(self, target_port: int, target_host: str = "127.0.0.1"):
        self.port = free_port()
        self.target = (target_host, target_port)
        self._listener: socket.socket | None = None
        self._conns: list[socket.socket] = []
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()

    def start(self) -> None:
        ls = socket.socket()
        ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        ls.bind(("127.0.0.1", self.port))
        ls.listen(64)
        self._listener = ls
        threading.Thread(target=self._accept, args=(ls,), daemon=True).start()

    def _accept(self, ls: socket.socket) -> None:
        while True:
            try:
                client, _ = ls.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(self.target, timeout=5)
                upstream.settimeout(None)
            except OSError:
                client.close()
                continue
            with self._lock:
                self._conns += [client, upstream]
                self._open.add(client)
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    def open_connections(self) -> int:
        with self._lock:
            return len(self._open)

    def _pipe(self, src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        finally:
            with self._lock:
                self._open.discard(src)
                self._open.discard(dst)
            for s in (src, dst):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def stop(self) -> None:
        if self._listener:
            try:
                self._listener.shutdown(socket.SHUT_RDWR)  # wakes the thread blocked in accept()
            except OSError:
                pass
            self._listener.close()
            self._listener = None
        with self._lock:
            conns, self._conns = self._conns, []
        for s in conns:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()


def metric_values(client, name: str) -> list[tuple[dict, float]]:
    from prometheus_client.parser import text_string_to_metric_families

    text = client.get("/metrics").text
    out = []
    for fam in text_string_to_metric_families(text):
        for s in fam.samples:
            if s.name == name:
                out.append((s.labels, s.value))
    return out


def metric(client, name: str, **labels) -> float | None:
    for lab, v in metric_values(client, name):
        if all(lab.get(k) == v2 for k, v2 in labels.items()):
            return v
    return None


def count(db, model, *where) -> int:
    with db.session() as s:
        return s.execute(select(func.count()).select_from(model).where(*where)).scalar_one()


# ---------------------------------------------------------------- RabbitMQ


class Rabbit:
    """Unique exchange and queue prefix for one test; direct AMQP access for publishing raw messages and
    reading dead-letter queues; deletes everything it named afterwards."""

    def __init__(self):
        tag = f"{RUN_ID}.{uuid.uuid4().hex[:6]}"
        self.url = AMQP_URL
        self.exchange = f"kt-test.{tag}"
        self.prefix = f"kt-test.{tag}"

    def settings(self, broker_url: str | None = None) -> dict:
        return dict(broker_url=broker_url or self.url, exchange=self.exchange, queue_prefix=self.prefix)

    def queue(self, consumer: str) -> str:
        return f"{self.prefix}.{consumer}"

    def _run(self, coro_fn):
        async def go():
            import aio_pika

            conn = await aio_pika.connect(self.url, timeout=5)
            try:
                ch = await conn.channel()
                return await coro_fn(aio_pika, ch)
            finally:
                await conn.close()

        return asyncio.run(go())

    def publish_raw(self, routing_key: str, body: bytes, headers: dict | None = None) -> None:
        async def fn(aio_pika, ch):
            ex = await ch.get_exchange(self.exchange, ensure=True)
            await ex.publish(aio_pika.Message(body, headers=headers or {}, delivery_mode=aio_pika.DeliveryMode.PERSISTENT),
                             routing_key=routing_key)

        self._run(fn)

    def publish_many(self, envelopes: list[dict]) -> None:
        """In this order, on one channel."""

        async def fn(aio_pika, ch):
            ex = await ch.get_exchange(self.exchange, ensure=True)
            for e in envelopes:
                await ex.publish(aio_pika.Message(json.dumps(e).encode(), delivery_mode=aio_pika.DeliveryMode.PERSISTENT),
                                 routing_key=e["type"])

        self._run(fn)

    def publish_envelope(self, envelope: dict, headers: dict | None = None) -> None:
        self.publish_raw(envelope["type"], json.dumps(envelope).encode(), headers)

    def drain(self, queue: str) -> list[bytes]:
        """All messages now in a queue (basic.get + ack), bodies in order."""

        async def fn(aio_pika, ch):
            q = await ch.declare_queue(queue, passive=True)
            bodies = []
            while (m := await q.get(fail=False, no_ack=True)) is not None:
                bodies.append(m.body)
            return bodies

        return self._run(fn)

    def message_count(self, queue: str) -> int:
        async def fn(aio_pika, ch):
            q = await ch.declare_queue(queue, passive=True)
            return q.declaration_result.message_count

        return self._run(fn)

    def cleanup(self, consumers: list[str]) -> None:
        async def fn(aio_pika, ch):
            for c in consumers:
                for q in (self.queue(c), self.queue(c) + ".dlq"):
                    await ch.queue_delete(q)  # RabbitMQ: deleting a missing queue is not an error
            await ch.queue_delete(f"{self.prefix}.session-revocations.stream")  # kit.revocation's broadcast
            for ex in (self.exchange, self.exchange + ".dlx"):
                await ch.exchange_delete(ex)

        self._run(fn)




def envelope(event_type: str = "kt.item.created", data: dict | None = None, event_id: str | None = None) -> dict:
    return {"id": event_id or str(uuid.uuid4()), "type": event_type, "occurredAt": "2026-01-01T00:00:00Z",
            "version": 1, "data": data if data is not None else {"id": 99, "name": "direct"}}
