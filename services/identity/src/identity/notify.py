"""Outgoing SMS and mail behind small interfaces; the provider is chosen by settings.

Console providers are for development and the embedded run: they append each message to a file under the var
dir (tests and browser tests read codes and links from there). Nothing here logs message contents.
"""

from __future__ import annotations

import logging
import smtplib
import sys
import threading
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path
from typing import Protocol

import httpx

from identity.config import Settings

log = logging.getLogger("identity.notify")
_file_lock = threading.Lock()


class SmsSender(Protocol):
    def send(self, phone: str, text: str) -> None: ...


class MailSender(Protocol):
    def send(self, to: str, subject: str, body: str) -> None: ...


class DeliveryFailed(Exception):
    pass


def _one_line(s: str) -> str:
    return " ".join(s.replace("\t", " ").split())


def _append(path: Path, fields: list[str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    line = "\t".join([datetime.now(UTC).isoformat()] + [_one_line(f) for f in fields]) + "\n"
    with _file_lock, open(path, "a", encoding="utf-8") as f:
        f.write(line)


class ConsoleSms:
    def __init__(self, var_dir: Path, echo: bool = True):
        self.path, self.echo = var_dir / "sms.log", echo

    def send(self, phone: str, text: str) -> None:
        _append(self.path, [phone, text])
        if self.echo:  # development only: the embedded run shows the code on the console
            print(f"[console-sms] to {phone}: {text}", file=sys.stderr, flush=True)


class TwilioSms:
    """Twilio's REST API (Messages resource). Credentials from IDENTITY_TWILIO_* environment variables."""

    def __init__(self, settings: Settings, client: httpx.Client | None = None):
        if not (settings.twilio_account_sid and settings.twilio_auth_token and settings.twilio_from_number):
            raise RuntimeError("twilio sms provider needs IDENTITY_TWILIO_ACCOUNT_SID, _AUTH_TOKEN and _FROM_NUMBER")
        self.settings = settings
        self.client = client or httpx.Client(timeout=10)

    def send(self, phone: str, text: str) -> None:
        s = self.settings
        to = phone if phone.startswith("+") else "+1" + phone
        try:
            r = self.client.post(f"{s.twilio_api_base}/2010-04-01/Accounts/{s.twilio_account_sid}/Messages.json",
                                 data={"To": to, "From": s.twilio_from_number, "Body": text},
                                 auth=(s.twilio_account_sid, s.twilio_auth_token))
        except httpx.HTTPError as exc:
            log.error("sms delivery failed", extra={"provider": "twilio", "error": type(exc).__name__})
            raise DeliveryFailed() from exc
        if r.status_code >= 300:
            log.error("sms delivery failed", extra={"provider": "twilio", "status": r.status_code})
            raise DeliveryFailed()


class ConsoleMail:
    def __init__(self, var_dir: Path, echo: bool = True):
        self.path, self.echo = var_dir / "mail.log", echo

    def send(self, to: str, subject: str, body: str) -> None:
        _append(self.path, [to, subject, body])
        if self.echo:
            print(f"[console-mail] to {to}: {subject}", file=sys.stderr, flush=True)


class SmtpMail:
    def __init__(self, settings: Settings):
        self.s = settings

    def send(self, to: str, subject: str, body: str) -> None:
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = self.s.mail_from, to, subject
        msg.set_content(body)
        try:
            with smtplib.SMTP(self.s.smtp_host, self.s.smtp_port, timeout=15) as smtp:
                if self.s.smtp_starttls:
                    smtp.starttls()
                if self.s.smtp_username:
                    smtp.login(self.s.smtp_username, self.s.smtp_password)
                smtp.send_message(msg)
        except (OSError, smtplib.SMTPException) as exc:
            log.error("mail delivery failed", extra={"provider": "smtp", "error": type(exc).__name__})
            raise DeliveryFailed() from exc


def make_sms(settings: Settings) -> SmsSender:
    if settings.sms_provider == "twilio":
        return TwilioSms(settings)
    return ConsoleSms(settings.var_dir)


def make_mail(settings: Settings) -> MailSender:
    if settings.mail_provider == "smtp":
        return SmtpMail(settings)
    return ConsoleMail(settings.var_dir)
