"""Announce again what rosters holds, so consumers of its events catch up:

    python -m rosters.reannounce [--project ID ...] [--dry-run]      (settings from the environment, ROSTERS_*)

Use it after adding a consumer of rosters' events (it starts empty), or to fill reporting's copy of the visits
for rosters imported before it kept one (their calls export with empty patient columns otherwise). For each
project (all, or those given), oldest roster first:
- a Ready roster: its visits as `rosters.visits.imported` (batches of `visits_per_event`, as the import sends
  them), then `rosters.roster.committed`;
- a Removed roster (undone, or reset by the final count) and a Ready roster deleted from the history: the visits
  of it that calls were made to (the only ones rosters keeps, and the ones the call exports need), then
  `rosters.roster.removed` (per roster: a project-wide `roster.reset` announced now would also remove the rosters
  uploaded after the real reset);
- then the project's sampling, `rosters.sampling.updated`.
The events go to the outbox, so the service's relay sends them as any other (once the service runs). They carry
new event ids, so every consumer applies them again: consumers keep what they already had (visits are inserted
only when new; a removal or the same sampling again changes nothing). Each roster is written in a transaction
of its own (an undo or delete of it waits for that transaction); a failure leaves the rosters done so far
announced, and running the command again is safe. The summary names projects, rosters and counts, never
patient data."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import polars as pl

from kit.db import Database
from rosters.config import Settings
from rosters.constants import READY
from rosters.events import published
from rosters.models import Roster
from rosters.roster import repository
from rosters.roster.service import visit_event_texts
from rosters.sampling import repository as sampling_repository
from rosters.sampling import service as sampling_service


class UnknownProject(Exception):
    pass


@dataclass
class Tally:
    projects: int = 0
    ready: int = 0
    removed: int = 0
    visits: int = 0
    events: int = 0

    def add(self, other: Tally) -> None:
        for k in ("projects", "ready", "removed", "visits", "events"):
            setattr(self, k, getattr(self, k) + getattr(other, k))


def _batches(s, settings: Settings, project_id: int, roster_id: int, span: tuple[int, int, int],
             called_only: bool) -> Iterator[pl.DataFrame]:
    """The roster's visits, `visits_per_event` at a time (the last one shorter), read `import_batch_rows` ids at
    a time: memory stays flat whatever the roster's size."""
    per_event, step = settings.visits_per_event, max(settings.import_batch_rows, settings.visits_per_event)
    _, lo, hi = span
    pending = None
    for start in range(lo, hi + 1, step):
        part = repository.visits_between(s, project_id, roster_id, start, min(start + step - 1, hi),
                                         called_only=called_only)
        pending = part if pending is None else pl.concat([pending, part])
        full = pending.height - pending.height % per_event
        if full:
            yield pending.head(full)
            pending = pending.slice(full)
    if pending is not None and pending.height:
        yield pending


def _visits(s, settings: Settings, project_id: int, roster_id: int, *, called_only: bool, dry_run: bool
            ) -> tuple[int, int]:
    """Announce the roster's visits; returns (visits, events)."""
    span = repository.visit_id_span(s, project_id, roster_id, called_only=called_only)
    count = span[0]
    if dry_run or not count:
        return count, -(-count // settings.visits_per_event)
    events = 0
    for batch in _batches(s, settings, project_id, roster_id, span, called_only):
        events += published.visits_imported_batches(s, project_id=project_id, roster_id=roster_id,
                                                    visit_columns=visit_event_texts(batch, settings.visits_per_event))
    return count, events


def _roster(db: Database, settings: Settings, project_id: int, roster_id: int, status: int | None,
            dry_run: bool) -> Tally:
    """One roster, in a transaction of its own. status None: a roster deleted from the history (no row left)."""
    t = Tally()
    with db.session() as s:
        if status is not None and not dry_run:
            status = repository.lock_announced(s, roster_id)
            if status is None:
                return t  # deleted meanwhile: its own `removed` event told the consumers
        ready = status == READY
        t.visits, t.events = _visits(s, settings, project_id, roster_id, called_only=not ready, dry_run=dry_run)
        if not dry_run:
            if ready:
                published.roster_committed(s, repository.get(s, roster_id))
            else:
                published.roster_removed(s, Roster(id=roster_id, project_id=project_id))
        t.events += 1
        t.ready, t.removed = int(ready), int(not ready)
    return t


def _sampling(db: Database, project_id: int, dry_run: bool) -> int:
    with db.session() as s:
        if dry_run:
            return int(sampling_repository.get_settings(s, project_id) is not None)
        return int(bool(sampling_service.announce(s, project_id)))


def _project(db: Database, settings: Settings, project_id: int, dry_run: bool) -> Tally:
    with db.session() as s:
        rosters = repository.announced_rosters(s, project_id)
        rosters += [(rid, None) for rid in repository.deleted_roster_ids(s, project_id)]
    t = Tally(projects=1)
    for rid, status in sorted(rosters):
        t.add(_roster(db, settings, project_id, rid, status, dry_run))
    t.events += _sampling(db, project_id, dry_run)
    return t


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def reannounce(db: Database, settings: Settings, *, project_ids: list[int] | None = None, dry_run: bool = False,
               out: Callable[[str], None] = print) -> Tally:
    """Announce the given projects (all when None) again; prints a line per project and a summary."""
    with db.session() as s:
        known = repository.known_project_ids(s)
    if project_ids:
        unknown = sorted(set(project_ids) - set(known))
        if unknown:
            raise UnknownProject(f"project {', '.join(map(str, unknown))} is not known to the rosters service "
                                 "(no project event and no roster for it); nothing was announced")
        known = sorted(set(project_ids))
    total = Tally()
    for pid in known:
        t = _project(db, settings, pid, dry_run)
        total.add(t)
        if t.ready or t.removed:
            rosters = f"{t.ready} Ready, {t.removed} removed ({_plural(t.visits, 'visit')})"
        else:
            rosters = "no rosters"
        out(f"project {pid}: {rosters}, {_plural(t.events, 'event')}")
    written = "would be written (dry run: nothing was written)" if dry_run else "written to the outbox"
    out(f"rosters reannounce: {_plural(total.projects, 'project')}, {_plural(total.ready + total.removed, 'roster')} "
        f"({total.ready} Ready, {total.removed} removed), {_plural(total.visits, 'visit')}, "
        f"{_plural(total.events, 'event')} {written}")
    return total


def main(argv: list[str] | None = None) -> int:
    from kit import reannounce as command
    from rosters.models import Base

    settings = Settings()
    return command.main("rosters", settings=settings, base=Base, argv=argv, refusals=(UnknownProject,),
                        announce=lambda db, ids, dry: reannounce(db, settings, project_ids=ids, dry_run=dry),
                        description="Announce rosters' rosters and sampling again, for consumers to catch up.",
                        every="every project")


if __name__ == "__main__":
    raise SystemExit(main())
