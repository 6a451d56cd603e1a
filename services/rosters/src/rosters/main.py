from fastapi import FastAPI
from fastapi.routing import APIRoute

from kit.app import ServiceSpec, create_service_app
from kit.auth import _guards
from kit.events import Bus
from rosters.config import Settings
from rosters.events.consumed import consumers
from rosters.models import Base
from rosters.roster.router import router as roster_router
from rosters.sampling.router import router as sampling_router

SPEC = ServiceSpec(
    name="rosters", title="SurveyOps rosters", package="rosters", base=Base,
    routers=[roster_router, sampling_router], consumers=consumers,
)


def api_routes(routes) -> list[APIRoute]:
    """Every APIRoute, also those FastAPI >= 0.165 keeps inside included routers (which the kit's
    `route_access_table` does not walk)."""
    out = []
    for r in routes:
        if isinstance(r, APIRoute):
            out.append(r)
        elif hasattr(r, "original_router"):
            out.extend(api_routes(r.original_router.routes))
    return out


def access_table(app: FastAPI) -> list[tuple[str, str, object]]:
    rows = []
    for r in api_routes(app.routes):
        g = _guards(r.dependant)
        for m in sorted(r.methods - {"HEAD", "OPTIONS"}):
            rows.append((m, r.path, g[0] if g else None))
    return rows


def create_app(settings: Settings | None = None, bus: Bus | None = None) -> FastAPI:
    app = create_service_app(SPEC, settings or Settings(), bus=bus)
    missing = [f"{m} {p}" for m, p, g in access_table(app) if g is None]
    if missing:  # deny by default, also for routes inside included routers
        raise RuntimeError(f"routes without an access rule (deny by default): {missing}")
    return app
