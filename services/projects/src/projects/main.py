from fastapi import FastAPI

from kit.app import ServiceSpec, create_service_app
from kit.events import Bus
from projects.assignment.router import router as assignment_router
from projects.assignment_history.router import router as assignment_history_router
from projects.client.router import router as client_router
from projects.config import Settings
from projects.events.consumed import consumers
from projects.guideline.router import router as guideline_router
from projects.language.router import router as language_router
from projects.models import Base
from projects.project.router import router as project_router

SPEC = ServiceSpec(
    name="projects", title="SurveyOps projects", package="projects", base=Base,
    routers=[client_router, project_router, assignment_router, assignment_history_router, guideline_router,
             language_router], consumers=consumers,
)


def create_app(settings: Settings | None = None, bus: Bus | None = None) -> FastAPI:
    return create_service_app(SPEC, settings or Settings(), bus=bus)
