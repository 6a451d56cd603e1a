"""Smoke test of the full topology THROUGH Traefik: routing from the one route table, the JSON 404 for unknown
API paths, method-split routes, and X-Forwarded-For handling (services trust only 127.0.0.1 = Traefik)."""

import re
import uuid

import httpx
import psycopg
import pytest

from gateway.table import load, resolve

SERVICES = list(load()[0])


def openapi(stack, ctx: str) -> dict:
    r = httpx.get(f"{stack.service_url(ctx)}/api/docs/{ctx}/openapi.json", timeout=10)
    assert r.status_code == 200
    return r.json()


def operations(stack, ctx: str) -> list[tuple[str, str]]:
    return [(m.upper(), p) for p, ops in openapi(stack, ctx)["paths"].items() for m in ops]


def test_stack_is_healthy(stack):
    for ctx in SERVICES:
        r = httpx.get(f"{stack.service_url(ctx)}/healthz", timeout=10)
        assert r.status_code == 200, (ctx, r.text)
        assert r.json()["db"] == "ok" and r.json()["broker"] == "ok"


@pytest.mark.parametrize("ctx", SERVICES)
def test_every_service_openapi_is_routed(stack, ctx):
    with stack.client() as c:
        r = c.get(f"/api/docs/{ctx}/openapi.json")
    assert r.status_code == 200
    doc = r.json()
    assert doc == openapi(stack, ctx), "Traefik routes the document to the service itself"
    for method, path in operations(stack, ctx):
        assert path.startswith("/api/"), path
        assert doc["paths"][path][method.lower()]["operationId"].startswith(f"{ctx}_")


@pytest.mark.parametrize("ctx", SERVICES)
def test_every_operation_of_a_service_is_routed_to_it(stack, ctx):
    """routes.yaml covers every public path a service declares: nothing is unreachable through the gateway."""
    missing = []
    for method, path in operations(stack, ctx):
        concrete = re.sub(r"\{[^}]+\}", "1", path)
        if resolve(method, concrete) != ctx:
            missing.append(f"{method} {path} -> {resolve(method, concrete)}")
    assert not missing, f"routes.yaml sends these {ctx} operations elsewhere:\n" + "\n".join(missing)


@pytest.mark.parametrize("ctx", SERVICES)
def test_guarded_get_routes_answer_the_same_through_traefik(stack, ctx):
    with stack.client() as c:
        for method, path in operations(stack, ctx):
            if method != "GET" or "{" in path:
                continue
            direct = httpx.get(f"{stack.service_url(ctx)}{path}", timeout=10)
            via = c.get(path)
            assert via.status_code == direct.status_code, (path, via.status_code, direct.status_code)


def test_unknown_api_path_is_a_json_404(stack):
    with stack.client() as c:
        for path in ("/api/nothing-here", "/api/projectsx", "/api/calls/extra/segments", "/api"):
            r = c.get(path)
            assert r.status_code == 404, (path, r.status_code, r.text[:200])
            assert r.headers["content-type"].startswith("application/json")
            assert r.json()["statusCode"] == 404
        r = c.post("/api/nothing-here", json={})
        assert r.status_code in (404, 405) and r.json()["statusCode"] in (404, 405)


def test_other_paths_reach_the_web_app(stack):
    with stack.client() as c:
        r = c.get("/surveyor/calls")
    # the single-page app (or, before `npm run build`, the static server's "not built" page)
    assert r.status_code in (200, 503)
    assert r.headers["content-type"].startswith("text/html")


def _declares(stack, ctx: str, method: str, path: str) -> bool:
    return (method, path) in operations(stack, ctx)


def test_method_split_routes_reach_the_right_service(stack):
    with stack.client() as c:
        # POST/PUT /api/calls → calling, which declares them: unauthenticated = 401 (reporting would say 404/405)
        assert _declares(stack, "calling", "POST", "/api/calls")
        assert c.post("/api/calls", json={}).status_code == 401
        # GET /api/calls → rosters (the called-roster export): calling would answer 405 (it has POST/PUT only)
        assert _declares(stack, "rosters", "GET", "/api/calls")
        r = c.get("/api/calls")
        assert r.status_code != 405, "GET /api/calls reached calling"
        assert r.status_code == 401
        # GET /api/users/surveyors → reporting (goals and progress), before identity's /api/users prefix
        assert _declares(stack, "reporting", "GET", "/api/users/surveyors")
        assert not _declares(stack, "identity", "GET", "/api/users/surveyors")
        assert c.get("/api/users/surveyors").status_code == 401
        # GET /api/language → projects (401); PUT /api/language → rosters: projects would answer 405
        assert _declares(stack, "projects", "GET", "/api/language")
        assert c.get("/api/language").status_code == 401
        r = c.put("/api/language", json={})
        assert r.status_code != 405, "PUT /api/language reached projects"
        assert r.status_code in ((401, 422) if _declares(stack, "rosters", "PUT", "/api/language") else (404,))


def _identity_db(stack) -> str:
    return stack.info["databases"]["identity"]


def test_x_forwarded_for_is_believed_only_from_traefik(stack):
    """Identity keys its sign-in throttle by kit.auth.client_ip; what it recorded shows whom it believed."""
    email = f"xff-{uuid.uuid4().hex[:8]}@example.test"
    body = {"email": email, "password": "wrong-password"}
    with psycopg.connect(_identity_db(stack), autocommit=True) as db:
        before = db.execute("SELECT coalesce(max(id), 0) FROM rate_event").fetchone()[0]
        try:
            with stack.client() as c:  # a client spoofing its address through the gateway
                r = c.post("/api/sessions?jwt=1", json=body, headers={"X-Forwarded-For": "6.6.6.6"})
                assert r.status_code == 401
            # an untrusted peer (127.0.0.2) talking to the service directly, spoofing too
            direct = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"), timeout=10)
            with direct:
                r = direct.post(f"{stack.service_url('identity')}/api/sessions?jwt=1", json=body,
                                headers={"X-Forwarded-For": "7.7.7.7"})
                assert r.status_code == 401
            seen = [k for (k,) in db.execute(
                "SELECT key FROM rate_event WHERE kind = 'signin_address' AND id > %s ORDER BY id", (before,))]
            assert seen == ["127.0.0.1", "127.0.0.2"], seen
        finally:  # leave no throttle behind for other tests signing in from 127.0.0.1
            db.execute("DELETE FROM rate_event WHERE id > %s", (before,))


def test_traefik_passes_the_request_id_and_services_answer_it(stack):
    with stack.client() as c:
        r = c.get("/api/docs/projects/openapi.json", headers={"X-Request-ID": "topology-req-1"})
    assert r.headers.get("x-request-id") == "topology-req-1"
    # the access log line is written once the response has gone out: on a busy machine the client can be first
    stack.wait_for(lambda: "topology-req-1" in stack.log("projects"), timeout=10, what="the request id in the log")


def test_metrics_of_each_service(stack):
    for ctx in SERVICES:
        text = httpx.get(f"{stack.service_url(ctx)}/metrics", timeout=10).text
        assert "http_requests_total" in text and "outbox_backlog" in text, ctx


def test_sign_in_through_the_gateway_and_every_service_accepts_the_token(stack):
    """Identity signs with the stack's private key; every other service verifies with the public key."""
    admin = stack.sign_in("admin@demo.test")
    assert admin["user"]["role"] == 0
    with stack.client(headers=admin["headers"]) as c:
        for ctx in SERVICES:
            gets = [p for m, p in operations(stack, ctx) if m == "GET" and "{" not in p and "/docs/" not in p]
            assert gets, f"{ctx} has no parameterless GET"
            for path in gets:
                r = c.get(path)
                assert r.status_code != 401, f"{ctx} refused identity's token on {path}"
                assert r.status_code < 500, f"GET {path} -> {r.status_code}: {r.text[:200]}"
    with stack.client() as c:
        assert c.get("/api/projects").status_code == 401


def test_refresh_and_logout_through_the_gateway(stack):
    """The rest of the session flow a browser drives through Traefik: refresh, then logout revokes."""
    qa = stack.sign_in("qa@demo.test")
    with stack.client(headers=qa["headers"]) as c:
        r = c.get("/api/sessions?idle=5")
        assert r.status_code == 200, r.text
        fresh = {"Authorization": f"Bearer {r.json()['data']['accessToken']}"}
        assert c.get("/api/users?limit=1", headers=fresh).status_code == 200
        assert c.delete("/api/sessions", headers=fresh).status_code == 200
        # identity knows the session is over: neither token refreshes any more
        for h in (qa["headers"], fresh):
            r = c.get("/api/sessions", headers=h)
            assert r.status_code == 401 and r.json()["message"] == "Session Expired"


def test_demo_data_crosses_contexts_by_events(stack):
    """Projects seeds demo projects once identity's user events arrived through RabbitMQ."""
    pm = stack.sign_in("pm@demo.test")
    with stack.client(headers=pm["headers"]) as c:
        rows = stack.wait_for(lambda: c.get("/api/projects").json().get("rows"), timeout=60, what="demo projects")
    assert all(r["managerId"] == pm["user"]["id"] for r in rows), "a manager sees only own projects"


def test_calling_runs_as_two_replicas_and_traefik_balances_across_them(stack):
    replicas = {name: port for name, port in stack.info["replicas"].items() if name.startswith("calling")}
    assert sorted(replicas) == ["calling", "calling-2"]
    with stack.client() as c:
        for _ in range(20):  # refused without a token, but answered (and counted) by a calling replica
            assert c.get("/api/calls-log").status_code == 401
    for name, port in replicas.items():
        assert httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=10).json()["broker"] == "ok"
        text = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=10).text
        served = sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines()
                     if line.startswith("http_requests_total{") and 'route="/api/calls-log"' in line)
        assert served > 0, f"{name} got none of the requests"
