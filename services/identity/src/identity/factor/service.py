"""Sign-in factors beyond the SMS code: the step-up password check, authenticator apps (TOTP, RFC 6238) with
one-use recovery codes, and the per-role requirement.

Failures must count although the request then fails (its unit of work rolls back), so failed tries are written
in their own unit of work (`record_failure`) before the error is raised; the limits mirror the SMS code's: five wrong
tries in the throttle window answer 429.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from datetime import UTC

import pyotp
import segno
from sqlalchemy.orm import Session

from identity import clock, ratelimit, security
from identity.audit import service as audit
from identity.common import Context
from identity.factor import repository
from identity.models import TotpFactor, User
from kit.auth import Role
from kit.db import Database, own_unit_of_work
from kit.errors import BadRequest, Conflict, TooManyRequests

ISSUER = "SurveyOps"
RECOVERY_CODES = 10
RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: read off a sheet of paper
STEPUP_KIND = "stepup_password"
TOTP_FAIL_KIND = "totp_fail"
WRONG_PASSWORD = "password: the current password is not correct"
WRONG_CODE = "Invalid authenticator code"


def guard(db: Database, c: Context, kind: str, user_id: int) -> None:
    """429 once the user has `otp_max_wrong_tries` failures of this kind in the throttle window."""
    with own_unit_of_work(db) as s:
        n, wait = ratelimit.count(s, kind, str(user_id), c.settings.throttle_window_seconds)
    if n >= c.settings.otp_max_wrong_tries:
        raise TooManyRequests("Too many wrong tries. Please try again later.", retry_after=wait)


def record_failure(db: Database, kind: str, user_id: int, action: str, ip: str, detail: dict | None = None) -> None:
    """Counts a failed try in its own unit of work: it stands although the request then fails."""
    with own_unit_of_work(db) as s:
        ratelimit.hit(s, kind, str(user_id))
        audit.record(s, action, user_id=user_id, actor_id=user_id, ip=ip, detail=detail)


def check_password(db: Database, c: Context, user: User, password: str, ip: str, purpose: str) -> None:
    """Step-up: a change of a sign-in factor needs the current password, so a stolen token alone cannot make it.
    Five wrong passwords in the throttle window answer 429 (the token cannot be used to guess it)."""
    guard(db, c, STEPUP_KIND, user.id)
    if not security.verify_password(c.settings, user.password_hash, password):
        record_failure(db, STEPUP_KIND, user.id, audit.STEP_UP_FAILED, ip, {"purpose": purpose})
        raise BadRequest(WRONG_PASSWORD)


# --- TOTP -----------------------------------------------------------------------------------------------------

def _matching_step(secret: str, code: str) -> int | None:
    """The 30-second step whose code this is: the current one or either neighbour (clock drift), else None."""
    totp = pyotp.TOTP(secret)
    current = totp.timecode(clock.now().replace(tzinfo=UTC))
    for step in (current - 1, current, current + 1):
        if hmac.compare_digest(totp.generate_otp(step), code):
            return step
    return None


def _recovery_hash(user_id: int, code: str) -> str:
    return security.sha256(f"recovery:{user_id}:{code}")


def _normalise_recovery(code: str) -> str:
    return "".join(ch for ch in code.lower() if ch.isalnum())


def _new_recovery_code() -> str:
    raw = "".join(secrets.choice(RECOVERY_ALPHABET) for _ in range(10))
    return f"{raw[:5]}-{raw[5:]}"


def is_required(s: Session, role: int) -> bool:
    return repository.totp_required(s, role)


def is_enabled(s: Session, user_id: int) -> bool:
    row = repository.get_factor(s, user_id)
    return bool(row and row.confirmed_at)


def status(s: Session, user: User) -> dict:
    row = repository.get_factor(s, user.id)
    enabled = bool(row and row.confirmed_at)
    return {"enabled": enabled, "required": is_required(s, user.role),
            "recoveryCodesLeft": repository.recovery_codes_left(s, user.id) if enabled else 0}


@dataclass
class Enrolment:
    secret: str
    otpauth_uri: str
    qr_code: str  # an SVG data URI


def begin_enrolment(s: Session, db: Database, c: Context, user: User, password: str, ip: str) -> Enrolment:
    check_password(db, c, user, password, ip, "totp_enrol")
    if is_enabled(s, user.id):
        raise Conflict("An authenticator app is already set up. Turn it off first to set up another.")
    secret = pyotp.random_base32()  # 160 bits, as RFC 4226 recommends
    repository.put_pending(s, TotpFactor(user_id=user.id, secret_enc=c.box.encrypt(secret), created_at=clock.now(),
                                         last_step=0, wrong_tries=0))
    audit.record(s, audit.TOTP_ENROLMENT_STARTED, user_id=user.id, actor_id=user.id, ip=ip)
    uri = pyotp.TOTP(secret).provisioning_uri(name=user.email, issuer_name=ISSUER)
    return Enrolment(secret=secret, otpauth_uri=uri, qr_code=segno.make(uri, error="m").svg_data_uri(scale=5, border=2))


def confirm_enrolment(s: Session, db: Database, c: Context, user: User, code: str, ip: str) -> list[str]:
    """The first code from the app proves it holds the secret; answers the recovery codes (shown once)."""
    row = repository.get_factor(s, user.id)
    if row is None or row.confirmed_at is not None:
        raise BadRequest("No authenticator set-up is waiting. Start the set-up again.")
    guard(db, c, TOTP_FAIL_KIND, user.id)
    secret = c.box.decrypt(row.secret_enc)
    step = _matching_step(secret, code) if secret else None
    now = clock.now()
    # Decide with reads only, then write: on SQLite a write (even of no row) would lock out record_failure.
    if step is None or step <= row.last_step:
        record_failure(db, TOTP_FAIL_KIND, user.id, audit.TOTP_FAILED, ip, {"during": "enrolment"})
        raise BadRequest(WRONG_CODE)
    if not repository.use_step(s, user.id, step, now, confirm=True):
        raise BadRequest(WRONG_CODE)  # a parallel request used this code first
    ratelimit.clear(s, TOTP_FAIL_KIND, str(user.id))
    codes = [_new_recovery_code() for _ in range(RECOVERY_CODES)]
    repository.replace_recovery_codes(s, user.id, [_recovery_hash(user.id, _normalise_recovery(x)) for x in codes], now)
    audit.record(s, audit.TOTP_ENABLED, user_id=user.id, actor_id=user.id, ip=ip)
    return codes


def check_code(s: Session, db: Database, c: Context, user: User, code: str, ip: str, purpose: str) -> str:
    """A code of the user's confirmed authenticator (each step once) or an unused recovery code (once).
    Answers which was used ("totp" / "recovery"); wrong codes count towards the 429 limit."""
    guard(db, c, TOTP_FAIL_KIND, user.id)
    row = repository.get_factor(s, user.id)
    if row is None or row.confirmed_at is None:
        raise BadRequest("No authenticator app is set up for this account")
    now = clock.now()
    # Decide with reads only, then write: on SQLite a write (even of no row) would lock out record_failure.
    step, recovery_hash = None, None
    if code.isdigit() and len(code) == 6:
        secret = c.box.decrypt(row.secret_enc)
        step = _matching_step(secret, code) if secret else None
        ok = step is not None and step > row.last_step  # a step already used is a replay
    else:
        norm = _normalise_recovery(code)
        recovery_hash = _recovery_hash(user.id, norm) if len(norm) == 10 else None
        ok = recovery_hash is not None and repository.has_unused_recovery_code(s, user.id, recovery_hash)
    if not ok:
        record_failure(db, TOTP_FAIL_KIND, user.id, audit.TOTP_FAILED, ip, {"during": purpose})
        raise BadRequest(WRONG_CODE)
    # Atomic: of two requests with the same code, only one gets here with a row changed.
    if recovery_hash is None:
        used = "totp" if repository.use_step(s, user.id, step, now, confirm=False) else None
    else:
        used = "recovery" if repository.use_recovery_code(s, user.id, recovery_hash, now) else None
    if used is None:
        raise BadRequest(WRONG_CODE)
    ratelimit.clear(s, TOTP_FAIL_KIND, str(user.id))
    if used == "recovery":
        audit.record(s, audit.RECOVERY_CODE_USED, user_id=user.id, actor_id=user.id, ip=ip, detail={"during": purpose})
    return used


def disable(s: Session, db: Database, c: Context, user: User, password: str, code: str, ip: str) -> None:
    if is_required(s, user.role):
        raise BadRequest("Your role requires an authenticator app; it cannot be turned off")
    check_password(db, c, user, password, ip, "totp_disable")
    check_code(s, db, c, user, code, ip, "disable")
    repository.delete_factor(s, user.id)
    audit.record(s, audit.TOTP_DISABLED, user_id=user.id, actor_id=user.id, ip=ip)


# --- per-role requirement -------------------------------------------------------------------------------------

def list_policy(s: Session) -> list[dict]:
    current = repository.policies(s)
    return [{"role": int(r), "totpRequired": current.get(int(r), False)} for r in sorted(Role, key=int)]


def set_policy(s: Session, role: int, required: bool, actor_id: int, ip: str) -> list[dict]:
    repository.set_policy(s, role, required, clock.now(), actor_id)
    audit.record(s, audit.FACTOR_POLICY_CHANGED, actor_id=actor_id, ip=ip, detail={"role": role, "totpRequired": required})
    return list_policy(s)
