"""Announce the projects' Additional Info selections again, so consumers of `projects.visit_info.updated` catch up:

    python -m projects.reannounce [--project ID ...] [--dry-run]      (settings from the environment, PROJECTS_*)

Use it once after calling began consuming the event (a project whose selection was saved before shows every
roster field on the call screen until then), or after adding another consumer. Every project that saved a
selection (of all projects, or those given) is written to the outbox as `projects.visit_info.updated` with its
current selection, one transaction for all; the relay sends them as any other. They carry new event ids and the
current time, so consumers apply them; running the command again is safe. Projects that never saved a selection
are not announced (consumers show every field for them already)."""

from __future__ import annotations

from collections.abc import Callable

from kit.db import Database
from projects.events import published
from projects.project import repository


def reannounce(db: Database, *, project_ids: list[int] | None = None, dry_run: bool = False,
               out: Callable[[str], None] = print) -> int:
    """Announce the selections of the given projects (all when None); returns the number of events."""
    with db.session() as s:
        projects = repository.with_visit_info(s, project_ids)
        for p in projects:
            if not dry_run:
                published.visit_info_updated(s, p)
            out(f"project {p.id}: {sum(1 for f in p.visit_info if f.get('show'))} fields shown")
    out(f"{'would announce' if dry_run else 'announced'} the Additional Info of {len(projects)} "
        f"project{'' if len(projects) == 1 else 's'}")
    return len(projects)


def main(argv: list[str] | None = None) -> int:
    from kit import reannounce as command
    from projects.config import Settings
    from projects.models import Base

    return command.main("projects", settings=Settings(), base=Base, argv=argv,
                        announce=lambda db, ids, dry: reannounce(db, project_ids=ids, dry_run=dry),
                        description="Announce the projects' Additional Info selections again, for consumers "
                                    "to catch up.",
                        every="every project that saved a selection")


if __name__ == "__main__":
    raise SystemExit(main())
