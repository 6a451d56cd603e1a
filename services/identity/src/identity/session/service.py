"""Sign-in: password, then a one-time code sent by SMS, then a server-side session and short access tokens.

Failures must leave a trace (throttle counters, wrong-try counts, audit) although the response is an error, and
the request's unit of work rolls back on errors; so these flows commit on the Database themselves and raise only
after the failure state is committed. The three sign-in steps do it with one read and one write each (Core
statements built once in `repository`, each committed by itself; issue 14), their rarer paths with units of work.
"""

from __future__ import annotations

import logging
import math
import secrets
import threading
from dataclasses import dataclass
from datetime import timedelta
from ipaddress import ip_address
from typing import Any

from sqlalchemy.orm import Session
from sqlalchemy.util import greenlet_spawn
from starlette.concurrency import run_in_threadpool

from identity import clock, ratelimit, security
from identity.audit import service as audit
from identity.common import Context, mask_email, mask_phone
from identity.events import published
from identity.external_attempt import service as external_attempts
from identity.factor import service as factors
from identity.models import LoginAttempt, LoginSession, User
from identity.notify import DeliveryFailed
from identity.session import repository
from identity.session.schemas import SendOtp, SignIn, VerifyOtp, VerifyTotp
from identity.user import repository as users
from identity.user import service as user_service
from kit.auth import Principal, Role, TokenSigner
from kit.db import Database, own_unit_of_work
from kit.errors import BadRequest, Conflict, Forbidden, ServiceError, TooManyRequests, Unauthorized

log = logging.getLogger("identity.session")

ATTEMPT_COOKIE = "login_attempt"
REMEMBER_COOKIE = "reme"
ATTEMPT_EXPIRED = "Sign-in expired. Please sign in again."
INVALID_LOGIN = "Invalid email or password"


class DeliveryError(ServiceError):
    status_code = 502
    message = "The verification code could not be sent. Please try again later."


@dataclass
class PreAuth:
    user: dict
    secret: str  # the login_attempt cookie value (never stored; its SHA-256 is the attempt id)
    max_age: int


@dataclass
class SignedIn:
    user: User | Any  # the ORM row, or the verification's Core row with the account's columns
    token: str
    expires_in: int
    remember: bool
    email: str
    user_read: dict  # the account as the sign-in's answer shows it (`user_service.account_read`)
    totp_setup_required: bool  # the role requires an authenticator app not set up yet (the token is enrolment-only)


def _signer(c: Context) -> TokenSigner:
    signer = getattr(c, "_signer", None)
    if signer is None:
        s = c.settings
        signer = TokenSigner(s.jwt_private_key_file, s.jwt_issuer, s.jwt_audience)
        c._signer = signer  # type: ignore[attr-defined]
    return signer


def issue_token(c: Context, user: User | Any, sid: str, *, enrol_only: bool = False) -> str:
    """`enrol_only`: the role requires an authenticator app this user has not set up; the token opens only the
    routes that set it up (kit.auth `allow(..., enrolment=True)`) until a refresh after the set-up."""
    return _signer(c).sign(sub=user.id, role=user.role, sid=sid, name=f"{user.first_name} {user.last_name}",
                           ttl_seconds=c.settings.access_token_ttl_seconds, enrol_only=enrol_only)


def _account_key(email: str) -> str:
    return security.sha256("account:" + email.lower())


def _reported_ip(value: str | None) -> str | None:
    try:
        return str(ip_address((value or "").strip()))[:45] if value else None
    except ValueError:
        return None


def _otp_route(user: User) -> tuple[str, str | None]:
    """(channel, masked destination) of the account's one-time codes. Phone is optional on an account (and an
    admin can clear it), so an account without one gets its codes by e-mail rather than being locked out."""
    if user.role == Role.CIMR_SURVEYOR:
        return "sms", None  # the manager the surveyor picks on the next step
    if user.phone_number:
        return "sms", mask_phone(user.phone_number)
    return "email", mask_email(user.email)


def _wait(oldest, window_seconds: int, now) -> int:
    """Seconds until the oldest event of a window leaves it (at least 1)."""
    return max(1, math.ceil((oldest + timedelta(seconds=window_seconds) - now).total_seconds()))


def _idle_limit(st, role: int) -> int:
    return (st.cimr_surveyor_idle_seconds if role == Role.CIMR_SURVEYOR else st.idle_seconds) + st.idle_grace_seconds


def sign_in(db: Database, c: Context, body: SignIn, ip: str) -> PreAuth:
    st = c.settings
    acct = _account_key(body.email)
    window = st.throttle_window_seconds
    now = clock.now()
    # Check-then-act would let N parallel guesses all pass the count before any failure is written. So the
    # attempt is recorded and committed first (its own statement), then counted with every other attempt in the
    # window (its own included): whichever of two parallel attempts counts last sees both. An attempt that is
    # refused here or succeeds takes its events back, so only failures (and those still in flight) count. The
    # count is one read with the account, its factor policy and (CIMR Surveyors) its managers.
    with db.autocommit_engine().connect() as conn:
        mine = dict(conn.execute(repository.HITS, {"acct": acct, "addr": ip, "now": now}).tuples().all())
        rows = conn.execute(repository.PASSWORD_READ, {"acct": acct, "addr": ip, "email": body.email.lower(),
                                                       "since": now - timedelta(seconds=window)}).all()
    row = rows[0]
    user = row if row.id is not None else None
    throttled = None
    if row.n_acct > st.throttle_account_failures:
        throttled = _wait(row.oldest_acct, window, now)
    elif row.n_addr > st.throttle_address_failures:
        throttled = _wait(row.oldest_addr, window, now)
    if throttled is not None:
        with own_unit_of_work(db) as s:
            ratelimit.undo(s, list(mine))
            audit.record(s, audit.SIGN_IN_THROTTLED, user_id=user.id if user else None, ip=ip,
                         detail={"scope": "account" if row.n_acct > st.throttle_account_failures else "address"})
        raise TooManyRequests("Too many sign-in attempts. Please try again later.", retry_after=throttled)

    ok = security.verify_password(st, user.password_hash if user else None, body.password)  # dummy when unknown

    if not ok or user.is_deleted:
        with own_unit_of_work(db) as s:
            if not ok:  # the failure stays counted: its events were committed before the verify
                if user is None:
                    external_attempts.record(s, c, email=body.email, password=body.password, ip=ip)
                audit.record(s, audit.SIGN_IN_FAILED, user_id=user.id if user else None, ip=ip,
                             detail={"reason": "unknown_account" if user is None else
                                     ("invitation_pending" if user.password_hash is None else "wrong_password")})
                outcome: Exception = Unauthorized(INVALID_LOGIN)
            else:
                ratelimit.undo(s, list(mine))
                audit.record(s, audit.SIGN_IN_FAILED, user_id=user.id, ip=ip, detail={"reason": "deactivated"})
                outcome = Forbidden("Your account is deactivated")
        raise outcome

    if security.needs_rehash(st, user.password_hash):
        with own_unit_of_work(db) as s:
            users.get_account(s, user.id).password_hash = security.hash_password(st, body.password)
            audit.record(s, audit.PASSWORD_REHASHED, user_id=user.id, actor_id=user.id, ip=ip)
    now = clock.now()
    secret = security.new_secret()
    addr_hit = next(i for i, kind in mine.items() if kind == "signin_address")
    repository.PASSWORD_OK.run(db, {
        "acct": acct, "addr_hit": addr_hit, "purge_before": now - timedelta(hours=1),
        "t_id": security.sha256(secret), "t_user_id": user.id, "t_created_at": now,
        "t_expires_at": now + timedelta(seconds=st.login_attempt_ttl_seconds), "t_remember": body.is_remember,
        "t_user_key": body.user_key, "t_ip_address": ip, "t_reported_ip": _reported_ip(body.ip_address),
        "t_code_wrong_tries": 0, "t_sends": 0,
        **repository.audit_params("a_", now, audit.SIGN_IN_PASSWORD_OK, user_id=user.id, actor_id=user.id, ip=ip)})
    managers = [r for r in rows if r.m_id is not None and not r.m_is_deleted]
    channel, destination = _otp_route(user)
    pre = {"id": user.id, "firstName": user.first_name, "lastName": user.last_name, "email": user.email,
           "otpChannel": channel, "otpDestination": destination, "role": user.role,
           "totpEnabled": user.confirmed_at is not None, "totpRequired": bool(user.totp_required),
           "phoneNumber": mask_phone(user.phone_number),
           "cimrList": [{"id": m.m_id, "firstName": m.m_first_name, "lastName": m.m_last_name,
                         "phoneNumber": mask_phone(m.m_phone_number)} for m in managers]}
    return PreAuth(user=pre, secret=secret, max_age=st.login_attempt_ttl_seconds)


def _attempt_id(secret: str | None) -> str:
    """The id of the pending sign-in this browser's cookie names (its SHA-256)."""
    if not secret or len(secret) > 128:
        raise Unauthorized(ATTEMPT_EXPIRED)
    return security.sha256(secret)


def _live_attempt(row, user_id: int, now) -> None:
    """The pending sign-in is this user's, not used, not expired (else the sign-in starts again)."""
    if row is None or row.user_id != user_id or row.consumed_at is not None or row.expires_at <= now:
        raise Unauthorized(ATTEMPT_EXPIRED)


def _attempt(s: Session, secret: str | None, user_id: int) -> LoginAttempt:
    """The pending sign-in this browser started (cookie), for this user, not used, not expired."""
    attempt = repository.get_attempt(s, _attempt_id(secret))
    _live_attempt(attempt, user_id, clock.now())
    return attempt


@dataclass
class OtpSent:
    expires_in: int
    channel: str
    sent_to: str


def _minutes(seconds: float) -> str:
    n = max(1, math.ceil(seconds / 60))
    return f"{n} minute{'s' if n != 1 else ''}"


def send_otp(db: Database, c: Context, secret: str | None, body: SendOtp, ip: str) -> OtpSent:
    st = c.settings
    aid = _attempt_id(secret)
    now = clock.now()
    with db.autocommit_engine().connect() as conn:
        rows = conn.execute(repository.SEND_READ, {"aid": aid, "key": str(body.id),
                                                   "since": now - timedelta(seconds=3600)}).all()
    attempt = rows[0] if rows else None
    _live_attempt(attempt, body.id, now)
    if attempt.is_deleted:
        raise Unauthorized(ATTEMPT_EXPIRED)
    if attempt.totp_required and attempt.confirmed_at is not None:
        raise BadRequest("Your role signs in with an authenticator app: enter the code it shows")
    live = (attempt.code_hash is not None and attempt.code_expires_at is not None
            and attempt.code_expires_at > now and attempt.code_wrong_tries < st.otp_max_wrong_tries)
    if live:
        remaining = (attempt.code_expires_at - now).total_seconds()
        if remaining >= st.otp_resend_below_seconds:
            raise TooManyRequests("A code was sent recently. Please wait before asking for a new one.",
                                  retry_after=math.floor(remaining - st.otp_resend_below_seconds) + 1)
    if attempt.sends >= st.otp_max_sends_per_attempt:
        raise TooManyRequests("Too many codes asked for in this sign-in. Please log in again.",
                              retry_after=math.ceil((attempt.expires_at - now).total_seconds()))
    if attempt.n_sent >= st.otp_max_sends_per_user_hour:
        wait = _wait(attempt.oldest_sent, 3600, now)
        raise TooManyRequests(f"Too many verification codes were sent to this account in the last hour. "
                              f"Please try again in {_minutes(wait)}.", retry_after=wait)

    code = security.new_otp()
    user = attempt
    if user.role == Role.CIMR_SURVEYOR:
        managers = {m.m_id: m for m in rows if m.m_id is not None and not m.m_is_deleted and m.m_phone_number}
        if not managers:  # nobody can receive the code: said as such, not as a choice the screen cannot offer
            raise Conflict("No CIMR Manager with a phone number is linked to your account, so no verification "
                           "code can be sent. Please ask an administrator to link one.")
        if body.cimr_manager_id is None or body.cimr_manager_id not in managers:
            raise BadRequest("cimrManagerId: choose one of your CIMR managers")
        phone = managers[body.cimr_manager_id].m_phone_number
        text = (f"{user.first_name} {user.last_name} is signing in to SurveyOps. "
                f"Their verification code is {code}")
        detail = {"to": "cimr_manager", "managerId": body.cimr_manager_id}
        channel, sent_to = "sms", mask_phone(phone)
    elif user.phone_number:
        phone, text, detail = user.phone_number, f"Your SurveyOps verification code is {code}", {"to": "self"}
        channel, sent_to = "sms", mask_phone(phone)
    else:
        phone, text, detail = None, None, {"to": "self", "channel": "email"}
        channel, sent_to = "email", mask_email(user.email)

    # Sent before it is stored: a failed delivery leaves nothing behind (no code, no count, no audit row).
    try:
        if phone is not None:
            c.sms.send(phone, text)
        else:
            c.mail.send(user.email, "Your SurveyOps verification code",
                        f"Your SurveyOps verification code is {code}\n\n"
                        f"It expires in {st.otp_ttl_seconds // 60} minutes. If you did not try to sign in, "
                        "change your password and tell your administrator.")
    except DeliveryFailed as exc:
        raise DeliveryError() from exc
    # the new code replaces (invalidates) any previous one
    repository.CODE_SENT.run(db, {
        "aid": aid, "code_hash": security.otp_digest(secret, code),
        "code_expires_at": now + timedelta(seconds=st.otp_ttl_seconds), "key": str(attempt.user_id), "now": now,
        **repository.audit_params("a_", now, audit.OTP_SENT, user_id=attempt.user_id, actor_id=attempt.user_id,
                                  ip=ip, detail=detail)})
    return OtpSent(expires_in=st.otp_ttl_seconds, channel=channel, sent_to=sent_to)


async def on_event_loop(db: Database, step, *args):
    """A step whose work is only database statements (no hash, no outside call) run on the event loop where the
    database has an async driver (PostgreSQL): its statements go through the sync facade of the event loop's
    autocommit engine (`kit.db.Database.loop_autocommit_engine`) inside a greenlet, so the request never crosses
    to the thread pool. Elsewhere (SQLite) one thread-pool trip."""
    engine = db.loop_autocommit_engine()
    if engine is None:
        return await run_in_threadpool(step, db, *args)
    return await greenlet_spawn(step, _LoopDatabase(engine), *args)


class _LoopDatabase:
    """What a statement-only step reads of its Database: its autocommit engine (the event loop's, in autocommit)."""

    def __init__(self, engine):
        self.engine = engine

    def autocommit_engine(self):
        return self.engine


def verify_otp(db: Database, c: Context, secret: str | None, body: VerifyOtp, ip: str) -> SignedIn:
    st = c.settings
    aid = _attempt_id(secret)
    now = clock.now()
    with db.autocommit_engine().connect() as conn:  # one connection for the step (no outside call in it)
        rows = conn.execute(repository.VERIFY_READ, {"aid": aid}).all()
        attempt = rows[0] if rows else None
        _live_attempt(attempt, body.id, now)
        if attempt.is_deleted or attempt.email != body.email:
            raise Unauthorized(ATTEMPT_EXPIRED)
        uid = attempt.user_id
        if attempt.code_hash is None or attempt.code_expires_at is None or attempt.code_expires_at <= now:
            raise BadRequest("Verification code expired")
        if not security.same(security.otp_digest(secret, body.otp), attempt.code_hash):
            tries = conn.execute(repository.WRONG_CODE, {"aid": aid, "seen": attempt.code_hash,
                                                         "max_tries": st.otp_max_wrong_tries}).scalar()
            if tries is None:  # replaced or killed meanwhile: the code guessed at is no more
                raise BadRequest("Verification code expired")
            failed = repository.audit_params("a_", now, audit.OTP_FAILED, user_id=uid, ip=ip, detail={"tries": tries})
            if tries >= st.otp_max_wrong_tries:  # the code is dead: a new one must be requested
                conn.execute(repository.AUDIT_TWO,
                             {**failed, **repository.audit_params("b_", now, audit.OTP_LOCKED, user_id=uid, ip=ip)})
                raise TooManyRequests(retry_after=1)
            conn.execute(repository.AUDIT_ONE, failed)
            raise BadRequest("Invalid verification code")

        sid = secrets.token_urlsafe(24)
        opened = repository.open_session(db, conn, {
            "aid": aid, "seen": attempt.code_hash, "now": now,
            "s_id": sid, "s_user_id": uid, "s_created_at": now, "s_last_activity_at": now,
            "s_idle_limit_seconds": _idle_limit(st, attempt.role), "s_user_key": attempt.user_key,
            "s_ip_address": ip, "s_reported_ip": attempt.reported_ip, "s_remember": attempt.remember,
            **repository.audit_params("a_", now, audit.OTP_VERIFIED, user_id=uid, actor_id=uid, ip=ip),
            **repository.audit_params("b_", now, audit.SIGN_IN_SUCCEEDED, user_id=uid, actor_id=uid, ip=ip,
                                      detail={"sid": sid[:8], "factor": "sms"})})
        if not opened:  # a parallel request with the same code was first
            raise Unauthorized(ATTEMPT_EXPIRED)
        managers = (conn.execute(repository.MANAGERS, {"uid": uid}).all()
                    if attempt.role == Role.CIMR_SURVEYOR else [])
    setup = bool(attempt.totp_required) and attempt.confirmed_at is None
    return SignedIn(user=attempt, token=issue_token(c, attempt, sid, enrol_only=setup),
                    expires_in=st.access_token_ttl_seconds, remember=attempt.remember, email=attempt.email,
                    user_read=user_service.account_read(
                        attempt, [(r.lang_id, r.lang_name) for r in rows if r.lang_id is not None], managers),
                    totp_setup_required=setup)


def _open_session(s: Session, c: Context, attempt: LoginAttempt, user: User, ip: str, factor: str) -> SignedIn:
    """The second factor is proven: the attempt is used up, a server-side session starts, a token is issued."""
    st, now = c.settings, clock.now()
    attempt.code_hash, attempt.consumed_at = None, now
    sid = secrets.token_urlsafe(24)
    repository.add_session(s, LoginSession(id=sid, user_id=user.id, created_at=now, last_activity_at=now,
                                           idle_limit_seconds=_idle_limit(st, user.role), user_key=attempt.user_key,
                                           ip_address=ip, reported_ip=attempt.reported_ip,
                                           remember=attempt.remember))
    audit.record(s, audit.SIGN_IN_SUCCEEDED, user_id=user.id, actor_id=user.id, ip=ip,
                 detail={"sid": sid[:8], "factor": factor})
    setup = totp_setup_required(s, user)
    return SignedIn(user=user, token=issue_token(c, user, sid, enrol_only=setup),
                    expires_in=st.access_token_ttl_seconds, remember=attempt.remember, email=user.email,
                    user_read=user_service.to_read(s, user), totp_setup_required=setup)


def totp_setup_required(s: Session, user: User) -> bool:
    """The role requires an authenticator app and this user has none yet: the UI sends them to set it up."""
    return factors.is_required(s, user.role) and not factors.is_enabled(s, user.id)


def verify_totp(db: Database, c: Context, secret: str | None, body: VerifyTotp, ip: str) -> SignedIn:
    """Sign-in with an authenticator code (or a recovery code) instead of the SMS code."""
    with own_unit_of_work(db) as s:
        attempt = _attempt(s, secret, body.id)
        user = users.get_account(s, attempt.user_id)
        if user is None or user.is_deleted or user.email != body.email:
            raise Unauthorized(ATTEMPT_EXPIRED)
        used = factors.check_code(s, db, c, user, body.code, ip, "sign_in")
        audit.record(s, audit.TOTP_VERIFIED, user_id=user.id, actor_id=user.id, ip=ip, detail={"with": used})
        return _open_session(s, c, attempt, user, ip, used)


def reset_otp(db: Database, secret: str | None, user_id: int, ip: str) -> None:
    with own_unit_of_work(db) as s:
        attempt = _attempt(s, secret, user_id)
        attempt.code_hash, attempt.code_expires_at = None, None
        audit.record(s, audit.OTP_RESET, user_id=user_id, actor_id=user_id, ip=ip)


def session_valid(row: LoginSession | None, user: User | None, principal: Principal, max_age: int) -> bool:
    now = clock.now()
    return bool(row and user and row.user_id == principal.id and row.revoked_at is None and not user.is_deleted
                and int(user.role) == int(principal.role)
                and (now - row.last_activity_at).total_seconds() <= row.idle_limit_seconds
                and (now - row.created_at).total_seconds() <= max_age)


class SessionCheck:
    """ServiceSpec.session_check: identity's own routes refuse tokens whose session is revoked or idle.

    It does not count the request as activity: the UI refreshes its token on a timer whether or not anyone is
    at the keyboard, so a refresh that touched the session would keep an abandoned tab signed in forever.
    Real actions on identity's routes are recorded by `note_activity`; the refresh reports the browser's idle time.
    """

    def __init__(self, settings):
        self.settings = settings
        self.db: Database | None = None

    def bind(self, db: Database) -> None:
        self.db = db

    def __call__(self, principal: Principal) -> None:
        assert self.db is not None, "SessionCheck used before bind()"
        with own_unit_of_work(self.db) as s:
            row = repository.get_session(s, principal.sid)
            user = users.get_account(s, principal.id) if row else None
            if not session_valid(row, user, principal, self.settings.session_max_age_seconds):
                raise Unauthorized("Session Expired")


TOUCH_AFTER_SECONDS = 15  # fewer writes: idle limits are minutes, a few seconds of precision is plenty


def note_activity(db: Database, principal: Principal) -> None:
    with own_unit_of_work(db) as s:
        repository.touch_if_older(s, principal.sid, clock.now(), TOUCH_AFTER_SECONDS)


def refresh(s: Session, c: Context, principal: Principal, idle_seconds: int = 0) -> tuple[dict, str, bool]:
    """A new access token. `idle_seconds` is the time since the user's last input as the browser knows it:
    the session's last activity becomes the later of the stored one and now - idle (never in the future), and
    a session idle beyond its limit is refused although the tab keeps asking."""
    row = repository.get_session(s, principal.sid)
    user = users.get(s, principal.id)
    if not session_valid(row, user, principal, c.settings.session_max_age_seconds):
        raise Unauthorized("Session Expired")
    now = clock.now()
    # beyond the absolute session lifetime every value means the same; clamping keeps the date arithmetic finite
    idle = min(max(idle_seconds, 0), c.settings.session_max_age_seconds)
    last = max(row.last_activity_at, now - timedelta(seconds=idle))
    if (now - last).total_seconds() > row.idle_limit_seconds:
        raise Unauthorized("Session Expired")
    if last > row.last_activity_at:
        repository.touch(s, row.id, last)
    setup = totp_setup_required(s, user)
    return user_service.to_read(s, user), issue_token(c, user, row.id, enrol_only=setup), setup


def expire_sessions(db: Database, settings) -> int:
    """Revoke (and so announce to every service) the sessions idle beyond their limit or past the absolute
    lifetime. Identity refuses them by itself already; the other services learn it only from the event, so this
    runs every `session_sweep_seconds` (`SessionSweeper`). Safe with several replicas: a session is revoked, and
    announced, by whichever sweep's conditional update wins. Returns how many this pass revoked."""
    now = clock.now()
    shortest = min(settings.idle_seconds, settings.cimr_surveyor_idle_seconds) + settings.idle_grace_seconds
    n = 0
    with own_unit_of_work(db) as s:
        for row in repository.expiry_candidates(s, now - timedelta(seconds=shortest),
                                                now - timedelta(seconds=settings.session_max_age_seconds)):
            idle = (now - row.last_activity_at).total_seconds() > row.idle_limit_seconds
            old = (now - row.created_at).total_seconds() > settings.session_max_age_seconds
            if (idle or old) and repository.revoke(s, row.id, now, "idle" if idle else "expired"):
                n += 1
    return n


def announce_recent_revocations(db: Database) -> int:
    """At start-up: publish again the revocations whose tokens may still be alive. The buses retain revocations
    for replay, but an embedded run's in-process bus starts empty after a restart. A repeat is harmless."""
    now = clock.now()
    with own_unit_of_work(db) as s:
        rows = repository.revoked_since(s, now - timedelta(seconds=published.REVOCATION_KEEP_SECONDS))
        for row in rows:
            published.session_revoked(s, row.id, row.user_id, row.revoke_reason or "revoked", row.revoked_at)
    return len(rows)


class SessionSweeper:
    """A background thread running `expire_sessions` until stopped (identity's start-up and shutdown hooks)."""

    def __init__(self, db: Database, settings):
        self.db, self.settings = db, settings
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="session-sweeper", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread:
            self._thread.join(timeout=5)

    def _run(self) -> None:
        while not self._stop.wait(self.settings.session_sweep_seconds):
            try:
                expire_sessions(self.db, self.settings)
            except Exception as exc:  # noqa: BLE001 - the next pass tries again
                log.warning("session expiry sweep failed", extra={"error": type(exc).__name__})


def logout(s: Session, principal: Principal, ip: str) -> None:
    repository.revoke(s, principal.sid, clock.now(), "logout")
    audit.record(s, audit.SIGN_OUT, user_id=principal.id, actor_id=principal.id, ip=ip)
