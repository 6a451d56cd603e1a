"""Rebuild every read model from reporting's event log: `python -m reporting.rebuild` (env REPORTING_*).

The read-model tables are emptied and each logged envelope is re-applied by its handler, in the order it was
first applied, in one transaction (a failure leaves the old read models in place). Reporting's own data
(service-recovery settings) and the log itself are kept."""

from __future__ import annotations

from kit.db import Database
from kit.events import topic_matches
from reporting.events.consumed import HANDLERS
from reporting.readmodel import repository as rm

BATCH = 1000


def rebuild(db: Database) -> int:
    applied = 0
    with db.session() as session:
        rm.clear_read_models(session)
        session.flush()
        seq = 0
        while True:
            events = rm.logged_events(session, seq, BATCH)
            if not events:
                break
            for e in events:
                handler = next((h for p, h in HANDLERS.items() if topic_matches(p, e.type)), None)
                if handler is not None:
                    handler(session, e.envelope)
                    applied += 1
                seq = e.seq
            session.flush()
            session.expunge_all()
    return applied


def main() -> None:
    from reporting.config import Settings
    from reporting.models import Base

    settings = Settings()
    db = Database(settings.database_url, Base)
    print(f"reporting: re-applied {rebuild(db)} events")


if __name__ == "__main__":
    main()
