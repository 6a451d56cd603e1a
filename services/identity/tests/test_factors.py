"""Sign-in factors: step-up for one's own phone / email, authenticator apps (TOTP) with recovery codes, the
per-role requirement, and an Admin's change of another account's phone or email."""

import logging
import re
from datetime import UTC, datetime, timedelta

import pyotp
import time_machine
from sqlalchemy import select

from kit.auth import ENROL_FIRST, Role
from kit.periods import BUSINESS_TZ

from identity.models import AuditLog, RecoveryCode, TotpFactor
from identity.seed import DEMO_PASSWORD


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def totp_code(secret: str, steps_ahead: int = 0) -> str:
    t = pyotp.TOTP(secret)
    return t.generate_otp(t.timecode(datetime.now(UTC)) + steps_ahead)


def enrol(env, h: dict) -> tuple[str, list[str]]:
    r = env.client.post("/api/account/totp", headers=h, json={"password": DEMO_PASSWORD})
    assert r.status_code == 200, r.text
    secret = r.json()["data"]["secret"]
    r = env.client.post("/api/account/totp/confirm", headers=h, json={"code": totp_code(secret)})
    assert r.status_code == 200, r.text
    return secret, r.json()["data"]["recoveryCodes"]


def totp_sign_in(env, email: str, code: str):
    r = env.password_step(email)
    assert r.status_code == 200, r.text
    uid = r.json()["data"]["user"]["id"]
    return env.client.post("/api/sessions/totp-verification", json={"email": email, "id": uid, "code": code})


def mails_to(env, to: str) -> list[list[str]]:
    return [m for m in env.mail_lines() if m[1] == to]


# --- step-up: own phone number and email ---------------------------------------------------------------------

def test_a_stolen_token_alone_cannot_change_the_phone(env):
    h = bearer(env.token_for("surveyor@demo.test"))
    p = env.client.get("/api/account/profile", headers=h).json()["data"]
    r = env.client.put("/api/account/profile", headers=h, json={"firstName": p["firstName"], "lastName": p["lastName"],
                                                                 "email": p["email"], "phoneNumber": "2025550199"})
    assert r.status_code == 400 and r.json()["message"].startswith("phoneNumber:")
    r = env.client.post("/api/account/contact-change", headers=h, json={"phoneNumber": "2025550199"})
    assert r.status_code == 422 and "password" in r.json()["message"]
    sms_before = len(env.sms_lines())
    r = env.client.post("/api/account/contact-change", headers=h, json={"phoneNumber": "2025550199", "password": "Wrong-pass-1"})
    assert r.status_code == 400 and r.json()["message"] == "password: the current password is not correct"
    assert len(env.sms_lines()) == sms_before  # nothing sent
    # without the code sent to the new phone, nothing changes
    assert env.client.post("/api/account/contact-change/confirm", headers=h, json={"code": "123456"}).status_code == 400
    assert env.user("surveyor@demo.test").phone_number == "2025550104"
    # guessing the password with the token is throttled like sign-in
    for _ in range(4):
        env.client.post("/api/account/contact-change", headers=h, json={"phoneNumber": "2025550199", "password": "Wrong-pass-1"})
    r = env.client.post("/api/account/contact-change", headers=h, json={"phoneNumber": "2025550199", "password": DEMO_PASSWORD})
    assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0
    with env.app.state.db.session() as s:
        assert s.scalar(select(AuditLog).where(AuditLog.action == "step_up.failed").limit(1)) is not None


def test_phone_change_needs_the_password_and_the_code_sent_to_the_new_phone(env):
    h = bearer(env.token_for("surveyor@demo.test"))
    r = env.client.post("/api/account/contact-change", headers=h, json={"phoneNumber": "(202) 555-0199", "password": DEMO_PASSWORD})
    assert r.status_code == 200, r.text
    assert r.json() == {"message": "A verification code was sent to the new phone number",
                        "data": {"field": "phoneNumber", "sentTo": "(***) ***-0199", "expiresIn": 300}}
    to, text = env.sms_lines()[-1].split("\t")[1:]
    assert to == "2025550199"  # the NEW phone, not the old one
    code = re.findall(r"\b\d{6}\b", text)[-1]
    wrong = "000000" if code != "000000" else "111111"
    r = env.client.post("/api/account/contact-change/confirm", headers=h, json={"code": wrong})
    assert r.status_code == 400 and r.json()["message"] == "Invalid verification code"
    assert env.user("surveyor@demo.test").phone_number == "2025550104"
    r = env.client.post("/api/account/contact-change/confirm", headers=h, json={"code": code})
    assert r.status_code == 200 and r.json()["message"] == "Phone number changed"
    assert r.json()["data"]["phoneNumber"] == "2025550199"
    assert env.user("surveyor@demo.test").phone_number == "2025550199"
    told = mails_to(env, "surveyor@demo.test")[-1]
    assert "phone number of your SurveyOps account" in told[3]
    # the code works once
    assert env.client.post("/api/account/contact-change/confirm", headers=h, json={"code": code}).status_code == 400
    # the next sign-in code goes to the new phone
    env.sign_in("surveyor@demo.test")
    assert env.sms_lines()[-1].split("\t")[1] == "2025550199"


def test_email_change_mails_the_code_to_the_new_address_and_tells_the_old_one(env):
    h = bearer(env.token_for("qa@demo.test"))
    r = env.client.post("/api/account/contact-change", headers=h, json={"email": "pm@demo.test", "password": DEMO_PASSWORD})
    assert r.status_code == 409
    r = env.client.post("/api/account/contact-change", headers=h, json={"email": "qa@demo.test", "password": DEMO_PASSWORD})
    assert r.status_code == 400 and "already your email" in r.json()["message"]
    r = env.client.post("/api/account/contact-change", headers=h,
                        json={"email": "quinn@demo.test", "phoneNumber": "2025550199", "password": DEMO_PASSWORD})
    assert r.status_code == 400
    r = env.client.post("/api/account/contact-change", headers=h, json={"email": "Quinn@Demo.test", "password": DEMO_PASSWORD})
    assert r.status_code == 200 and r.json()["data"]["sentTo"] == "q***@demo.test"
    code = re.findall(r"\b\d{6}\b", mails_to(env, "quinn@demo.test")[-1][3])[0]
    assert not any(code in m[3] for m in mails_to(env, "qa@demo.test"))
    r = env.client.post("/api/account/contact-change/confirm", headers=h, json={"code": code})
    assert r.status_code == 200 and r.json()["data"]["email"] == "quinn@demo.test"
    assert "email address of your SurveyOps account" in mails_to(env, "qa@demo.test")[-1][3]
    assert env.sign_in("quinn@demo.test")["user"]["email"] == "quinn@demo.test"


def test_a_code_confirms_only_the_change_it_was_sent_for(env):
    h = bearer(env.token_for("surveyor@demo.test"))
    env.client.post("/api/account/contact-change", headers=h, json={"phoneNumber": "2025550198", "password": DEMO_PASSWORD})
    first = env.last_code("2025550198")
    env.client.post("/api/account/contact-change", headers=h, json={"phoneNumber": "2025550197", "password": DEMO_PASSWORD})
    second = env.last_code("2025550197")
    if first != second:
        assert env.client.post("/api/account/contact-change/confirm", headers=h, json={"code": first}).status_code == 400
    assert env.client.post("/api/account/contact-change/confirm", headers=h, json={"code": second}).status_code == 200
    assert env.user("surveyor@demo.test").phone_number == "2025550197"


def test_contact_change_code_expires_and_wrong_codes_are_throttled(env):
    h = bearer(env.token_for("surveyor@demo.test"))
    start = datetime.now(UTC)
    env.client.post("/api/account/contact-change", headers=h, json={"phoneNumber": "2025550199", "password": DEMO_PASSWORD})
    code = env.last_code("2025550199")
    with time_machine.travel(start + timedelta(seconds=301), tick=False):
        r = env.client.post("/api/account/contact-change/confirm", headers=h, json={"code": code})
        assert r.status_code == 400 and "expired" in r.json()["message"]
    env.client.post("/api/account/contact-change", headers=h, json={"phoneNumber": "2025550199", "password": DEMO_PASSWORD})
    code = env.last_code("2025550199")
    wrong = "000000" if code != "000000" else "111111"
    for _ in range(5):
        assert env.client.post("/api/account/contact-change/confirm", headers=h, json={"code": wrong}).status_code == 400
    r = env.client.post("/api/account/contact-change/confirm", headers=h, json={"code": code})
    assert r.status_code == 429
    assert env.user("surveyor@demo.test").phone_number == "2025550104"


def test_admin_change_of_another_accounts_phone_or_email_ends_its_sessions(env):
    admin = env.headers_for("admin@demo.test")
    victim = env.token_for("ops@demo.test")
    uid = env.uid("ops@demo.test")
    assert env.client.get("/api/account/profile", headers=bearer(victim)).status_code == 200
    r = env.client.put("/api/users", headers=admin, json={"id": uid, "lastName": "Renamed"})
    assert r.status_code == 200
    assert env.client.get("/api/account/profile", headers=bearer(victim)).status_code == 200  # a name: sessions stay
    r = env.client.put("/api/users", headers=admin, json={"id": uid, "phoneNumber": "2025550188"})
    assert r.status_code == 200
    r = env.client.get("/api/account/profile", headers=bearer(victim))
    assert r.status_code == 401 and r.json()["message"] == "Session Expired"
    told = mails_to(env, "ops@demo.test")[-1][3]
    assert "An administrator changed the phone number" in told
    victim = env.token_for("ops@demo.test")
    r = env.client.put("/api/users", headers=admin, json={"id": uid, "email": "olivia@demo.test"})
    assert r.status_code == 200
    assert env.client.get("/api/sessions", headers=bearer(victim)).status_code == 401
    assert "An administrator changed the email address" in mails_to(env, "ops@demo.test")[-1][3]
    # an Admin's own phone or email goes through My Profile's step-up, not the users screen
    r = env.client.put("/api/users", headers=admin, json={"id": env.uid("admin@demo.test"), "phoneNumber": "2025550187"})
    assert r.status_code == 400 and r.json()["message"].startswith("phoneNumber:")


# --- TOTP ----------------------------------------------------------------------------------------------------

def test_enrol_confirm_and_sign_in_with_an_authenticator_app(env, caplog):
    caplog.set_level(logging.DEBUG)
    h = bearer(env.token_for("pm@demo.test"))
    assert env.client.get("/api/account/totp", headers=h).json()["data"] == {"enabled": False, "required": False,
                                                                             "recoveryCodesLeft": 0}
    r = env.client.post("/api/account/totp", headers=h, json={"password": "Wrong-pass-1"})
    assert r.status_code == 400 and r.json()["message"].startswith("password:")
    r = env.client.post("/api/account/totp", headers=h, json={"password": DEMO_PASSWORD})
    assert r.status_code == 200, r.text
    data = r.json()["data"]
    secret = data["secret"]
    assert re.fullmatch(r"[A-Z2-7]{32}", secret)
    assert data["otpauthUri"].startswith("otpauth://totp/SurveyOps:pm%40demo.test?secret=" + secret)
    assert data["qrCode"].startswith("data:image/svg+xml")
    with env.app.state.db.session() as s:
        row = s.get(TotpFactor, env.uid("pm@demo.test"))
        assert row.confirmed_at is None and secret not in row.secret_enc  # encrypted at rest
    # not active before confirmation: the sign-in does not offer it
    assert env.password_step("pm@demo.test").json()["data"]["user"]["totpEnabled"] is False
    assert env.client.post("/api/account/totp/confirm", headers=h, json={"code": totp_code(secret, 5)}).status_code == 400
    r = env.client.post("/api/account/totp/confirm", headers=h, json={"code": totp_code(secret)})
    assert r.status_code == 200, r.text
    codes = r.json()["data"]["recoveryCodes"]
    assert len(codes) == 10 and len(set(codes)) == 10 and all(re.fullmatch(r"[a-z2-9]{5}-[a-z2-9]{5}", c) for c in codes)
    with env.app.state.db.session() as s:
        hashes = list(s.scalars(select(RecoveryCode.code_hash)))
        assert len(hashes) == 10 and not any(c.replace("-", "") in h or c in h for c in codes for h in hashes)
    assert env.client.get("/api/account/totp", headers=h).json()["data"] == {"enabled": True, "required": False,
                                                                             "recoveryCodesLeft": 10}
    # a second enrolment is refused while one is on
    assert env.client.post("/api/account/totp", headers=h, json={"password": DEMO_PASSWORD}).status_code == 409

    pre = env.password_step("pm@demo.test").json()["data"]["user"]
    assert pre["totpEnabled"] is True and pre["totpRequired"] is False
    # the confirmation's code was used: the next step's code signs in
    code = totp_code(secret, 1)
    r = totp_sign_in(env, "pm@demo.test", code)
    assert r.status_code == 200, r.text
    assert r.json()["data"]["user"]["email"] == "pm@demo.test" and r.json()["data"]["totpSetupRequired"] is False
    assert env.client.get("/api/account/profile", headers=bearer(r.json()["data"]["accessToken"])).status_code == 200
    # the same code again, within its window: refused (no replay)
    r = totp_sign_in(env, "pm@demo.test", code)
    assert r.status_code == 400 and r.json()["message"] == "Invalid authenticator code"
    with env.app.state.db.session() as s:
        assert s.scalar(select(AuditLog).where(AuditLog.action == "sign_in.succeeded").order_by(AuditLog.id.desc())
                        .limit(1)).detail["factor"] == "totp"
    assert secret not in caplog.text and not any(c in caplog.text for c in codes)
    # the Admin's access audit lists that sign-in with its factor (and the refused replay)
    admin = env.headers_for("admin@demo.test")
    r = env.client.get("/api/users/sign-ins", headers=admin, params={"userId": env.uid("pm@demo.test")})
    assert r.status_code == 200, r.text
    rows = r.json()["rows"]
    ok = [x for x in rows if x["action"] == "sign_in.succeeded"]
    assert ok[0]["factor"] == "totp" and ok[0]["userName"] and ok[0]["userRole"] == Role.PROJECT_MANAGER
    assert ok[0]["at"].endswith("Z") and r.json()["count"] == len(rows)
    assert env.client.get("/api/users/sign-ins", headers=h).status_code == 403  # Admin only
    # the search's days are Central (kit.phi_audit.central_day_bound), as the screen shows the times
    day = datetime.fromisoformat(ok[0]["at"]).astimezone(BUSINESS_TZ).date().isoformat()
    assert env.client.get("/api/users/sign-ins", headers=admin, params={"from": day, "to": day}).json()["count"] >= 1
    r = env.client.get("/api/users/sign-ins", headers=admin, params={"from": day, "to": "2000-01-01"})
    assert r.status_code == 400 and r.json()["message"] == "to: must not be before from"
    assert env.client.get("/api/users/sign-ins", headers=admin, params={"from": "yesterday"}).status_code == 400


def test_recovery_code_works_once(env):
    h = env.headers_for("cleaner@demo.test")
    _, codes = enrol(env, h)
    r = totp_sign_in(env, "cleaner@demo.test", codes[3].upper())  # case and dash do not matter
    assert r.status_code == 200, r.text
    assert totp_sign_in(env, "cleaner@demo.test", codes[3]).status_code == 400
    assert env.client.get("/api/account/totp", headers=h).json()["data"]["recoveryCodesLeft"] == 9
    assert totp_sign_in(env, "cleaner@demo.test", codes[4].replace("-", "")).status_code == 200


def test_wrong_authenticator_codes_are_throttled_like_sms_codes(env):
    h = env.headers_for("qa@demo.test")
    secret, _ = enrol(env, h)
    good = totp_code(secret, 1)
    bad = [c for c in ("000000", "111111", "222222", "333333", "444444", "555555") if c != good]
    for code in bad[:5]:
        assert totp_sign_in(env, "qa@demo.test", code).status_code == 400
    r = totp_sign_in(env, "qa@demo.test", good)
    assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0


def test_totp_sign_in_needs_the_password_step_and_an_enrolled_app(env):
    r = env.client.post("/api/sessions/totp-verification",
                        json={"email": "pm@demo.test", "id": env.uid("pm@demo.test"), "code": "123456"})
    assert r.status_code == 401  # no login_attempt cookie: the password was not given
    r = totp_sign_in(env, "pm@demo.test", "123456")
    assert r.status_code == 400 and "No authenticator app" in r.json()["message"]
    for code in ("12345", "abc!de", "1" * 21):
        assert totp_sign_in(env, "pm@demo.test", code).status_code == 422


def test_disable_needs_password_and_code(env):
    h = env.headers_for("ops@demo.test")
    secret, codes = enrol(env, h)
    r = env.client.post("/api/account/totp/disable", headers=h, json={"password": "Wrong-pass-1", "code": totp_code(secret, 1)})
    assert r.status_code == 400
    r = env.client.post("/api/account/totp/disable", headers=h, json={"password": DEMO_PASSWORD})
    assert r.status_code == 422
    r = env.client.post("/api/account/totp/disable", headers=h, json={"password": DEMO_PASSWORD, "code": codes[0]})
    assert r.status_code == 200 and r.json()["message"] == "Authenticator app turned off"
    assert env.client.get("/api/account/totp", headers=h).json()["data"]["enabled"] is False
    with env.app.state.db.session() as s:
        assert s.scalar(select(RecoveryCode).limit(1)) is None and s.scalar(select(TotpFactor).limit(1)) is None


def test_a_role_can_require_an_authenticator_app(env):
    admin = env.headers_for("admin@demo.test")
    assert env.client.get("/api/users/factor-policy", headers=env.headers_for("pm@demo.test")).status_code == 403
    rows = env.client.get("/api/users/factor-policy", headers=admin).json()["data"]
    assert len(rows) == 10 and not any(r["totpRequired"] for r in rows)
    assert env.client.put("/api/users/factor-policy", headers=admin, json={"role": 10, "totpRequired": True}).status_code == 422
    r = env.client.put("/api/users/factor-policy", headers=admin, json={"role": 5, "totpRequired": True})
    assert r.status_code == 200 and {"role": 5, "totpRequired": True} in r.json()["data"]

    # not enrolled yet: the SMS sign-in works and says to set the app up
    data = env.sign_in("finance@demo.test")
    assert data["totpSetupRequired"] is True
    h = bearer(data["accessToken"])
    assert env.client.get("/api/sessions", headers=h).json()["data"]["totpSetupRequired"] is True
    assert env.client.get("/api/account/totp", headers=h).json()["data"]["required"] is True
    # ... and until then that session opens nothing but the set-up (the server refuses, not only the UI)
    assert env.client.get("/api/account/profile", headers=h).status_code == 200
    r = env.client.put("/api/account/profile", headers=h, json={"firstName": "Fin", "lastName": "Ance"})
    assert r.status_code == 403 and r.json()["message"] == ENROL_FIRST
    secret, codes = enrol(env, h)
    refreshed = env.client.get("/api/sessions", headers=h).json()["data"]
    assert refreshed["totpSetupRequired"] is False
    h = bearer(refreshed["accessToken"])  # set up: the next token opens the rest
    assert env.client.put("/api/account/profile", headers=h, json={"firstName": "Fin", "lastName": "Ance"}).status_code == 200

    # enrolled: the SMS code is no longer sent, the app's code signs in
    r = env.password_step("finance@demo.test")
    pre = r.json()["data"]["user"]
    assert pre["totpEnabled"] is True and pre["totpRequired"] is True
    r = env.client.post("/api/sessions/send-otp", json={"id": pre["id"]})
    assert r.status_code == 400 and "authenticator app" in r.json()["message"]
    r = env.client.post("/api/sessions/totp-verification", json={"email": "finance@demo.test", "id": pre["id"],
                                                                 "code": totp_code(secret, 1)})
    assert r.status_code == 200
    # and it cannot be turned off while required
    r = env.client.post("/api/account/totp/disable", headers=h, json={"password": DEMO_PASSWORD, "code": codes[0]})
    assert r.status_code == 400 and "requires" in r.json()["message"]
