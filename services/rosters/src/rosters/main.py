from datetime import timedelta

from fastapi import FastAPI

from kit.app import ServiceSpec, create_service_app
from kit.events import Bus
from rosters.called.router import router as called_router
from rosters.config import Settings
from rosters.events.consumed import consumers
from rosters.models import Base
from rosters.roster import service as roster_service
from rosters.roster.router import router as roster_router
from rosters.sampling.router import router as sampling_router


def fail_interrupted_imports(app: FastAPI) -> None:
    minutes = app.state.settings.interrupted_import_minutes
    roster_service.fail_interrupted_imports(app.state.db, older_than=timedelta(minutes=minutes))


SPEC = ServiceSpec(
    name="rosters", title="SurveyOps rosters", package="rosters", base=Base,
    routers=[roster_router, sampling_router, called_router], consumers=consumers, on_startup=[fail_interrupted_imports],
)


def create_app(settings: Settings | None = None, bus: Bus | None = None) -> FastAPI:
    return create_service_app(SPEC, settings or Settings(), bus=bus)
