from datetime import datetime, timedelta

from sqlalchemy import delete, or_, select, update
from sqlalchemy.orm import Session

from identity.events import published
from identity.models import LoginAttempt, LoginSession


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
