"""Announce the projects' Additional Info selections again, so consumers of `projects.visit_info.updated` catch up:

    python -m projects.reannounce [--project ID ...] [--dry-run]      (settings from the environment, PROJECTS_*)

Use it once after calling began consuming the event (a project whose selection was saved before shows every
roster field on the call screen until then), or after adding another consumer. Every project that saved a
selection (of all projects, or those given) is written to the outbox as `projects.visit_info.updated` with its
current selection, one transaction for all; the relay sends them as any other. They carry new event ids and the
current time, so consumers apply them; running the command again is safe. Projects that never saved a selection
are not announced (consumers show every field for them already).

Without --project it also announces every language an admin added after the twelve (`projects.language.created`),
for the consumers that name them (surveys, calling, reporting keep them since 2026-11-26: a language added before
that stays unnamed there until announced)."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import select

from kit.db import Database
from kit.languages import LANGUAGES
from projects.events import published
from projects.models import Language
from projects.project import repository


def reannounce(db: Database, *, project_ids: list[int] | None = None, dry_run: bool = False,
               out: Callable[[str], None] = print) -> int:
    """Announce the selections of the given projects (all when None, and then the added languages too); returns
    the number of events."""
    with db.session() as s:
        projects = repository.with_visit_info(s, project_ids)
        for p in projects:
            if not dry_run:
                published.visit_info_updated(s, p)
            out(f"project {p.id}: {sum(1 for f in p.visit_info if f.get('show'))} fields shown")
    out(f"{'would announce' if dry_run else 'announced'} the Additional Info of {len(projects)} "
        f"project{'' if len(projects) == 1 else 's'}")
    languages = announce_added_languages(db, dry_run=dry_run, out=out) if project_ids is None else 0
    return len(projects) + languages


def announce_added_languages(db: Database, *, dry_run: bool = False, out: Callable[[str], None] = print) -> int:
    """Every language an admin added after the twelve, as `projects.language.created` again; returns the count."""
    with db.session() as s:
        added = [lang for lang in s.scalars(select(Language).order_by(Language.id)) if lang.id not in LANGUAGES]
        for lang in added:
            if not dry_run:
                published.language_created(s, lang)
    out(f"{'would announce' if dry_run else 'announced'} {len(added)} added language{'' if len(added) == 1 else 's'}")
    return len(added)


def main(argv: list[str] | None = None) -> int:
    from kit import reannounce as command
    from projects.config import Settings
    from projects.models import Base

    return command.main("projects", settings=Settings(), base=Base, argv=argv,
                        announce=lambda db, ids, dry: reannounce(db, project_ids=ids, dry_run=dry),
                        description="Announce the projects' Additional Info selections (and, for all projects, "
                                    "the languages added after the twelve) again, for consumers to catch up.",
                        every="every project that saved a selection, and every added language")


if __name__ == "__main__":
    raise SystemExit(main())
