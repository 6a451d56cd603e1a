"""Unit tests of the kit's pieces through the throwaway service: error envelope, deny by default, client IP,
topic matching, metrics, health, JSON logs."""
import time

import io
import json
import logging

import pytest
from fastapi import APIRouter
from fastapi.testclient import TestClient
from kit_testbed import Base, TcpProxy, make_app, metric, metric_values, wait_for
from starlette.requests import Request

from kit.app import ServiceSpec, create_service_app
from kit.auth import ENROL_FIRST, Role, client_ip
from kit.errors import DEFAULT_ERROR_TEXT
from kit.events import topic_matches
from kit.observability import Metrics


@pytest.fixture
def client(sqlite_url, kt_settings):
    with TestClient(make_app(kt_settings(sqlite_url, max_body_bytes=2000)), raise_server_exceptions=False) as c:
        yield c


# ---------------------------------------------------------------- error envelope

def test_validation_error_names_the_field(client):
    r = client.post("/api/items", json={"name": ""})
    assert r.status_code == 422
    assert r.json()["statusCode"] == 422 and "name" in r.json()["message"]
    r = client.post("/api/items", json={"name": "a", "qty": -1})
    assert r.status_code == 422 and r.json()["message"].startswith("qty")
    r = client.post("/api/items", json={})
    assert r.json()["message"] == "name: Required"


def test_validation_error_does_not_echo_the_input(client):
    r = client.post("/api/items", json={"name": "a", "qty": "Jane Roe 1970-01-01"})
    assert r.status_code == 422 and "qty" in r.json()["message"]
    assert "Jane" not in r.text


def test_validation_messages_read_as_a_person_would():
    """List positions count from 1, and a validator's own message is not prefixed twice."""
    from fastapi.exceptions import RequestValidationError

    from kit.errors import validation_message

    def message(*errors):
        return validation_message(RequestValidationError(list(errors)))

    assert message({"type": "value_error", "loc": ("body", "contacts", 1, "email"),
                    "msg": "value is not a valid email address"}) == (
        "contacts #2, email: value is not a valid email address")
    assert message({"type": "value_error", "loc": ("body", "positiveWoNSM"),
                    "msg": "Value error, positiveWoNSM: the cleaned positive text is required"}) == (
        "positiveWoNSM: the cleaned positive text is required")
    assert message({"type": "value_error", "loc": ("body", "contacts", 0, "email"),
                    "msg": "Value error, email: already listed"}) == "contacts #1, email: already listed"
    assert message({"type": "value_error", "loc": ("body", "n"), "msg": "Value error, must be positive"}) == (
        "n: must be positive")
    assert message({"type": "value_error", "loc": ("body",), "msg": "Value error, from: is after to"}) == (
        "from: is after to")
    assert message({"type": "missing", "loc": ("query", "projectId"), "msg": "Field required"}) == (
        "projectId: Required")


def test_validation_messages_say_what_is_wrong_in_plain_words():
    """pydantic's own wording ("Input should be a valid integer, unable to parse string as an integer") is said as a
    person would: the field, then what a valid value is; nothing of the input is echoed (a UUID's bad character)."""
    from datetime import date, datetime
    from decimal import Decimal
    from typing import Literal
    from uuid import UUID

    from fastapi.exceptions import RequestValidationError
    from pydantic import BaseModel, Field, ValidationError

    from kit.errors import validation_message

    class Body(BaseModel):
        count: int
        rate: Decimal = Field(ge=0, max_digits=10, decimal_places=2)
        step: Decimal = Field(multiple_of=Decimal("0.5"))
        name: str = Field(min_length=1, max_length=5)
        code: str = Field(min_length=2)
        mode: Literal[1, 2, 3]
        day: date
        at: datetime
        upload: UUID
        flag: bool
        goal: int = Field(le=100)
        contacts: list[int] = Field(min_length=1)

    def said(**given):
        base = dict(count=1, rate="1.00", step="1.5", name="a", code="ab", mode=1, day="2026-01-01",
                    at="2026-01-01T00:00:00Z", upload="00000000-0000-0000-0000-000000000000", flag=True, goal=1,
                    contacts=[1])
        try:
            Body(**{**base, **given})
        except ValidationError as e:
            errors = [{**err, "loc": ("body", *err["loc"])} for err in e.errors()]
            return validation_message(RequestValidationError(errors))
        raise AssertionError("valid")

    assert said(count="abc") == "count: must be a whole number"
    assert said(rate="x") == "rate: must be a number"
    assert said(rate="-1") == "rate: must be at least 0"
    assert said(rate="1.234") == "rate: must have at most 2 decimal places"
    assert said(step="0.25") == "step: must be a multiple of 0.5"
    assert said(name="") == "name: Required"
    assert said(name="abcdefg") == "name: must have at most 5 characters"
    assert said(code="a") == "code: At least 2 characters"
    assert said(mode=7) == "mode: must be one of 1, 2 or 3"
    assert said(day="2026-13-45") == "day: must be a date (YYYY-MM-DD)"
    assert said(at="yesterday") == "at: must be a date and time (ISO 8601, e.g. 2026-01-31T09:00:00Z)"
    assert said(upload="zz-not-a-uuid") == "upload: must be a UUID"
    assert said(flag="maybe") == "flag: must be true or false"
    assert said(goal=101) == "goal: must be at most 100"
    assert said(contacts=[]) == "contacts: must have at least 1 item"
    assert said(contacts="x") == "contacts: must be a list"
    for text in (said(count="abc", mode=7), said(upload="zz-not-a-uuid")):
        assert "Input should" not in text and "zz" not in text


def test_unknown_fields_are_refused(client):
    r = client.post("/api/items", json={"name": "a", "isAdmin": True})
    assert r.status_code == 422
    assert r.json() == {"statusCode": 422, "message": "isAdmin: unknown field"}


def test_invalid_json_is_a_4xx(client):
    r = client.post("/api/items", content=b"{nope", headers={"content-type": "application/json"})
    assert r.status_code == 422 and "invalid JSON" in r.json()["message"]


def test_oversize_body_is_413(client):
    r = client.post("/api/items", json={"name": "a", "pad": "x" * 5000})
    assert r.status_code == 413 and r.json()["statusCode"] == 413
    assert r.json()["message"] == "Request body is too large (limit 2000 bytes)"


def test_oversize_chunked_body_without_length_is_413(client):
    import inspect

    from fastapi import FastAPI

    if "max_body_size" not in inspect.signature(FastAPI.include_router).parameters:
        pytest.skip("this FastAPI has no native body limit; chunked bodies are limited by the gateway")
    def chunks():
        for _ in range(10):
            yield b"x" * 1000

    r = client.post("/api/items", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413, r.text
    assert r.json()["statusCode"] == 413
    # the limit is named as for a body whose Content-Length tells its size (not the framework's bare phrase)
    assert r.json()["message"] == "Request body is too large (limit 2000 bytes)"


def test_unknown_route_and_method_use_the_envelope(client):
    r = client.get("/api/nothing-here")
    assert r.status_code == 404 and r.json()["statusCode"] == 404
    r = client.delete("/api/items")
    assert r.status_code == 405 and r.json()["statusCode"] == 405


def test_500_never_leaks_internals(client):
    for path in ("/api/boom", "/api/sqlboom"):
        r = client.get(path)
        assert r.status_code == 500
        assert r.json() == {"statusCode": 500, "message": DEFAULT_ERROR_TEXT}
        for secret in ("SELECT", "Jane", "Traceback", "kt_items"):
            assert secret not in r.text


def test_a_logged_error_keeps_its_stack_but_not_its_message(client, log_lines):
    """An exception's message can quote the data it failed on (here a patient's name): the log has where and
    what kind, never that text."""
    assert client.get("/api/parseboom", params={"age": "Jane Roe 1970-01-01"}).status_code == 500
    assert client.get("/api/sqlboom", params={"name": "Jane Roe"}).status_code == 500
    errors = [x for x in log_lines() if x.get("exc_info")]
    assert len(errors) == 2, log_lines()
    parse, sql = (x["exc_info"] for x in errors)
    assert "Traceback" in parse and "in parse_boom" in parse and "builtins.ValueError (message not logged)" in parse
    assert "OperationalError (message not logged)" in sql and "in sql_boom" in sql
    everything = json.dumps([x for x in log_lines() if x.get("name") != "httpx"])
    for secret in ("Jane", "1970-01-01", "invalid literal", "no such column"):
        assert secret not in everything


def test_uvicorn_errors_go_through_the_same_handler(client, log_lines):
    """uvicorn logs an exception that escaped a started (streamed) response itself: same JSON, same redaction."""
    given = "Jane Roe"
    try:
        int(given[::-1])
    except ValueError:
        logging.getLogger("uvicorn.error").exception("Exception in ASGI application")
    rec = [x for x in log_lines() if x.get("name") == "uvicorn.error"]
    assert len(rec) == 1 and "builtins.ValueError (message not logged)" in rec[0]["exc_info"]
    assert "eoR enaJ" not in json.dumps(rec)


def test_lost_database_connection_is_503_retryable(client):
    r = client.get("/api/dbgone")
    assert r.status_code == 503
    assert r.json() == {"statusCode": 503, "message": "Database unavailable, try again"}
    assert r.headers["Retry-After"] == "2"
    assert client.get("/api/sqlboom").status_code == 500  # a broken query stays a 500, not "try again"


def test_no_free_pooled_connection_is_503_retryable(client, log_lines):
    """Overload (every pooled connection busy for the pool's whole timeout) is not a bug: 503 and when to retry."""
    r = client.get("/api/poolbusy")
    assert r.status_code == 503
    assert r.json() == {"statusCode": 503, "message": "The service is busy, try again in a moment"}
    assert r.headers["Retry-After"] == "2"
    assert not [x for x in log_lines() if x.get("level") == "ERROR"]


def test_missing_or_bad_token_is_401_wrong_role_403(client, tokens):
    assert client.get("/api/items/1").status_code == 401
    assert client.get("/api/items/1", headers={"Authorization": "Bearer nope"}).status_code == 401
    assert client.get("/api/items/1", headers=tokens.headers(Role.SURVEYOR)).status_code == 403
    assert client.get("/api/items/1", headers=tokens.headers(Role.ADMIN)).status_code == 200


def test_a_token_for_setting_up_an_authenticator_app_opens_no_other_route(client, tokens):
    """Signed in while the role requires an authenticator app not yet set up: every service refuses the token
    (identity's own set-up routes opt in with `allow(..., enrolment=True)`, tested there)."""
    token = tokens.signer.sign(sub=1, role=int(Role.ADMIN), sid="s", name="n", ttl_seconds=600, enrol_only=True)
    r = client.get("/api/items/1", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 403 and r.json()["message"] == ENROL_FIRST


# ---------------------------------------------------------------- deny by default

def test_an_app_with_an_unguarded_route_refuses_to_start(sqlite_url, kt_settings):
    router = APIRouter()

    @router.get("/api/open")
    def open_route():
        return {}

    spec = ServiceSpec(name="kt", title="t", package=None, base=Base, routers=[router])
    with pytest.raises(RuntimeError, match="GET /api/open"):
        create_service_app(spec, kt_settings(sqlite_url))


# ---------------------------------------------------------------- client IP

def _request(peer: str, xff: str | None) -> Request:
    headers = [(b"x-forwarded-for", xff.encode())] if xff else []
    return Request({"type": "http", "method": "GET", "path": "/", "headers": headers, "client": (peer, 5555),
                    "query_string": b""})


@pytest.mark.parametrize("peer,xff,trusted,expected", [
    ("203.0.113.9", "1.2.3.4", ["127.0.0.1"], "203.0.113.9"),          # spoofed by an untrusted peer: ignored
    ("127.0.0.1", "203.0.113.9", ["127.0.0.1"], "203.0.113.9"),        # the gateway tells us the client
    ("127.0.0.1", "6.6.6.6, 203.0.113.9", ["127.0.0.1"], "203.0.113.9"),  # client-supplied prefix ignored
    ("127.0.0.1", "203.0.113.9, 127.0.0.1", ["127.0.0.1"], "203.0.113.9"),
    ("127.0.0.1", None, ["127.0.0.1"], "127.0.0.1"),
    ("127.0.0.1", "1.2.3.4", [], "127.0.0.1"),                         # nobody trusted
])
def test_client_ip(peer, xff, trusted, expected):
    assert client_ip(_request(peer, xff), trusted) == expected


def test_client_ip_through_the_app(sqlite_url, kt_settings):
    app = make_app(kt_settings(sqlite_url, trusted_proxies=["127.0.0.1"]))
    with TestClient(app) as c:  # the test client's peer is "testclient": not a trusted proxy
        assert c.get("/api/caller", headers={"X-Forwarded-For": "1.2.3.4"}).json() == {"ip": "testclient"}
    app = make_app(kt_settings(sqlite_url, trusted_proxies=["testclient"]))
    with TestClient(app) as c:
        assert c.get("/api/caller", headers={"X-Forwarded-For": "6.6.6.6, 1.2.3.4"}).json() == {"ip": "1.2.3.4"}


# ---------------------------------------------------------------- topic matching

@pytest.mark.parametrize("pattern,key,ok", [
    ("a.b.c", "a.b.c", True), ("a.b.c", "a.b.d", False), ("a.*.c", "a.b.c", True), ("a.*.c", "a.b.b.c", False),
    ("a.#", "a", True), ("a.#", "a.b.c", True), ("#", "x.y", True), ("#.c", "a.b.c", True), ("#.c", "a.b", False),
    ("a.#.c", "a.c", True), ("a.#.c", "a.x.y.c", True), ("*", "a.b", False), ("a.*", "a", False),
    ("projects.project.*", "projects.project.locked", True), ("projects.#", "rosters.visits.imported", False),
])
def test_topic_matches(pattern, key, ok):
    assert topic_matches(pattern, key) is ok


# ---------------------------------------------------------------- metrics

def test_metrics_by_route_template_and_status(client, tokens):
    client.get("/api/items/5?patientName=Jane")
    client.get("/api/items/6")
    client.get("/api/items/7", headers=tokens.headers(Role.ADMIN))
    client.post("/api/items", json={"name": "m"})
    client.get("/api/boom")
    text = client.get("/metrics").text
    assert "/api/items/5" not in text and "Jane" not in text
    assert metric(client, "http_requests_total", route="/api/items/{item_id}", method="GET", status="401") == 2
    assert metric(client, "http_requests_total", route="/api/items/{item_id}", method="GET", status="200") == 1
    assert metric(client, "http_requests_total", route="/api/items", method="POST", status="200") == 1
    assert metric(client, "http_requests_total", route="/api/boom", method="GET", status="500") == 1
    assert metric(client, "http_request_duration_seconds_count", route="/api/items/{item_id}", method="GET", status="401") == 2
    assert metric(client, "http_request_duration_seconds_count", route="/api/items/{item_id}", method="GET", status="200") == 1
    assert metric(client, "http_request_duration_seconds_count", route="/api/boom", method="GET", status="500") == 1
    assert any(lab.get("route") == "/api/items" for lab, _ in metric_values(client, "http_request_duration_seconds_bucket"))
    assert metric(client, "outbox_backlog", service="kt") is not None
    assert metric(client, "outbox_oldest_age_seconds", service="kt") is not None
    assert metric(client, "consumer_lag", service="kt", consumer="applier") == 0
    assert client.get("/metrics").headers["content-type"].startswith("text/plain")


def test_one_family_per_gauge_name():
    m = Metrics("kt")
    m.add_gauge_source(lambda: [("consumer_lag", "lag", 1, {"consumer": "a"}), ("consumer_lag", "lag", 2, {"consumer": "b"})])
    text = m.render().body.decode()
    assert text.count("# HELP consumer_lag") == 1
    assert 'consumer_lag{consumer="a"} 1.0' in text and 'consumer_lag{consumer="b"} 2.0' in text


def test_operational_routes_are_not_in_the_openapi(client):
    paths = client.get("/api/docs/kt/openapi.json").json()["paths"]
    assert "/healthz" not in paths and "/metrics" not in paths
    assert paths["/api/items"]["post"]["operationId"] == "kt_create_item"


# ---------------------------------------------------------------- health

def test_healthz_is_503_when_the_database_is_down(pg_url, kt_settings):
    from sqlalchemy.engine import make_url

    proxy = TcpProxy(5432)
    proxy.start()
    url = make_url(pg_url).set(port=proxy.port).render_as_string(hide_password=False)
    app = make_app(kt_settings(url))
    try:
        with TestClient(app, raise_server_exceptions=False) as c:
            assert c.get("/healthz").status_code == 200
            proxy.stop()
            r = c.get("/healthz")
            assert r.status_code == 503 and r.json()["db"] == "down" and r.json()["status"] == "down"
            # a request needing the database fails cleanly, retryable, without leaking the connection error
            r = c.post("/api/items", json={"name": "db down"})
            assert r.status_code == 503 and "127.0.0.1" not in r.text
            assert r.json() == {"statusCode": 503, "message": "Database unavailable, try again"}
            proxy.start()
            wait_for(lambda: c.get("/healthz").status_code == 200, what="database back")
            assert c.post("/api/items", json={"name": "db back"}).status_code == 200  # the pool recovered
    finally:
        proxy.stop()


def test_healthz_is_503_when_the_broker_is_down(sqlite_url, kt_settings):
    from kit_testbed import free_port

    app = make_app(kt_settings(sqlite_url, broker_url=f"amqp://guest:guest@127.0.0.1:{free_port()}/"))
    with TestClient(app) as c:
        r = c.get("/healthz")
        assert r.status_code == 503 and r.json() == {"status": "down", "service": "kt", "db": "ok", "broker": "down"}


# ---------------------------------------------------------------- logs

@pytest.fixture
def log_lines():
    root = logging.getLogger()
    buf = io.StringIO()
    handlers = [h for h in root.handlers if isinstance(h, logging.StreamHandler) and h.filters]
    assert handlers, "configure_logging installed the JSON handler"
    old = [h.setStream(buf) for h in handlers]

    def lines():
        return [json.loads(ln) for ln in buf.getvalue().splitlines() if ln.strip()]

    yield lines
    for h, o in zip(handlers, old):
        h.setStream(o)


def test_json_logs_carry_request_id_and_route_template_not_query(client, log_lines):
    r = client.get("/api/items/42?patientName=Jane+Roe&dob=1970-01-01", headers={"X-Request-ID": "abc-123"})
    assert r.headers["X-Request-ID"] == "abc-123"
    recs = [x for x in log_lines() if x.get("message") == "request"]
    assert recs, "one access record per request"
    rec = recs[-1]
    assert rec["request_id"] == "abc-123"
    assert rec["route"] == "/api/items/{item_id}"
    assert rec["status"] == 401 and rec["method"] == "GET"
    everything = json.dumps([x for x in log_lines() if x.get("name") != "httpx"])  # httpx: the test's own client
    for secret in ("Jane", "1970-01-01", "/api/items/42", "patientName"):
        assert secret not in everything


def test_request_id_is_generated_when_missing_or_unsafe(client, log_lines):
    r = client.get("/api/items/1", headers={"X-Request-ID": "<script>alert(1)</script>"})
    rid = r.headers["X-Request-ID"]
    assert rid.isalnum() and len(rid) == 32
    assert [x for x in log_lines() if x.get("message") == "request"][-1]["request_id"] == rid


def test_500_is_logged_with_request_id_but_no_bound_parameters(client, log_lines):
    r = client.get("/api/sqlboom?name=Jane+Roe", headers={"X-Request-ID": "req-500"})
    assert r.status_code == 500
    recs = log_lines()
    assert any(x.get("request_id") == "req-500" and x.get("level") == "ERROR" for x in recs)
    assert any(x.get("request_id") == "req-500" and x.get("status") == 500 for x in recs)
    assert "Jane" not in json.dumps([x for x in recs if x.get("name") != "httpx"]), "SQL parameters stay out of logs"


# ---------------------------------------------------------------- token cache and revocation

def test_a_verified_token_is_cached_until_it_expires_and_revocation_is_checked_every_time(client, tokens, monkeypatch):
    import kit.auth

    verifier = client.app.state.token_verifier
    decodes = []
    real_decode = kit.auth.jwt.decode
    monkeypatch.setattr(kit.auth.jwt, "decode", lambda *a, **k: decodes.append(1) or real_decode(*a, **k))
    h = tokens.headers(Role.ADMIN)
    assert client.get("/api/items/1", headers=h).status_code == 200
    assert client.get("/api/items/1", headers=h).status_code == 200
    assert len(decodes) == 1, "the second request used the cached claims"
    # a revoked session is refused although its token is cached
    revocations = client.app.state.revocations
    sid = verifier._cache[h["Authorization"][7:]][0].sid
    revocations.revoke(sid, time.time() + 60)
    assert client.get("/api/items/1", headers=h).status_code == 401
    revocations._until.pop(sid)
    assert client.get("/api/items/1", headers=h).status_code == 200
    # past its exp (and leeway) a cached token is refused and forgotten
    token = h["Authorization"][7:]
    principal, _ = verifier._cache[token]
    verifier._cache[token] = (principal, 0.0)
    assert client.get("/api/items/1", headers=h).status_code == 401
    assert token not in verifier._cache
    # a bad token is never cached
    assert client.get("/api/items/1", headers={"Authorization": "Bearer nope"}).status_code == 401
    assert "nope" not in verifier._cache


def test_the_token_cache_is_bounded(tokens, tmp_path, keypair):
    from kit.auth import TokenVerifier

    v = TokenVerifier(keypair[1], "surveyops-identity", "surveyops")
    v.CACHE_MAX = 4
    for i in range(10):
        v.verify(tokens(Role.ADMIN, user_id=i + 1))
    assert len(v._cache) <= 4
