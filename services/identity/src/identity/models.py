"""Identity's tables. Datetimes are naive UTC."""

from datetime import datetime

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from kit.events import add_event_tables


class Base(DeclarativeBase):
    pass


class Language(Base):
    """Read model of the projects service's languages (kept in step by events)."""

    __tablename__ = "language"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    name: Mapped[str] = mapped_column(String(100), nullable=False)


class UserLanguage(Base):
    __tablename__ = "user_language"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    lang_id: Mapped[int] = mapped_column(ForeignKey("language.id", ondelete="CASCADE"), primary_key=True)


class UserCimrManager(Base):
    """A CIMR Surveyor's CIMR Managers (who receive the surveyor's sign-in codes)."""

    __tablename__ = "user_cimr_manager"
    surveyor_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    manager_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True)


class User(Base):
    __tablename__ = "users"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    first_name: Mapped[str] = mapped_column(String(100), nullable=False)
    last_name: Mapped[str] = mapped_column(String(100), nullable=False)
    email: Mapped[str] = mapped_column(String(254), nullable=False, unique=True)  # stored lower-case
    phone_number: Mapped[str | None] = mapped_column(String(10))  # 10 US digits
    role: Mapped[int] = mapped_column(Integer, nullable=False, index=True)
    vonage_ext: Mapped[str | None] = mapped_column(String(20))
    cid: Mapped[str | None] = mapped_column(String(50))
    is_deleted: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    password_hash: Mapped[str | None] = mapped_column(String(255))  # None until the invitation is accepted
    password_changed_at: Mapped[datetime | None] = mapped_column(DateTime)
    created_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)
    updated_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)

    languages: Mapped[list[Language]] = relationship(secondary="user_language", order_by=Language.id, lazy="selectin",
                                                     viewonly=True)
    cimr_managers: Mapped[list["User"]] = relationship(
        secondary="user_cimr_manager", primaryjoin="User.id == UserCimrManager.surveyor_id",
        secondaryjoin="User.id == UserCimrManager.manager_id", order_by="User.id", lazy="selectin", viewonly=True)


class LoginAttempt(Base):
    """A sign-in between the password and the one-time code. Its id is the SHA-256 of the HttpOnly
    `login_attempt` cookie; the code is stored as an HMAC keyed by that cookie, so a database copy alone
    cannot be used to recover codes."""

    __tablename__ = "login_attempt"
    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)
    expires_at: Mapped[datetime] = mapped_column(DateTime, nullable=False, index=True)
    remember: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    user_key: Mapped[str | None] = mapped_column(String(128))
    ip_address: Mapped[str | None] = mapped_column(String(45))
    reported_ip: Mapped[str | None] = mapped_column(String(45))
    code_hash: Mapped[str | None] = mapped_column(String(64))
    code_expires_at: Mapped[datetime | None] = mapped_column(DateTime)
    code_wrong_tries: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    sends: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    consumed_at: Mapped[datetime | None] = mapped_column(DateTime)


class LoginSession(Base):
    __tablename__ = "login_session"
    id: Mapped[str] = mapped_column(String(64), primary_key=True)  # the token's `sid`
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)
    last_activity_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)
    idle_limit_seconds: Mapped[int] = mapped_column(Integer, nullable=False)
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime)
    revoke_reason: Mapped[str | None] = mapped_column(String(40))
    user_key: Mapped[str | None] = mapped_column(String(128))
    ip_address: Mapped[str | None] = mapped_column(String(45))  # from kit.auth.client_ip (trusted proxies only)
    reported_ip: Mapped[str | None] = mapped_column(String(45))  # what the browser said; informational only
    remember: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)


class PasswordToken(Base):
    """Reset and invitation links: single use, expiring, stored as SHA-256."""

    __tablename__ = "password_token"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), nullable=False, unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True)
    kind: Mapped[str] = mapped_column(String(10), nullable=False)  # reset | invite
    created_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)
    expires_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)
    used_at: Mapped[datetime | None] = mapped_column(DateTime)


class RateEvent(Base):
    """Throttling counters in the database: they survive restarts and are shared by every process."""

    __tablename__ = "rate_event"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(30), nullable=False)
    key: Mapped[str] = mapped_column(String(64), nullable=False)  # SHA-256 of the email, an address or a user id
    created_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)

    __table_args__ = (Index("ix_rate_event_kind_key_created", "kind", "key", "created_at"),)


class ExternalLoginAttempt(Base):
    """A sign-in with an email that matches no account. The attempted password is Fernet-encrypted."""

    __tablename__ = "external_login_attempt"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    email: Mapped[str] = mapped_column(String(254), nullable=False)
    password_enc: Mapped[str] = mapped_column(Text, nullable=False)
    ip_address: Mapped[str | None] = mapped_column(String(45))
    created_at: Mapped[datetime] = mapped_column(DateTime, nullable=False, index=True)


class AuditLog(Base):
    """Append-only (no update/delete path in code; triggers refuse both, on PostgreSQL and SQLite). No secrets."""

    __tablename__ = "audit_log"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    occurred_at: Mapped[datetime] = mapped_column(DateTime, nullable=False, index=True)
    action: Mapped[str] = mapped_column(String(60), nullable=False, index=True)
    user_id: Mapped[int | None] = mapped_column(Integer, index=True)  # the account concerned (no FK: outlives it)
    actor_id: Mapped[int | None] = mapped_column(Integer)
    request_id: Mapped[str | None] = mapped_column(String(64))
    ip_address: Mapped[str | None] = mapped_column(String(45))
    detail: Mapped[dict | None] = mapped_column(JSON)


class TotpFactor(Base):
    """An authenticator app (RFC 6238). The secret is Fernet-encrypted with the service's key file (never stored
    or logged in clear); `confirmed_at` is None while enrolment waits for its first code. `last_step` is the
    newest 30-second step already used: a code of that step or an older one is refused (no replay)."""

    __tablename__ = "totp_factor"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    secret_enc: Mapped[str] = mapped_column(Text, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)
    confirmed_at: Mapped[datetime | None] = mapped_column(DateTime)
    last_step: Mapped[int] = mapped_column(BigInteger, nullable=False, default=0)
    wrong_tries: Mapped[int] = mapped_column(Integer, nullable=False, default=0)  # during enrolment


class RecoveryCode(Base):
    """One-use codes shown once at TOTP enrolment; stored as SHA-256 (they carry 50 random bits each)."""

    __tablename__ = "recovery_code"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True)
    code_hash: Mapped[str] = mapped_column(String(64), nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)
    used_at: Mapped[datetime | None] = mapped_column(DateTime)


class RoleFactorPolicy(Base):
    """Per role: must its users sign in with an authenticator app (set by an Admin). No row = not required."""

    __tablename__ = "role_factor_policy"
    role: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    totp_required: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    updated_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)
    updated_by: Mapped[int | None] = mapped_column(Integer)


class ContactChange(Base):
    """A pending change of one's own phone number or e-mail: applied only with the code sent to the new
    destination (the password was checked when it was asked for). The code is stored as an HMAC keyed by the
    service's secret box key material, never in clear."""

    __tablename__ = "contact_change"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    field: Mapped[str] = mapped_column(String(12), nullable=False)  # email | phoneNumber
    new_value: Mapped[str] = mapped_column(String(254), nullable=False)
    code_hash: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)
    expires_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)
    wrong_tries: Mapped[int] = mapped_column(Integer, nullable=False, default=0)


add_event_tables(Base.metadata)
