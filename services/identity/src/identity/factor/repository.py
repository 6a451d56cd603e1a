from datetime import datetime

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from identity.models import RecoveryCode, RoleFactorPolicy, TotpFactor


def get_factor(session: Session, user_id: int) -> TotpFactor | None:
    return session.get(TotpFactor, user_id)


def confirmed_user_ids(session: Session, user_ids: list[int]) -> set[int]:
    return set(session.scalars(select(TotpFactor.user_id).where(TotpFactor.user_id.in_(user_ids),
                                                                 TotpFactor.confirmed_at.is_not(None))))


def put_pending(session: Session, row: TotpFactor) -> None:
    session.execute(delete(TotpFactor).where(TotpFactor.user_id == row.user_id))
    session.add(row)


def delete_factor(session: Session, user_id: int) -> None:
    session.execute(delete(TotpFactor).where(TotpFactor.user_id == user_id))
    session.execute(delete(RecoveryCode).where(RecoveryCode.user_id == user_id))


def use_step(session: Session, user_id: int, step: int, now: datetime, *, confirm: bool) -> bool:
    """Takes a time step as used, atomically: of two requests with the same code only one gets True."""
    stmt = update(TotpFactor).where(TotpFactor.user_id == user_id, TotpFactor.last_step < step)
    stmt = stmt.where(TotpFactor.confirmed_at.is_(None) if confirm else TotpFactor.confirmed_at.is_not(None))
    values: dict = {"last_step": step}
    if confirm:
        values["confirmed_at"] = now
    return session.execute(stmt.values(**values)).rowcount == 1


def replace_recovery_codes(session: Session, user_id: int, hashes: list[str], now: datetime) -> None:
    session.execute(delete(RecoveryCode).where(RecoveryCode.user_id == user_id))
    session.add_all([RecoveryCode(user_id=user_id, code_hash=h, created_at=now) for h in hashes])


def use_recovery_code(session: Session, user_id: int, code_hash: str, now: datetime) -> bool:
    return session.execute(update(RecoveryCode).where(RecoveryCode.user_id == user_id, RecoveryCode.code_hash == code_hash,
                                                      RecoveryCode.used_at.is_(None))
                           .values(used_at=now)).rowcount == 1


def has_unused_recovery_code(session: Session, user_id: int, code_hash: str) -> bool:
    return session.scalar(select(RecoveryCode.id).where(RecoveryCode.user_id == user_id, RecoveryCode.code_hash == code_hash,
                                                        RecoveryCode.used_at.is_(None)).limit(1)) is not None


def recovery_codes_left(session: Session, user_id: int) -> int:
    return session.scalar(select(func.count(RecoveryCode.id)).where(RecoveryCode.user_id == user_id, RecoveryCode.used_at.is_(None))) or 0


def policies(session: Session) -> dict[int, bool]:
    return {p.role: p.totp_required for p in session.scalars(select(RoleFactorPolicy))}


def totp_required(session: Session, role: int) -> bool:
    row = session.get(RoleFactorPolicy, int(role))
    return bool(row and row.totp_required)


def set_policy(session: Session, role: int, required: bool, now: datetime, actor_id: int) -> None:
    row = session.get(RoleFactorPolicy, role)
    if row is None:
        session.add(RoleFactorPolicy(role=role, totp_required=required, updated_at=now, updated_by=actor_id))
    else:
        row.totp_required, row.updated_at, row.updated_by = required, now, actor_id
