"""Announce the cleaned comments again, so consumers of `surveys.comment.cleaned` catch up:

    python -m surveys.reannounce [--project ID ...] [--dry-run]      (settings from the environment, SURVEYS_*)

Use it once after the consumers of the event were added (reporting's client report, calling's Call Log Details
start empty: comments cleaned before would stay raw in the export), or after adding another consumer. Every
comment now Cleaned (of all projects, or those given) is written to the outbox as `surveys.comment.cleaned` with
its current texts, one transaction per project; the service's relay sends them as any other (once it runs).
They carry new event ids and the current time, so consumers apply them: the texts are the comment's as it is
now, so running the command again is safe. Not-cleaned comments are not announced (consumers know nothing of
them, or an unclean event already cleared them). The summary names projects and counts, never comment text."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from sqlalchemy.exc import SQLAlchemyError

from kit.db import Database
from surveys.comments import repository as repo
from surveys.comments.service import publish_cleaned


def reannounce(db: Database, *, project_ids: list[int] | None = None, dry_run: bool = False,
               out: Callable[[str], None] = print) -> int:
    """Announce the cleaned comments of the given projects (all when None); returns the number of events."""
    if project_ids is None:
        with db.session() as s:
            project_ids = repo.projects_with_cleaned(s)
    total = 0
    for pid in project_ids:
        with db.session() as s:
            comments = repo.cleaned_of_project(s, pid)
            if not dry_run:
                for c in comments:
                    publish_cleaned(s, c)
        total += len(comments)
        out(f"project {pid}: {len(comments)} cleaned comment{'' if len(comments) == 1 else 's'}")
    out(f"{'would announce' if dry_run else 'announced'} {total} cleaned comment{'' if total == 1 else 's'} "
        f"of {len(project_ids)} project{'' if len(project_ids) == 1 else 's'}")
    return total


def main(argv: list[str] | None = None) -> int:
    from kit.events import bind_event_tables
    from surveys.config import Settings
    from surveys.models import Base

    ap = argparse.ArgumentParser(prog="python -m surveys.reannounce",
                                 description="Announce the cleaned comments again, for consumers to catch up.")
    ap.add_argument("--project", dest="projects", type=int, nargs="+", action="extend", metavar="ID",
                    help="only these projects (default: every project with a cleaned comment)")
    ap.add_argument("--dry-run", action="store_true", help="count what would be announced; write nothing")
    a = ap.parse_args(argv)
    settings = Settings()
    db = Database(settings.resolved_database_url(), Base, pool_size=2, max_overflow=0)
    bind_event_tables(db)
    try:
        reannounce(db, project_ids=a.projects, dry_run=a.dry_run)
    except SQLAlchemyError as exc:  # never str(exc): a database error can quote a row, i.e. a comment's text
        print(f"surveys reannounce: the database failed ({type(exc).__name__}); check SURVEYS_DATABASE_URL and that "
              "the surveys service's migrations have run. Projects announced before the failure stay announced; "
              "running the command again is safe.", file=sys.stderr)
        return 1
    finally:
        db.engine.dispose()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
