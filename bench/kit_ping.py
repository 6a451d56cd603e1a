"""BENCH ONLY — the bare endpoint of `bench/login.py`, served by an app the kit builds (`kit.app.create_service_app`):
the kit's middleware (request id, body limits, error envelope, metrics, access log), its route guard (here
`public`), its parameter bounds and the same sync endpoint in the thread pool; no database statement, no rules.

Its CPU per call is what every request of a service costs before its own work, so `login.py` can say how much
of a sign-in flow is the kit and the framework and how much is identity's. Configured by KITPING_* variables
(a SQLite file for the kit's own tables, a public key the guard never needs: the route is public).
"""

from __future__ import annotations

from fastapi import APIRouter, Depends
from pydantic_settings import SettingsConfigDict
from sqlalchemy.orm import DeclarativeBase

from kit.app import ServiceSpec, create_service_app
from kit.auth import public
from kit.config import ServiceSettings
from kit.events import add_event_tables


class Base(DeclarativeBase):
    pass


add_event_tables(Base.metadata)


class KitPingSettings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="KITPING_", extra="ignore")
    service_name: str = "kitping"


router = APIRouter()


@router.post("/bench-kit/ping", dependencies=[Depends(public)])
def ping(body: dict | None = None):
    return {"ok": True}


def create_app():
    spec = ServiceSpec(name="kitping", title="Bench: the kit around a bare endpoint", package=None, base=Base,
                       routers=[router])
    return create_service_app(spec, KitPingSettings())
