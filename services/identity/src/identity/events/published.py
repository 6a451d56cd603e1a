"""Events identity publishes (outbox). Payloads never carry password hashes, codes or tokens."""

from datetime import datetime, timedelta

from sqlalchemy.orm import Session

from identity.models import User
from kit.events import publish

USER_CREATED = "identity.user.created"
USER_UPDATED = "identity.user.updated"
USER_DEACTIVATED = "identity.user.deactivated"
USER_REACTIVATED = "identity.user.reactivated"
USER_DELETED = "identity.user.deleted"
# A session ended before its access tokens expire: every service refuses them (kit.revocation).
SESSION_REVOKED = "identity.session.revoked"

# Every routing key this context publishes (tests/test_event_catalogue.py reads it).
PUBLISHED = (USER_CREATED, USER_UPDATED, USER_DEACTIVATED, USER_REACTIVATED, USER_DELETED, SESSION_REVOKED)


def user_data(user: User, lang_ids: list[int], cimr_manager_ids: list[int]) -> dict:
    return {"id": user.id, "firstName": user.first_name, "lastName": user.last_name, "email": user.email,
            "role": user.role, "phoneNumber": user.phone_number, "cid": user.cid, "langIds": sorted(lang_ids),
            "cimrManagerIds": sorted(cimr_manager_ids), "isDeleted": bool(user.is_deleted)}


def user_event(session: Session, event_type: str, user: User, lang_ids: list[int], cimr_manager_ids: list[int]) -> None:
    publish(session, event_type, user_data(user, lang_ids, cimr_manager_ids))


def user_deleted(session: Session, user_id: int) -> None:
    publish(session, USER_DELETED, {"id": user_id})


# How long services keep a revoked session's id: its tokens expire within the access-token TTL (checked at
# start-up to be well below this), so keeping it longer only costs a few bytes per session.
REVOCATION_KEEP_SECONDS = 2 * 3600


def session_revoked(session: Session, sid: str, user_id: int, reason: str, revoked_at: datetime) -> None:
    until = revoked_at + timedelta(seconds=REVOCATION_KEEP_SECONDS)
    publish(session, SESSION_REVOKED, {"sid": sid, "userId": user_id, "reason": reason,
                                       "revokedAt": revoked_at.isoformat() + "Z", "expiresAt": until.isoformat() + "Z"})
