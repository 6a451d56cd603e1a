"""Events identity publishes (outbox). Payloads never carry password hashes, codes or tokens."""

from sqlalchemy.orm import Session

from identity.models import User
from kit.events import publish

USER_CREATED = "identity.user.created"
USER_UPDATED = "identity.user.updated"
USER_DEACTIVATED = "identity.user.deactivated"
USER_REACTIVATED = "identity.user.reactivated"
USER_DELETED = "identity.user.deleted"

# Every routing key this context publishes (tests/test_event_catalogue.py reads it).
PUBLISHED = (USER_CREATED, USER_UPDATED, USER_DEACTIVATED, USER_REACTIVATED, USER_DELETED)


def user_data(user: User, lang_ids: list[int], cimr_manager_ids: list[int]) -> dict:
    return {"id": user.id, "firstName": user.first_name, "lastName": user.last_name, "email": user.email,
            "role": user.role, "phoneNumber": user.phone_number, "cid": user.cid, "langIds": sorted(lang_ids),
            "cimrManagerIds": sorted(cimr_manager_ids), "isDeleted": bool(user.is_deleted)}


def user_event(session: Session, event_type: str, user: User, lang_ids: list[int], cimr_manager_ids: list[int]) -> None:
    publish(session, event_type, user_data(user, lang_ids, cimr_manager_ids))


def user_deleted(session: Session, user_id: int) -> None:
    publish(session, USER_DELETED, {"id": user_id})
