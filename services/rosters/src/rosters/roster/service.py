"""Roster upload: preview (parse + stage), confirm (commit visits + events), cancel, history, undo."""

import contextvars
import hashlib
import logging
import shutil
import uuid
from collections import deque
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from datetime import date, timedelta
from pathlib import Path

import polars as pl
from sqlalchemy.exc import DataError, IntegrityError
from sqlalchemy.orm import Session

from kit.auth import Principal, Role
from kit.db import Database, is_postgres
from kit.errors import BadRequest, Conflict, NotAcceptable, NotFound, ServiceError
from kit.events import utcnow
from kit.paging import Page
from rosters.events import published
from rosters.models import Roster, RosterUpload
from rosters.readmodel import repository as readmodel
from rosters.readmodel.access import project_or_404
from rosters.roster import repository
from rosters.roster.parser import ParsedRoster, RosterRejected, stage_roster_file, staged_batches
from rosters.roster.repository import ERRORED, PROCESSING, READY, REMOVED
from rosters.sampling import service as sampling_service

log = logging.getLogger("rosters.roster")

EVENT_VISIT_FIELDS = {
    "id": "visitId", "visitor_id": "visitorId", "first_name": "firstName", "last_name": "lastName",
    "phone_cell": "phoneCell", "phone_home": "phoneHome", "dos": "dos", "dob": "dob", "age": "age",
    "gender": "gender", "provider_name": "providerName", "provider_type": "providerType", "site_name": "siteName",
    "department_name": "departmentName", "guarantor": "guarantor", "language_id": "languageId", "chpw": "chpw",
    "type_id": "typeId", "payer_type": "payerType", "ethnicity": "ethnicity", "race": "race", "mrn": "mrn",
}


def staging_dir(settings) -> Path:
    """Where uploads are spooled and previewed files wait for Confirm (a file per upload id). They are patients'
    rows, so the folder is the service user's alone (0700) whatever the umask: the typed parts inside are written
    by polars with the process's umask (0644 outside the embedded run), and the folder keeps others out of them."""
    path = Path(settings.var_dir) / "roster-staging"
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    if path.stat().st_mode & 0o077:  # made before this rule, or by a mkdir the umask widened
        path.chmod(0o700)
    return path


def _staged_path(settings, upload_id: str) -> Path:
    """A previewed upload's checked, typed rows: a folder of Arrow IPC batches (named by a uuid, never a path of
    the caller's choosing), so Confirm writes them without reading and checking the CSV again."""
    return staging_dir(settings) / f"{uuid.UUID(upload_id)}.batches"


def _unstage(settings, upload_id: str) -> None:
    shutil.rmtree(_staged_path(settings, upload_id), ignore_errors=True)


def _stage(s: Session, settings, path: Path, file_name: str, folder: Path) -> ParsedRoster:
    """Parse and check the file into `folder` (typed parts); on any refusal the folder is removed."""
    try:
        return stage_roster_file(path, readmodel.languages(s), folder, file_name, batch_rows=settings.import_batch_rows)
    except RosterRejected as exc:
        shutil.rmtree(folder, ignore_errors=True)
        raise ServiceError(exc.message, status_code=exc.status_code) from None
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise


def _purge_expired(s: Session, settings) -> None:
    for upload_id in repository.purge_staged_before(s, utcnow() - timedelta(hours=settings.staging_ttl_hours)):
        _unstage(settings, upload_id)


def preview(s: Session, principal: Principal, settings, *, project_id: int, path: Path, file_name: str) -> dict:
    """Parse and check the file once; a clean file's typed rows are staged batch by batch (memory stays flat)
    for Confirm, which then has nothing left to parse or check."""
    project_or_404(s, principal, project_id)
    upload_id = str(uuid.uuid4())
    parsed = _stage(s, settings, path, file_name, _staged_path(settings, upload_id))
    _purge_expired(s, settings)
    if parsed.error_count:  # a file with errors cannot be confirmed, so nothing of it is kept
        _unstage(settings, upload_id)
        upload_id = None
    else:
        repository.stage(s, RosterUpload(id=upload_id, project_id=project_id, uploaded_by=principal.id,
                                         file_name=file_name[:255], row_count=parsed.row_count, content=b""))
    return {"uploadId": upload_id, "projectId": project_id, **parsed.preview()}


def _staged_or_404(s: Session, principal: Principal, project_id: int, upload_id: str, ttl_hours: int) -> RosterUpload:
    staged = repository.get_staged(s, upload_id)
    fresh = staged is not None and staged.created_at >= utcnow() - timedelta(hours=ttl_hours)
    if not fresh or staged.project_id != project_id or (
            principal.role == Role.PROJECT_MANAGER and staged.uploaded_by != principal.id):
        raise NotFound("Upload not found or expired; upload the roster again")
    return staged


def cancel(s: Session, principal: Principal, settings, *, project_id: int, upload_id: str) -> None:
    project_or_404(s, principal, project_id)
    _staged_or_404(s, principal, project_id, upload_id, settings.staging_ttl_hours)
    repository.drop_staged(s, upload_id)
    _unstage(settings, upload_id)


def _visitor_ids(project_id: int, visits: pl.DataFrame) -> list[int]:
    """A stable patient key per project: the MRN, else name and birth date."""
    keys = visits.select(
        pl.when(pl.col("mrn").is_not_null()).then(pl.lit("m:") + pl.col("mrn"))
        .otherwise(pl.lit("n:") + pl.concat_str([pl.col("first_name").fill_null(""), pl.col("last_name").fill_null(""),
                                                 pl.col("dob").cast(pl.String).fill_null("")], separator="|")
                   .str.to_lowercase())
    ).to_series()
    prefix = f"{project_id}:".encode()
    return [int.from_bytes(hashlib.blake2b(prefix + k.encode(), digest_size=8).digest(), "big") & 0x7FFF_FFFF_FFFF_FFFF
            for k in keys]


class ImportFailed(ServiceError):
    """The roster row exists (now Errored) but its visits could not be written."""
    status_code = 503
    message = "The roster could not be imported and is marked Errored; upload it again"


def _failure(exc: Exception) -> tuple[str, int]:
    """A short reason for the Errored roster and the response. Never str() of a database error: it can quote
    the row that failed, i.e. patient data."""
    if isinstance(exc, ServiceError):
        return exc.message[:200], exc.status_code
    if isinstance(exc, (DataError, IntegrityError)):
        return "a value in the file does not fit the database (check for over-long cells)", 406
    return "the database failed while writing the visits", 503


def import_unit_of_work(db: Database):
    """A transaction of its own, committed when the block ends: the import's steps must be visible (Processing,
    then Ready or Errored) whatever becomes of the request's unit of work."""
    return db.session()


def commit(s: Session, db: Database, principal: Principal, settings, *, project_id: int, path: Path | None,
           file_name: str, upload_id: str | None) -> Roster:
    """Confirm a roster in three steps, so history shows Processing while it imports and Errored if it fails:
    1. a previewed upload's staged batches were checked at preview (their rows are counted again); a file sent
       without a preview is checked here, on the request session (a bad file stores nothing: 4xx, no roster row);
    2. the roster row as Processing (and the staged upload claimed) in its own short, committed transaction;
    3. visits, their events and Ready in a second transaction; on any failure the roster is marked Errored in a
       third one and nothing else of it is kept.
    `s` is only read from here: the writes go through `import_unit_of_work(db)`, the import's own units of work
    that commit independently of the request's (docs/decisions.md: "The roster import's own unit of work")."""
    project_or_404(s, principal, project_id)
    if upload_id:
        staged = _staged_or_404(s, principal, project_id, upload_id, settings.staging_ttl_hours)
        folder, file_name = _staged_path(settings, upload_id), staged.file_name
        if not folder.is_dir():
            raise NotFound("Upload not found or expired; upload the roster again")
        row_count, start, end = _staged_summary(folder)
        if row_count != staged.row_count:
            raise Conflict("The previewed upload is incomplete; upload the roster again")
    else:
        if path is None:
            raise BadRequest("file: Required (or the uploadId of a previewed roster)")
        # a file sent without a preview is staged for this request alone, then written like a previewed one
        folder = _staged_path(settings, str(uuid.uuid4()))
        parsed = _stage(s, settings, path, file_name, folder)
        if parsed.error_count:
            shutil.rmtree(folder, ignore_errors=True)
            first = "; ".join(e["message"] for e in parsed.errors[:3])
            raise NotAcceptable(f"The roster has {parsed.error_count} error(s) and was not saved: {first}")
        row_count, start, end = parsed.row_count, parsed.range_start_date, parsed.range_end_date
    try:
        return _commit_staged(db, principal, project_id, folder, file_name, upload_id, row_count, start, end, settings)
    finally:
        if not upload_id:  # a previewed upload's parts go once it is claimed (not when a double click loses)
            shutil.rmtree(folder, ignore_errors=True)


def _commit_staged(db: Database, principal: Principal, project_id: int, folder: Path, file_name: str,
                   upload_id: str | None, row_count: int, start: date | None, end: date | None, settings) -> Roster:
    with import_unit_of_work(db) as w:
        # Claiming the staged upload here makes a double-clicked Confirm import once: the second finds it gone.
        if upload_id and not repository.drop_staged(w, upload_id):
            raise NotFound("Upload not found or expired; upload the roster again")
        roster = repository.add(w, Roster(project_id=project_id, status=PROCESSING, uploaded_by=principal.id,
                                          file_name=(file_name or "")[:255], range_start_date=start,
                                          range_end_date=end, total_enc=row_count))
    try:
        if is_postgres(db.engine):
            _import_side_by_side(db, roster, settings, folder)
        else:
            with import_unit_of_work(db) as w:
                _import(w, roster, settings, folder)
    except Exception as exc:  # noqa: BLE001 - whatever failed, the roster must not stay Processing
        reason, status = _failure(exc)
        with import_unit_of_work(db) as w:
            # visits a side-by-side import had committed before its events failed leave with it
            repository.delete_uncalled_visits(w, project_id, [roster.id])
            repository.set_status(w, roster, ERRORED, error=reason)
        log.warning("roster import failed", extra={"roster_id": roster.id, "project_id": project_id,
                                                   "error": type(exc).__name__})
        raise ImportFailed(f"The roster could not be imported and is marked Errored: {reason}. "
                           "Nothing of it was kept; upload it again.", status_code=status) from None
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return roster


def _staged_summary(folder: Path) -> tuple[int, date | None, date | None]:
    """Rows and date-of-service range of the staged batches (only their `dos` column is read)."""
    rows, lo, hi = 0, None, None
    for part in sorted(folder.glob("*.ipc")):
        dos = pl.read_ipc(part, columns=["dos"]).get_column("dos")
        rows += dos.len()
        if dos.min() is not None:
            lo = dos.min() if lo is None else min(lo, dos.min())
            hi = dos.max() if hi is None else max(hi, dos.max())
    return rows, lo, hi


def _prepared_parts(folder: Path, roster: Roster, ids: range, visits_per_event: int) -> Iterator[tuple]:
    """Each staged part ready to write: (visits with their ids and stable patient ids, the part's event texts).
    Pure Python and polars work, no database: `_import` runs it a part ahead on a thread, so it overlaps the
    database's COPY of the previous part instead of waiting for it. Nothing overlaps the first part's
    preparation, so the first staged part is cut to two events' worth of visits: the writes start sooner."""
    offset = 0
    for batch in _small_first(staged_batches(folder), 2 * visits_per_event):
        if offset + batch.height > len(ids):
            raise ServiceError("the roster file changed while it was being imported", status_code=409)
        first = ids.start + offset
        visits = batch.with_columns(
            pl.int_range(first, first + batch.height, dtype=pl.Int64, eager=True).alias("id"),
            pl.lit(roster.id, dtype=pl.Int64).alias("roster_id"),
            pl.lit(roster.project_id, dtype=pl.Int64).alias("project_id"),
            pl.Series("visitor_id", _visitor_ids(roster.project_id, batch), dtype=pl.Int64))
        offset += batch.height
        yield visits, visit_event_texts(visits, visits_per_event)


def visit_event_texts(visits: pl.DataFrame, visits_per_event: int) -> list[str]:
    """The `visitColumns` JSON objects of `rosters.visits.imported` for `visits` (Visit columns, dos/dob dates),
    `visits_per_event` visits each (`published.visits_imported_batches` wraps them). Also used by
    `rosters.reannounce`, so a re-announced visit reads exactly as its import announced it."""
    wire = visits.select([
        (pl.col(c).dt.to_string("%Y-%m-%d") if c in ("dos", "dob") else pl.col(c)).alias(alias)
        for c, alias in EVENT_VISIT_FIELDS.items()])
    return [chunk.select(pl.all().implode()).write_json()[1:-1]  # [{...}] -> {...}: one row of lists
            for chunk in wire.iter_slices(visits_per_event)]


def _small_first(batches: Iterator[pl.DataFrame], rows: int) -> Iterator[pl.DataFrame]:
    """`batches` with the first one's first `rows` rows as a part of their own."""
    for n, batch in enumerate(batches):
        if n == 0 and batch.height > rows:
            yield batch.slice(0, rows)
            batch = batch.slice(rows)
        yield batch


def _ahead(items: Iterator) -> Iterator:
    """`items`, each computed on a worker thread while the caller works on the one before (one in flight)."""
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="roster-import") as pool:
        future = pool.submit(next, items, None)
        while True:
            item = future.result()
            if item is None:
                return
            future = pool.submit(next, items, None)
            yield item


def _import(s: Session, roster: Roster, settings, folder: Path) -> None:
    """Write the staged, checked parts one by one (visits and their events), so memory stays flat whatever the
    roster's size; all in this one transaction. The roster's visit ids are taken at once, as one range."""
    ids = _begin_import(s, roster)
    written = 0
    for visits, events in _ahead(_prepared_parts(folder, roster, ids, settings.visits_per_event)):
        repository.insert_visits(s, visits)
        published.visits_imported_batches(s, project_id=roster.project_id, roster_id=roster.id, visit_columns=events)
        written += visits.height
    _check_written(roster, written)
    _finish_import(s, roster)


def _begin_import(s: Session, roster: Roster) -> range:
    """Lock the still-Processing roster row and take its visit ids, as one range."""
    if not repository.start_import(s, roster.id):
        raise ServiceError("the roster was changed while it was being imported", status_code=409)
    return repository.allocate_visit_ids(s, roster.total_enc)


def _check_written(roster: Roster, written: int) -> None:
    if written != roster.total_enc:
        raise ServiceError("the roster file changed while it was being imported", status_code=409)


def _finish_import(s: Session, roster: Roster) -> None:
    repository.set_status(s, roster, READY)
    published.roster_committed(s, roster)
    sampling_service.announce(s, roster.project_id)  # undefinedProviders moves with the roster


VISIT_WRITERS = 2  # connections that COPY a roster's visits side by side (parts alternate between them)


def _import_side_by_side(db: Database, roster: Roster, settings, folder: Path) -> None:
    """PostgreSQL: `_import` on several connections at once: the visits' COPY alternates between
    VISIT_WRITERS connections and their events' COPY into the outbox goes on one more, so the database works
    on them in parallel instead of one after the other (a server backend runs one statement at a time).
    The visits commit first, with the roster still Processing: no reader counts a Processing roster's visits
    (sampling counts Ready rosters', calling has none until the events). Then Ready and every event commit
    together. If that fails, `_commit_staged` marks the roster Errored and deletes its visits; if the service
    stops in between, `fail_interrupted_imports` does the same at its next start."""
    visit_sessions = [db.sessionmaker() for _ in range(VISIT_WRITERS)]
    events_s = db.sessionmaker()
    try:
        ids = _begin_import(visit_sessions[0], roster)
        written, pending = 0, deque()

        def publish(events: list[str]) -> None:
            published.visits_imported_batches(events_s, project_id=roster.project_id, roster_id=roster.id,
                                              visit_columns=events)

        # one thread per connection, each writing its parts in order; a few parts wait, so memory stays flat.
        # Each thread runs in a copy of the request's context: the events carry its trace, the logs its id.
        with ExitStack() as threads:
            events_writer = threads.enter_context(ThreadPoolExecutor(1, thread_name_prefix="roster-events"))
            visit_writers = [threads.enter_context(ThreadPoolExecutor(1, thread_name_prefix="roster-visits"))
                             for _ in visit_sessions]
            contexts = [contextvars.copy_context() for _ in range(len(visit_writers) + 1)]
            parts = _ahead(_prepared_parts(folder, roster, ids, settings.visits_per_event))
            for n, (visits, events) in enumerate(parts):
                w = n % len(visit_writers)
                # a part's visits before its events: if both fail, the visits' error is the one answered
                pending.append(visit_writers[w].submit(contexts[w].run, repository.insert_visits,
                                                       visit_sessions[w], visits))
                pending.append(events_writer.submit(contexts[-1].run, publish, events))
                written += visits.height
                while len(pending) > 2 * (len(visit_writers) + 1) or (pending and pending[0].done()):
                    pending.popleft().result()
            while pending:
                pending.popleft().result()
        _check_written(roster, written)
        for s in visit_sessions:  # the first holds the roster's row lock (start_import): the status below waits
            s.commit()
        _finish_import(events_s, roster)
        events_s.commit()
    finally:
        for s in [events_s, *visit_sessions]:
            s.close()  # whatever is not committed is rolled back


INTERRUPTED = "the import was interrupted (the service stopped while it ran)"


def fail_interrupted_imports(db: Database, *, older_than: timedelta) -> int:
    """A roster still Processing long after its upload was cut off mid-import: mark it Errored so the history
    tells the truth and it can be re-sent, and delete any visits of it that were committed (a side-by-side
    import stopped between its two commits); otherwise the import's transactions rolled back and nothing is kept."""
    with import_unit_of_work(db) as w:
        stuck = repository.processing_before(w, utcnow() - older_than)
        for roster in stuck:
            repository.delete_uncalled_visits(w, roster.project_id, [roster.id])
            repository.set_status(w, roster, ERRORED, error=INTERRUPTED)
        return len(stuck)


def history(s: Session, principal: Principal, page: Page, *, project_id: int | None) -> list[dict] | tuple:
    if project_id is not None:
        project_or_404(s, principal, project_id, read=True)
    manager_id = principal.id if principal.role == Role.PROJECT_MANAGER else None
    rows, count = repository.list_page(s, page, project_id=project_id, manager_id=manager_id)
    undoable = repository.latest_ready_ids(s, {r.project_id for r in rows})
    return [to_read(r, r.id in undoable) for r in rows], count


def to_read(r: Roster, is_undoable: bool) -> dict:
    return {"id": r.id, "projectId": r.project_id, "status": r.status, "uploadedOn": r.uploaded_on,
            "rangeStartDate": r.range_start_date, "rangeEndDate": r.range_end_date, "totalEnc": r.total_enc,
            "isUndoable": is_undoable, "fileName": r.file_name, "error": r.error}


def undo(s: Session, principal: Principal, *, roster_id: int, project_id: int) -> Roster:
    project_or_404(s, principal, project_id)
    roster = repository.get(s, roster_id)
    if roster is None or roster.project_id != project_id:
        raise NotFound("Roster not found")
    if roster.id not in repository.latest_ready_ids(s, {project_id}):
        raise BadRequest("Only the latest ready roster of a project can be undone")
    repository.delete_uncalled_visits(s, project_id, [roster.id])
    repository.set_status(s, roster, REMOVED, removed_at=utcnow())
    published.roster_removed(s, roster)
    sampling_service.announce(s, project_id)
    return roster


def delete(s: Session, principal: Principal, *, roster_id: int, project_id: int) -> None:
    """Delete a roster from the history; a Ready one's patients leave the call queue first (as on undo)."""
    project_or_404(s, principal, project_id)
    roster = repository.get(s, roster_id)
    if roster is None or roster.project_id != project_id:
        raise NotFound(f"Roster {roster_id} not found in project {project_id}")
    if roster.status == PROCESSING:
        raise Conflict("The roster is still processing; it can be deleted once it is Ready or Errored")
    was_ready = roster.status == READY
    if was_ready:
        repository.delete_uncalled_visits(s, project_id, [roster.id])
    repository.remove(s, roster)
    if was_ready:  # after the row's delete, which waits for a re-announce of the roster: its visits go out first
        published.roster_removed(s, roster)
    sampling_service.announce(s, project_id)


def reset_project(s: Session, project_id: int) -> int:
    """The final count: every Ready roster of the project is Removed and its not-yet-called patients leave the
    queue, announced once as `rosters.roster.reset`. Irreversible. Returns the number of rosters reset."""
    if repository.has_processing(s, project_id):
        raise Conflict("A roster is still processing; submit the final count once it is Ready")
    ids = repository.ready_ids(s, project_id)
    repository.delete_uncalled_visits(s, project_id, ids)
    now = utcnow()
    for rid in ids:
        repository.set_status(s, repository.get(s, rid), REMOVED, removed_at=now)
    published.roster_reset(s, project_id)
    return len(ids)
