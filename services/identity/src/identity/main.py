import dataclasses
import logging

from fastapi import FastAPI

from identity.account.router import router as account_router
from identity.common import Context
from identity.config import Settings
from identity.crypto import SecretBox
from identity.events.consumed import consumers
from identity.external_attempt import service as external_attempts
from identity.factor.router import router as factor_router
from identity.models import Base
from identity.notify import make_mail, make_sms
from identity.session.router import router as session_router
from identity.events.published import REVOCATION_KEEP_SECONDS
from identity.session.service import SessionCheck, SessionSweeper, announce_recent_revocations
from identity.user.router import router as user_router
from kit.app import ServiceSpec, create_service_app
from kit.auth import generate_keypair
from kit.events import Bus

log = logging.getLogger("identity")


def _check_settings(settings: Settings) -> None:
    if settings.access_token_ttl_seconds + 60 > REVOCATION_KEEP_SECONDS:
        raise RuntimeError(f"access_token_ttl_seconds must stay below {REVOCATION_KEEP_SECONDS - 60}: services keep a "
                           "revoked session's id that long (identity.events.published.REVOCATION_KEEP_SECONDS)")
    if settings.environment == "production":
        problems = []
        if settings.sms_provider == "console":
            problems.append("sms_provider=console")
        if settings.mail_provider == "console":
            problems.append("mail_provider=console")
        if settings.demo_mode:
            problems.append("demo_mode")
        if settings.demo:  # the kit's flag (IDENTITY_DEMO): it seeds demo data as well
            problems.append("demo")
        if not settings.public_base_url.startswith("https://"):
            problems.append("public_base_url is not https")
        if problems:
            raise RuntimeError(f"identity refuses to start in production with: {', '.join(problems)}")


def startup(app: FastAPI) -> None:
    settings: Settings = app.state.settings
    _check_settings(settings)
    generate_keypair(settings.jwt_private_key_file, settings.jwt_public_key_file)
    c = Context(settings=settings, sms=make_sms(settings), mail=make_mail(settings),
                box=SecretBox(settings.external_attempts_key_file))  # also TOTP secrets, code MACs
    app.state.identity = c
    with app.state.db.session() as s:
        external_attempts.purge(s, c)
        if settings.demo_mode:
            from identity.seed import seed_demo_in

            seed_demo_in(s, settings)
    announce_recent_revocations(app.state.db)
    shutdown(app)  # a second start-up of the same app (a test client per request) keeps one sweeper, not two
    app.state.session_sweeper = SessionSweeper(app.state.db, settings)
    app.state.session_sweeper.start()


def shutdown(app: FastAPI) -> None:
    sweeper = getattr(app.state, "session_sweeper", None)
    if sweeper is not None:
        sweeper.stop()


SPEC = ServiceSpec(
    name="identity", title="SurveyOps identity", package="identity", base=Base,
    routers=[session_router, account_router, factor_router, user_router], consumers=consumers, on_startup=[startup],
    on_shutdown=[shutdown],
)


def create_app(settings: Settings | None = None, bus: Bus | None = None) -> FastAPI:
    settings = settings or Settings()
    check = SessionCheck(settings)
    app = create_service_app(dataclasses.replace(SPEC, session_check=check), settings, bus=bus)
    check.bind(app.state.db)
    return app
