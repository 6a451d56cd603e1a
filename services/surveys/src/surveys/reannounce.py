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

from collections.abc import Callable

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
    from kit import reannounce as command
    from surveys.config import Settings
    from surveys.models import Base

    return command.main("surveys", settings=Settings(), base=Base, argv=argv,
                        announce=lambda db, ids, dry: reannounce(db, project_ids=ids, dry_run=dry),
                        description="Announce the cleaned comments again, for consumers to catch up.",
                        every="every project with a cleaned comment")


if __name__ == "__main__":
    raise SystemExit(main())
