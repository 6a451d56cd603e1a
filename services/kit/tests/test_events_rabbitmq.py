"""Event reliability on a REAL RabbitMQ and PostgreSQL: the outbox survives a broker outage, duplicates are
applied once, poison messages end in the consumer's dead-letter queue, trace context crosses the broker."""

import json
import time

from fastapi.testclient import TestClient
from kit_testbed import Applied, Item, TcpProxy, count, envelope, make_app, metric, wait_for
from opentelemetry import propagate, trace

from kit.testing import require_postgres


def _applied(app, item_id: int) -> int:
    return count(app.state.db, Applied, Applied.item_id == item_id)


def test_outbox_holds_changes_while_broker_is_down_then_delivers(pg_url, rabbit, kt_settings):
    proxy = TcpProxy(5672)  # its port is closed until start(): the broker is unreachable
    settings = kt_settings(pg_url, **rabbit.settings(f"amqp://guest:guest@127.0.0.1:{proxy.port}/"))
    app = make_app(settings)
    try:
        with TestClient(app) as client:
            assert client.get("/healthz").status_code == 503
            assert client.get("/healthz").json()["broker"] == "down"
            r = client.post("/api/items", json={"name": "while down"})
            assert r.status_code == 200, r.text
            item_id = r.json()["data"]["id"]
            # the change committed, its event waits in the outbox
            assert count(app.state.db, Item, Item.id == item_id) == 1
            time.sleep(0.5)  # several relay passes fail meanwhile
            assert metric(client, "outbox_backlog", service="kt") == 1
            assert metric(client, "outbox_oldest_age_seconds", service="kt") > 0
            assert _applied(app, item_id) == 0

            proxy.start()  # the broker is back
            wait_for(lambda: client.get("/healthz").status_code == 200, timeout=30, what="broker connection")
            wait_for(lambda: _applied(app, item_id) == 1, timeout=20, what="event applied after reconnect")
            wait_for(lambda: metric(client, "outbox_backlog", service="kt") == 0, what="the outbox row marked sent")

            # the broker goes away while connected: changes keep committing, delivered after reconnection
            proxy.stop()
            wait_for(lambda: client.get("/healthz").status_code == 503, timeout=20, what="broker seen down")
            r = client.post("/api/items", json={"name": "second outage"})
            assert r.status_code == 200
            second = r.json()["data"]["id"]
            time.sleep(0.5)
            assert metric(client, "outbox_backlog", service="kt") == 1
            proxy.start()
            wait_for(lambda: _applied(app, second) == 1, timeout=40, what="event applied after second outage")
            wait_for(lambda: metric(client, "outbox_backlog", service="kt") == 0, what="the outbox row marked sent")
            assert _applied(app, item_id) == 1  # nothing applied twice
    finally:
        proxy.stop()


def test_every_event_delivered_twice_is_applied_once(pg_url, rabbit, kt_settings):
    app = make_app(kt_settings(pg_url, **rabbit.settings()))
    with TestClient(app) as client:
        wait_for(lambda: client.get("/healthz").status_code == 200, what="broker connection")
        dup = envelope(data={"id": 501, "name": "dup"})
        for _ in range(2):
            rabbit.publish_envelope(dup)
        # and a burst of copies racing each other through the consumer's prefetch window
        burst = envelope(data={"id": 502, "name": "burst"})
        for _ in range(10):
            rabbit.publish_envelope(burst)
        rabbit.publish_envelope(envelope(data={"id": 503, "name": "sentinel"}))
        wait_for(lambda: _applied(app, 503) == 1 and _applied(app, 501) >= 1 and _applied(app, 502) >= 1,
                 what="events applied")
        wait_for(lambda: rabbit.message_count(rabbit.queue("applier")) == 0, what="queue drained")
        time.sleep(0.5)
        assert _applied(app, 501) == 1
        assert _applied(app, 502) == 1
        assert rabbit.message_count(rabbit.queue("applier") + ".dlq") == 0


def test_poison_messages_end_in_the_dead_letter_queue(pg_url, rabbit, kt_settings):
    app = make_app(kt_settings(pg_url, delivery_limit=2, **rabbit.settings()))
    dlq = rabbit.queue("applier") + ".dlq"
    with TestClient(app) as client:
        wait_for(lambda: client.get("/healthz").status_code == 200, what="broker connection")
        rabbit.publish_raw("kt.item.created", b"{not json at all")          # malformed JSON
        rabbit.publish_raw("kt.item.created", json.dumps([1, 2]).encode())  # JSON, but no envelope
        failing = envelope("kt.poison.always", {"x": 1})
        rabbit.publish_envelope(failing)                                    # its handler always raises
        wait_for(lambda: rabbit.message_count(dlq) == 3, timeout=30, what="three dead letters")
        bodies = rabbit.drain(dlq)
        assert b"{not json at all" in bodies
        assert json.dumps([1, 2]).encode() in bodies
        assert any(b.startswith(b"{") and json.loads(b).get("id") == failing["id"] for b in bodies if b != b"{not json at all")
        # the consumer keeps working after poison
        rabbit.publish_envelope(envelope(data={"id": 601, "name": "after poison"}))
        wait_for(lambda: _applied(app, 601) == 1, what="consumer alive after poison")
        assert rabbit.message_count(rabbit.queue("applier")) == 0


def test_trace_context_crosses_the_broker(pg_url, rabbit, kt_settings):
    app = make_app(kt_settings(pg_url, **rabbit.settings()))
    with TestClient(app) as client:
        wait_for(lambda: client.get("/healthz").status_code == 200, what="broker connection")
        item_id = client.post("/api/items", json={"name": "traced"}).json()["data"]["id"]
        outbox = app.state.db.base.metadata.tables["outbox"]
        with app.state.db.session() as s:
            headers = s.execute(outbox.select()).one().headers
        assert "traceparent" in headers, "publish() injects the W3C trace context"
        trace_id = headers["traceparent"].split("-")[1]
        assert trace_id != "0" * 32
        wait_for(lambda: _applied(app, item_id) == 1, what="traced event applied")
        with app.state.db.session() as s:
            seen = s.query(Applied.trace_id).filter(Applied.item_id == item_id).scalar()
        assert seen == trace_id, "the consumer's span continues the publisher's trace"

        # a message published by anyone else with a traceparent header continues that trace too
        tracer = trace.get_tracer("test")
        with tracer.start_as_current_span("external publisher") as span:
            carrier: dict = {}
            propagate.inject(carrier)
            external = format(span.get_span_context().trace_id, "032x")
        rabbit.publish_envelope(envelope(data={"id": 701, "name": "ext"}), headers=carrier)
        wait_for(lambda: _applied(app, 701) == 1, what="external event applied")
        with app.state.db.session() as s:
            assert s.query(Applied.trace_id).filter(Applied.item_id == 701).scalar() == external


def test_rabbitmq_consumer_on_sqlite_too(sqlite_url, rabbit, kt_settings):
    """The embedded database with the real broker (a developer's mixed setup) works the same way."""
    app = make_app(kt_settings(sqlite_url, **rabbit.settings()))
    with TestClient(app) as client:
        wait_for(lambda: client.get("/healthz").status_code == 200, what="broker connection")
        item_id = client.post("/api/items", json={"name": "sqlite"}).json()["data"]["id"]
        wait_for(lambda: _applied(app, item_id) == 1, what="applied")


def test_postgres_is_required_for_these_tests():
    require_postgres()


def test_a_consumer_applies_events_in_publish_order(pg_url, rabbit, kt_settings):
    """Read models depend on order (locked, then unlocked): one consumer applies its queue one event at a time,
    like the in-process bus does."""
    from sqlalchemy import select

    app = make_app(kt_settings(pg_url, **rabbit.settings()))
    with TestClient(app) as client:
        wait_for(lambda: client.get("/healthz").status_code == 200, what="broker connection")
        ids = list(range(2000, 2060))
        rabbit.publish_many([envelope(data={"id": i, "name": f"n{i}"}) for i in ids])
        wait_for(lambda: count(app.state.db, Applied, Applied.item_id >= 2000) == len(ids), what="all applied")
        with app.state.db.session() as s:
            order = list(s.execute(select(Applied.item_id).where(Applied.item_id >= 2000).order_by(Applied.id)).scalars())
        assert order == ids


def test_a_failed_declaration_does_not_leak_connections(pg_url, rabbit, kt_settings):
    """The consumer's queue exists with other arguments (PRECONDITION_FAILED): the bus keeps retrying with
    at most one connection at a time and stays unhealthy, instead of piling up reconnecting connections."""

    async def conflicting_queue(aio_pika, ch):
        await ch.declare_queue(rabbit.queue("applier"), durable=True)  # a classic queue, not a quorum one

    rabbit._run(conflicting_queue)
    proxy = TcpProxy(5672)
    proxy.start()
    app = make_app(kt_settings(pg_url, **rabbit.settings(f"amqp://guest:guest@127.0.0.1:{proxy.port}/")))
    try:
        with TestClient(app) as client:
            peak = 0
            deadline = time.monotonic() + 4  # attempts at 0, 0.5, 1.5, 3.5 s
            while time.monotonic() < deadline:
                peak = max(peak, proxy.open_connections())
                time.sleep(0.05)
            assert client.get("/healthz").status_code == 503
            assert peak <= 1, f"{peak} broker connections open at once"
    finally:
        proxy.stop()


def test_a_backlog_is_applied_in_batches_in_order_and_poison_still_goes_alone(pg_url, rabbit, kt_settings, monkeypatch):
    """Deliveries that arrive together are applied in one transaction (kit.events.EventConsumer.handle_batch);
    a batch holding an event that fails is applied one by one instead, so only that one is retried and
    dead-lettered, and the others are applied once, in publish order."""
    from sqlalchemy import select

    from kit.events import EventConsumer

    sizes: list[int] = []
    batch = EventConsumer.handle_batch

    def spy(self, deliveries):
        sizes.append(len(deliveries))
        return batch(self, deliveries)

    monkeypatch.setattr(EventConsumer, "handle_batch", spy)
    settings = kt_settings(pg_url, delivery_limit=2, **rabbit.settings())
    with TestClient(make_app(settings)) as client:  # declares the queue, then goes away: a backlog builds up
        wait_for(lambda: client.get("/healthz").status_code == 200, what="broker connection")
    ids = list(range(3000, 3040))
    events = [envelope(data={"id": i, "name": f"n{i}"}) for i in ids]
    failing = envelope("kt.poison.always", {"x": 2})
    rabbit.publish_many(events[:20] + [failing, events[5]] + events[20:])  # a poison and a duplicate inside
    app = make_app(settings)
    with TestClient(app):
        wait_for(lambda: count(app.state.db, Applied, Applied.item_id >= 3000) == len(ids), what="all applied")
        wait_for(lambda: rabbit.message_count(rabbit.queue("applier") + ".dlq") == 1, timeout=30, what="the poison")
        with app.state.db.session() as s:
            order = list(s.execute(select(Applied.item_id).where(Applied.item_id >= 3000).order_by(Applied.id)).scalars())
    assert order == ids
    assert max(sizes) > 1, sizes


def test_a_service_stops_while_its_broker_connection_is_still_being_made(pg_url, rabbit, kt_settings):
    """A broker that accepts the TCP connection and never answers: the shutdown cancels the connection attempt and
    closes it. aio-pika's connect_robust, cancelled mid-attempt, left a connection reconnecting by itself, and the
    event loop (the process) never ended."""
    import socket
    import threading

    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(5)  # the kernel completes the handshake; nobody ever speaks AMQP
    app = make_app(kt_settings(pg_url, **rabbit.settings(f"amqp://guest:guest@127.0.0.1:{silent.getsockname()[1]}/")))

    def run():
        with TestClient(app):
            time.sleep(0.3)  # the first attempt is under way (it waits up to 5 s)

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(20)
    silent.close()
    assert not t.is_alive(), "the service did not stop"
