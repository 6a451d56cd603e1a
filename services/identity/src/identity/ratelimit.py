"""Sliding-window counters stored in the database (survive restarts, shared across processes)."""

import math
from datetime import timedelta

from sqlalchemy import bindparam, delete, func, insert, select
from sqlalchemy.orm import Session

from identity import clock
from identity.models import RateEvent


# Built once, as Core statements on the table (a sign-in counts twice, hits twice and undoes: building these per
# call and the ORM's bulk-statement handling were about a tenth of its CPU).
_TABLE = RateEvent.__table__
_COUNT = (select(func.count(), func.min(_TABLE.c.created_at))
          .where(_TABLE.c.kind == bindparam("kind"), _TABLE.c.key == bindparam("key"),
                 _TABLE.c.created_at > bindparam("since")))
_HIT = insert(_TABLE).returning(_TABLE.c.id)
_UNDO = delete(_TABLE).where(_TABLE.c.id.in_(bindparam("ids", expanding=True)))
_CLEAR = delete(_TABLE).where(_TABLE.c.kind == bindparam("kind"), _TABLE.c.key == bindparam("key"))


def count(session: Session, kind: str, key: str, window_seconds: int) -> tuple[int, int]:
    """(events in the window, seconds until the oldest of them leaves it)."""
    since = clock.now() - timedelta(seconds=window_seconds)
    n, oldest = session.execute(_COUNT, {"kind": kind, "key": key, "since": since}).one()
    if not n:
        return 0, 0
    wait = (oldest + timedelta(seconds=window_seconds) - clock.now()).total_seconds()
    return int(n), max(1, math.ceil(wait))


def hit(session: Session, kind: str, key: str) -> int:
    """Records one event; returns its id so the caller can take it back (undo)."""
    return session.execute(_HIT, {"kind": kind, "key": key, "created_at": clock.now()}).scalar_one()


def undo(session: Session, ids: list[int]) -> None:
    session.execute(_UNDO, {"ids": ids})


def clear(session: Session, kind: str, key: str) -> None:
    session.execute(_CLEAR, {"kind": kind, "key": key})


def purge(session: Session, older_than_seconds: int) -> None:
    session.execute(delete(RateEvent).where(RateEvent.created_at < clock.now() - timedelta(seconds=older_than_seconds)))
