"""Password links (reset and invitation), the password policy, and the user's own profile."""

from datetime import timedelta

from sqlalchemy.orm import Session

from identity import clock, ratelimit, security
from identity.account import repository
from identity.account.schemas import ContactChangeStart, PasswordReset, ProfileUpdate
from identity.audit import service as audit
from identity.common import Context, mask_email, mask_phone
from identity.factor import service as factors
from identity.models import ContactChange, PasswordToken, User
from identity.notify import DeliveryFailed
from identity.session import repository as sessions
from identity.user import repository as users
from kit.db import Database
from kit.errors import BadRequest, Conflict, ServiceError, TooManyRequests

INVALID_LINK = "Invalid or expired link"
RESET, INVITE = "reset", "invite"


class MailDeliveryError(ServiceError):
    status_code = 502
    message = "The email could not be sent. Please try again later."


def _issue(session: Session, c: Context, user: User, kind: str) -> str:
    now = clock.now()
    ttl = c.settings.invite_token_ttl_seconds if kind == INVITE else c.settings.reset_token_ttl_seconds
    repository.retire_for_user(session, user.id, now, kind)  # a new link replaces older ones
    raw = security.new_secret()
    repository.add(session, PasswordToken(token_hash=security.sha256(raw), user_id=user.id, kind=kind,
                                          created_at=now, expires_at=now + timedelta(seconds=ttl)))
    return raw


def invitation_link(session: Session, c: Context, user: User) -> str:
    return f"{c.settings.public_base_url.rstrip('/')}/create-password/{_issue(session, c, user, INVITE)}"


def send_invitation(session: Session, c: Context, user: User, actor_id: int | None, ip: str | None) -> None:
    link = invitation_link(session, c, user)
    days = c.settings.invite_token_ttl_seconds // 86400
    body = (f"Hello {user.first_name}, an account was created for you on SurveyOps. "
            f"Create your password here (the link works once and expires in {days} days): {link}")
    audit.record(session, audit.INVITATION_SENT, user_id=user.id, actor_id=actor_id, ip=ip)
    try:
        c.mail.send(user.email, "Your SurveyOps invitation", body)
    except DeliveryFailed as exc:
        raise MailDeliveryError() from exc


def password_forgot(session: Session, c: Context, email: str, ip: str) -> None:
    """Always the same answer (no account enumeration); at most a few mails per account per hour."""
    user = users.get_by_email(session, email)
    if user is None or user.is_deleted:
        return
    n, _ = ratelimit.count(session, "password_forgot", str(user.id), 3600)
    if n >= c.settings.password_forgot_per_user_hour:
        return
    ratelimit.hit(session, "password_forgot", str(user.id))
    link = f"{c.settings.public_base_url.rstrip('/')}/reset-password/{_issue(session, c, user, RESET)}"
    audit.record(session, audit.PASSWORD_RESET_REQUESTED, user_id=user.id, ip=ip)
    try:
        c.mail.send(user.email, "Reset your SurveyOps password",
                    f"Hello {user.first_name}, use this link to reset your password (it works once and expires in "
                    f"1 hour): {link} If you did not ask for this, ignore this email.")
    except DeliveryFailed:
        pass  # same answer either way; the provider logged the failure


def _valid_token(session: Session, raw: str, is_invite: bool) -> tuple[PasswordToken, User]:
    row = repository.by_hash(session, security.sha256(raw))
    if (row is None or row.used_at is not None or row.expires_at <= clock.now()
            or row.kind != (INVITE if is_invite else RESET)):
        raise BadRequest(INVALID_LINK)
    user = users.get(session, row.user_id)
    if user is None or user.is_deleted:
        raise BadRequest(INVALID_LINK)
    return row, user


def token_owner(session: Session, raw: str, is_invite: bool) -> dict:
    _, user = _valid_token(session, raw, is_invite)
    return {"firstName": user.first_name, "lastName": user.last_name, "email": user.email}


def password_reset(session: Session, c: Context, body: PasswordReset, ip: str) -> None:
    row, user = _valid_token(session, body.token, body.is_invite)
    if user.email != body.email:
        raise BadRequest(INVALID_LINK)
    problem = security.password_problem(body.password, email=user.email)
    if problem:
        raise BadRequest(problem)
    now = clock.now()
    user.password_hash = security.hash_password(c.settings, body.password)
    user.password_changed_at = user.updated_at = now
    repository.retire_for_user(session, user.id, now)  # single use; also retires any other open link
    row.used_at = now
    sessions.revoke_all_for_user(session, user.id, now, "password_reset")
    ratelimit.clear(session, "signin_account", security.sha256("account:" + user.email))
    audit.record(session, audit.INVITATION_ACCEPTED if body.is_invite else audit.PASSWORD_RESET,
                 user_id=user.id, actor_id=user.id, ip=ip)


def update_profile(session: Session, user: User, body: ProfileUpdate, ip: str) -> None:
    from identity.user import service as user_service

    # The phone receives sign-in codes and the email the reset links: a token alone must not move them.
    if body.email is not None and body.email != user.email:
        raise BadRequest("email: a new email address needs your password and a code sent to it (Change email)")
    if body.phone_number != user.phone_number and not (body.phone_number is None and "phone_number" not in body.model_fields_set):
        raise BadRequest("phoneNumber: a new phone number needs your password and a code sent to it (Change phone)")
    fields = {"first_name": body.first_name, "last_name": body.last_name}
    if body.lang_ids is not None:
        if user.role not in user_service.SURVEYOR_ROLE_IDS:
            raise BadRequest("langIds: only surveyors have languages")
        fields["lang_ids"] = body.lang_ids
    user_service.apply_changes(session, user, fields)
    audit.record(session, audit.PROFILE_UPDATED, user_id=user.id, actor_id=user.id, ip=ip,
                 detail={"fields": sorted(k for k in fields if k != "lang_ids")})


CONTACT_CODE_FAIL = "contact_code_fail"
CONTACT_SENDS = "contact_change_send"
FIELD_LABEL = {"email": "email address", "phoneNumber": "phone number"}


def _contact_mac(c: Context, user_id: int, field: str, value: str, code: str) -> str:
    # Bound to the user, the field and the new value: a code confirms exactly the change it was sent for.
    return c.box.mac(f"contact-change:{user_id}:{field}:{value}", code)


def start_contact_change(session: Session, db: Database, c: Context, user: User, body: ContactChangeStart,
                         ip: str) -> dict:
    """Step 1: the current password, then a code to the NEW phone (SMS) or address (mail)."""
    if (body.email is None) == (body.phone_number is None):
        raise BadRequest("Give either a new email or a new phoneNumber (one at a time)")
    field, value = ("email", body.email) if body.email is not None else ("phoneNumber", body.phone_number)
    if value == (user.email if field == "email" else user.phone_number):
        raise BadRequest(f"{field}: this is already your {FIELD_LABEL[field]}")
    if field == "email":
        other = users.get_by_email(session, value)
        if other is not None and other.id != user.id:
            raise Conflict("A user with this email already exists")
    factors.check_password(db, c, user, body.password, ip, "contact_change")
    st, now = c.settings, clock.now()
    n, wait = ratelimit.count(session, CONTACT_SENDS, str(user.id), 3600)
    if n >= st.otp_max_sends_per_user_hour:
        raise TooManyRequests("Too many codes asked for. Please try again later.", retry_after=wait)
    code = security.new_otp()
    repository.put_contact_change(session, ContactChange(
        user_id=user.id, field=field, new_value=value, code_hash=_contact_mac(c, user.id, field, value, code),
        created_at=now, expires_at=now + timedelta(seconds=st.otp_ttl_seconds), wrong_tries=0))
    ratelimit.hit(session, CONTACT_SENDS, str(user.id))
    audit.record(session, audit.CONTACT_CHANGE_REQUESTED, user_id=user.id, actor_id=user.id, ip=ip,
                 detail={"field": field})
    minutes = st.otp_ttl_seconds // 60
    try:
        if field == "phoneNumber":
            c.sms.send(value, f"Your SurveyOps code to confirm this phone number is {code}")
        else:
            c.mail.send(value, "Confirm your new SurveyOps email address",
                        f"Hello {user.first_name}, your SurveyOps code to confirm this email address is {code}\n\n"
                        f"It expires in {minutes} minutes. If you did not ask for this, ignore this email.")
    except DeliveryFailed as exc:
        raise MailDeliveryError("The code could not be sent. Please try again later.") from exc
    return {"field": field, "sentTo": mask_phone(value) if field == "phoneNumber" else mask_email(value),
            "expiresIn": st.otp_ttl_seconds}


def confirm_contact_change(session: Session, db: Database, c: Context, user: User, code: str, ip: str) -> str:
    """Step 2: the code from the new destination applies the change; the previous email is told."""
    row = repository.get_contact_change(session, user.id)
    if row is None or row.code_hash is None or row.expires_at <= clock.now():
        raise BadRequest("The code has expired or was never asked for. Ask for a new one.")
    factors.guard(db, c, CONTACT_CODE_FAIL, user.id)
    if not security.same(_contact_mac(c, user.id, row.field, row.new_value, code), row.code_hash):
        factors.record_failure(db, CONTACT_CODE_FAIL, user.id, audit.CONTACT_CHANGE_FAILED, ip, {"field": row.field})
        raise BadRequest("Invalid verification code")
    from identity.user import service as user_service

    field, old_email = row.field, user.email
    user_service.apply_changes(session, user, {"email" if field == "email" else "phone_number": row.new_value})
    repository.drop_contact_change(session, user.id)
    ratelimit.clear(session, CONTACT_CODE_FAIL, str(user.id))
    audit.record(session, audit.CONTACT_CHANGED, user_id=user.id, actor_id=user.id, ip=ip, detail={"field": field})
    tell_previous_address(c, old_email, field, by_admin=False)
    return field


def tell_previous_address(c: Context, old_email: str, field: str, *, by_admin: bool) -> None:
    """A change of a sign-in destination is told to the address the account had, so a hijack is noticed."""
    who = "An administrator changed" if by_admin else "You changed"
    try:
        c.mail.send(old_email, "Your SurveyOps account details changed",
                    f"{who} the {FIELD_LABEL[field]} of your SurveyOps account. "
                    "If this was not you, contact your administrator at once.")
    except DeliveryFailed:
        pass  # the change stands; the provider logged the failure
