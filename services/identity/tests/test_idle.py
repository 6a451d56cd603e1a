"""Server-side idle timeout with a browser that refreshes its token on a timer whatever the user does: the refresh
reports the browser's idle time (GET /api/sessions?idle=N) and is not itself activity."""

from datetime import timedelta

import time_machine
from sqlalchemy import select

from identity import clock
from identity.models import LoginSession



def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def _last_activity(env, sid: str):
    with env.app.state.db.session() as s:
        return s.get(LoginSession, sid).last_activity_at


def _sid(env, email: str) -> str:
    with env.app.state.db.session() as s:
        return s.scalars(select(LoginSession).where(LoginSession.user_id == env.uid(email))).one().id


def test_an_abandoned_tab_is_refused_once_idle_passes_the_limit(env):
    token = env.token_for("pm@demo.test")  # Project Manager: 600 s + 60 s grace
    start = clock.now()
    codes = []
    for k in range(1, 4):  # the UI's 360 s timer, nobody at the keyboard since sign-in
        with time_machine.travel(start + timedelta(seconds=360 * k), tick=False):
            r = env.client.get(f"/api/sessions?idle={360 * k}", headers=bearer(token))
            codes.append(r.status_code)
            if r.status_code == 200:
                token = r.json()["data"]["accessToken"]
    assert codes == [200, 401, 401]
    assert r.json()["message"] == "Session Expired"


def test_refreshes_of_an_active_tab_keep_the_session(env):
    token = env.token_for("pm@demo.test")
    sid = _sid(env, "pm@demo.test")
    start = clock.now()
    for k in range(1, 6):  # 30 minutes, the user busy in another context (idle=0 each time)
        with time_machine.travel(start + timedelta(seconds=360 * k), tick=False):
            r = env.client.get("/api/sessions?idle=0", headers=bearer(token))
            assert r.status_code == 200, (k, r.text)
            token = r.json()["data"]["accessToken"]
    assert _last_activity(env, sid) == start + timedelta(seconds=1800)


def test_reported_idle_moves_last_activity_back_but_never_forward(env):
    token = env.token_for("pm@demo.test")
    sid = _sid(env, "pm@demo.test")
    start = clock.now()
    with time_machine.travel(start + timedelta(seconds=500), tick=False):
        assert env.client.get("/api/sessions?idle=100", headers=bearer(token)).status_code == 200
    assert _last_activity(env, sid) == start + timedelta(seconds=400)
    with time_machine.travel(start + timedelta(seconds=520), tick=False):  # older than the stored value: kept
        assert env.client.get("/api/sessions?idle=500", headers=bearer(token)).status_code == 200
    assert _last_activity(env, sid) == start + timedelta(seconds=400)
    with time_machine.travel(start + timedelta(seconds=530), tick=False):  # beyond 64 bits: refused, nothing moves
        assert env.client.get(f"/api/sessions?idle={10**30}", headers=bearer(token)).status_code == 422
    assert _last_activity(env, sid) == start + timedelta(seconds=400)


def test_idle_must_be_a_non_negative_integer(env):
    token = env.token_for("pm@demo.test")
    for bad in ("-1", "abc", "1.5"):
        r = env.client.get(f"/api/sessions?idle={bad}", headers=bearer(token))
        assert r.status_code in (400, 422) and "idle" in r.text, (bad, r.text)


def test_the_refresh_is_not_activity_but_other_identity_requests_are(env):
    token = env.token_for("pm@demo.test")
    sid = _sid(env, "pm@demo.test")
    start = clock.now()
    with time_machine.travel(start + timedelta(seconds=300), tick=False):
        r = env.client.get("/api/sessions?idle=300", headers=bearer(token))
        assert r.status_code == 200
        token = r.json()["data"]["accessToken"]
    assert _last_activity(env, sid) == start
    with time_machine.travel(start + timedelta(seconds=400), tick=False):
        assert env.client.get("/api/account/profile", headers=bearer(token)).status_code == 200
    assert _last_activity(env, sid) == start + timedelta(seconds=400)


def test_a_cimr_surveyor_has_thirty_minutes(env):
    manager = env.user("cimr-manager@demo.test")
    token = env.sign_in("cimr-surveyor@demo.test", manager_id=manager.id)["accessToken"]
    start = clock.now()
    codes = []
    for k in range(1, 7):  # idle 360 .. 2160 s against 1800 s + 60 s grace
        with time_machine.travel(start + timedelta(seconds=360 * k), tick=False):
            r = env.client.get(f"/api/sessions?idle={360 * k}", headers=bearer(token))
            codes.append(r.status_code)
            if r.status_code == 200:
                token = r.json()["data"]["accessToken"]
    assert codes == [200] * 5 + [401]
