"""kit.revocation: every replica of every service refuses a revoked session's tokens within a second, rebuilds
its list at start (replay of the retained revocations) and after a broker outage."""

import time
import uuid
from datetime import UTC, datetime, timedelta

from fastapi.testclient import TestClient
from kit_testbed import TcpProxy, make_app, wait_for

from kit.auth import Role
from kit.events import InProcessBus
from kit.revocation import SESSION_REVOKED, RevocationList


def revoked(sid: str, *, keep: timedelta = timedelta(hours=1)) -> dict:
    until = (datetime.now(UTC) + keep).replace(tzinfo=None)
    return {"id": str(uuid.uuid4()), "type": SESSION_REVOKED, "occurredAt": "2026-01-01T00:00:00Z", "version": 1,
            "data": {"sid": sid, "userId": 1, "reason": "logout", "revokedAt": "2026-01-01T00:00:00Z",
                     "expiresAt": until.isoformat() + "Z"}}


def status(client, token: str) -> tuple[int, str]:
    r = client.get("/api/items/1", headers={"Authorization": f"Bearer {token}"})
    return r.status_code, r.json().get("message", "")


def test_the_list_keeps_a_session_until_its_tokens_expire():
    lst = RevocationList()
    lst.apply(revoked("a"))
    lst.apply(revoked("gone", keep=timedelta(seconds=-1)))  # its tokens have all expired: nothing to refuse
    assert lst.is_revoked("a") and not lst.is_revoked("gone") and not lst.is_revoked("b")
    assert lst.prune() == 1 and len(lst) == 1
    lst.apply(revoked("a"))  # a replayed repeat changes nothing
    assert len(lst) == 1


def test_a_malformed_revocation_is_skipped():
    lst = RevocationList()
    for bad in ({"data": {"sid": "x"}}, {"data": {"sid": 5, "expiresAt": "2999-01-01T00:00:00Z"}},
                {"data": {"sid": "x", "expiresAt": "not a time"}}, {"data": "nope"}, "nope"):
        lst.apply(bad)  # type: ignore[arg-type]
    assert len(lst) == 0


def test_in_process_bus_refuses_the_session_at_once_and_replays_to_a_late_subscriber(sqlite_url, kt_settings, tokens):
    bus = InProcessBus()
    token, other = tokens(Role.ADMIN, sid="s-1"), tokens(Role.ADMIN, sid="s-2")
    with TestClient(make_app(kt_settings(sqlite_url), bus=bus)) as client:
        assert status(client, token)[0] == 200
        client.portal.call(bus.publish, SESSION_REVOKED, revoked("s-1"), {})
        assert status(client, token) == (401, "Session Expired")
        assert status(client, other)[0] == 200  # only that session
        late = make_app(kt_settings(sqlite_url.replace("kt.sqlite3", "kt2.sqlite3")), bus=bus)
        with TestClient(late) as c2:  # starts after the event: rebuilt from the retained one
            assert status(c2, token) == (401, "Session Expired")


def test_rabbitmq_every_replica_refuses_within_a_second_a_new_one_replays_and_an_outage_loses_nothing(
        tmp_path, rabbit, kt_settings, tokens):
    token = tokens(Role.ADMIN, sid="r-1")
    proxy = TcpProxy(5672)
    proxy.start()
    r1 = make_app(kt_settings(f"sqlite:///{tmp_path / 'r1.sqlite3'}", **rabbit.settings()))
    r2 = make_app(kt_settings(f"sqlite:///{tmp_path / 'r2.sqlite3'}",
                              **rabbit.settings(f"amqp://guest:guest@127.0.0.1:{proxy.port}/")))
    try:
        with TestClient(r1) as c1, TestClient(r2) as c2:
            for c in (c1, c2):
                wait_for(lambda c=c: c.get("/healthz").status_code == 200, what="broker connection")
                assert status(c, token)[0] == 200
            rabbit.publish_envelope(revoked("r-1"))
            since = time.monotonic()
            for c in (c1, c2):  # both replicas: a broadcast, not competing consumers
                wait_for(lambda c=c: status(c, token)[0] == 401, timeout=1, what="revocation on every replica")
            assert time.monotonic() - since < 1.5

            # a replica that starts later rebuilds its list from the stream
            r3 = make_app(kt_settings(f"sqlite:///{tmp_path / 'r3.sqlite3'}", **rabbit.settings()))
            with TestClient(r3) as c3:
                wait_for(lambda: status(c3, token) == (401, "Session Expired"), timeout=10, what="replay at start")

            # r2 loses the broker; a revocation published meanwhile reaches it once it is back
            later = tokens(Role.ADMIN, sid="r-2")
            proxy.stop()
            wait_for(lambda: c2.get("/healthz").status_code == 503, timeout=20, what="broker seen down")
            rabbit.publish_envelope(revoked("r-2"))
            wait_for(lambda: status(c1, later)[0] == 401, timeout=2, what="the connected replica")
            assert status(c2, later)[0] == 200  # not heard yet
            proxy.start()
            wait_for(lambda: status(c2, later) == (401, "Session Expired"), timeout=40, what="replay after reconnect")
    finally:
        proxy.stop()
