"""Marked values must never reach the logs: passwords, one-time codes, tokens, link tokens."""

import logging

CANARY_PW = "Canary-PW-9f3k"
CANARY_NEW_PW = "Canary-NEWPW-7q2z"


def test_no_secrets_in_logs(make_env, caplog, capsys):
    caplog.set_level(logging.DEBUG)
    env = make_env()
    admin = env.headers_for("admin@demo.test")
    email = "canary-x7k2@example.com"
    r = env.client.post("/api/users", headers=admin, json={"firstName": "Can", "lastName": "Ary", "email": email,
                                                           "phoneNumber": "2025550188", "role": 1})
    assert r.status_code == 201
    invite = env.last_link(email, "create-password")
    assert env.client.post("/api/account/password-reset", json={"token": invite, "password": CANARY_PW, "email": email,
                                                                "isInvite": True}).status_code == 200
    assert env.password_step(email, CANARY_PW + "x").status_code == 401
    assert env.password_step("canary-unknown@example.com", CANARY_PW).status_code == 401
    data = env.sign_in(email, CANARY_PW)
    code = env.last_code("2025550188")
    token = data["accessToken"]
    refreshed = env.client.get("/api/sessions", headers={"Authorization": f"Bearer {token}"}).json()["data"]["accessToken"]
    env.client.post("/api/account/password-forgot", json={"email": email})
    reset = env.last_link(email, "reset-password")
    assert env.client.post("/api/account/password-reset", json={"token": reset, "password": CANARY_NEW_PW,
                                                                "email": email}).status_code == 200

    secrets = {"password": CANARY_PW, "new password": CANARY_NEW_PW, "otp": code, "token": token,
               "refreshed token": refreshed, "invite link": invite, "reset link": reset}
    logged = "\n".join(f"{r.getMessage()} {r.__dict__}" for r in caplog.records)
    out, err = capsys.readouterr()
    # the console providers print messages on purpose (development only); everything else must be clean
    printed = "\n".join(line for line in (out + err).splitlines()
                        if not line.startswith(("[console-sms]", "[console-mail]")))
    assert caplog.records, "expected some log records to check"
    for name, value in secrets.items():
        assert value not in logged, f"{name} leaked into log records"
        assert value not in printed, f"{name} leaked into printed output"
