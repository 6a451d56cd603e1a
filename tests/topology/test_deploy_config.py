"""docker-compose.yml and deploy/ cannot run here (no Docker engine): check them as data instead. The same
topology as scripts/stack.py, Traefik config current with routes.yaml, every service scraped and charted."""

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from gateway.table import load

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
SERVICES = load()[0]
GENERATE = ["--out", "{out}", "--bind", "0.0.0.0", "--entry-port", "80", "--web-port", "8080", "--metrics-port", "8082",
            "--dynamic-path", "/etc/traefik/dynamic.yml", *[f"--host={s}={s}" for s in SERVICES], "--host=web=web"]


@pytest.fixture(scope="module")
def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_compose_has_the_whole_topology(compose):
    svcs = compose["services"]
    assert {"postgres", "rabbitmq", "traefik", "web", "prometheus", "grafana", *SERVICES} <= set(svcs)
    assert svcs["postgres"]["image"] == "postgres:16"
    assert svcs["rabbitmq"]["image"] == "rabbitmq:3.13-management"
    assert svcs["traefik"]["image"] == "traefik:v3"
    for name, svc in svcs.items():
        for dep in svc.get("depends_on", []):
            assert dep in svcs, f"{name} depends on unknown {dep}"
        for sec in svc.get("secrets", []):
            assert sec in compose["secrets"], f"{name} uses undefined secret {sec}"
        for vol in svc.get("volumes", []):
            src = vol.split(":")[0]
            if src.startswith("./"):
                assert (ROOT / src).exists() or src == "./frontend/dist/web", f"{name} mounts missing {src}"
            else:
                assert src in compose["volumes"], f"{name} uses undeclared volume {src}"


@pytest.mark.parametrize("ctx", list(SERVICES))
def test_each_context_is_built_and_configured(compose, ctx):
    svc, prefix = compose["services"][ctx], ctx.upper() + "_"
    traefik_ip = compose["services"]["traefik"]["networks"]["backend"]["ipv4_address"]
    assert svc["build"]["dockerfile"] == "deploy/service.Dockerfile" and svc["build"]["args"]["SERVICE"] == ctx
    env = svc["environment"]
    assert int(env["PORT"]) == SERVICES[ctx]["port"], "the port Traefik's generated config routes to"
    assert json.loads(env[prefix + "TRUSTED_PROXIES"]) == [traefik_ip]
    assert env[prefix + "JWT_PUBLIC_KEY_FILE"] == "/run/secrets/jwt_public_key"
    assert env["PGPASSWORD_FILE"].startswith("/run/secrets/") and env["AMQP_PASSWORD_FILE"].startswith("/run/secrets/")
    assert env[prefix + "ENVIRONMENT"] == "production"
    assert ("jwt_private_key" in svc["secrets"]) == (ctx == "identity"), "only identity holds the signing key"
    assert {"postgres", "rabbitmq", "event-topology"} <= set(svc["depends_on"])


def test_no_secret_is_committed():
    tracked = subprocess.run(["git", "ls-files", "deploy/secrets"], cwd=ROOT, capture_output=True, text=True).stdout.split()
    assert set(tracked) <= {"deploy/secrets/.gitignore"}, tracked


def test_traefik_config_is_generated_from_routes_yaml(tmp_path):
    args = [a.replace("{out}", str(tmp_path)) for a in GENERATE]
    subprocess.run([sys.executable, "-m", "gateway.generate", *args], cwd=ROOT, check=True, capture_output=True)
    for name in ("traefik.yml", "dynamic.yml"):
        assert (DEPLOY / "traefik" / name).read_text() == (tmp_path / name).read_text(), (
            f"deploy/traefik/{name} is stale: regenerate it with python -m gateway.generate {' '.join(GENERATE)}")


def test_prometheus_scrapes_every_service_and_traefik():
    cfg = yaml.safe_load((DEPLOY / "prometheus.yml").read_text())
    targets = {t for job in cfg["scrape_configs"] for sc in job["static_configs"] for t in sc["targets"]}
    assert {f"{s}:{c['port']}" for s, c in SERVICES.items()} <= targets
    assert "traefik:8082" in targets


def test_grafana_dashboard_charts_the_kit_metrics():
    dash = json.loads((DEPLOY / "grafana" / "dashboards" / "surveyops.json").read_text())
    exprs = " ".join(t["expr"] for p in dash["panels"] for t in p["targets"])
    for metric in ("http_requests_total", "http_request_duration_seconds_bucket", 'status=~"5.."', "outbox_backlog",
                   "outbox_oldest_age_seconds", "consumer_lag"):
        assert metric in exprs
    for f in (DEPLOY / "grafana" / "provisioning").rglob("*.yml"):
        yaml.safe_load(f.read_text())


def test_kit_exports_the_charted_metrics(tmp_path):
    from kit.observability import Metrics

    m = Metrics("x")
    m.requests.labels("x", "GET", "/api/a", "200").inc()
    m.latency.labels("x", "GET", "/api/a", "200").observe(0.1)
    text = m.render().body.decode()
    assert "http_requests_total" in text and "http_request_duration_seconds_bucket" in text


def test_service_entrypoint_builds_urls_from_secret_files(tmp_path, monkeypatch):
    (tmp_path / "pg").write_text("p@ss/word\n")
    (tmp_path / "amqp").write_text("rabbit:pw\n")
    spec = importlib.util.spec_from_file_location("service_entrypoint", DEPLOY / "service_entrypoint.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    for k, v in {"SERVICE": "calling", "PORT": "8104", "PGPASSWORD_FILE": str(tmp_path / "pg"),
                 "AMQP_PASSWORD_FILE": str(tmp_path / "amqp")}.items():
        monkeypatch.setenv(k, v)
    for var in ("CALLING_DATABASE_URL", "CALLING_BROKER_URL"):  # recorded, so the URLs main() sets are undone
        monkeypatch.setenv(var, "")
        monkeypatch.delenv(var)
    calls = []
    monkeypatch.setattr(mod.os, "execvp", lambda f, argv: calls.append(argv))
    monkeypatch.setattr(sys, "argv", ["service-entrypoint"])
    mod.main()
    import os

    assert os.environ["CALLING_DATABASE_URL"] == "postgresql://surveyops:p%40ss%2Fword@postgres:5432/surveyops_calling"
    assert os.environ["CALLING_BROKER_URL"] == "amqp://surveyops:rabbit%3Apw@rabbitmq:5672/"
    argv = calls[0]
    assert argv[:3] == ["uvicorn", "calling.main:create_app", "--factory"]
    assert "--no-proxy-headers" in argv and argv[argv.index("--port") + 1] == "8104"


def test_event_topology_is_declared_before_the_services(compose):
    job = compose["services"]["event-topology"]
    assert job["build"]["args"]["SERVICE"] == "all"
    assert job["command"][0] == "declare" and set(job["command"][1:]) == set(SERVICES)
    for ctx in SERVICES:
        assert compose["services"][ctx]["depends_on"]["event-topology"]["condition"] == "service_completed_successfully"


def test_every_context_takes_a_replica_count(compose):
    """`<CTX>_REPLICAS=2 docker compose up` scales a context (relays take turns, consumers share one queue)."""
    for ctx in SERVICES:
        assert compose["services"][ctx]["deploy"]["replicas"] == f"${{{ctx.upper()}_REPLICAS:-1}}", ctx
