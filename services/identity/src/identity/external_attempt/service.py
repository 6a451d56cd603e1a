"""Sign-in attempts with an email that matches no account (the spec's External Login Attempts).

The attempted password is kept because the product shows it to Admins (masked; revealed on demand, audited);
it is Fernet-encrypted with a key file outside the database, and rows are purged after the retention period
on every insert and at start. See docs/decisions.md.
"""

from datetime import timedelta

from sqlalchemy.orm import Session

from identity import clock
from identity.audit import service as audit
from identity.common import Context
from identity.external_attempt import repository
from identity.models import ExternalLoginAttempt
from kit.auth import Principal
from kit.errors import NotFound
from kit.paging import Page


def mask(password: str | None) -> str:
    return (password or "")[:3] + "*****"


def purge(session: Session, c: Context) -> int:
    return repository.purge_before(session, clock.now() - timedelta(days=c.settings.external_attempt_retention_days))


def record(session: Session, c: Context, *, email: str, password: str, ip: str) -> None:
    purge(session, c)
    repository.add(session, ExternalLoginAttempt(email=email[:254], password_enc=c.box.encrypt(password[:256]),
                                                 ip_address=ip, created_at=clock.now()))


def list_attempts(session: Session, c: Context, page: Page) -> tuple[list[dict], int]:
    rows, count = repository.page(session, page)
    return [{"id": r.id, "email": r.email, "apwd": mask(c.box.decrypt(r.password_enc)), "ipAddress": r.ip_address,
             "createdAt": r.created_at} for r in rows], count


def reveal(session: Session, c: Context, attempt_id: int, actor: Principal, ip: str) -> str:
    row = repository.get(session, attempt_id)
    if row is None:
        raise NotFound("Login attempt not found")
    audit.record(session, audit.EXTERNAL_PASSWORD_REVEALED, actor_id=actor.id, ip=ip, detail={"attemptId": row.id})
    return c.box.decrypt(row.password_enc) or ""
