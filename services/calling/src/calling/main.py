from fastapi import FastAPI

from kit.app import ServiceSpec, create_service_app
from kit.events import Bus

from calling.call.router import router as call_router
from calling.call_log.router import router as call_log_router
from calling.config import Settings
from calling.escalation.router import router as escalation_router
from calling.progress.router import router as progress_router
from calling.events.consumed import consumers
from calling.models import Base


def spec(settings: Settings) -> ServiceSpec:
    return ServiceSpec(name="calling", title="SurveyOps calling", package="calling", base=Base,
                       routers=[call_router, call_log_router, escalation_router, progress_router], consumers=consumers(settings))


SPEC = spec(Settings())



class ThreadPoolLimit:
    """Sets the size of the worker thread pool (per event loop) on the first request."""

    def __init__(self, app, size: int):
        self.app, self.size, self.done = app, size, False

    async def __call__(self, scope, receive, send):
        if not self.done and scope["type"] == "http":
            import anyio.to_thread

            anyio.to_thread.current_default_thread_limiter().total_tokens = self.size
            self.done = True
        await self.app(scope, receive, send)


def create_app(settings: Settings | None = None, bus: Bus | None = None) -> FastAPI:
    settings = settings or Settings()
    app = create_service_app(spec(settings), settings, bus=bus)
    if settings.threadpool_size > 0:
        app.add_middleware(ThreadPoolLimit, size=settings.threadpool_size)
    return app
