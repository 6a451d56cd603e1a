"""Sign-ins for the Admin's access audit screen: each successful, failed or throttled sign-in from the audit log,
with the account, the second factor used (text message code, authenticator app, recovery code) and the address.
The audit screen shows them beside the services' PHI access trails."""

from datetime import UTC, date, datetime, timedelta

from sqlalchemy.orm import Session

from identity.audit import repository
from identity.audit.service import SIGN_IN_FAILED, SIGN_IN_SUCCEEDED, SIGN_IN_THROTTLED
from kit.errors import BadRequest

ACTIONS = (SIGN_IN_SUCCEEDED, SIGN_IN_FAILED, SIGN_IN_THROTTLED)


def _day(value: str | None, name: str) -> datetime | None:
    if not value:
        return None
    try:
        return datetime.combine(date.fromisoformat(value), datetime.min.time())
    except ValueError:
        raise BadRequest(f"{name}: must be a date YYYY-MM-DD") from None


def list_sign_ins(session: Session, *, user_id: int | None, from_: str | None, to: str | None, skip: int,
                  limit: int) -> tuple[list[dict], int]:
    """`from` and `to` are UTC days, both included."""
    start, last = _day(from_, "from"), _day(to, "to")
    if start and last and last < start:
        raise BadRequest("to: must not be before from")
    rows, count = repository.page_by_actions(session, ACTIONS, user_id=user_id, start=start,
                                             end=last + timedelta(days=1) if last else None, skip=skip, limit=limit)
    return [{"id": a.id, "at": a.occurred_at.replace(tzinfo=UTC), "action": a.action, "userId": a.user_id,
             "userName": f"{u.first_name} {u.last_name}".strip() if u else "", "userRole": u.role if u else None,
             "factor": (a.detail or {}).get("factor"), "ip": a.ip_address} for a, u in rows], count
