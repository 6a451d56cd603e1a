"""Fixtures for identity's tests: an app with the demo accounts, and helpers to sign in through the API."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from identity import clock
from identity.config import Settings
from identity.main import create_app
from identity.models import LoginSession, User
from identity.seed import DEMO_PASSWORD
from kit.testing import base_settings

FAST_ARGON = dict(argon2_time_cost=1, argon2_memory_cost_kib=8192, argon2_parallelism=1)


def make_settings(tmp_path: Path, url: str, keypair, **extra) -> Settings:
    kw = base_settings(tmp_path, url, keypair, jwt_private_key_file=keypair[0],
                       external_attempts_key_file=tmp_path / "keys" / "external-attempts.key", demo_mode=True)
    kw.update(FAST_ARGON)
    kw.update(extra)
    return Settings(**kw)


@dataclass
class Env:
    client: TestClient
    app: object
    settings: Settings
    tokens: object

    @property
    def var(self) -> Path:
        return self.settings.var_dir

    def user(self, email: str) -> User:
        with self.app.state.db.session() as s:
            return s.scalars(select(User).where(User.email == email)).one()

    def uid(self, email: str) -> int:
        return self.user(email).id

    def sms_lines(self) -> list[str]:
        p = self.var / "sms.log"
        return p.read_text().splitlines() if p.exists() else []

    def last_code(self, phone: str) -> str:
        for line in reversed(self.sms_lines()):
            _, to, text = line.split("\t", 2)
            if to == phone:
                return re.findall(r"\b\d{6}\b", text)[-1]
        raise AssertionError(f"no sms to {phone}")

    def mail_lines(self) -> list[list[str]]:
        p = self.var / "mail.log"
        return [line.split("\t") for line in p.read_text().splitlines()] if p.exists() else []

    def last_link(self, to: str, kind: str) -> str:
        for _, rcpt, _subject, body in reversed(self.mail_lines()):
            if rcpt == to:
                m = re.search(rf"/{kind}/([A-Za-z0-9_\-]+)", body)
                if m:
                    return m.group(1)
        raise AssertionError(f"no {kind} mail to {to}")

    def password_step(self, email: str, password: str = DEMO_PASSWORD, client: TestClient | None = None, **extra):
        return (client or self.client).post("/api/sessions?jwt=1", json={"email": email, "password": password, **extra})

    def sign_in(self, email: str, password: str = DEMO_PASSWORD, client: TestClient | None = None,
                manager_id: int | None = None, **extra) -> dict:
        """The whole browser flow: password, send-otp, code from sms.log, verification. Returns the data."""
        c = client or self.client
        r = self.password_step(email, password, client=c, **extra)
        assert r.status_code == 200, r.text
        user = r.json()["data"]["user"]
        body = {"id": user["id"]}
        phone = self.user(email).phone_number
        if manager_id is not None:
            body["cimrManagerId"] = manager_id
            phone = self.user_by_id(manager_id).phone_number
        r = c.post("/api/sessions/send-otp", json=body)
        assert r.status_code == 200, r.text
        r = c.post("/api/sessions/otp-verification", json={"email": email, "id": user["id"], "otp": self.last_code(phone)})
        assert r.status_code == 200, r.text
        return r.json()["data"]

    def user_by_id(self, uid: int) -> User:
        with self.app.state.db.session() as s:
            return s.get(User, uid)

    def token_for(self, email: str) -> str:
        return self.sign_in(email)["accessToken"]

    def session_headers(self, user_id: int, role: int) -> dict:
        """A real server-side session row plus a token for it (quicker than the SMS flow)."""
        sid = secrets.token_urlsafe(16)
        now = clock.now()
        with self.app.state.db.session() as s:
            s.add(LoginSession(id=sid, user_id=user_id, created_at=now, last_activity_at=now, idle_limit_seconds=660,
                               remember=False))
        return {"Authorization": f"Bearer {self.tokens(role, user_id, sid=sid)}"}

    def headers_for(self, email: str) -> dict:
        u = self.user(email)
        return self.session_headers(u.id, u.role)


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def make_env(tmp_path, database_url, keypair, tokens):
    opened = []

    def _make(**extra) -> Env:
        settings = make_settings(tmp_path, database_url, keypair, **extra)
        app = create_app(settings)
        client = TestClient(app)
        client.__enter__()
        opened.append(client)
        return Env(client=client, app=app, settings=settings, tokens=tokens)

    yield _make
    for c in opened:
        c.__exit__(None, None, None)


@pytest.fixture
def env(make_env) -> Env:
    return make_env()


@pytest.fixture
def migrations_package() -> str:
    """database_url's databases start at identity's migration head (kit.testing): the app's own upgrade is a no-op."""
    return "identity"
