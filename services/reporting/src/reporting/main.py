from fastapi import FastAPI

from kit.app import ServiceSpec, create_service_app
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


def create_app(settings: Settings | None = None, bus: Bus | None = None) -> FastAPI:
    return create_service_app(SPEC, settings or Settings(), bus=bus)
