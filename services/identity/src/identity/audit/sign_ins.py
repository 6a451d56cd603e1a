"""Sign-ins for the Admin's access audit screen: each successful, failed or throttled sign-in from the audit log,
with the account, the second factor used (text message code, authenticator app, recovery code) and the address.
The audit screen shows them beside the services' PHI access trails."""

from datetime import UTC

from sqlalchemy.orm import Session

from identity.audit import repository
from identity.audit.service import SIGN_IN_FAILED, SIGN_IN_SUCCEEDED, SIGN_IN_THROTTLED
from kit.errors import BadRequest
from kit.phi_audit import central_day_bound

ACTIONS = (SIGN_IN_SUCCEEDED, SIGN_IN_FAILED, SIGN_IN_THROTTLED)


def list_sign_ins(session: Session, *, user_id: int | None, from_: str | None, to: str | None, skip: int,
                  limit: int) -> tuple[list[dict], int]:
    """`from` and `to` are America/Chicago days, both included: the access audit screen shows the sign-ins beside
    the services' PHI trails, searched by the same days (kit.phi_audit), and shows every time in Central."""
    start, end = central_day_bound(from_, "from", end=False), central_day_bound(to, "to", end=True)
    if start and end and end <= start:
        raise BadRequest("to: must not be before from")
    rows, count = repository.page_by_actions(session, ACTIONS, user_id=user_id, start=start, end=end, skip=skip,
                                             limit=limit)
    return [{"id": a.id, "at": a.occurred_at.replace(tzinfo=UTC), "action": a.action, "userId": a.user_id,
             "userName": f"{u.first_name} {u.last_name}".strip() if u else "", "userRole": u.role if u else None,
             "factor": (a.detail or {}).get("factor"), "ip": a.ip_address} for a, u in rows], count
