"""The command line of a context's re-announce (`python -m <ctx>.reannounce [--project ID ...] [--dry-run]`):
the context writes its current state to its outbox again, for a consumer that has to catch up. The context gives
the announcing function; this module parses the arguments, opens the database from the context's settings and
turns failures into exit codes: 2 for a refusal the context names (an unknown project) or a bad argument, 1 for a
database failure (its type only: a database error can quote a row, i.e. patient data)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from sqlalchemy.exc import SQLAlchemyError

from kit.db import Database
from kit.events import bind_event_tables

Announce = Callable[[Database, "list[int] | None", bool], object]


def main(ctx: str, *, settings, base, announce: Announce, description: str, every: str,
         refusals: tuple[type[Exception], ...] = (), argv: list[str] | None = None) -> int:
    """`announce(db, project_ids or None, dry_run)`; `every` says what no --project means ("every project")."""
    ap = argparse.ArgumentParser(prog=f"python -m {ctx}.reannounce", description=description)
    ap.add_argument("--project", dest="projects", type=int, nargs="+", action="extend", metavar="ID",
                    help=f"only these projects (default: {every})")
    ap.add_argument("--dry-run", action="store_true", help="count what would be announced; write nothing")
    a = ap.parse_args(argv)
    db = Database(settings.resolved_database_url(), base, pool_size=2, max_overflow=0)
    bind_event_tables(db)
    try:
        announce(db, a.projects, a.dry_run)
    except refusals as exc:
        print(f"{ctx} reannounce: {exc}", file=sys.stderr)
        return 2
    except SQLAlchemyError as exc:  # never str(exc): a database error can quote a row
        print(f"{ctx} reannounce: the database failed ({type(exc).__name__}); check {ctx.upper()}_DATABASE_URL and "
              f"that the {ctx} service's migrations have run. What was announced before the failure stays "
              "announced; running the command again is safe.", file=sys.stderr)
        return 1
    finally:
        db.engine.dispose()
    return 0
