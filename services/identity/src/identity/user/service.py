"""Accounts: the business rules behind the users routes and the profile."""

from __future__ import annotations

import csv
import io
from dataclasses import replace

from sqlalchemy.orm import Session

from kit.phones import format_phone

from identity import clock
from identity.audit import service as audit
from identity.common import Context, mask_phone
from identity.events import published
from identity.language import repository as languages
from identity.models import User
from identity.session import repository as sessions
from identity.user import repository
from identity.user.repository import UserFilter
from identity.user.schemas import UserCreate, UserUpdate
from kit.auth import Principal, Role
from kit.errors import BadRequest, Conflict, NotFound
from kit.paging import Page
from kit.spreadsheet import safe_cell

SURVEYOR_ROLE_IDS = (int(Role.SURVEYOR), int(Role.CIMR_SURVEYOR), int(Role.KELLER_SURVEYOR))
ROLE_NAMES = {0: "Admin", 1: "Project Manager", 2: "Operations", 3: "Surveyor", 4: "Quality", 5: "Finance",
              6: "Comment Cleaner", 7: "CIMR Surveyor", 8: "CIMR Manager", 9: "Keller Surveyor"}
EXPORT_COLUMNS = ["FirstName", "LastName", "Email", "Role", "Contact Number", "Vonage Extension", "Contractor ID", "Status"]


def to_read(session: Session, user: User) -> dict:
    managers = user.cimr_managers if user.role == Role.CIMR_SURVEYOR else []
    return account_read(user, [(lang.id, lang.name) for lang in user.languages], managers)


def account_read(user, languages: list[tuple[int, str]], managers) -> dict:
    """The account as `to_read` shows it, from any object with the account's columns as attributes (an ORM row
    or a Core row), its languages as (id, name) in id order and, for a CIMR Surveyor, its managers."""
    return {"id": user.id, "firstName": user.first_name, "lastName": user.last_name, "email": user.email,
            "phoneNumber": user.phone_number, "role": user.role, "vonageExt": user.vonage_ext, "cid": user.cid,
            "isDeleted": bool(user.is_deleted), "languages": [name for _, name in languages],
            "langIds": [lang_id for lang_id, _ in languages],
            # least privilege: a CIMR Surveyor reads this in their session and profile; the manager's phone is
            # shown masked, as on the sign-in picker (the manager's own account row carries it in full)
            "cimrList": [{"id": m.id, "firstName": m.first_name, "lastName": m.last_name,
                          "phoneNumber": mask_phone(m.phone_number)} for m in managers],
            "createdAt": user.created_at, "updatedAt": user.updated_at,
            "invitationPending": user.password_hash is None}


def get_or_404(session: Session, user_id: int) -> User:
    user = repository.get(session, user_id)
    if user is None:
        raise NotFound("User not found")
    return user


def _refresh(session: Session, user: User) -> None:
    session.flush()
    session.refresh(user)  # reloads the languages / managers relationships


def publish_user(session: Session, event_type: str, user: User) -> None:
    published.user_event(session, event_type, user, repository.lang_ids(session, user.id),
                         repository.manager_ids(session, user.id))


def apply_changes(session: Session, user: User, fields: dict) -> None:
    """Set fields (snake_case keys; lang_ids / cimr_ids replace the links) and check the resulting account."""
    lang_ids = fields.pop("lang_ids", None)
    cimr_ids = fields.pop("cimr_ids", None)
    if "email" in fields and fields["email"] != user.email:
        other = repository.get_by_email(session, fields["email"])
        if other is not None and other.id != user.id:
            raise Conflict("A user with this email already exists")
    for k, v in fields.items():
        setattr(user, k, int(v) if k == "role" else v)
    role = int(user.role)
    surveyor = role in SURVEYOR_ROLE_IDS
    if not surveyor:
        lang_ids = []  # only the three surveyor roles carry languages and a contractor id (spec §6)
        user.cid = None
    elif lang_ids:
        unknown = sorted(set(lang_ids) - languages.existing_ids(session, lang_ids))
        if unknown:
            raise BadRequest(f"langIds: unknown language id {unknown[0]} (a language added a moment ago may not have "
                             "reached the identity service yet - try again shortly)")
    if role != Role.CIMR_SURVEYOR:
        if cimr_ids:
            raise BadRequest("cimrIds: only a CIMR Surveyor has CIMR managers")
        cimr_ids = []
    elif cimr_ids:
        found = {u.id: u for u in repository.users_by_ids(session, cimr_ids)}
        for i in cimr_ids:
            if i not in found or found[i].role != Role.CIMR_MANAGER:
                raise BadRequest(f"cimrIds: user {i} is not a CIMR Manager")
    if surveyor:
        if not user.cid:
            raise BadRequest("cid: Required for surveyors")
        current = lang_ids if lang_ids is not None else (repository.lang_ids(session, user.id) if user.id else [])
        if not current:
            raise BadRequest("langIds: Required for surveyors")
    user.updated_at = clock.now()
    if user.id is None:
        repository.add(session, user)
    if lang_ids is not None:
        repository.set_languages(session, user.id, lang_ids)
    if cimr_ids is not None:
        repository.set_managers(session, user.id, cimr_ids)
    _refresh(session, user)


def create(session: Session, c: Context, body: UserCreate, actor: Principal, ip: str) -> User:
    if repository.get_by_email(session, body.email) is not None:
        raise Conflict("A user with this email already exists")
    now = clock.now()
    user = User(first_name=body.first_name, last_name=body.last_name, email=body.email, phone_number=body.phone_number,
                role=int(body.role), vonage_ext=body.vonage_ext or None, cid=body.cid or None, is_deleted=False,
                created_at=now, updated_at=now)
    apply_changes(session, user, {"lang_ids": body.lang_ids or [], "cimr_ids": body.cimr_ids or []})
    audit.record(session, audit.ACCOUNT_CREATED, user_id=user.id, actor_id=actor.id, ip=ip, detail={"role": user.role})
    publish_user(session, published.USER_CREATED, user)
    from identity.account import service as account_service

    account_service.send_invitation(session, c, user, actor.id, ip)
    return user


def _guard_last_admin(session: Session, user: User, actor: Principal) -> None:
    if user.id == actor.id:
        raise BadRequest("You cannot do this to your own account")
    if user.role == Role.ADMIN and not user.is_deleted and repository.count_active_admins(session) <= 1:
        raise BadRequest("The last active Admin cannot be removed")


def update(session: Session, c: Context, body: UserUpdate, actor: Principal, ip: str) -> User:
    user = get_or_404(session, body.id)
    if user.is_deleted:  # as a deactivated client or project: no Edit until it is reactivated
        raise BadRequest(f"id: account {user.id} is deactivated; reactivate it before editing it")
    fields = {k: v for k, v in body.model_dump(exclude_unset=True, exclude={"id"}).items()}
    for required in ("first_name", "last_name", "email", "role"):
        if required in fields and fields[required] is None:
            raise BadRequest(f"{ {'first_name': 'firstName', 'last_name': 'lastName'}.get(required, required)}: Required")
    old_role, old_email, old_phone = int(user.role), user.email, user.phone_number
    if "role" in fields and int(fields["role"]) != old_role and old_role == Role.ADMIN:
        _guard_last_admin(session, user, actor)
    contact = [wire for wire, attr, old in (("email", "email", old_email), ("phoneNumber", "phone_number", old_phone))
               if attr in fields and fields[attr] != old]
    if contact and user.id == actor.id:
        raise BadRequest(f"{contact[0]}: change your own email or phone number in My Profile "
                         "(it needs your password and a code sent to the new destination)")
    apply_changes(session, user, fields)
    if int(user.role) != old_role:
        # Tokens carry the role: make the user sign in again under the new one.
        sessions.revoke_all_for_user(session, user.id, clock.now(), "role_changed")
    elif contact:
        # The sign-in code's phone or the reset links' address moved: whoever holds a session now may not be them.
        sessions.revoke_all_for_user(session, user.id, clock.now(), "contact_changed")
    if contact:
        from identity.account import service as account_service

        for f in contact:
            account_service.tell_previous_address(c, old_email, f, by_admin=True)
    audit.record(session, audit.ACCOUNT_UPDATED, user_id=user.id, actor_id=actor.id, ip=ip,
                 detail={"fields": sorted(fields)})
    publish_user(session, published.USER_UPDATED, user)
    return user


def set_status(session: Session, user_id: int, status: str, actor: Principal, ip: str) -> User:
    user = get_or_404(session, user_id)
    deactivate = status == "deactivated"
    if deactivate == bool(user.is_deleted):
        return user
    if deactivate:
        _guard_last_admin(session, user, actor)
        user.is_deleted = True
        sessions.revoke_all_for_user(session, user.id, clock.now(), "deactivated")
    else:
        user.is_deleted = False
    user.updated_at = clock.now()
    _refresh(session, user)
    audit.record(session, audit.ACCOUNT_DEACTIVATED if deactivate else audit.ACCOUNT_REACTIVATED,
                 user_id=user.id, actor_id=actor.id, ip=ip)
    publish_user(session, published.USER_DEACTIVATED if deactivate else published.USER_REACTIVATED, user)
    return user


def delete(session: Session, user_id: int, actor: Principal, ip: str) -> None:
    user = get_or_404(session, user_id)
    _guard_last_admin(session, user, actor)
    sessions.revoke_all_for_user(session, user.id, clock.now(), "deleted")
    repository.delete_user(session, user)
    audit.record(session, audit.ACCOUNT_DELETED, user_id=user_id, actor_id=actor.id, ip=ip)
    published.user_deleted(session, user_id)


def invite(session: Session, c: Context, user_id: int, actor: Principal, ip: str) -> None:
    user = get_or_404(session, user_id)
    if user.is_deleted:
        raise BadRequest("Reactivate the account before inviting")
    from identity.account import service as account_service

    account_service.send_invitation(session, c, user, actor.id, ip)


def user_filter(search: str | None, role: int | None, is_deleted: bool | None, status: str | None) -> UserFilter:
    deleted = (status == "deactivated") if status in ("active", "deactivated") else (is_deleted if is_deleted is not None else False)
    return UserFilter(search=(search or "").strip() or None, roles=(role,) if role is not None else None, is_deleted=deleted)


def scoped(f: UserFilter, principal: Principal) -> UserFilter:
    """A CIMR Manager sees only CIMR Surveyors (directory, export, assignment search); another role asked for gets
    no rows."""
    if principal.role != Role.CIMR_MANAGER:
        return f
    cimr = int(Role.CIMR_SURVEYOR)
    return replace(f, roles=(cimr,) if f.roles is None or cimr in f.roles else (-1,))


def get_visible_or_404(session: Session, user_id: int, principal: Principal) -> User:
    """One account; for a CIMR Manager only a CIMR Surveyor or their own (any other answers like a missing one)."""
    user = get_or_404(session, user_id)
    if principal.role == Role.CIMR_MANAGER and user.id != principal.id and user.role != Role.CIMR_SURVEYOR:
        raise NotFound("User not found")
    return user


def list_users(session: Session, f: UserFilter, page: Page, *, paginated: bool = True) -> tuple[list[dict], int]:
    rows, count = repository.search(session, f, page, paginated=paginated)
    return [to_read(session, u) for u in rows], count


def export_csv(session: Session, f: UserFilter) -> str:
    rows = repository.each_matching(session, f, order=User.first_name)
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(EXPORT_COLUMNS)
    for u in rows:
        w.writerow([safe_cell(u.first_name), safe_cell(u.last_name), safe_cell(u.email), ROLE_NAMES.get(u.role, str(u.role)),
                    safe_cell(format_phone(u.phone_number)), safe_cell(u.vonage_ext), safe_cell(u.cid), "Deactivated" if u.is_deleted else "Active"])
    return "\ufeff" + out.getvalue()

