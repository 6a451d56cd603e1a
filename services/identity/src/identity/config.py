from pathlib import Path
from typing import Literal

from pydantic_settings import SettingsConfigDict

from kit.config import ServiceSettings


class Settings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="IDENTITY_", extra="ignore")

    service_name: str = "identity"

    # Signing keys live outside the database and the repository; the embedded run creates them at start.
    jwt_private_key_file: Path = Path("var/keys/jwt-private.pem")
    access_token_ttl_seconds: int = 600

    # Server-side idle limits: a session whose last refresh/activity is older than its limit is expired.
    idle_seconds: int = 600
    idle_grace_seconds: int = 60
    cimr_surveyor_idle_seconds: int = 1800
    session_max_age_seconds: int = 12 * 3600  # absolute lifetime, whatever the activity
    # How often idle / over-age sessions are revoked and announced to the other services (identity.session.revoked).
    session_sweep_seconds: float = 0.5

    # Sign-in and one-time codes.
    login_attempt_ttl_seconds: int = 900
    otp_ttl_seconds: int = 300
    otp_resend_below_seconds: int = 240  # resend allowed once less than this remains
    otp_max_wrong_tries: int = 5
    otp_max_sends_per_attempt: int = 5
    otp_max_sends_per_user_hour: int = 10
    throttle_window_seconds: int = 900
    throttle_account_failures: int = 5
    throttle_address_failures: int = 20
    password_forgot_per_user_hour: int = 5
    reset_token_ttl_seconds: int = 3600
    invite_token_ttl_seconds: int = 7 * 24 * 3600
    cookie_secure: bool | None = None  # None: Secure when public_base_url is https

    # Password hashing (argon2id). Defaults are argon2-cffi's RFC 9106 "low memory" profile.
    argon2_time_cost: int = 3
    argon2_memory_cost_kib: int = 65536
    argon2_parallelism: int = 4

    # Messages. Credentials come from the environment only (never from files in the repo).
    sms_provider: Literal["console", "twilio"] = "console"
    twilio_account_sid: str = ""
    twilio_auth_token: str = ""
    twilio_from_number: str = ""
    twilio_api_base: str = "https://api.twilio.com"
    mail_provider: Literal["console", "smtp"] = "console"
    mail_from: str = "SurveyOps <no-reply@surveyops.local>"
    smtp_host: str = "localhost"
    smtp_port: int = 587
    smtp_username: str = ""
    smtp_password: str = ""
    smtp_starttls: bool = True
    public_base_url: str = "http://127.0.0.1:8000"

    # External login attempts: attempted passwords are encrypted with a key kept outside the database.
    external_attempts_key_file: Path = Path("var/keys/external-attempts.key")
    external_attempt_retention_days: int = 90

    demo_mode: bool = False  # seeds the demo accounts at start; refused in production

    @property
    def jwt_private_key_path(self) -> Path:
        return self.jwt_private_key_file

    def secure_cookies(self) -> bool:
        if self.cookie_secure is not None:
            return self.cookie_secure
        return self.public_base_url.startswith("https://")
