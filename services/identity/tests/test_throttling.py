import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import func, select

from identity.models import AuditLog, RateEvent


def test_per_account_limit(env):
    for _ in range(5):
        assert env.password_step("pm@demo.test", "Wrong-pass-1").status_code == 401
    r = env.password_step("pm@demo.test")  # even the right password is refused while throttled
    assert r.status_code == 429 and 1 <= int(r.headers["Retry-After"]) <= 900
    # other accounts from the same address are not affected by this account's limit
    assert env.password_step("ops@demo.test").status_code == 200
    with env.app.state.db.session() as s:
        assert s.scalars(select(AuditLog).where(AuditLog.action == "sign_in.throttled")).first() is not None


def test_success_clears_account_failures(env):
    for _ in range(4):
        env.password_step("pm@demo.test", "Wrong-pass-1")
    assert env.password_step("pm@demo.test").status_code == 200
    for _ in range(4):
        assert env.password_step("pm@demo.test", "Wrong-pass-1").status_code == 401


def test_per_address_limit_survives_spoofed_forwarded_for(make_env):
    env = make_env(throttle_account_failures=1000)
    for i in range(20):
        r = env.client.post("/api/sessions", json={"email": f"u{i}@elsewhere.org", "password": "Whatever-1"},
                            headers={"X-Forwarded-For": f"198.51.100.{i}"})
        assert r.status_code == 401
    r = env.client.post("/api/sessions", json={"email": "pm@demo.test", "password": "Demo-pass-1"},
                        headers={"X-Forwarded-For": "198.51.100.250"})
    assert r.status_code == 429 and "Retry-After" in r.headers


def test_trusted_proxy_forwarded_for_is_used(make_env):
    # the TestClient peer is "testclient"; declaring it a trusted proxy makes X-Forwarded-For meaningful
    env = make_env(trusted_proxies=["testclient"], throttle_account_failures=1000)
    for i in range(20):
        env.client.post("/api/sessions", json={"email": f"u{i}@elsewhere.org", "password": "Whatever-1"},
                        headers={"X-Forwarded-For": "192.0.2.7"})
    blocked = env.client.post("/api/sessions", json={"email": "pm@demo.test", "password": "Demo-pass-1"},
                              headers={"X-Forwarded-For": "192.0.2.7"})
    assert blocked.status_code == 429
    other = env.client.post("/api/sessions", json={"email": "pm@demo.test", "password": "Demo-pass-1"},
                            headers={"X-Forwarded-For": "192.0.2.8"})
    assert other.status_code == 200


def test_throttle_state_is_shared_across_app_instances(make_env):
    a = make_env()
    for _ in range(5):
        a.password_step("pm@demo.test", "Wrong-pass-1")
    b = make_env()  # a second process on the same database
    assert b.password_step("pm@demo.test").status_code == 429


def test_parallel_wrong_passwords_cannot_outrun_the_account_limit(make_env, database_url, monkeypatch):
    """20 guesses at once against a limit of 5: each must see the others, so at most 5 get an answer other than 429."""
    if not database_url.startswith("postgresql"):
        pytest.skip("real concurrency needs PostgreSQL (SQLite serialises writers)")
    from identity import security

    env = make_env(throttle_address_failures=1000)
    real_verify = security.verify_password

    def slow_verify(*a, **kw):  # a verify as slow as production's widens the race the throttle must close
        time.sleep(0.3)
        return real_verify(*a, **kw)

    monkeypatch.setattr(security, "verify_password", slow_verify)
    start = threading.Barrier(20)

    def attempt(_):
        start.wait()
        return env.password_step("pm@demo.test", "Wrong-pass-1").status_code

    with ThreadPoolExecutor(20) as pool:
        codes = list(pool.map(attempt, range(20)))
    assert sum(1 for c in codes if c != 429) <= 5, codes
    assert set(codes) <= {401, 429}, codes
    # the refused ones were not counted: the lock ends when the five real failures leave the window
    with env.app.state.db.session() as s:
        assert s.scalar(select(func.count()).select_from(RateEvent).where(RateEvent.kind == "signin_account")) <= 5
