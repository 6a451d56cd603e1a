from datetime import datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

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


def revoke(session: Session, sid: str, now: datetime, reason: str) -> None:
    session.execute(update(LoginSession).where(LoginSession.id == sid, LoginSession.revoked_at.is_(None))
                    .values(revoked_at=now, revoke_reason=reason))


def revoke_all_for_user(session: Session, user_id: int, now: datetime, reason: str) -> None:
    session.execute(update(LoginSession).where(LoginSession.user_id == user_id, LoginSession.revoked_at.is_(None))
                    .values(revoked_at=now, revoke_reason=reason))
    session.execute(delete(LoginAttempt).where(LoginAttempt.user_id == user_id))


def sessions_for_user(session: Session, user_id: int) -> list[LoginSession]:
    return list(session.scalars(select(LoginSession).where(LoginSession.user_id == user_id)))
