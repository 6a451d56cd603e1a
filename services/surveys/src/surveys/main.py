from fastapi import FastAPI
from fastapi.routing import APIRoute

from kit.app import ServiceSpec, create_service_app
from kit.auth import _guards
from kit.events import Bus
from surveys.answer.router import router as answer_router
from surveys.call_survey.router import router as call_survey_router
from surveys.config import Settings
from surveys.events.consumed import consumers
from surveys.models import Base
from surveys.question.router import router as question_router
from surveys.questionnaire.router import router as questionnaire_router


def seed_on_start(app: FastAPI) -> None:
    """Embedded demo run: the bank is seeded at start; the questionnaire follows the demo project's event."""
    if app.state.settings.demo:
        from surveys.seed import seed_demo

        seed_demo(app.state.db)


SPEC = ServiceSpec(
    name="surveys",
    title="SurveyOps surveys",
    package="surveys",
    base=Base,
    routers=[question_router, answer_router, questionnaire_router, call_survey_router],
    consumers=consumers,
    on_startup=[seed_on_start],
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
