"""Production start-up guard and the operator command that creates the first Admin."""

import re
from pathlib import Path

import pytest
import yaml
from sqlalchemy import select

from identity import cli
from identity.config import Settings
from identity.main import _check_settings
from identity.models import Base, User

PRODUCTION = dict(environment="production", sms_provider="twilio", mail_provider="smtp", demo_mode=False, demo=False,
                  public_base_url="https://surveyops.example.org", twilio_account_sid="AC1", twilio_auth_token="t",
                  twilio_from_number="+12025550100", smtp_host="smtp.example.org")


def test_production_settings_with_real_providers_pass():
    _check_settings(Settings(**PRODUCTION))


@pytest.mark.parametrize("change,problem", [
    ({"sms_provider": "console"}, "sms_provider=console"),
    ({"mail_provider": "console"}, "mail_provider=console"),
    ({"demo_mode": True}, "demo_mode"),
    ({"demo": True}, "demo"),
    ({"public_base_url": "http://surveyops.example.org"}, "public_base_url is not https"),
])
def test_production_refuses(change, problem):
    with pytest.raises(RuntimeError, match="refuses to start in production") as exc:
        _check_settings(Settings(**{**PRODUCTION, **change}))
    assert problem in str(exc.value).split(": ", 1)[1].split(", ")


def test_the_kit_demo_flag_from_the_environment_is_refused(monkeypatch):
    monkeypatch.setenv("IDENTITY_DEMO", "true")
    with pytest.raises(RuntimeError, match="demo"):
        _check_settings(Settings(**{k: v for k, v in PRODUCTION.items() if k != "demo"}))


def test_outside_production_anything_goes():
    _check_settings(Settings(environment="development", demo=True, demo_mode=True))


COMPOSE = Path(__file__).resolve().parents[3] / "docker-compose.yml"


def _interpolate(value: str, env: dict) -> str:
    """docker compose's ${VAR}, ${VAR:-default} and ${VAR:?error} (enough for this file)."""
    def one(m):
        name, op, arg = m.group(1), m.group(2), m.group(3)
        if env.get(name):
            return env[name]
        if op == ":?":
            raise LookupError(f"{name}: {arg}")
        return arg if op == ":-" else ""
    return re.sub(r"\$\{([A-Z0-9_]+)(?:(:[-?])([^}]*))?\}", one, value)


def _compose_identity_env(env: dict) -> dict:
    raw = yaml.safe_load(COMPOSE.read_text())["services"]["identity"]["environment"]
    return {k: _interpolate(str(v), env) for k, v in raw.items() if k.startswith("IDENTITY_")}


DEPLOYMENT = {"SURVEYOPS_PUBLIC_URL": "https://surveyops.example.org", "IDENTITY_TWILIO_ACCOUNT_SID": "AC1",
              "IDENTITY_TWILIO_AUTH_TOKEN": "t", "IDENTITY_TWILIO_FROM_NUMBER": "+12025550100",
              "IDENTITY_SMTP_HOST": "smtp.example.org"}


def test_compose_identity_passes_the_production_guard(monkeypatch):
    for k, v in _compose_identity_env(DEPLOYMENT).items():
        monkeypatch.setenv(k, v)
    settings = Settings()
    assert settings.environment == "production"
    _check_settings(settings)


@pytest.mark.parametrize("missing", sorted(DEPLOYMENT))
def test_compose_refuses_to_start_without_each_deployment_setting(missing):
    with pytest.raises(LookupError, match=missing):
        _compose_identity_env({k: v for k, v in DEPLOYMENT.items() if k != missing})


@pytest.fixture
def cli_env(monkeypatch, tmp_path, database_url):
    monkeypatch.setenv("IDENTITY_DATABASE_URL", database_url)
    monkeypatch.setenv("IDENTITY_VAR_DIR", str(tmp_path / "var"))
    monkeypatch.setenv("IDENTITY_EXTERNAL_ATTEMPTS_KEY_FILE", str(tmp_path / "keys" / "external.key"))
    monkeypatch.setenv("IDENTITY_PUBLIC_BASE_URL", "https://surveyops.example.org")
    return database_url


def _create_admin(email="root@example.org"):
    return cli.main(["create-admin", "--email", email, "--first", "Ada", "--last", "Root", "--phone", "202-555-0199"])


def test_create_admin_prints_an_invitation_link_and_refuses_a_duplicate(cli_env, capsys):
    assert _create_admin() == 0
    out = capsys.readouterr().out
    assert "Admin root@example.org created" in out
    assert "https://surveyops.example.org/create-password/" in out
    from kit.db import Database

    db = Database(cli_env, Base)
    with db.session() as s:
        user = s.scalars(select(User).where(User.email == "root@example.org")).one()
        assert user.role == 0 and user.password_hash is None and user.phone_number == "2025550199"
    db.engine.dispose()

    assert _create_admin("Root@Example.org") == 1  # same address, other case
    assert "already exists" in capsys.readouterr().err


def test_create_admin_refuses_bad_input(cli_env, capsys):
    assert _create_admin("not-an-email") == 2
    assert "invalid input" in capsys.readouterr().err
