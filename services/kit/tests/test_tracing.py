"""W3C trace context over HTTP: a request carrying `traceparent` (from the gateway or another service) is part of
that trace, so one sign-in or one call can be followed across services."""

import pytest
from fastapi.testclient import TestClient
from opentelemetry import trace
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from kit_testbed import make_app

TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736"
PARENT_ID = "00f067aa0ba902b7"


@pytest.fixture
def spans(sqlite_url, kt_settings):
    # a server span per request (the default only with an exporter configured); configures the process's
    # tracer provider (once per process)
    app = make_app(kt_settings(sqlite_url, trace_requests=True))
    provider = trace.get_tracer_provider()
    assert isinstance(provider, TracerProvider), "the kit installs an SDK tracer provider"
    exporter = InMemorySpanExporter()
    processor = SimpleSpanProcessor(exporter)
    provider.add_span_processor(processor)
    with TestClient(app) as client:
        yield client, exporter
    processor.shutdown()


def test_incoming_traceparent_is_continued(spans):
    client, exporter = spans
    r = client.post("/api/items", json={"name": "traced"}, headers={"traceparent": f"00-{TRACE_ID}-{PARENT_ID}-01"})
    assert r.status_code == 200
    server = [s for s in exporter.get_finished_spans() if s.kind == trace.SpanKind.SERVER]
    assert server, [s.name for s in exporter.get_finished_spans()]
    for s in server:
        assert format(s.context.trace_id, "032x") == TRACE_ID
        assert format(s.parent.span_id, "016x") == PARENT_ID


def test_without_traceparent_a_new_trace_starts(spans):
    client, exporter = spans
    client.post("/api/items", json={"name": "untraced"})
    server = [s for s in exporter.get_finished_spans() if s.kind == trace.SpanKind.SERVER]
    assert server and all(format(s.context.trace_id, "032x") != TRACE_ID for s in server)
