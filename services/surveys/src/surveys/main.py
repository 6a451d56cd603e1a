from fastapi import FastAPI

from kit.app import ServiceSpec, create_service_app
from kit.events import Bus
from surveys.answer.router import router as answer_router
from surveys.call_survey.router import router as call_survey_router
from surveys.comments.router import router as comments_router
from surveys.config import Settings
from surveys.events.consumed import consumers
from surveys.export.router import router as export_router
from surveys.logic.router import router as logic_router
from surveys.models import Base
from surveys.question.router import router as question_router
from surveys.questionnaire.router import router as questionnaire_router


SPEC = ServiceSpec(
    name="surveys",
    title="SurveyOps surveys",
    package="surveys",
    base=Base,
    routers=[question_router, answer_router, logic_router, questionnaire_router, call_survey_router, comments_router,
             export_router],
    consumers=consumers,
)


def create_app(settings: Settings | None = None, bus: Bus | None = None) -> FastAPI:
    return create_service_app(SPEC, settings or Settings(), bus=bus)
