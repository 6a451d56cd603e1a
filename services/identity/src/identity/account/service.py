"""Password links (reset and invitation), the password policy, and the user's own profile."""

from datetime import timedelta

from sqlalchemy.orm import Session

from identity import clock, ratelimit, security
from identity.account import repository
from identity.account.schemas import PasswordReset, ProfileUpdate
from identity.audit import service as audit
from identity.common import Context
from identity.models import PasswordToken, User
from identity.notify import DeliveryFailed
from identity.session import repository as sessions
from identity.user import repository as users
from kit.errors import BadRequest, ServiceError

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


def update_profile(session: Session, c: Context, user: User, body: ProfileUpdate, ip: str) -> None:
    from identity.user import service as user_service

    old_email, old_phone = user.email, user.phone_number
    fields = {"first_name": body.first_name, "last_name": body.last_name, "email": body.email,
              "phone_number": body.phone_number}
    if body.lang_ids is not None:
        if user.role not in user_service.SURVEYOR_ROLE_IDS:
            raise BadRequest("langIds: only surveyors have languages")
        fields["lang_ids"] = body.lang_ids
    user_service.apply_changes(session, user, fields)
    audit.record(session, audit.PROFILE_UPDATED, user_id=user.id, actor_id=user.id, ip=ip,
                 detail={"fields": sorted(k for k in fields if k != "lang_ids")})
    if old_email != user.email or old_phone != user.phone_number:
        # The phone receives sign-in codes: tell the previous address so a hijack does not go unnoticed.
        try:
            c.mail.send(old_email, "Your SurveyOps account details changed",
                        "The email address or phone number of your SurveyOps account was changed. "
                        "If this was not you, contact your administrator at once.")
        except DeliveryFailed:
            pass
