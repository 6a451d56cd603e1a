from fastapi import FastAPI

from kit.app import ServiceSpec, create_service_app
from kit.events import Bus
from reporting.call_quality.router import router as call_quality_router
from reporting.call_stats.router import router as call_stats_router
from reporting.config import Settings
from reporting.earnings.router import router as earnings_router
from reporting.events.consumed import consumers
from reporting.models import Base
from reporting.service_recovery.router import router as service_recovery_router
from reporting.surveyors.router import router as surveyors_router

SPEC = ServiceSpec(
    name="reporting",
    title="SurveyOps reporting",
    package="reporting",
    base=Base,
    routers=[call_stats_router, call_quality_router, earnings_router, surveyors_router, service_recovery_router],
    consumers=consumers,
)


def create_app(settings: Settings | None = None, bus: Bus | None = None) -> FastAPI:
    return create_service_app(SPEC, settings or Settings(), bus=bus)
