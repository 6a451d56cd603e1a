"""Who may call what: an explicit table of every identity route, checked against the app and exercised for every
role (0-9) on own and foreign objects. A new route without a row here fails the suite."""

import pytest

from identity.seed import DEMO_PASSWORD
from kit.auth import Role, route_access_table

A, PM, OPS, SV, QA, FIN, CC, CS, CM, KS = range(10)
ALL = frozenset(range(10))
STAFF = frozenset({A, PM, OPS, QA, CC, CM})  # read users; the rest only their own account
ADMIN = frozenset({A})
PUBLIC = "public"

MATRIX = {
    ("POST", "/api/sessions"): PUBLIC,
    ("POST", "/api/sessions/send-otp"): PUBLIC,
    ("POST", "/api/sessions/otp-verification"): PUBLIC,
    ("PUT", "/api/sessions/otp-status"): PUBLIC,
    ("POST", "/api/sessions/totp-verification"): PUBLIC,
    ("GET", "/api/sessions"): ALL,
    ("DELETE", "/api/sessions"): ALL,
    ("POST", "/api/account/password-forgot"): PUBLIC,
    ("POST", "/api/account/password-token-verify"): PUBLIC,
    ("POST", "/api/account/password-reset"): PUBLIC,
    ("GET", "/api/account/profile"): ALL,
    ("PUT", "/api/account/profile"): ALL,
    ("POST", "/api/account/contact-change"): ALL,
    ("POST", "/api/account/contact-change/confirm"): ALL,
    ("GET", "/api/account/totp"): ALL,
    ("POST", "/api/account/totp"): ALL,
    ("POST", "/api/account/totp/confirm"): ALL,
    ("POST", "/api/account/totp/disable"): ALL,
    ("GET", "/api/users/factor-policy"): ADMIN,
    ("PUT", "/api/users/factor-policy"): ADMIN,
    ("GET", "/api/users"): STAFF,
    ("GET", "/api/users/export"): STAFF,
    ("GET", "/api/users/external-user"): ADMIN,
    ("GET", "/api/users/sign-ins"): ADMIN,
    ("GET", "/api/users/external-user/{id}/password"): ADMIN,
    ("GET", "/api/users/{id}"): ALL,  # per object: staff any user, everyone else only themselves
    ("POST", "/api/users"): ADMIN,
    ("PUT", "/api/users"): ADMIN,
    ("DELETE", "/api/users"): ADMIN,
    ("POST", "/api/users/invite"): ADMIN,
    ("PUT", "/api/users/status"): ADMIN,
}
OWN_ONLY_UNLESS_STAFF = {("GET", "/api/users/{id}")}

ROLE_EMAIL = {A: "admin@demo.test", PM: "pm@demo.test", OPS: "ops@demo.test", SV: "surveyor@demo.test",
              QA: "qa@demo.test", FIN: "finance@demo.test", CC: "cleaner@demo.test", CS: "cimr-surveyor@demo.test",
              CM: "cimr-manager@demo.test", KS: "keller@demo.test"}


def _norm(path: str) -> str:
    return path.replace("{id:int}", "{id}")


def test_every_route_has_a_row_and_the_app_agrees(env):
    table = {(m, _norm(p)): g for m, p, g in route_access_table(env.app) if p.startswith("/api/")}
    missing = sorted(set(table) - set(MATRIX))
    assert not missing, f"routes without a row in the authorization matrix: {missing}"
    assert not sorted(set(MATRIX) - set(table)), "rows for routes that no longer exist"
    for key, declared in table.items():
        expected = MATRIX[key]
        if expected == PUBLIC:
            assert declared == "public", key
        else:
            assert frozenset(int(r) for r in declared) == expected, key


def _request(env, method, path, actor_id, target):
    """A valid request for the route, aimed at `target` (a user id that is not the actor's where it matters)."""
    bodies = {
        ("PUT", "/api/account/profile"): None,
        ("POST", "/api/users"): {"firstName": "T", "lastName": "U", "email": f"t{actor_id}-{target}@example.com", "role": 1},
        ("PUT", "/api/users"): {"id": target, "lastName": "Changed"},
        ("POST", "/api/users/invite"): {"id": target},
        ("PUT", "/api/users/status"): {"id": target, "status": "active"},
        ("POST", "/api/account/contact-change"): {"phoneNumber": "2025550199", "password": DEMO_PASSWORD},
        ("POST", "/api/account/contact-change/confirm"): {"code": "000000"},
        ("POST", "/api/account/totp"): {"password": DEMO_PASSWORD},
        ("POST", "/api/account/totp/confirm"): {"code": "000000"},
        ("POST", "/api/account/totp/disable"): {"password": DEMO_PASSWORD, "code": "000000"},
        ("PUT", "/api/users/factor-policy"): {"role": 5, "totpRequired": False},
    }
    params = {("DELETE", "/api/users"): {"id": target}}
    url = path.replace("{id}", str(target))
    if "external-user/{id}" in path:
        url = path.replace("{id}", "1")
    body = bodies.get((method, path))
    if (method, path) == ("PUT", "/api/account/profile"):
        u = env.user_by_id(actor_id)
        body = {"firstName": u.first_name, "lastName": u.last_name, "email": u.email}
    return env.client.request(method, url, json=body, params=params.get((method, path)),
                              headers=env.session_headers(actor_id, env.user_by_id(actor_id).role))


@pytest.mark.parametrize("key", sorted(k for k, v in MATRIX.items() if v != PUBLIC), ids=lambda k: f"{k[0]} {k[1]}")
def test_route_for_every_role_own_and_foreign(env, key):
    method, path = key
    env.password_step("ext@elsewhere.org", "Some-pass-1")  # one external attempt for the reveal route
    allowed = MATRIX[key]
    ids = {role: env.uid(email) for role, email in ROLE_EMAIL.items()}
    victim = env.uid("maria.lopez@demo.test")
    r = env.client.request(method, path.replace("{id}", str(victim)))
    assert r.status_code == 401, "no token must be refused"
    for role in Role:
        actor = ids[int(role)]
        for target, own in ((victim, False), (actor, True)):
            if method == "DELETE" and path == "/api/users" and own:
                continue  # deleting oneself is refused by a business rule (400), not authorization
            r = _request(env, method, path, actor, target)
            if int(role) not in allowed:
                assert r.status_code == 403, (role, own, r.status_code, r.text)
            elif key in OWN_ONLY_UNLESS_STAFF and int(role) not in STAFF and not own:
                assert r.status_code == 403, (role, own, r.text)
            else:
                assert r.status_code not in (401, 403, 500), (role, own, r.status_code, r.text)
            if method == "DELETE" and path == "/api/users" and r.status_code == 200:
                victim = env.uid("james.chen@demo.test") if victim != env.uid("james.chen@demo.test") else env.uid("aisha.khan@demo.test")


@pytest.mark.parametrize("key", sorted(k for k, v in MATRIX.items() if v == PUBLIC), ids=lambda k: f"{k[0]} {k[1]}")
def test_public_routes_need_no_token(env, key):
    method, path = key
    bodies = {"/api/sessions": {"email": "x@example.com", "password": "Nope-1"},
              "/api/sessions/send-otp": {"id": 1}, "/api/sessions/otp-verification": {"email": "x@example.com", "id": 1, "otp": "123456"},
              "/api/sessions/otp-status": {"id": 1},
              "/api/sessions/totp-verification": {"email": "x@example.com", "id": 1, "code": "123456"}, "/api/account/password-forgot": {"email": "x@example.com"},
              "/api/account/password-token-verify": {"token": "nope"},
              "/api/account/password-reset": {"token": "nope", "password": "Abcdefg1x", "email": "x@example.com"}}
    r = env.client.request(method, path, json=bodies[path])
    assert r.status_code != 403 and r.status_code < 500
    if path in ("/api/account/password-forgot",):
        assert r.status_code == 200
