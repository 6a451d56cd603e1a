"""Every one-time-code rule, on a frozen clock (time-machine)."""

from datetime import timedelta

import pytest
import time_machine
from fastapi.testclient import TestClient
from sqlalchemy import select

from identity import clock
from identity.models import AuditLog

PHONE = "2025550104"
EMAIL = "surveyor@demo.test"


@pytest.fixture
def frozen():
    with time_machine.travel(clock.now(), tick=False) as t:
        yield t


def start(env):
    r = env.password_step(EMAIL)
    uid = r.json()["data"]["user"]["id"]
    assert env.client.post("/api/sessions/send-otp", json={"id": uid}).status_code == 200
    return uid, env.last_code(PHONE)


def verify(env, uid, code, client=None):
    return (client or env.client).post("/api/sessions/otp-verification", json={"email": EMAIL, "id": uid, "otp": code})


def wrong(code: str) -> str:
    return f"{(int(code) + 1) % 1_000_000:06d}"


def test_code_expires_after_five_minutes(env, frozen):
    uid, code = start(env)
    frozen.shift(timedelta(seconds=299))
    frozen.shift(timedelta(seconds=1))
    r = verify(env, uid, code)
    assert r.status_code == 400 and r.json()["message"] == "Verification code expired"


def test_code_valid_just_before_expiry(env, frozen):
    uid, code = start(env)
    frozen.shift(timedelta(seconds=299))
    assert verify(env, uid, code).status_code == 200


def test_resend_only_under_four_minutes_and_invalidates_old_code(env, frozen):
    uid, first = start(env)
    frozen.shift(timedelta(seconds=30))
    r = env.client.post("/api/sessions/send-otp", json={"id": uid})
    assert r.status_code == 429 and r.headers["Retry-After"] == "31"  # 4:30 left; allowed once under 4:00
    frozen.shift(timedelta(seconds=30))  # exactly 4:00 left: still too early
    assert env.client.post("/api/sessions/send-otp", json={"id": uid}).status_code == 429
    frozen.shift(timedelta(seconds=1))
    r = env.client.post("/api/sessions/send-otp", json={"id": uid})
    assert r.status_code == 200 and r.json()["data"]["expiresIn"] == 300
    second = env.last_code(PHONE)
    if second != first:  # one chance in a million that the new code equals the old one
        r = verify(env, uid, first)
        assert r.status_code == 400 and r.json()["message"] == "Invalid verification code"
    frozen.shift(timedelta(seconds=290))  # the new code has a fresh 5 minutes
    assert verify(env, uid, second).status_code == 200


def test_five_wrong_tries_kill_the_code(env, frozen):
    uid, code = start(env)
    for i in range(4):
        r = verify(env, uid, wrong(code))
        assert r.status_code == 400 and r.json()["message"] == "Invalid verification code", i
    r = verify(env, uid, wrong(code))
    assert r.status_code == 429 and r.json()["message"] == "Too Many Requests" and int(r.headers["Retry-After"]) >= 1
    r = verify(env, uid, code)  # the right code is dead now
    assert r.status_code == 400 and r.json()["message"] == "Verification code expired"
    # a new code may be requested at once, and works
    assert env.client.post("/api/sessions/send-otp", json={"id": uid}).status_code == 200
    assert verify(env, uid, env.last_code(PHONE)).status_code == 200
    with env.app.state.db.session() as s:
        actions = [a.action for a in s.scalars(select(AuditLog).where(AuditLog.user_id == uid))]
    assert actions.count("otp.failed") == 5 and "otp.locked" in actions


def test_code_is_single_use(env, frozen):
    uid, code = start(env)
    assert verify(env, uid, code).status_code == 200
    r = verify(env, uid, code)
    assert r.status_code == 401  # the sign-in attempt is consumed


def test_code_tied_to_the_login_attempt_cookie(env, frozen):
    uid, code = start(env)
    thief = TestClient(env.app)  # another browser: no login_attempt cookie
    assert verify(env, uid, code, client=thief).status_code == 401
    # the thief starts their own attempt (knows the password) but cannot use the victim's code
    r = env.password_step(EMAIL, client=thief)
    assert r.status_code == 200
    r = verify(env, uid, code, client=thief)
    assert r.status_code == 400 and r.json()["message"] == "Verification code expired"  # no code for this attempt
    assert verify(env, uid, code).status_code == 200  # the rightful browser still can


def test_wrong_attempt_cookie_or_user_refused(env, frozen):
    uid, code = start(env)
    other_id = env.uid("pm@demo.test")
    r = env.client.post("/api/sessions/otp-verification", json={"email": EMAIL, "id": other_id, "otp": code})
    assert r.status_code == 401
    r = env.client.post("/api/sessions/otp-verification", json={"email": "pm@demo.test", "id": uid, "otp": code})
    assert r.status_code == 401
    env.client.cookies.set("login_attempt", "tampered", domain="testserver.local", path="/api/sessions")
    assert verify(env, uid, code).status_code == 401


def test_otp_status_resets_the_code(env, frozen):
    uid, code = start(env)
    assert env.client.put("/api/sessions/otp-status", json={"id": uid}).status_code == 200
    r = verify(env, uid, code)
    assert r.status_code == 400 and r.json()["message"] == "Verification code expired"
    # after a reset a new code can be sent immediately
    assert env.client.post("/api/sessions/send-otp", json={"id": uid}).status_code == 200


def test_login_attempt_expires(env, frozen):
    r = env.password_step(EMAIL)
    uid = r.json()["data"]["user"]["id"]
    frozen.shift(timedelta(seconds=901))
    assert env.client.post("/api/sessions/send-otp", json={"id": uid}).status_code == 401


def test_sends_per_attempt_are_capped(env, frozen):
    uid, _ = start(env)
    sent = 1
    for _ in range(10):
        frozen.shift(timedelta(seconds=61))
        r = env.client.post("/api/sessions/send-otp", json={"id": uid})
        if r.status_code == 429:
            break
        sent += 1
    assert sent == 5 and "Retry-After" in r.headers


def test_sends_per_account_hour_are_capped_with_a_message_that_says_when(env, frozen):
    """Ten codes an hour per account, over however many sign-ins: the eleventh is refused and the message says
    how long to wait (an hour after the oldest of the ten)."""
    for i in range(10):
        start(env)
        frozen.shift(timedelta(minutes=1))
    uid = env.password_step(EMAIL).json()["data"]["user"]["id"]
    r = env.client.post("/api/sessions/send-otp", json={"id": uid})
    assert r.status_code == 429
    assert r.json()["message"] == ("Too many verification codes were sent to this account in the last hour. "
                                   "Please try again in 50 minutes.")
    assert int(r.headers["Retry-After"]) == 3000
    frozen.shift(timedelta(minutes=50))
    start(env)  # the oldest send has left the hour (a new sign-in: the pending one lives 15 minutes)
