"""Structured JSON logs with a request id, Prometheus metrics, OpenTelemetry traces.

Logs carry the route template, never the raw path or query string: those can hold patient data. A logged
exception keeps its stack and its type but not its message, which can quote the data it failed on (a response
that failed validation quotes the rows, a parse error the value).
"""

import logging
import sys
import time
import traceback
import uuid
from contextvars import ContextVar

from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.sdk.trace.id_generator import RandomIdGenerator
from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator
from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily
from pythonjsonlogger import jsonlogger
from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Match

request_id_var: ContextVar[str] = ContextVar("request_id", default="-")
_W3C = TraceContextTextMapPropagator()
_ids = RandomIdGenerator()

_configured = False


class _RequestIdFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id_var.get()
        return True


def traceback_without_messages(exc: BaseException) -> str:
    """The stack of `exc` and of the exceptions it came from, each named by its type only."""
    chain, seen, e = [], set(), exc
    while e is not None and id(e) not in seen:
        seen.add(id(e))
        chain.append(e)
        e = e.__cause__ if e.__cause__ is not None else (None if e.__suppress_context__ else e.__context__)
    parts = []
    for i, e in enumerate(reversed(chain)):
        if i:
            parts.append("\nThe above exception led to the following one:\n\n")
        parts.append("Traceback (most recent call last):\n")
        parts.extend(traceback.format_tb(e.__traceback__))
        parts.append(f"{type(e).__module__}.{type(e).__qualname__} (message not logged)\n")
    return "".join(parts).rstrip("\n")


class _JsonFormatter(jsonlogger.JsonFormatter):
    def formatException(self, ei) -> str:  # noqa: N802 - logging.Formatter's name
        return traceback_without_messages(ei[1]) if ei and ei[1] is not None else ""


def configure_logging(level: str = "INFO") -> None:
    global _configured
    if _configured:
        return
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(_JsonFormatter("%(asctime)s %(levelname)s %(name)s %(message)s %(request_id)s",
                                                  rename_fields={"asctime": "time", "levelname": "level"}))
    handler.addFilter(_RequestIdFilter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    # uvicorn's access log prints raw paths with query strings; ours logs the route template instead.
    logging.getLogger("uvicorn.access").disabled = True
    # uvicorn's own error log ("Exception in ASGI application": an export that failed while streaming) goes
    # through this handler too, so its exceptions lose their messages like ours (uvicorn configured it first).
    uvicorn_log = logging.getLogger("uvicorn")
    uvicorn_log.handlers[:] = []
    uvicorn_log.propagate = True
    _configured = True


def route_template(request: Request) -> str:
    from kit.routes import effective_routes

    for _, route in effective_routes(request.app.router.routes):
        match, _ = route.matches(request.scope)
        if match == Match.FULL:
            return getattr(route, "path", "unmatched")
    return "unmatched"


class Metrics:
    def __init__(self, service: str):
        self.registry = CollectorRegistry()
        self.requests = Counter("http_requests_total", "HTTP requests", ["service", "method", "route", "status"], registry=self.registry)
        # status on the histogram too: a route's latency mixes fast refusals (4xx) with real work otherwise.
        self.latency = Histogram("http_request_duration_seconds", "HTTP latency", ["service", "method", "route", "status"],
                                 registry=self.registry)
        self.service = service
        self._collectors = []

    def add_gauge_source(self, fn) -> None:
        """fn() -> list of (name, help, value, labels-dict)."""
        registry = self.registry

        class _C:
            def collect(self_inner):
                # One family per name (several consumers share `consumer_lag`): a repeated HELP/TYPE line
                # makes Prometheus reject the whole scrape.
                families: dict[str, GaugeMetricFamily] = {}
                for name, help_, value, labels in fn():
                    g = families.get(name)
                    if g is None:
                        g = families[name] = GaugeMetricFamily(name, help_, labels=list(labels))
                    g.add_metric(list(labels.values()), value)
                yield from families.values()

        registry.register(_C())

    def render(self) -> Response:
        return Response(generate_latest(self.registry), media_type="text/plain; version=0.0.4")


class RequestContextMiddleware:
    """Request id, body-size refusal, 5xx envelope, metrics and the access log, as plain ASGI.

    Plain ASGI rather than Starlette's BaseHTTPMiddleware: that one runs the rest of the app in a task of its own
    and streams the response through memory channels, which costs every request on the claim path. The route
    template is read from the scope after routing (Starlette records the matched route there) and only matched
    by hand for requests that never reached a route (404, 413)."""

    def __init__(self, app, metrics: Metrics, max_body_bytes: int, trace_context: bool = False):
        self.app, self.metrics, self.max_body_bytes = app, metrics, max_body_bytes
        self.trace_context = trace_context
        self.log = logging.getLogger("http")

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        from kit.errors import DEFAULT_ERROR_TEXT, body_too_large, envelope

        request = Request(scope)
        rid = request.headers.get("x-request-id") or uuid.uuid4().hex
        if len(rid) > 64 or not rid.replace("-", "").isalnum():
            rid = uuid.uuid4().hex
        token = request_id_var.set(rid)
        trace_token = _enter_trace(request.headers.get("traceparent")) if self.trace_context else None
        start = time.perf_counter()
        status = [0]

        async def send_with_id(message):
            if message["type"] == "http.response.start":
                status[0] = message["status"]
                headers = MutableHeaders(scope=message)
                headers.append("X-Request-ID", rid)
                # API answers carry personal and patient data: no browser or proxy may keep a copy
                headers["Cache-Control"] = "no-store"
                headers.setdefault("X-Content-Type-Options", "nosniff")
                # no other site frames an answer (a guideline PDF is served inline) or reads its address from a
                # link; only frame-ancestors, so the API's own documentation page still runs
                headers.setdefault("X-Frame-Options", "DENY")
                headers.setdefault("Content-Security-Policy", "frame-ancestors 'none'")
                headers.setdefault("Referrer-Policy", "strict-origin-when-cross-origin")
            await send(message)

        try:
            length = request.headers.get("content-length")
            if length and length.isdigit() and int(length) > self.max_body_bytes:
                await envelope(413, body_too_large(self.max_body_bytes))(
                    scope, receive, send_with_id)
            else:
                await self.app(scope, receive, send_with_id)
        except Exception:  # noqa: BLE001 - counted, logged and answered here so 5xx show in metrics and logs
            logging.getLogger("kit.errors").exception("unhandled error", extra={"route": self._route(scope)})
            if status[0]:  # the response had started: nothing sensible can be sent any more
                raise
            await envelope(500, DEFAULT_ERROR_TEXT)(scope, receive, send_with_id)
        finally:
            elapsed = time.perf_counter() - start
            route = self._route(scope)
            if route != "/metrics":
                code = str(status[0] or 500)
                self.metrics.requests.labels(self.metrics.service, scope["method"], route, code).inc()
                self.metrics.latency.labels(self.metrics.service, scope["method"], route, code).observe(elapsed)
            self.log.info("request", extra={"method": scope["method"], "route": route, "status": status[0] or 500,
                                            "duration_ms": round(elapsed * 1000, 2)})
            request_id_var.reset(token)
            if trace_token is not None:
                otel_context.detach(trace_token)

    @staticmethod
    def _route(scope) -> str:
        route = scope.get("route")
        path = getattr(route, "path", None)
        return path if path is not None else route_template(Request(scope))


def _enter_trace(traceparent: str | None):
    """The request's place in a trace when requests are not traced (no exporter): the incoming trace continued,
    or a new one, as the current span context, so the events the request publishes carry it (`traceparent`)
    and their consumers join the same trace. A non-recording span: nothing is built per request but two ids."""
    parent = trace.get_current_span(_W3C.extract({"traceparent": traceparent})).get_span_context() \
        if traceparent else None
    trace_id = parent.trace_id if parent is not None and parent.is_valid else _ids.generate_trace_id()
    flags = parent.trace_flags if parent is not None and parent.is_valid else trace.TraceFlags(trace.TraceFlags.SAMPLED)
    span = trace.NonRecordingSpan(trace.SpanContext(trace_id, _ids.generate_span_id(), is_remote=False,
                                                    trace_flags=flags))
    return otel_context.attach(trace.set_span_in_context(span))


_tracing_configured = False


def configure_tracing(service: str, endpoint: str) -> None:
    """A tracer provider always exists so context propagates over HTTP and events; spans are exported
    only when an OTLP endpoint is configured."""
    global _tracing_configured
    if _tracing_configured:
        return
    from opentelemetry import trace
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider

    provider = TracerProvider(resource=Resource.create({"service.name": service}))
    if endpoint:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
        from opentelemetry.sdk.trace.export import BatchSpanProcessor

        provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter(endpoint=endpoint)))
    trace.set_tracer_provider(provider)
    _tracing_configured = True
