import pytest


def test_unknown_fields_bad_email_oversized_body(env):
    r = env.client.post("/api/sessions", json={"email": "a@b.com", "password": "x", "role": 0})
    assert r.status_code == 422 and r.json()["message"] == "role: unknown field"
    r = env.client.post("/api/sessions", json={"email": "not-an-email", "password": "x"})
    assert r.status_code == 422 and r.json()["message"].startswith("email: value is not a valid email address")
    r = env.client.post("/api/account/password-forgot", json={})
    assert r.status_code == 422 and r.json()["message"] == "email: Required"
    big = "x" * (env.settings.max_body_bytes + 10)
    r = env.client.post("/api/sessions", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413
    admin = env.headers_for("admin@demo.test")
    r = env.client.post("/api/users", headers=admin, json={"firstName": "A", "lastName": "B", "email": "a@b.com",
                                                           "role": 1, "isAdmin": True})
    assert r.status_code == 422 and "isAdmin: unknown field" in r.json()["message"]


@pytest.mark.parametrize("method,path,body", [
    ("post", "/api/sessions", {"email": "a@b.com", "password": "p" * 300}),
    ("post", "/api/sessions", "not json"),
    ("post", "/api/sessions/otp-verification", {"email": "a@b.com", "id": 1, "otp": "12ab56"}),
    ("post", "/api/sessions/otp-verification", {"email": "a@b.com", "id": -1, "otp": "123456"}),
    ("post", "/api/sessions/send-otp", {"id": 99999999999999}),
    ("put", "/api/sessions/otp-status", {"id": "x"}),
    ("post", "/api/account/password-reset", {"token": "t" * 500, "password": "x", "email": "a@b.com"}),
    ("post", "/api/account/password-token-verify", {"token": "\u0000", "isInvite": "maybe"}),
])
def test_never_a_500_on_public_routes(env, method, path, body):
    kw = {"json": body} if not isinstance(body, str) else {"content": body, "headers": {"content-type": "application/json"}}
    r = getattr(env.client, method)(path, **kw)
    assert 400 <= r.status_code < 500, r.text
    assert set(r.json()) == {"statusCode", "message"}


def test_odd_queries_are_4xx(env):
    h = env.headers_for("admin@demo.test")
    for q in ("limit=0", "limit=5001", "skip=-1", "orderDir=UP", "role=10", "isDeleted=perhaps", "search=" + "x" * 200,
              "orderBy=nope"):
        r = env.client.get(f"/api/users?{q}", headers=h)
        assert 400 <= r.status_code < 500, q
    assert env.client.get("/api/users/abc", headers=h).status_code == 404
    assert env.client.delete("/api/users?id=abc", headers=h).status_code == 422
    assert env.client.get("/api/users", headers={"Authorization": "Bearer garbage"}).status_code == 401


def test_an_account_phone_must_receive_codes(env):
    """The sign-in codes go to an account's phone: a number of no real area code, or abroad, is refused by name;
    a valid US or Canadian number in any usual form is kept as its ten digits."""
    admin = env.headers_for("admin@demo.test")
    body = {"firstName": "Pat", "lastName": "Lee", "role": 1}
    for i, bad in enumerate(("(555) 123-4567", "123-456-7890", "+44 20 7946 0958", "312 555 0123 x4")):
        r = env.client.post("/api/users", headers=admin, json={**body, "email": f"bad{i}@demo.test", "phoneNumber": bad})
        assert r.status_code == 422, bad
        assert r.json()["message"].startswith("phoneNumber: must be a valid US or Canadian phone number"), r.text
    r = env.client.post("/api/users", headers=admin, json={**body, "email": "ok@demo.test", "phoneNumber": "+1 416.555.0123"})
    assert r.status_code in (200, 201), r.text
    assert env.client.get(f"/api/users/{r.json()['data']['id']}", headers=admin).json()["data"]["phoneNumber"] == "4165550123"
