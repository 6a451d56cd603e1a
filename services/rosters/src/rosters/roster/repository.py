"""Rosters, their visits and staged uploads. Bulk visit writes use COPY on PostgreSQL."""

from datetime import datetime

import polars as pl
from sqlalchemy import delete, func, select, text, update
from sqlalchemy.orm import Session

from kit.db import is_postgres
from kit.paging import Page, order_column
from rosters.models import CallView, ProjectView, Roster, RosterUpload, Visit

from rosters.constants import ERRORED, PROCESSING, READY, REMOVED  # noqa: F401 (re-exported)
ORDER = {"id": Roster.id, "uploadedOn": Roster.uploaded_on, "status": Roster.status,
         "rangeStartDate": Roster.range_start_date, "rangeEndDate": Roster.range_end_date, "totalEnc": Roster.total_enc}
VISIT_COLUMNS = ["id", "roster_id", "project_id", "visitor_id", "first_name", "last_name", "phone_cell", "phone_home",
                 "dos", "dob", "age", "gender", "provider_name", "provider_type", "site_name", "department_name",
                 "guarantor", "language_id", "chpw", "type_id", "payer_type", "ethnicity", "race", "mrn"]


def get(s: Session, roster_id: int) -> Roster | None:
    return s.get(Roster, roster_id)


def add(s: Session, roster: Roster) -> Roster:
    s.add(roster)
    s.flush()
    return roster


def list_page(s: Session, page: Page, *, project_id: int | None, manager_id: int | None) -> tuple[list[Roster], int]:
    q = select(Roster)
    if project_id is not None:
        q = q.where(Roster.project_id == project_id)
    if manager_id is not None:
        q = q.where(Roster.project_id.in_(select(ProjectView.id).where(ProjectView.manager_id == manager_id)))
    count = s.scalar(select(func.count()).select_from(q.subquery()))
    default = Roster.uploaded_on
    order = order_column(ORDER, page, default) if page.order_by else default.desc()
    q = q.order_by(order, Roster.id.desc()).offset(page.skip).limit(page.limit)
    return list(s.scalars(q)), int(count or 0)


def latest_ready_ids(s: Session, project_ids: set[int]) -> set[int]:
    """The newest Ready roster of each project: the one that can be undone."""
    if not project_ids:
        return set()
    q = (select(func.max(Roster.id)).where(Roster.project_id.in_(project_ids), Roster.status == READY)
         .group_by(Roster.project_id))
    return {i for i in s.scalars(q) if i is not None}


# Staged uploads ---------------------------------------------------------------------------------------------

def stage(s: Session, upload: RosterUpload) -> RosterUpload:
    s.add(upload)
    s.flush()
    return upload


def get_staged(s: Session, upload_id: str) -> RosterUpload | None:
    return s.get(RosterUpload, upload_id)


def drop_staged(s: Session, upload_id: str) -> bool:
    return bool(s.execute(delete(RosterUpload).where(RosterUpload.id == upload_id)).rowcount)


def purge_staged_before(s: Session, cutoff: datetime) -> list[str]:
    """Drops expired staged uploads; returns their ids (their files are the caller's to remove)."""
    ids = list(s.scalars(select(RosterUpload.id).where(RosterUpload.created_at < cutoff)))
    if ids:
        s.execute(delete(RosterUpload).where(RosterUpload.id.in_(ids)))
    return ids


# Visits -----------------------------------------------------------------------------------------------------

VISIT_IDS_LOCK = 0x5653_4944  # "VSID": held only for the instant of taking a range of visit ids


def allocate_visit_ids(s: Session, n: int) -> range:
    """n consecutive visit ids. On PostgreSQL one statement moves the sequence past them under a session advisory
    lock taken and released in the same statement (every allocation goes through here: the import is the only
    writer of visits), so a million ids cost one round trip instead of a million `nextval`s."""
    if n <= 0:
        return range(0)
    if is_postgres(s.get_bind()):
        last = s.execute(text(
            "WITH l AS MATERIALIZED (SELECT pg_advisory_lock(:key)), "
            "v AS MATERIALIZED (SELECT setval(pg_get_serial_sequence('visits', 'id'), "
            "nextval(pg_get_serial_sequence('visits', 'id')) + :n - 1) AS last FROM l), "
            "u AS MATERIALIZED (SELECT pg_advisory_unlock(:key) FROM v) "
            "SELECT last FROM v, u"), {"key": VISIT_IDS_LOCK, "n": n}).scalar_one()
        return range(last - n + 1, last + 1)
    # SQLite: `start_import` wrote first in this transaction and holds the database's write lock, so max(id) is stable.
    start = (s.scalar(select(func.max(Visit.id))) or 0) + 1
    return range(start, start + n)


def insert_visits(s: Session, visits: pl.DataFrame) -> None:
    """visits has exactly VISIT_COLUMNS."""
    visits = visits.select(VISIT_COLUMNS)
    conn = s.connection()
    if is_postgres(s.get_bind()):
        data = visits.write_csv(include_header=False, null_value="", date_format="%Y-%m-%d").encode()
        raw = conn.connection.driver_connection
        with raw.cursor() as cur:
            with cur.copy(f"COPY visits ({', '.join(VISIT_COLUMNS)}) FROM STDIN WITH (FORMAT csv)") as copy:
                copy.write(data)
        return
    rows = visits.with_columns(pl.col("dos").dt.to_string("%Y-%m-%d"), pl.col("dob").dt.to_string("%Y-%m-%d")).rows()
    sql = f"INSERT INTO visits ({', '.join(VISIT_COLUMNS)}) VALUES ({', '.join('?' * len(VISIT_COLUMNS))})"
    conn.exec_driver_sql(sql, rows)


def start_import(s: Session, roster_id: int) -> bool:
    """Open the import transaction with a write on the (still Processing) roster row: on SQLite that takes the
    database's write lock before `allocate_visit_ids` reads max(id); on PostgreSQL it locks the row against a
    concurrent change. False when the roster is no longer Processing."""
    res = s.execute(update(Roster).where(Roster.id == roster_id, Roster.status == PROCESSING)
                    .values(status=PROCESSING))
    return bool(res.rowcount)


def processing_before(s: Session, cutoff: datetime) -> list[Roster]:
    return list(s.scalars(select(Roster).where(Roster.status == PROCESSING, Roster.uploaded_on < cutoff)
                          .with_for_update()))


def delete_uncalled_visits(s: Session, project_id: int, roster_ids: list[int]) -> int:
    """The project's rosters' visits leave; those already called stay (the called-roster export and the call log
    show them), but no longer count as encounters: only Ready rosters' visits do. (By project and roster: the
    visits' one secondary index, so an import maintains no other.)"""
    called = select(CallView.visit_id)
    return s.execute(delete(Visit).where(Visit.project_id == project_id, Visit.roster_id.in_(roster_ids),
                                         Visit.id.not_in(called))
                     .execution_options(synchronize_session=False)).rowcount or 0


def ready_ids(s: Session, project_id: int) -> list[int]:
    return list(s.scalars(select(Roster.id).where(Roster.project_id == project_id, Roster.status == READY)))


def has_processing(s: Session, project_id: int) -> bool:
    return s.scalar(select(func.count()).where(Roster.project_id == project_id, Roster.status == PROCESSING)) > 0


def remove(s: Session, roster: Roster) -> None:
    s.delete(roster)
    s.flush()


def set_status(s: Session, roster: Roster, status: int, **fields) -> None:
    s.execute(update(Roster).where(Roster.id == roster.id).values(status=status, **fields))
    # Set on the object rather than refreshed: a confirm's roster row was written by an earlier session.
    roster.status = status
    for name, value in fields.items():
        setattr(roster, name, value)


# Re-announcing (rosters.reannounce) -------------------------------------------------------------------------

# The visit columns a `rosters.visits.imported` event carries, with their polars types (service.EVENT_VISIT_FIELDS).
ANNOUNCED_VISIT_TYPES = {"id": pl.Int64, "visitor_id": pl.Int64, "first_name": pl.String, "last_name": pl.String,
                         "phone_cell": pl.String, "phone_home": pl.String, "dos": pl.Date, "dob": pl.Date,
                         "age": pl.Int64, "gender": pl.String, "provider_name": pl.String,
                         "provider_type": pl.String, "site_name": pl.String, "department_name": pl.String,
                         "guarantor": pl.String, "language_id": pl.Int64, "chpw": pl.String, "type_id": pl.Int64,
                         "payer_type": pl.String, "ethnicity": pl.String, "race": pl.String, "mrn": pl.String}


def known_project_ids(s: Session) -> list[int]:
    """Every project this service has heard of, or holds rosters of."""
    return sorted(set(s.scalars(select(ProjectView.id))) | set(s.scalars(select(Roster.project_id).distinct())))


def announced_rosters(s: Session, project_id: int) -> list[tuple[int, int]]:
    """(id, status) of the project's Ready and Removed rosters, oldest first."""
    return [tuple(r) for r in s.execute(select(Roster.id, Roster.status).where(
        Roster.project_id == project_id, Roster.status.in_((READY, REMOVED))).order_by(Roster.id))]


def _called(project_id: int):
    return select(CallView.visit_id).where(CallView.project_id == project_id, CallView.result.is_not(None))


def deleted_roster_ids(s: Session, project_id: int) -> list[int]:
    """Rosters deleted from the history whose called visits stay (`delete` keeps them for their calls). Found
    through the calls, not by scanning the project's visits."""
    q = (select(Visit.roster_id).distinct().join(CallView, CallView.visit_id == Visit.id)
         .where(CallView.project_id == project_id, CallView.result.is_not(None), Visit.project_id == project_id,
                Visit.roster_id.not_in(select(Roster.id)))
         .order_by(Visit.roster_id))
    return list(s.scalars(q))


def lock_announced(s: Session, roster_id: int) -> int | None:
    """Open the roster's re-announce transaction with a write on its row (still Ready or Removed): an undo or a
    delete running meanwhile waits for its commit, so its `removed` event follows the re-announced visits (on
    SQLite the write takes the database's write lock). Returns the roster's status, or None when it is no longer
    Ready or Removed (or gone)."""
    res = s.execute(update(Roster).where(Roster.id == roster_id, Roster.status.in_((READY, REMOVED)))
                    .values(status=Roster.status).execution_options(synchronize_session=False))
    if not res.rowcount:
        return None
    return s.scalar(select(Roster.status).where(Roster.id == roster_id))


def _roster_visits(project_id: int, roster_id: int, called_only: bool) -> list:
    conds = [Visit.project_id == project_id, Visit.roster_id == roster_id]
    if called_only:
        conds.append(Visit.id.in_(_called(project_id)))
    return conds


def visit_id_span(s: Session, project_id: int, roster_id: int, *, called_only: bool) -> tuple[int, int, int]:
    """(count, lowest id, highest id) of the roster's visits (only those with a call result: `called_only`)."""
    n, lo, hi = s.execute(select(func.count(), func.min(Visit.id), func.max(Visit.id))
                          .where(*_roster_visits(project_id, roster_id, called_only))).one()
    return int(n or 0), int(lo or 0), int(hi or 0)


def visits_between(s: Session, project_id: int, roster_id: int, lo: int, hi: int, *, called_only: bool
                   ) -> pl.DataFrame:
    """The roster's visits with lo <= id <= hi, by id, in ANNOUNCED_VISIT_TYPES' columns. A roster's ids are one
    range (`allocate_visit_ids`), so a range of ids is a slice of the roster read through the primary key."""
    cols = [getattr(Visit, c) for c in ANNOUNCED_VISIT_TYPES]
    rows = s.execute(select(*cols).where(*_roster_visits(project_id, roster_id, called_only),
                                         Visit.id.between(lo, hi)).order_by(Visit.id)).all()
    return pl.DataFrame(rows, schema=ANNOUNCED_VISIT_TYPES, orient="row")
