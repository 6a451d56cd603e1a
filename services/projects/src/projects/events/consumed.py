"""Events the projects context reads: identity's users, kept as a tolerant local read model."""

from sqlalchemy.orm import Session

from kit.db import Database
from kit.events import EventConsumer, PoisonMessage
from projects.user import repository as user_repository


def _int_list(v) -> list[int]:
    if not isinstance(v, list):
        return []
    return [int(x) for x in v if isinstance(x, (int, str)) and str(x).lstrip("-").isdigit()]


def on_user_changed(s: Session, envelope: dict) -> None:
    d = envelope.get("data") or {}
    if not isinstance(d, dict) or not isinstance(d.get("id"), int) or not isinstance(d.get("role"), int):
        raise PoisonMessage("identity.user event without integer id/role")
    is_deleted = bool(d.get("isDeleted", False))
    kind = envelope["type"].rsplit(".", 1)[-1]
    if kind == "deactivated":
        is_deleted = True
    elif kind == "reactivated":
        is_deleted = False
    user_repository.upsert(
        s, id=d["id"], first_name=str(d.get("firstName") or ""), last_name=str(d.get("lastName") or ""),
        email=str(d.get("email") or "").lower(), role=d["role"], phone_number=d.get("phoneNumber"),
        cid=d.get("cid"), lang_ids=_int_list(d.get("langIds")), cimr_manager_ids=_int_list(d.get("cimrManagerIds")),
        is_deleted=is_deleted)


def on_user_state(s: Session, envelope: dict) -> None:
    """deactivated/reactivated may carry only {id}: flip the flag if we know the user, else apply in full."""
    d = envelope.get("data") or {}
    if not isinstance(d, dict) or not isinstance(d.get("id"), int):
        raise PoisonMessage("identity.user event without integer id")
    if isinstance(d.get("role"), int):
        on_user_changed(s, envelope)
        return
    user = user_repository.get(s, d["id"])
    if user is not None:
        user.is_deleted = envelope["type"].endswith(".deactivated")


def on_user_deleted(s: Session, envelope: dict) -> None:
    d = envelope.get("data") or {}
    if not isinstance(d, dict) or not isinstance(d.get("id"), int):
        raise PoisonMessage("identity.user.deleted without integer id")
    user_repository.delete(s, d["id"])


def consumers(db: Database) -> list[EventConsumer]:
    return [EventConsumer("projects.users", db, {
        "identity.user.created": on_user_changed,
        "identity.user.updated": on_user_changed,
        "identity.user.deactivated": on_user_state,
        "identity.user.reactivated": on_user_state,
        "identity.user.deleted": on_user_deleted,
    })]
