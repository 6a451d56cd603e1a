"""Sliding-window counters stored in the database (survive restarts, shared across processes)."""

import math
from datetime import timedelta

from sqlalchemy import delete, func, insert, select
from sqlalchemy.orm import Session

from identity import clock
from identity.models import RateEvent


def count(session: Session, kind: str, key: str, window_seconds: int) -> tuple[int, int]:
    """(events in the window, seconds until the oldest of them leaves it)."""
    since = clock.now() - timedelta(seconds=window_seconds)
    n, oldest = session.execute(select(func.count(), func.min(RateEvent.created_at))
                                .where(RateEvent.kind == kind, RateEvent.key == key, RateEvent.created_at > since)).one()
    if not n:
        return 0, 0
    wait = (oldest + timedelta(seconds=window_seconds) - clock.now()).total_seconds()
    return int(n), max(1, math.ceil(wait))


def hit(session: Session, kind: str, key: str) -> int:
    """Records one event; returns its id so the caller can take it back (undo)."""
    return session.execute(_HIT, {"kind": kind, "key": key, "created_at": clock.now()}).scalar_one()


_HIT = insert(RateEvent.__table__).returning(RateEvent.__table__.c.id)


def undo(session: Session, ids: list[int]) -> None:
    session.execute(delete(RateEvent).where(RateEvent.id.in_(ids)))


def clear(session: Session, kind: str, key: str) -> None:
    session.execute(delete(RateEvent).where(RateEvent.kind == kind, RateEvent.key == key))


def purge(session: Session, older_than_seconds: int) -> None:
    session.execute(delete(RateEvent).where(RateEvent.created_at < clock.now() - timedelta(seconds=older_than_seconds)))
