import base64
import re
from datetime import timedelta

import time_machine
from fastapi.testclient import TestClient
from joserfc import jwt
from sqlalchemy import delete, select

from identity import clock, security
from identity.models import AuditLog, LoginSession, User, UserCimrManager
from kit.auth import ALGORITHM


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def test_full_sign_in_flow_refresh_and_logout(env):
    r = env.password_step("surveyor@demo.test", userKey="device-42", isRemember=True, ipAddress="203.0.113.9")
    assert r.status_code == 200
    body = r.json()
    assert body["message"] == "Verification code required"
    assert "accessToken" not in r.text  # pre-verification state gets no token
    user = body["data"]["user"]
    assert user["phoneNumber"] == "(***) ***-0104" and user["cimrList"] == []
    cookie = r.headers["set-cookie"]
    assert "login_attempt=" in cookie and "HttpOnly" in cookie and "Path=/api/sessions" in cookie
    assert "samesite=strict" in cookie.lower()

    r = env.client.post("/api/sessions/send-otp", json={"id": user["id"]})
    assert r.json() == {"message": "Verification code sent",
                        "data": {"expiresIn": 300, "channel": "sms", "sentTo": "(***) ***-0104"}}
    line = env.sms_lines()[-1].split("\t")
    assert line[1] == "2025550104" and "Your SurveyOps verification code is" in line[2]
    code = env.last_code("2025550104")
    r = env.client.post("/api/sessions/otp-verification", json={"email": "surveyor@demo.test", "id": user["id"], "otp": code})
    assert r.status_code == 200, r.text
    data = r.json()["data"]
    assert data["expiresIn"] == 600 and data["user"]["email"] == "surveyor@demo.test"
    assert data["user"]["languages"] == ["English", "Spanish"] and data["user"]["cid"] == "SV-1001"
    reme = [h for h in r.headers.get_list("set-cookie") if h.startswith("reme=")][0]
    assert base64.b64encode(b"surveyor@demo.test").decode() in reme and "Max-Age=31536000" in reme

    claims = jwt.decode(data["accessToken"], env.app.state.token_verifier._public_key(), algorithms=[ALGORITHM]).claims
    assert claims["sub"] == str(user["id"]) and claims["role"] == 3 and claims["iss"] and claims["aud"]
    assert claims["exp"] - claims["iat"] == 600 and claims["name"] == "Sam Surveyor"

    with env.app.state.db.session() as s:
        row = s.get(LoginSession, claims["sid"])
        assert row.user_key == "device-42" and row.ip_address == "testclient" and row.reported_ip == "203.0.113.9"
        assert row.remember is True and row.idle_limit_seconds == 660

    h = bearer(data["accessToken"])
    assert env.client.get("/api/account/profile", headers=h).json()["data"]["id"] == user["id"]
    r = env.client.get("/api/sessions", headers=h)
    assert r.status_code == 200 and r.json()["message"] == "Session refreshed"
    new = r.json()["data"]["accessToken"]
    assert env.client.get("/api/account/profile", headers=bearer(new)).status_code == 200
    assert env.client.delete("/api/sessions", headers=bearer(new)).json() == {"message": "Signed out"}
    for token in (new, data["accessToken"]):
        r = env.client.get("/api/sessions", headers=bearer(token))
        assert r.status_code == 401 and r.json()["message"] == "Session Expired"
    with env.app.state.db.session() as s:
        actions = [a.action for a in s.scalars(select(AuditLog).where(AuditLog.user_id == user["id"]).order_by(AuditLog.id))]
    assert actions == ["sign_in.password_ok", "otp.sent", "otp.verified", "sign_in.succeeded", "sign_out"]


def test_sign_in_without_remember_forgets_a_remembered_email(env):
    env.sign_in("surveyor@demo.test", isRemember=True)
    assert env.client.cookies.get("reme") == base64.b64encode(b"surveyor@demo.test").decode()
    data = env.sign_in("surveyor@demo.test", isRemember=False)
    assert data["accessToken"]
    assert env.client.cookies.get("reme") is None


def test_cimr_surveyor_code_goes_to_chosen_manager(env):
    manager = env.user("cimr-manager@demo.test")
    r = env.password_step("cimr-surveyor@demo.test")
    user = r.json()["data"]["user"]
    assert user["cimrList"] == [{"id": manager.id, "firstName": "Carmen", "lastName": "Manager",
                                 "phoneNumber": "(***) ***-0109"}]
    r = env.client.post("/api/sessions/send-otp", json={"id": user["id"]})
    assert r.status_code == 400 and "cimrManagerId" in r.json()["message"]
    other = env.uid("pm@demo.test")
    r = env.client.post("/api/sessions/send-otp", json={"id": user["id"], "cimrManagerId": other})
    assert r.status_code == 400
    r = env.client.post("/api/sessions/send-otp", json={"id": user["id"], "cimrManagerId": manager.id,
                                                         "name": "Mallory Injected", "phoneNumber": "(555) 555-9999"})
    assert r.status_code == 200
    _, to, text = env.sms_lines()[-1].split("\t")
    assert to == "2025550109" and "Chris Contractor" in text and "Mallory" not in text  # never a client-chosen number
    r = env.client.post("/api/sessions/otp-verification",
                        json={"email": "cimr-surveyor@demo.test", "id": user["id"], "otp": env.last_code("2025550109")})
    assert r.status_code == 200
    with env.app.state.db.session() as s:
        assert s.scalars(select(LoginSession).where(LoginSession.user_id == user["id"])).one().idle_limit_seconds == 1860


def test_cimr_surveyor_without_a_manager_is_told_no_code_can_be_sent(env):
    surveyor = env.user("cimr-surveyor@demo.test")
    with env.app.state.db.session() as s:
        s.execute(delete(UserCimrManager).where(UserCimrManager.surveyor_id == surveyor.id))
        s.commit()
    user = env.password_step("cimr-surveyor@demo.test").json()["data"]["user"]
    assert user["cimrList"] == []  # the login page shows no picker
    r = env.client.post("/api/sessions/send-otp", json={"id": user["id"]})
    assert r.status_code == 409 and "No CIMR Manager with a phone number is linked to your account" in r.json()["message"]


def test_wrong_password_unknown_email_and_deactivated(env, tokens):
    r = env.password_step("surveyor@demo.test", "Wrong-pass-1")
    assert r.status_code == 401 and r.json() == {"statusCode": 401, "message": "Invalid email or password"}
    assert "set-cookie" not in r.headers
    r = env.password_step("nobody@demo.test", "Whatever-1")
    assert r.status_code == 401 and r.json()["message"] == "Invalid email or password"
    admin = env.headers_for("admin@demo.test")
    assert env.client.put("/api/users/status", headers=admin,
                          json={"id": env.uid("qa@demo.test"), "status": "deactivated"}).status_code == 200
    r = env.password_step("qa@demo.test")
    assert r.status_code == 403 and r.json()["message"] == "Your account is deactivated"
    # a deactivated account with a wrong password looks like any wrong password (no enumeration)
    assert env.password_step("qa@demo.test", "Nope-nope-1").status_code == 401


def test_deactivation_revokes_sessions_and_idle_timeout(env):
    token = env.token_for("ops@demo.test")
    assert env.client.get("/api/users?limit=1", headers=bearer(token)).status_code == 200
    admin = env.headers_for("admin@demo.test")
    env.client.put("/api/users/status", headers=admin, json={"id": env.uid("ops@demo.test"), "status": "deactivated"})
    r = env.client.get("/api/users?limit=1", headers=bearer(token))
    assert r.status_code == 401 and r.json()["message"] == "Session Expired"

    token = env.token_for("pm@demo.test")
    with time_machine.travel(clock.now().replace(tzinfo=None) + timedelta(seconds=300), tick=False):
        r = env.client.get("/api/sessions", headers=bearer(token))  # activity at +5 min
        assert r.status_code == 200
        token = r.json()["data"]["accessToken"]
    start = clock.now()
    with time_machine.travel(start + timedelta(seconds=300 + 650), tick=False):
        assert env.client.get("/api/sessions", headers=bearer(token)).status_code == 401  # token itself expired
    with env.app.state.db.session() as s:
        row = s.scalars(select(LoginSession).where(LoginSession.user_id == env.uid("pm@demo.test"))).one()
        assert row.revoked_at is None
        last = row.last_activity_at
    # within 600 s + grace: still alive. Asked before the idle case below, where the session sweeper (every 0.5 s,
    # on the same travelled clock) may revoke the idle session for good, as it should
    with time_machine.travel(last + timedelta(seconds=600), tick=False):
        r = env.client.get("/api/sessions", headers=bearer(env.tokens(1, env.uid("pm@demo.test"), sid=row.id)))
        assert r.status_code == 200
    with env.app.state.db.session() as s:
        last = s.get(LoginSession, row.id).last_activity_at  # that request was activity
    # the session is idle-expired on the server even for a token that is still cryptographically valid
    with time_machine.travel(last + timedelta(seconds=661), tick=False):
        r = env.client.get("/api/sessions", headers=bearer(env.tokens(1, env.uid("pm@demo.test"), sid=row.id)))
        assert r.status_code == 401 and r.json()["message"] == "Session Expired"


def test_unknown_session_id_refused(env):
    uid = env.uid("admin@demo.test")
    r = env.client.get("/api/users", headers=bearer(env.tokens(0, uid, sid="never-issued")))
    assert r.status_code == 401 and r.json()["message"] == "Session Expired"


def test_password_rehashed_on_login_when_parameters_change(env):
    with env.app.state.db.session() as s:
        u = s.scalars(select(User).where(User.email == "finance@demo.test")).one()
        from argon2 import PasswordHasher
        u.password_hash = PasswordHasher(time_cost=1, memory_cost=4096, parallelism=1).hash("Demo-pass-1")
        old = u.password_hash
    assert env.password_step("finance@demo.test").status_code == 200
    new = env.user("finance@demo.test").password_hash
    assert new != old and not security.needs_rehash(env.settings, new) and new.startswith("$argon2id$")


def test_login_attempt_cookie_from_another_browser_is_refused(env):
    r = env.password_step("surveyor@demo.test")
    uid = r.json()["data"]["user"]["id"]
    other = TestClient(env.app)
    r = other.post("/api/sessions/send-otp", json={"id": uid})
    assert r.status_code == 401
    other.cookies.set("login_attempt", "forged-value", domain="testserver.local", path="/api/sessions")
    assert other.post("/api/sessions/send-otp", json={"id": uid}).status_code == 401


def test_account_without_phone_gets_its_code_by_email(env):
    with env.app.state.db.session() as s:
        s.get(User, env.uid("pm@demo.test")).phone_number = None  # optional on create, clearable on update
    r = env.password_step("pm@demo.test")
    assert r.status_code == 200, r.text
    user = r.json()["data"]["user"]
    assert user["phoneNumber"] is None
    assert (user["otpChannel"], user["otpDestination"]) == ("email", "p***@demo.test")
    sms_before = len(env.sms_lines())
    r = env.client.post("/api/sessions/send-otp", json={"id": user["id"]})
    assert r.status_code == 200, r.text
    assert r.json()["data"] | {"expiresIn": 0} == {"expiresIn": 0, "channel": "email", "sentTo": "p***@demo.test"}
    assert len(env.sms_lines()) == sms_before
    _, to, subject, body = env.mail_lines()[-1]
    assert to == "pm@demo.test" and "verification code" in subject.lower()
    code = re.findall(r"\b\d{6}\b", body)[-1]
    r = env.client.post("/api/sessions/otp-verification", json={"email": "pm@demo.test", "id": user["id"], "otp": code})
    assert r.status_code == 200, r.text


def test_preauth_says_the_code_goes_by_sms_to_the_masked_phone(env):
    user = env.password_step("ops@demo.test").json()["data"]["user"]
    assert user["otpChannel"] == "sms" and user["otpDestination"] == user["phoneNumber"] and "***" in user["phoneNumber"]
    r = env.client.post("/api/sessions/send-otp", json={"id": user["id"]})
    assert r.json()["data"]["channel"] == "sms" and r.json()["data"]["sentTo"] == user["phoneNumber"]
