from datetime import datetime, timedelta

from sqlalchemy import (and_, bindparam, case, delete, func, insert, literal, literal_column, null, or_, select, union_all,
                        update)
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session

from identity.events import published
from identity.models import (AuditLog, Language, LoginAttempt, LoginSession, RateEvent, RoleFactorPolicy, TotpFactor,
                             User, UserCimrManager, UserLanguage)
from kit.auth import Role
from kit.db import Database, is_postgres
from kit.observability import request_id_var


def get_attempt(session: Session, attempt_id: str) -> LoginAttempt | None:
    return session.get(LoginAttempt, attempt_id)


def add_attempt(session: Session, attempt: LoginAttempt) -> None:
    session.add(attempt)


def purge_attempts(session: Session, now: datetime) -> None:
    session.execute(delete(LoginAttempt).where(LoginAttempt.expires_at < now - timedelta(hours=1)))


def get_session(session: Session, sid: str) -> LoginSession | None:
    return session.get(LoginSession, sid)


def add_session(session: Session, row: LoginSession) -> None:
    session.add(row)


def touch(session: Session, sid: str, now: datetime) -> None:
    session.execute(update(LoginSession).where(LoginSession.id == sid).values(last_activity_at=now))


def touch_if_older(session: Session, sid: str, now: datetime, older_than_seconds: int) -> None:
    session.execute(update(LoginSession).where(LoginSession.id == sid,
                                               LoginSession.last_activity_at < now - timedelta(seconds=older_than_seconds))
                    .values(last_activity_at=now))


# Revoking a session and announcing it are one act: every caller (sign-out, deactivation, deletion, role change,
# password reset, idle expiry...) publishes `identity.session.revoked` in the same transaction, so every service
# refuses the session's tokens within a second (kit.revocation).

def revoke(session: Session, sid: str, now: datetime, reason: str) -> bool:
    """True when this call revoked it (not already revoked by someone else, e.g. another replica's sweep)."""
    row = session.execute(select(LoginSession.user_id).where(LoginSession.id == sid, LoginSession.revoked_at.is_(None))).first()
    if row is None:
        return False
    done = session.execute(update(LoginSession).where(LoginSession.id == sid, LoginSession.revoked_at.is_(None))
                           .values(revoked_at=now, revoke_reason=reason)).rowcount
    if done:
        published.session_revoked(session, sid, row.user_id, reason, now)
    return bool(done)


def revoke_all_for_user(session: Session, user_id: int, now: datetime, reason: str) -> None:
    live = list(session.scalars(select(LoginSession.id).where(LoginSession.user_id == user_id,
                                                              LoginSession.revoked_at.is_(None))))
    for sid in live:
        revoke(session, sid, now, reason)
    session.execute(delete(LoginAttempt).where(LoginAttempt.user_id == user_id))


def expiry_candidates(session: Session, active_before: datetime, created_before: datetime) -> list[LoginSession]:
    """Unrevoked sessions idle since before `active_before` (the shortest idle limit) or older than the
    absolute lifetime; the caller applies each row's own idle limit."""
    return list(session.scalars(select(LoginSession).where(
        LoginSession.revoked_at.is_(None),
        or_(LoginSession.last_activity_at < active_before, LoginSession.created_at < created_before))))


def sessions_for_user(session: Session, user_id: int) -> list[LoginSession]:
    return list(session.scalars(select(LoginSession).where(LoginSession.user_id == user_id)))


def revoked_since(session: Session, since: datetime) -> list[LoginSession]:
    return list(session.scalars(select(LoginSession).where(LoginSession.revoked_at >= since)))


# --- The sign-in steps' statements (issue 14) ---------------------------------------------------------------
# Each step is one read and one write, built once as Core statements with bind parameters (no ORM unit of work):
# the read joins the attempt or the account with what the rules need (throttle counts, factor policy, the
# authenticator, managers or languages); the write is one statement on PostgreSQL (data-modifying CTEs) and a
# short transaction of the same statements on SQLite (which has no DML in a WITH, and runs in process). Single
# statements run on an autocommit connection: no BEGIN or COMMIT of their own.

_RATE = RateEvent.__table__
_USER = User.__table__
_MANAGER = User.__table__.alias("manager")
_LINK = UserCimrManager.__table__
_POLICY = RoleFactorPolicy.__table__
_FACTOR = TotpFactor.__table__
_ATTEMPT = LoginAttempt.__table__
_SESSION = LoginSession.__table__
_AUDIT = AuditLog.__table__
_LANGS = UserLanguage.__table__
_LANG = Language.__table__

def _bind(name: str, column):
    return bindparam(name, type_=column.type)


def _binds(prefix: str, table, columns: tuple[str, ...]) -> dict:
    return {c: _bind(prefix + c, table.c[c]) for c in columns}


class Write:
    """Statements that stand together: one statement on PostgreSQL, one transaction elsewhere. Each part has
    bind parameters of its own names, so one dict of parameters serves both forms."""

    def __init__(self, *parts):
        self.parts = parts
        self.combined = parts[-1].add_cte(*(p.cte(f"w{i}") for i, p in enumerate(parts[:-1])))

    def run(self, db: Database, params: dict) -> None:
        if is_postgres(db.engine):
            with db.autocommit_engine().connect() as conn:
                conn.execute(self.combined, params)
        else:
            with db.engine.begin() as conn:
                for part in self.parts:
                    conn.execute(part, params)


_AUDIT_COLUMNS = ("occurred_at", "action", "user_id", "actor_id", "request_id", "ip_address", "detail")


def audit_params(prefix: str, now: datetime, action: str, *, user_id: int | None, actor_id: int | None = None,
                 ip: str | None = None, detail: dict | None = None) -> dict:
    """Parameters of one audit row of a Write (as `audit.record` writes it)."""
    rid = request_id_var.get()
    return {prefix + "occurred_at": now, prefix + "action": action, prefix + "user_id": user_id,
            prefix + "actor_id": actor_id, prefix + "request_id": None if rid == "-" else rid,
            prefix + "ip_address": ip, prefix + "detail": detail}


def _audit_insert(prefix: str):
    return insert(_AUDIT).values(_binds(prefix, _AUDIT, _AUDIT_COLUMNS))


def _window(kind: str, key, since, what):
    return (select(what).where(_RATE.c.kind == kind, _RATE.c.key == key, _RATE.c.created_at > since)
            .scalar_subquery())


# Password step. The throttle's two hits (account, address), committed by themselves before anything is counted.
# (Rows as INSERT ... SELECT ... UNION ALL SELECT: a multi-row VALUES statement is not cacheable, it would be
# compiled again at every call.)
_NOW = _bind("now", _RATE.c.created_at)
HITS = insert(_RATE).from_select(["kind", "key", "created_at"], union_all(
    select(literal("signin_account", _RATE.c.kind.type), _bind("acct", _RATE.c.key), _NOW),
    select(literal("signin_address", _RATE.c.kind.type), _bind("addr", _RATE.c.key), _NOW),
)).returning(_RATE.c.id, _RATE.c.kind)

# Then one read: both windows' counts and oldest events, the account, its role's factor policy, whether its
# authenticator is confirmed, and (CIMR Surveyors) its managers, one row each (at least one row, also when no
# account has this email).
_SINCE = bindparam("since", type_=_RATE.c.created_at.type)
_ONE = select(literal_column("1").label("one")).subquery("one")
PASSWORD_READ = (
    select(_window("signin_account", bindparam("acct"), _SINCE, func.count()).label("n_acct"),
           _window("signin_account", bindparam("acct"), _SINCE, func.min(_RATE.c.created_at)).label("oldest_acct"),
           _window("signin_address", bindparam("addr"), _SINCE, func.count()).label("n_addr"),
           _window("signin_address", bindparam("addr"), _SINCE, func.min(_RATE.c.created_at)).label("oldest_addr"),
           _USER.c.id, _USER.c.first_name, _USER.c.last_name, _USER.c.email, _USER.c.phone_number, _USER.c.role,
           _USER.c.is_deleted, _USER.c.password_hash, _POLICY.c.totp_required, _FACTOR.c.confirmed_at,
           _MANAGER.c.id.label("m_id"), _MANAGER.c.first_name.label("m_first_name"),
           _MANAGER.c.last_name.label("m_last_name"), _MANAGER.c.phone_number.label("m_phone_number"),
           _MANAGER.c.is_deleted.label("m_is_deleted"))
    .select_from(_ONE.outerjoin(_USER, _USER.c.email == bindparam("email"))
                 .outerjoin(_POLICY, _POLICY.c.role == _USER.c.role)
                 .outerjoin(_FACTOR, _FACTOR.c.user_id == _USER.c.id)
                 .outerjoin(_LINK, and_(_LINK.c.surveyor_id == _USER.c.id, _USER.c.role == int(Role.CIMR_SURVEYOR)))
                 .outerjoin(_MANAGER, _MANAGER.c.id == _LINK.c.manager_id))
    .order_by(_MANAGER.c.id))

# The password was right: the account's failures and this attempt's address hit are cleared, expired attempts
# purged, the pending sign-in and its audit row written.
_ATTEMPT_COLUMNS = ("id", "user_id", "created_at", "expires_at", "remember", "user_key", "ip_address", "reported_ip",
                    "code_wrong_tries", "sends")
PASSWORD_OK = Write(
    delete(_RATE).where(or_(and_(_RATE.c.kind == "signin_account", _RATE.c.key == bindparam("acct")),
                            _RATE.c.id == bindparam("addr_hit"))),
    delete(_ATTEMPT).where(_ATTEMPT.c.expires_at < _bind("purge_before", _ATTEMPT.c.expires_at)),
    _audit_insert("a_"),
    insert(_ATTEMPT).values(_binds("t_", _ATTEMPT, _ATTEMPT_COLUMNS)),
)

# Send code: the attempt, its account, the role's policy, the authenticator, this account's codes in the last hour
# and (CIMR Surveyors) the managers, one row each.
SEND_READ = (
    select(_ATTEMPT.c.user_id, _ATTEMPT.c.expires_at, _ATTEMPT.c.consumed_at, _ATTEMPT.c.code_hash,
           _ATTEMPT.c.code_expires_at, _ATTEMPT.c.code_wrong_tries, _ATTEMPT.c.sends,
           _USER.c.first_name, _USER.c.last_name, _USER.c.email, _USER.c.phone_number, _USER.c.role,
           _USER.c.is_deleted, _POLICY.c.totp_required, _FACTOR.c.confirmed_at,
           _window("otp_send", bindparam("key"), _SINCE, func.count()).label("n_sent"),
           _window("otp_send", bindparam("key"), _SINCE, func.min(_RATE.c.created_at)).label("oldest_sent"),
           _MANAGER.c.id.label("m_id"), _MANAGER.c.phone_number.label("m_phone_number"),
           _MANAGER.c.is_deleted.label("m_is_deleted"))
    .select_from(_ATTEMPT.join(_USER, _USER.c.id == _ATTEMPT.c.user_id)
                 .outerjoin(_POLICY, _POLICY.c.role == _USER.c.role)
                 .outerjoin(_FACTOR, _FACTOR.c.user_id == _USER.c.id)
                 .outerjoin(_LINK, and_(_LINK.c.surveyor_id == _USER.c.id, _USER.c.role == int(Role.CIMR_SURVEYOR)))
                 .outerjoin(_MANAGER, _MANAGER.c.id == _LINK.c.manager_id))
    .where(_ATTEMPT.c.id == bindparam("aid"))
    .order_by(_MANAGER.c.id))

# The code is stored (replacing any earlier one), the send counted, audited.
CODE_SENT = Write(
    update(_ATTEMPT).where(_ATTEMPT.c.id == bindparam("aid"))
    .values(code_hash=_bind("code_hash", _ATTEMPT.c.code_hash),
            code_expires_at=_bind("code_expires_at", _ATTEMPT.c.code_expires_at),
            code_wrong_tries=0, sends=_ATTEMPT.c.sends + 1),
    insert(_RATE).values(kind="otp_send", key=bindparam("key"), created_at=bindparam("now")),
    _audit_insert("a_"),
)

# Verify code: the attempt, its account with its languages (one row each), the role's policy, the authenticator.
VERIFY_READ = (
    select(_ATTEMPT.c.user_id, _ATTEMPT.c.expires_at, _ATTEMPT.c.consumed_at, _ATTEMPT.c.code_hash,
           _ATTEMPT.c.code_expires_at, _ATTEMPT.c.remember, _ATTEMPT.c.user_key, _ATTEMPT.c.reported_ip,
           _USER.c.id, _USER.c.first_name, _USER.c.last_name, _USER.c.email, _USER.c.phone_number, _USER.c.role,
           _USER.c.vonage_ext, _USER.c.cid, _USER.c.is_deleted, _USER.c.password_hash, _USER.c.created_at,
           _USER.c.updated_at, _POLICY.c.totp_required, _FACTOR.c.confirmed_at,
           _LANG.c.id.label("lang_id"), _LANG.c.name.label("lang_name"))
    .select_from(_ATTEMPT.join(_USER, _USER.c.id == _ATTEMPT.c.user_id)
                 .outerjoin(_POLICY, _POLICY.c.role == _USER.c.role)
                 .outerjoin(_FACTOR, _FACTOR.c.user_id == _USER.c.id)
                 .outerjoin(_LANGS, _LANGS.c.user_id == _USER.c.id)
                 .outerjoin(_LANG, _LANG.c.id == _LANGS.c.lang_id))
    .where(_ATTEMPT.c.id == bindparam("aid"))
    .order_by(_LANG.c.id))

# A CIMR Surveyor's managers as the account's read shows them (`cimr_managers`: every linked one).
MANAGERS = (select(_MANAGER.c.id, _MANAGER.c.first_name, _MANAGER.c.last_name, _MANAGER.c.phone_number)
            .select_from(_LINK.join(_MANAGER, _MANAGER.c.id == _LINK.c.manager_id))
            .where(_LINK.c.surveyor_id == bindparam("uid")).order_by(_MANAGER.c.id))

# A wrong code: the try is counted where parallel tries see it (the row's own counter, incremented in place), the
# code dies at the limit. Only while the code read is still the attempt's: one replaced or killed meanwhile was
# not the one guessed at.
WRONG_CODE = (update(_ATTEMPT)
              .where(_ATTEMPT.c.id == bindparam("aid"), _ATTEMPT.c.code_hash == bindparam("seen"))
              .values(code_wrong_tries=_ATTEMPT.c.code_wrong_tries + 1,
                      code_hash=case((_ATTEMPT.c.code_wrong_tries + 1 >= bindparam("max_tries"), null()),
                                     else_=_ATTEMPT.c.code_hash))
              .returning(_ATTEMPT.c.code_wrong_tries))
AUDIT_ONE = _audit_insert("a_")
AUDIT_TWO = insert(_AUDIT).from_select(list(_AUDIT_COLUMNS), union_all(
    select(*(b.label(c) for c, b in _binds("a_", _AUDIT, _AUDIT_COLUMNS).items())),
    select(*(b.label(c) for c, b in _binds("b_", _AUDIT, _AUDIT_COLUMNS).items()))))

# The right code: the attempt is used up (only if nobody used it first: the code is single use under concurrency
# too), the session row and the two audit rows are written only with it.
_CONSUME = (update(_ATTEMPT)
            .where(_ATTEMPT.c.id == bindparam("aid"), _ATTEMPT.c.consumed_at.is_(None),
                   _ATTEMPT.c.code_hash == bindparam("seen"))
            .values(code_hash=None, consumed_at=_bind("now", _ATTEMPT.c.consumed_at)))
_SESSION_COLUMNS = ("id", "user_id", "created_at", "last_activity_at", "idle_limit_seconds", "user_key",
                    "ip_address", "reported_ip", "remember")
_SESSION_BINDS = _binds("s_", _SESSION, _SESSION_COLUMNS)
_SESSION_INSERT = insert(_SESSION).values(_SESSION_BINDS)


def _rows_from(gate, binds: dict):
    return select(*(b.label(c) for c, b in binds.items())).select_from(gate)


_GATE = _CONSUME.returning(_ATTEMPT.c.id).cte("consumed")
_OPEN_PG = (insert(_AUDIT)
            .from_select(list(_AUDIT_COLUMNS),
                         union_all(_rows_from(_GATE, _binds("a_", _AUDIT, _AUDIT_COLUMNS)),
                                   _rows_from(_GATE, _binds("b_", _AUDIT, _AUDIT_COLUMNS))))
            .add_cte(_GATE, insert(_SESSION).from_select(list(_SESSION_COLUMNS), _rows_from(_GATE, _SESSION_BINDS))
                     .cte("opened"))
            .returning(_AUDIT.c.id))


def open_session(db: Database, conn: Connection, params: dict) -> bool:
    """Uses the attempt up and writes the session and its two audit rows; False (nothing written) when a
    parallel request used the attempt first. `conn`: the step's autocommit connection (PostgreSQL's one
    statement runs on it)."""
    if is_postgres(db.engine):
        return len(conn.execute(_OPEN_PG, params).all()) == 2
    with db.engine.begin() as conn:
        if conn.execute(_CONSUME, params).rowcount != 1:
            return False
        conn.execute(_SESSION_INSERT, params)
        conn.execute(AUDIT_TWO, params)
    return True
