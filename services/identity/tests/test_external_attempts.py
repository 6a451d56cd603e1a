from datetime import timedelta

import time_machine
from sqlalchemy import select

from identity import clock
from identity.models import AuditLog, ExternalLoginAttempt


def test_recorded_masked_encrypted_revealed_to_admin_and_audited(env):
    env.password_step("stranger@elsewhere.org", "Hunter2-secret")
    env.password_step("surveyor@demo.test", "Not-the-password1")  # a known account: not an external attempt
    with env.app.state.db.session() as s:
        rows = list(s.scalars(select(ExternalLoginAttempt)))
    assert len(rows) == 1 and "Hunter2" not in rows[0].password_enc and rows[0].ip_address == "testclient"
    assert (env.settings.external_attempts_key_file).exists()

    admin = env.headers_for("admin@demo.test")
    r = env.client.get("/api/users/external-user?limit=10&orderBy=createdAt&orderDir=DESC", headers=admin).json()
    assert r["count"] == 1
    row = r["rows"][0]
    assert row["email"] == "stranger@elsewhere.org" and row["apwd"] == "Hun*****" and row["ipAddress"] == "testclient"
    for role_email in ("pm@demo.test", "ops@demo.test", "surveyor@demo.test"):
        h = env.headers_for(role_email)
        assert env.client.get("/api/users/external-user", headers=h).status_code == 403
        assert env.client.get(f"/api/users/external-user/{row['id']}/password", headers=h).status_code == 403
    r = env.client.get(f"/api/users/external-user/{row['id']}/password", headers=admin)
    assert r.json() == {"data": {"apwd": "Hunter2-secret"}}
    assert env.client.get("/api/users/external-user/999999/password", headers=admin).status_code == 404
    with env.app.state.db.session() as s:
        reveals = list(s.scalars(select(AuditLog).where(AuditLog.action == "external_attempt.password_revealed")))
    assert len(reveals) == 1 and reveals[0].actor_id == env.uid("admin@demo.test")
    assert reveals[0].detail == {"attemptId": row["id"]} and reveals[0].request_id


def test_retention_purge(env):
    start = clock.now()
    with time_machine.travel(start, tick=False):
        env.password_step("old@elsewhere.org", "Old-password-1")
    with time_machine.travel(start + timedelta(days=89), tick=False):
        env.password_step("mid@elsewhere.org", "Mid-password-1")
    with time_machine.travel(start + timedelta(days=90, seconds=5), tick=False):
        env.password_step("new@elsewhere.org", "New-password-1")  # each insert purges expired rows
        with env.app.state.db.session() as s:
            emails = sorted(r.email for r in s.scalars(select(ExternalLoginAttempt)))
    assert emails == ["mid@elsewhere.org", "new@elsewhere.org"]
