"""The service app factory: one way to build every SurveyOps service."""

from __future__ import annotations

import asyncio
import functools
import gc
import logging
from datetime import timedelta
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Annotated

from fastapi import APIRouter, Depends, FastAPI, Request
from fastapi.routing import APIRoute
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool
from sqlalchemy.orm import DeclarativeBase, Session

from kit import migrations, openapi_doc, phi_audit, revocation
from kit.auth import TokenVerifier, assert_every_route_guarded, public
from kit.bounds import bounded_params
from kit.config import ServiceSettings
from kit.db import Database
from kit.errors import install_error_handlers
from kit.events import Bus, EventConsumer, InProcessBus, OutboxRelay, RabbitBus, bind_event_tables
from kit.observability import Metrics, RequestContextMiddleware, configure_logging, configure_tracing

log = logging.getLogger("kit.app")


@dataclass
class ServiceSpec:
    name: str                      # context name: identity, projects, ...
    title: str
    # Python package holding `migrations/`; None = no Alembic, `base.metadata.create_all` at start
    # (throwaway apps in tests; real services always ship migrations).
    package: str | None
    base: type[DeclarativeBase]
    routers: list[APIRouter]
    consumers: Callable[[Database], list[EventConsumer]] = lambda db: []
    on_startup: list[Callable[[FastAPI], None]] = field(default_factory=list)
    # Called at shutdown in reverse order, before the bus closes (stop what on_startup started).
    on_shutdown: list[Callable[[FastAPI], None]] = field(default_factory=list)
    # Set on the app as `app.state.session_check(principal)`; identity uses it to refuse revoked sessions.
    session_check: Callable | None = None


async def get_session(request: Request) -> AsyncIterator[Session]:
    """The request's unit of work: commit when the handler returns, roll back on any error.

    async although the session is synchronous: opening a Session does no I/O (it connects on first use), so only
    the end, commit or rollback and close in one call, goes to the thread pool. A sync generator dependency
    would cost two thread-pool trips per request (its start and its end) on the claim path."""
    db: Database = request.app.state.db
    s = db.sessionmaker()
    setattr(s, _DATABASE, db)
    try:
        yield s
    except BaseException:
        if not getattr(s, _FINISHED, False):
            await run_in_threadpool(db.finish, s, False)
        raise
    if not getattr(s, _FINISHED, False):
        await run_in_threadpool(db.finish, s, True)


_FINISHED = "_kit_unit_of_work_finished"
_DATABASE = "_kit_database"


_ON_EVENT_LOOP = "_kit_on_event_loop"


def on_event_loop(endpoint: Callable) -> Callable:
    """Mark a sync endpoint whose work is only database statements (no file, CPU-heavy or other blocking
    work) to run on the event loop on PostgreSQL: its session is the sync facade of an async-driver session
    (`AsyncSession.run_sync`), so the request never crosses to the thread pool and waits for the database
    without holding a thread. On SQLite it runs in the thread pool like any sync endpoint. For the hot paths
    (a surveyor's claim, result and release); docs/decisions.md "The request path and replicas"."""
    setattr(endpoint, _ON_EVENT_LOOP, True)
    return endpoint


def _finish_in_endpoint_thread(routers: list[APIRouter]) -> None:
    """A sync endpoint that takes the request's session ends its unit of work (commit, or roll back on an error)
    in its own thread-pool trip, before it returns; `get_session` then has nothing left to do.

    Ending it in a second trip, as the dependency's teardown would, deadlocks under load: requests whose
    handler returned hold their connections while they queue for a thread to commit, and the threads are taken
    by newer requests waiting for a connection from the exhausted pool (50 surveyors pressing Call Now at once
    hung the calling service until the pool's timeout). One trip per request also halves the thread hand-offs.
    Done on the routers before they are included (FastAPI builds the included routes from `route.endpoint`);
    idempotent, since tests build many apps from the same module-level routers."""
    for router in routers:
        for route in router.routes:
            if not isinstance(route, APIRoute) or getattr(route.endpoint, _FINISHED, False):
                continue
            if asyncio.iscoroutinefunction(route.endpoint):
                continue
            names = [d.name for d in route.dependant.dependencies if d.call is get_session and d.name]
            if not names:
                continue
            wrap = _ending_unit_of_work(route.endpoint, names)
            if getattr(route.endpoint, _ON_EVENT_LOOP, False):
                wrap = _on_loop_unit_of_work(route.endpoint, names, wrap)
            route.endpoint = route.dependant.call = wrap


def _ending_unit_of_work(call: Callable, names: list[str]) -> Callable:
    @functools.wraps(call)
    def run(**values):
        sessions = [values[n] for n in names]
        try:
            result = call(**values)
        except BaseException:
            for s in sessions:
                setattr(s, _FINISHED, True)
                Database.finish(s, False)
            raise
        for s in sessions:
            setattr(s, _FINISHED, True)
            Database.finish(s, True)
        return result

    setattr(run, _FINISHED, True)
    return run


def _on_loop_unit_of_work(call: Callable, names: list[str], in_thread: Callable) -> Callable:
    """The endpoint on the event loop where its app's database has an async driver: the unit of work is an
    async-driver session whose sync facade the endpoint gets in place of the request's (unused, so never
    connected) session. Elsewhere (SQLite) one thread-pool trip, as for any sync endpoint. The database is the
    request's (read from its session), never one captured here: the routers are shared by every app built."""

    @functools.wraps(call)
    async def run(**values):
        db = getattr(values[names[0]], _DATABASE, None)
        async_sessions = db.async_sessionmaker() if db is not None else None
        if async_sessions is None:
            return await run_in_threadpool(in_thread, **values)
        for n in names:
            setattr(values[n], _FINISHED, True)
            values[n].close()  # never used: no connection to give back
        async with async_sessions() as session:
            return await session.run_sync(lambda s: in_thread(**{**values, **{n: s for n in names}}))

    setattr(run, _FINISHED, True)
    return run


# scope="function": the commit runs when the handler returns, before the response is sent, so a client that
# acts on a response always finds the write (and a failed commit becomes the response, not a lost write).
SessionDep = Annotated[Session, Depends(get_session, scope="function")]


def create_service_app(spec: ServiceSpec, settings: ServiceSettings, *, bus: Bus | None = None) -> FastAPI:
    configure_logging(settings.log_level)
    configure_tracing(spec.name, settings.otel_exporter_endpoint)
    url = settings.resolved_database_url()
    db = Database(url, spec.base, pool_size=settings.db_pool_size, max_overflow=settings.db_max_overflow)
    bind_event_tables(db)
    phi_table = spec.base.metadata.tables.get(phi_audit.TABLE)
    db.sessionmaker.configure(info={**db.sessionmaker.kw.get("info", {}), "service_name": spec.name,
                                    **({"phi_audit": phi_table} if phi_table is not None else {})})
    metrics = Metrics(spec.name)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        if spec.package is None:
            await asyncio.to_thread(spec.base.metadata.create_all, db.engine)
        else:
            await asyncio.to_thread(migrations.upgrade, spec.package, url)
        for hook in spec.on_startup:
            await asyncio.to_thread(hook, app)
        own_bus = bus is None
        the_bus = bus or (RabbitBus(settings.broker_url, settings.exchange, settings.queue_prefix, settings.delivery_limit)
                          if settings.broker_url else InProcessBus(settings.delivery_limit,
                                                                settings.var_dir / "dead-letters.jsonl"))
        if own_bus:
            await the_bus.start()
        # every replica hears every revocation (a broadcast, replayed from the retained ones at start)
        await the_bus.subscribe_broadcast(revocation.LISTENER, [revocation.SESSION_REVOKED],
                                          app.state.revocations.apply, revocation.RETAIN_SECONDS)
        consumers = spec.consumers(db)
        for c in consumers:
            await the_bus.subscribe(c)
        relay = OutboxRelay(db, the_bus, asyncio.get_running_loop(), interval=settings.relay_interval_seconds,
                            outbox_retention=timedelta(hours=settings.outbox_retention_hours),
                            inbox_retention=timedelta(days=settings.inbox_retention_days))
        relay.start()
        app.state.bus, app.state.relay, app.state.consumers = the_bus, relay, consumers
        # What start-up built (modules, routes, compiled statements) lives as long as the process: moved out of
        # the collector's generations, a full collection no longer walks it, which shortened the pauses that
        # made the slowest requests (docs/decisions.md "The request path and replicas").
        gc.collect()
        gc.freeze()
        try:
            yield
        finally:
            for hook in reversed(spec.on_shutdown):
                await asyncio.to_thread(hook, app)
            # off the event loop: a relay in the middle of a publish waits for this loop to run it, so a join
            # here would hold both for the join's whole timeout (5 s on every shutdown that caught a publish)
            await asyncio.to_thread(relay.stop)
            await db.dispose_async()
            if own_bus:
                await the_bus.close()
            db.dispose()

    trace_requests = settings.trace_requests if settings.trace_requests is not None else bool(
        settings.otel_exporter_endpoint)
    app = FastAPI(
        # FastAPI's own spans, metrics and logs per request: the kit has its own metrics and logs, and spans only
        # when requests are traced (built per request and per dependency, then dropped, they cost ~5 % of a claim)
        telemetry={"tracing": trace_requests, "metrics": False, "logs": False},
        title=spec.title, version="0.5.2", lifespan=lifespan, root_path=settings.root_path,
        openapi_url=f"/api/docs/{spec.name}/openapi.json", docs_url=f"/api/docs/{spec.name}", redoc_url=None,
        swagger_ui_oauth2_redirect_url=None,  # no OAuth2 flow here; the default path would be unrouted
        generate_unique_id_function=lambda route: f"{spec.name}_{route.name}",
    )
    app.state.settings, app.state.db, app.state.metrics = settings, db, metrics
    app.state.spec = spec  # what the repository-wide tests read: routers, consumers
    app.state.token_verifier = TokenVerifier(settings.jwt_public_key_file, settings.jwt_issuer, settings.jwt_audience)
    app.state.session_check = spec.session_check
    app.state.revocations = revocation.RevocationList()
    install_error_handlers(app)
    app.add_middleware(RequestContextMiddleware, metrics=metrics, max_body_bytes=settings.max_body_bytes,
                       trace_context=not trace_requests)
    limit = _body_limit_kwargs(settings.max_body_bytes)
    # a service that keeps a PHI access audit serves its search to the Admin screen (kit.phi_audit)
    routers = [*spec.routers, *([phi_audit.phi_audit_router(spec.name)] if phi_table is not None else [])]
    _finish_in_endpoint_thread(routers)
    for r in routers:
        # bounded_params: int query/path parameters beyond 64 bits are a 422 naming them (kit.bounds)
        app.include_router(r, dependencies=[Depends(bounded_params)], **limit)
    _add_operational_routes(app, spec, settings, db, metrics)
    assert_every_route_guarded(app)
    openapi_doc.install(app)  # the kit's own answers (401, 403, 413, 422, 503) in every operation
    if trace_requests:
        _instrument(app)
    return app


def _instrument(app: FastAPI) -> None:
    try:
        from opentelemetry.instrumentation.fastapi import FastAPIInstrumentor

        # one server span per request; the per-message "http send/receive" child spans only cost CPU
        FastAPIInstrumentor.instrument_app(app, excluded_urls="healthz,metrics", exclude_spans=["receive", "send"])
    except Exception:  # noqa: BLE001 - tracing is optional
        log.warning("tracing instrumentation unavailable")


def _body_limit_kwargs(limit: int) -> dict:
    """FastAPI versions with a native body limit also stop chunked bodies that carry no Content-Length
    (the middleware's Content-Length check cannot see those). Set per included router, inside the error
    handlers, so the 413 keeps the error envelope and shows in metrics."""
    import inspect

    return {"max_body_size": limit} if "max_body_size" in inspect.signature(FastAPI.include_router).parameters else {}


def _add_operational_routes(app: FastAPI, spec: ServiceSpec, settings: ServiceSettings, db: Database, metrics: Metrics) -> None:
    def gauges():
        out = []
        relay = getattr(app.state, "relay", None)
        if relay is not None:
            n, age = relay.backlog()
            out.append(("outbox_backlog", "Unsent outbox events", n, {"service": spec.name}))
            out.append(("outbox_oldest_age_seconds", "Age of the oldest unsent event", age, {"service": spec.name}))
        for c in getattr(app.state, "consumers", []):
            out.append(("consumer_lag", "Events waiting for a consumer", app.state.bus.lag(c.name),
                        {"service": spec.name, "consumer": c.name}))
            out.append(("dead_letter_queue_depth", "Events in the consumer's dead-letter queue (kit.deadletters replays)",
                        app.state.bus.dead_letters_waiting(c.name), {"service": spec.name, "consumer": c.name}))
            out.append(("consumer_duplicates_absorbed", "Deliveries of already-applied events absorbed by the inbox "
                        "since the process started", c.duplicates, {"service": spec.name, "consumer": c.name}))
        return out

    metrics.add_gauge_source(gauges)

    # Operational endpoints stay out of the OpenAPI document (they are not part of the product API).
    @app.get("/healthz", include_in_schema=False, dependencies=[Depends(public)])
    def healthz():
        checks = {"service": spec.name}
        ok = True
        try:
            db.ping()
            checks["db"] = "ok"
        except Exception:  # noqa: BLE001
            checks["db"], ok = "down", False
        bus = getattr(app.state, "bus", None)
        if settings.broker_url:
            up = bool(bus and bus.healthy())
            checks["broker"] = "ok" if up else "down"
            ok = ok and up
        else:
            checks["broker"] = "in-process"
        return JSONResponse({"status": "ok" if ok else "down", **checks}, status_code=200 if ok else 503)

    @app.get("/metrics", include_in_schema=False, dependencies=[Depends(public)])
    def metrics_endpoint():
        return metrics.render()
