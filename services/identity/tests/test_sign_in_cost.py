"""What each sign-in step costs the database (issue 14), and the rules that the fewer statements must keep under
concurrency: a step is one read and one write (PostgreSQL: each one statement; SQLite: the write is a short
transaction of a few statements in process), the password step also the throttle's hit committed before the read."""

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import event, select

from identity.models import AuditLog, LoginAttempt
from identity.session import service
from identity.session.schemas import SendOtp, SignIn, VerifyOtp
from identity.seed import DEMO_PASSWORD

EMAIL, PHONE = "surveyor@demo.test", "2025550104"
RELAY = ("UPDATE OUTBOX", "DELETE FROM OUTBOX", "DELETE FROM INBOX", "WITH LOCKED", "SELECT OUTBOX", "SELECT INBOX")


class Counter:
    """Statements and commits sent by this thread (the relay and the session sweep run on threads of their own)."""

    def __init__(self, *engines):
        self.me, self.statements, self.commits = threading.get_ident(), 0, 0
        for engine in engines:
            event.listen(engine, "before_cursor_execute", self._statement)
            event.listen(engine, "commit", self._commit)

    def _statement(self, conn, cursor, statement, *_):
        if threading.get_ident() == self.me and not statement.lstrip().upper().startswith(RELAY):
            self.statements += 1

    def _commit(self, conn):
        if threading.get_ident() == self.me:
            self.commits += 1

    def take(self) -> tuple[int, int]:
        out = (self.statements, self.commits)
        self.statements, self.commits = 0, 0
        return out


def test_each_step_is_one_read_and_one_write(env, database_url):
    db, c = env.app.state.db, env.app.state.identity
    env.sign_in(EMAIL)  # warm: the statements are compiled once
    own = db.autocommit_engine()  # the sign-in steps' own pool on PostgreSQL (SQLite: the same engine's)
    counter = Counter(db.engine, *([own] if own.pool is not db.engine.pool else []))
    pre = service.sign_in(db, c, SignIn(email=EMAIL, password=DEMO_PASSWORD), "127.0.0.1")
    password = counter.take()
    service.send_otp(db, c, pre.secret, SendOtp(id=pre.user["id"]), "127.0.0.1")
    send = counter.take()
    done = service.verify_otp(db, c, pre.secret, VerifyOtp(email=EMAIL, id=pre.user["id"], otp=env.last_code(PHONE)),
                              "127.0.0.1")
    verify = counter.take()
    assert done.token and done.user_read["languages"] == ["English", "Spanish"]
    if database_url.startswith("postgresql"):
        # the throttle's hit, the read, the write; then a read and a write per code step; no multi-statement
        # transaction (each statement commits by itself)
        assert (password, send, verify) == ((3, 0), (2, 0), (2, 0))
    else:
        # SQLite runs in process: the write is a transaction of a few statements, one commit
        assert password[0] <= 6 and send[0] <= 4 and verify[0] <= 4, (password, send, verify)
        assert password[1] <= 1 and send[1] <= 1 and verify[1] <= 1, (password, send, verify)


def _code_sent_on_postgres(env, database_url) -> tuple[int, str]:
    """Password step and a code sent, on PostgreSQL only (SQLite serialises writers: no real concurrency)."""
    if not database_url.startswith("postgresql"):
        pytest.skip("real concurrency needs PostgreSQL (SQLite serialises writers)")
    r = env.password_step(EMAIL)
    uid = r.json()["data"]["user"]["id"]
    assert env.client.post("/api/sessions/send-otp", json={"id": uid}).status_code == 200
    return uid, env.last_code(PHONE)


def test_parallel_wrong_codes_cannot_outrun_the_try_limit(env, database_url):
    """20 wrong codes at once against a limit of 5: each try is counted where the others see it, so at most four
    answer 'Invalid', one locks the code, and the code is dead afterwards."""
    uid, code = _code_sent_on_postgres(env, database_url)
    bad = f"{(int(code) + 1) % 1_000_000:06d}"
    start = threading.Barrier(20)

    def attempt(_):
        start.wait()
        r = env.client.post("/api/sessions/otp-verification", json={"email": EMAIL, "id": uid, "otp": bad})
        return r.status_code, r.json().get("message")

    with ThreadPoolExecutor(20) as pool:
        answers = list(pool.map(attempt, range(20)))
    assert sum(1 for a in answers if a == (400, "Invalid verification code")) <= 4, answers
    assert sum(1 for a in answers if a[0] == 429) <= 1, answers
    r = env.client.post("/api/sessions/otp-verification", json={"email": EMAIL, "id": uid, "otp": code})
    assert r.status_code == 400 and r.json()["message"] == "Verification code expired"
    with env.app.state.db.session() as s:
        assert s.scalar(select(LoginAttempt.code_wrong_tries).where(LoginAttempt.user_id == uid)) == 5
        failed = s.scalars(select(AuditLog.detail).where(AuditLog.user_id == uid,
                                                         AuditLog.action == "otp.failed")).all()
        assert sorted(d["tries"] for d in failed) == [1, 2, 3, 4, 5]


def test_parallel_sign_ins_with_the_right_code_open_one_session(env, database_url, monkeypatch):
    """The code is single use under concurrency too: two verifications of it at once open one session."""
    uid, code = _code_sent_on_postgres(env, database_url)
    from identity import security

    real_same = security.same

    def slow_same(*a):  # both requests have read the live code before either writes
        time.sleep(0.3)
        return real_same(*a)

    monkeypatch.setattr(security, "same", slow_same)
    start = threading.Barrier(2)

    def attempt(_):
        start.wait()
        return env.client.post("/api/sessions/otp-verification",
                               json={"email": EMAIL, "id": uid, "otp": code}).status_code

    with ThreadPoolExecutor(2) as pool:
        codes = sorted(pool.map(attempt, range(2)))
    assert codes == [200, 401], codes
    with env.app.state.db.session() as s:
        actions = s.scalars(select(AuditLog.action).where(AuditLog.user_id == uid,
                                                          AuditLog.action == "sign_in.succeeded")).all()
    assert len(actions) == 1


def test_a_code_that_could_not_be_sent_leaves_nothing_behind(env, monkeypatch):
    """The code is stored after it has gone out: a failed delivery answers 502 and stores no code, counts no send
    and writes no audit row, so the user can ask again at once."""
    from identity.notify import DeliveryFailed

    uid = env.password_step(EMAIL).json()["data"]["user"]["id"]
    sms = env.app.state.identity.sms

    def down(phone, text):
        raise DeliveryFailed("provider unavailable")

    monkeypatch.setattr(sms, "send", down)
    r = env.client.post("/api/sessions/send-otp", json={"id": uid})
    assert r.status_code == 502
    with env.app.state.db.session() as s:
        row = s.scalars(select(LoginAttempt).where(LoginAttempt.user_id == uid)).one()
        assert (row.code_hash, row.sends) == (None, 0)
        assert "otp.sent" not in s.scalars(select(AuditLog.action).where(AuditLog.user_id == uid)).all()
    monkeypatch.undo()
    assert env.client.post("/api/sessions/send-otp", json={"id": uid}).status_code == 200
    r = env.client.post("/api/sessions/otp-verification", json={"email": EMAIL, "id": uid, "otp": env.last_code(PHONE)})
    assert r.status_code == 200


def test_the_code_is_verified_on_the_event_loop(env, database_url, monkeypatch):
    """PostgreSQL: verifying the code is statements only, so the step runs on the event loop through the async
    driver (no thread-pool trip); SQLite keeps the thread pool."""
    import asyncio

    on_loop = []
    real = service.verify_otp

    def watched(*args):
        try:
            asyncio.get_running_loop()
            on_loop.append(True)
        except RuntimeError:  # a thread-pool worker has no running loop
            on_loop.append(False)
        return real(*args)

    monkeypatch.setattr(service, "verify_otp", watched)
    env.sign_in(EMAIL)
    assert on_loop == [database_url.startswith("postgresql")]


def test_a_sign_in_never_switches_a_connection_to_autocommit(env, database_url, monkeypatch):
    """PostgreSQL: the steps' single statements commit by themselves on connections opened in autocommit (a pool
    of their own, one per event loop for the step on the loop). On the shared pool every checkout switched the
    connection to autocommit and back, and the pool's ping switched it around itself: four driver calls per
    checkout, ~0.2-0.4 ms of CPU each time (issue 14)."""
    if not database_url.startswith("postgresql"):
        pytest.skip("SQLite's autocommit is an attribute of the connection, not worth a pool of its own")
    import psycopg

    switched, background = [], ("session-sweeper", "outbox-relay", "outbox-listen")
    for cls, name in ((psycopg.Connection, "_set_autocommit"), (psycopg.AsyncConnection, "set_autocommit")):
        real = getattr(cls, name)

        def watched(self, value, _real=real):
            if threading.current_thread().name not in background:  # their units of work are not the sign-in's
                switched.append(value)
            return _real(self, value)

        monkeypatch.setattr(cls, name, watched)

    def through_the_app():  # password and send code in the thread pool, verify on the event loop
        uid = env.password_step(EMAIL).json()["data"]["user"]["id"]
        assert env.client.post("/api/sessions/send-otp", json={"id": uid}).status_code == 200
        r = env.client.post("/api/sessions/otp-verification", json={"email": EMAIL, "id": uid,
                                                                      "otp": env.last_code(PHONE)})
        assert r.status_code == 200

    through_the_app()  # warm: the sign-in pools open their connections (in autocommit from the start)
    switched.clear()
    through_the_app()
    db, c = env.app.state.db, env.app.state.identity
    pre = service.sign_in(db, c, SignIn(email=EMAIL, password=DEMO_PASSWORD), "127.0.0.1")  # and called directly
    service.send_otp(db, c, pre.secret, SendOtp(id=pre.user["id"]), "127.0.0.1")
    service.verify_otp(db, c, pre.secret, VerifyOtp(email=EMAIL, id=pre.user["id"], otp=env.last_code(PHONE)),
                       "127.0.0.1")
    assert switched == []
