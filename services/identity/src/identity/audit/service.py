"""Audit records: who did what to which account, when, in which request. Never secrets."""

from sqlalchemy.orm import Session

from identity import clock
from identity.audit import repository
from kit.observability import request_id_var

# Actions (stable strings; dashboards and reviews filter on them).
SIGN_IN_PASSWORD_OK = "sign_in.password_ok"
SIGN_IN_FAILED = "sign_in.failed"
SIGN_IN_THROTTLED = "sign_in.throttled"
SIGN_IN_SUCCEEDED = "sign_in.succeeded"
SIGN_OUT = "sign_out"
OTP_SENT = "otp.sent"
OTP_VERIFIED = "otp.verified"
OTP_FAILED = "otp.failed"
OTP_LOCKED = "otp.locked"
OTP_RESET = "otp.reset"
PASSWORD_REHASHED = "password.rehashed"
PASSWORD_RESET_REQUESTED = "password.reset_requested"
PASSWORD_RESET = "password.reset"
INVITATION_SENT = "account.invited"
INVITATION_ACCEPTED = "account.invitation_accepted"
ACCOUNT_CREATED = "account.created"
ACCOUNT_UPDATED = "account.updated"
PROFILE_UPDATED = "account.profile_updated"
ACCOUNT_DEACTIVATED = "account.deactivated"
ACCOUNT_REACTIVATED = "account.reactivated"
ACCOUNT_DELETED = "account.deleted"
EXTERNAL_PASSWORD_REVEALED = "external_attempt.password_revealed"
STEP_UP_FAILED = "step_up.failed"
CONTACT_CHANGE_REQUESTED = "account.contact_change_requested"
CONTACT_CHANGE_FAILED = "account.contact_change_failed"
CONTACT_CHANGED = "account.contact_changed"
TOTP_ENROLMENT_STARTED = "totp.enrolment_started"
TOTP_ENABLED = "totp.enabled"
TOTP_DISABLED = "totp.disabled"
TOTP_FAILED = "totp.failed"
TOTP_VERIFIED = "totp.verified"
RECOVERY_CODE_USED = "totp.recovery_code_used"
FACTOR_POLICY_CHANGED = "factor_policy.changed"


def record(session: Session, action: str, *, user_id: int | None = None, actor_id: int | None = None,
           ip: str | None = None, detail: dict | None = None) -> None:
    rid = request_id_var.get()
    repository.insert(session, occurred_at=clock.now(), action=action, user_id=user_id, actor_id=actor_id,
                      request_id=None if rid == "-" else rid, ip_address=ip, detail=detail)
