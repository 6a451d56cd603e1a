from fastapi import FastAPI
from fastapi.routing import APIRoute

from kit.app import ServiceSpec, create_service_app
from kit.auth import _guards
from kit.events import Bus
from reporting.call_stats.router import router as call_stats_router
from reporting.config import Settings
from reporting.earnings.router import router as earnings_router
from reporting.events.consumed import consumers
from reporting.models import Base

SPEC = ServiceSpec(
    name="reporting",
    title="SurveyOps reporting",
    package="reporting",
    base=Base,
    routers=[call_stats_router, earnings_router],
    consumers=consumers,
)


def access_table(app: FastAPI) -> list[tuple[str, str, object]]:
    """(method, path, roles-or-'public') of every route, also those FastAPI >= 0.165 keeps inside included
    routers (`_IncludedRouter`), which the kit's `route_access_table` does not walk."""
    rows = []

    def walk(routes) -> None:
        for r in routes:
            if isinstance(r, APIRoute):
                g = _guards(r.dependant)
                rows.extend((m, r.path, g[0] if g else None) for m in sorted(r.methods - {"HEAD", "OPTIONS"}))
            elif hasattr(r, "original_router"):
                walk(r.original_router.routes)

    walk(app.routes)
    return rows


def create_app(settings: Settings | None = None, bus: Bus | None = None) -> FastAPI:
    app = create_service_app(SPEC, settings or Settings(), bus=bus)
    missing = [f"{m} {p}" for m, p, g in access_table(app) if g is None]
    if missing:  # deny by default, also for routes inside included routers
        raise RuntimeError(f"routes without an access rule (deny by default): {missing}")
    return app
