"""PHI access audit (issue 15): every read of a patient's record, and every export of patients' data, leaves an
append-only row in the database of the service that served it, in the request's own transaction.

- `add_phi_audit_table(metadata)` in the service's models; its migration calls `create_phi_audit(op)`, which adds
  the table and the triggers that refuse UPDATE and DELETE of a row younger than the retention (six years), on
  PostgreSQL and SQLite alike. Older rows go only through `purge` (`python -m kit.phi_audit purge <ctx>`).
- `record_phi_access(session, principal, ip, action=..., visit_id=..., patient=..., export=...)` at each call site,
  before the response is built. The row commits with the request's unit of work (kit.app.SessionDep commits
  before the response is sent), so a read whose row cannot be written fails with 503 and shows nothing.
- `phi_audit_router(ctx)`: `GET /api/phi-audit/<ctx>` (Admin), the search the Admin screen runs on each service.
"""


import argparse
import csv
import functools
import io
from datetime import UTC, date, datetime, timedelta
from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import Response
from sqlalchemy import BigInteger, Column, Date, DateTime, Index, Integer, MetaData, String, Table, and_, func, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from kit.auth import Principal, Role, allow, client_ip
from kit.errors import BadRequest, ServiceError, error_responses, is_database_unavailable
from kit.eventdata import INT64_MAX
from kit.paging import Page, order_column, page_params
from kit.periods import utc_bounds
from kit.schema import ListResponse, ReadSchema
from kit.spreadsheet import safe_cell

TABLE = "phi_access_audit"
RETENTION_YEARS = 6
RETENTION_DAYS = RETENTION_YEARS * 366  # never less than six calendar years

# What was read; the Admin screen shows these names.
CALL_LOG_VIEW = "call_log.view"
CALL_LOG_LIST = "call_log.list"        # a page of the call log (its filter, page and rows in `export`)
CALL_LOG_EDIT = "call_log.edit"        # Quality's edit, answered with the whole record
CALL_CLAIM = "call.claim"
ESCALATION_LIST = "escalation.list"    # a page of the escalations list (its rows carry the escalation notes)
ESCALATION_VIEW = "escalation.view"
ESCALATION_EDIT = "escalation.edit"    # notes saved or resolved, answered with the call's record
COMMENT_LIST = "comment.list"          # a page of Comment Cleaning (patients' names and comments)
COMMENT_EDIT = "comment.edit"          # a comment opened, released, marked cleaned or uncleaned: answered with its text
CALL_LOG_EXPORT = "call_log.export"
ROSTER_EXPORT = "roster.export"
SURVEY_EXPORT = "survey.export"
CLIENT_REPORT_EXPORT = "client_report.export"


class AuditUnavailable(ServiceError):
    status_code = 503
    message = "The access could not be recorded in the PHI audit trail, so the record is not shown. Please try again."


def add_phi_audit_table(metadata: MetaData) -> Table:
    return Table(
        TABLE, metadata,
        Column("id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True),
        Column("at", DateTime, nullable=False),               # naive UTC, like every kit table
        Column("service", String(20), nullable=False),
        Column("user_id", BigInteger, nullable=False),
        Column("user_role", Integer, nullable=False),
        Column("user_name", String(120), nullable=False),
        Column("action", String(40), nullable=False),
        Column("visit_id", BigInteger, nullable=True),         # the patient's visit (roster row)
        Column("patient", String(64), nullable=True),          # the patient's id (MRN / visitor id)
        Column("export", String(200), nullable=True),          # what an export covered (filters, row count)
        Column("ip", String(45), nullable=False),
        Index("ix_phi_access_audit_at", "at"),
        Index("ix_phi_access_audit_user", "user_id", "at"),
        Index("ix_phi_access_audit_visit", "visit_id"),
        Index("ix_phi_access_audit_patient", "patient"),
    )


def _pg_ddl() -> list[str]:
    return [
        f"""CREATE FUNCTION {TABLE}_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'DELETE' AND OLD.at < (now() AT TIME ZONE 'UTC') - interval '{RETENTION_YEARS} years' THEN
                    RETURN OLD;
                END IF;
                RAISE EXCEPTION '{TABLE} is append-only (% refused)', TG_OP;
            END $$""",
        f"""CREATE TRIGGER {TABLE}_append_only BEFORE UPDATE OR DELETE ON {TABLE}
            FOR EACH ROW EXECUTE FUNCTION {TABLE}_append_only()""",
        f"""CREATE TRIGGER {TABLE}_no_truncate BEFORE TRUNCATE ON {TABLE}
            FOR EACH STATEMENT EXECUTE FUNCTION {TABLE}_append_only()""",
    ]


def _sqlite_ddl() -> list[str]:
    # SQLAlchemy stores naive datetimes on SQLite as 'YYYY-MM-DD HH:MM:SS.ffffff', which compares as text with
    # datetime()'s 'YYYY-MM-DD HH:MM:SS'.
    return [
        f"""CREATE TRIGGER {TABLE}_append_only_update BEFORE UPDATE ON {TABLE}
            BEGIN SELECT RAISE(ABORT, '{TABLE} is append-only (UPDATE refused)'); END""",
        f"""CREATE TRIGGER {TABLE}_append_only_delete BEFORE DELETE ON {TABLE}
            WHEN OLD.at >= datetime('now', '-{RETENTION_YEARS} years')
            BEGIN SELECT RAISE(ABORT, '{TABLE} is append-only (DELETE refused)'); END""",
    ]


def create_phi_audit(op) -> None:
    """For a service's Alembic migration: the table, its indexes and the append-only triggers."""
    t = add_phi_audit_table(MetaData())
    op.create_table(t.name, *[c.copy() for c in t.columns])
    for ix in t.indexes:
        op.create_index(ix.name, t.name, [c.name for c in ix.columns])
    for stmt in (_pg_ddl() if op.get_bind().dialect.name == "postgresql" else _sqlite_ddl()):
        op.execute(stmt)


def drop_phi_audit(op) -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(f"DROP TRIGGER IF EXISTS {TABLE}_no_truncate ON {TABLE}")
        op.execute(f"DROP TRIGGER IF EXISTS {TABLE}_append_only ON {TABLE}")
        op.execute(f"DROP FUNCTION IF EXISTS {TABLE}_append_only()")
    else:
        op.execute(f"DROP TRIGGER IF EXISTS {TABLE}_append_only_update")
        op.execute(f"DROP TRIGGER IF EXISTS {TABLE}_append_only_delete")
    op.drop_table(TABLE)


def _metadata_table(session: Session) -> Table:
    table = session.info.get("phi_audit")
    if table is None:
        raise RuntimeError(f"{TABLE} is not bound to this service's sessions (kit.app binds it when the models "
                           "have add_phi_audit_table)")
    return table


def _utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


@functools.lru_cache(maxsize=None)
def _insert(table: Table):
    """One statement per table, its values bound per row: building `insert().values(...)` on every read cost
    more CPU than the round trip (its cache key is computed over the values each time)."""
    return table.insert()


def record_phi_access(session: Session, principal: Principal, ip: str, *, action: str, visit_id: int | None = None,
                      patient: str | None = None, export: str | None = None) -> None:
    """Write one audit row in the request's transaction, now (flushed), so a failure stops the read here."""
    table = _metadata_table(session)
    service = session.info.get("service_name", "")
    try:
        session.execute(_insert(table), dict(
            at=_utcnow(), service=service[:20], user_id=principal.id, user_role=int(principal.role),
            user_name=(principal.name or "")[:120], action=action, visit_id=visit_id,
            patient=(patient or None) and str(patient)[:64], export=export and export[:200], ip=(ip or "unknown")[:45]))
    except SQLAlchemyError as exc:
        if is_database_unavailable(exc):
            raise  # the database itself is gone: the same 503 and Retry-After as every other statement
        raise AuditUnavailable() from exc


def request_ip(request: Request) -> str:
    return client_ip(request, request.app.state.settings.trusted_proxies)


def purge(session: Session, table: Table, now: datetime | None = None) -> int:
    """Delete the rows older than the retention (the triggers refuse any younger one); returns how many."""
    cutoff = (now or _utcnow()) - timedelta(days=RETENTION_DAYS)
    return session.execute(table.delete().where(table.c.at < cutoff)).rowcount or 0


# ------------------------------------------------------------------------------------------------- search


class PhiAccessRead(ReadSchema):
    id: int
    at: datetime
    service: str
    user_id: int
    user_role: int
    user_name: str
    action: str
    visit_id: int | None
    patient: str | None
    export: str | None
    ip: str


def central_day_bound(value: str | None, name: str, *, end: bool) -> datetime | None:
    """A search day (`from`/`to`, both included) as a naive UTC bound of the whole America/Chicago day: the screens
    show every time in Central, so the rows of 11/27 are those shown on 11/27 (a 23- or 25-hour day at a DST
    change), wherever the browser is. `end` gives the next day's start (the bound is exclusive)."""
    if not value:
        return None
    try:
        d = date.fromisoformat(value)
    except ValueError as exc:
        raise BadRequest(f"{name}: a date as YYYY-MM-DD") from exc
    try:  # the calendar's last day has no next day to end on
        lo, hi = utc_bounds(d, d + timedelta(days=1))
    except OverflowError as exc:
        raise BadRequest(f"{name}: must be a day before the year {date.max.year}") from exc
    return hi if end else lo


def _conditions(table: Table, user_id, visit_id, patient, from_, to) -> list:
    cond = []
    if user_id is not None:
        cond.append(table.c.user_id == user_id)
    if visit_id is not None:
        cond.append(table.c.visit_id == visit_id)
    if patient:
        cond.append(table.c.patient == patient)
    start, end = central_day_bound(from_, "from", end=False), central_day_bound(to, "to", end=True)
    if start is not None and end is not None and end <= start:
        raise BadRequest("to: must not be before from")
    if start is not None:
        cond.append(table.c.at >= start)
    if end is not None:
        cond.append(table.c.at < end)
    return cond


def _utc(dt: datetime) -> datetime:
    return dt.replace(tzinfo=UTC)


def phi_audit_router(ctx: str) -> APIRouter:
    """`GET /api/phi-audit/<ctx>` (JSON list) and `GET /api/phi-audit/<ctx>/export` (CSV): Admin only."""
    from kit.app import SessionDep

    router = APIRouter(prefix=f"/api/phi-audit/{ctx}", tags=["phi audit"])
    Admin = Annotated[Principal, Depends(allow(Role.ADMIN))]
    Id = Annotated[int | None, Query(ge=1, le=INT64_MAX)]
    day_text = "YYYY-MM-DD, a whole America/Chicago day, included"
    Day = Annotated[str | None, Query(max_length=10, description=day_text)]
    FromDay = Annotated[str | None, Query(alias="from", max_length=10, description=day_text)]
    Patient = Annotated[str | None, Query(max_length=64, description="the patient's id (MRN / visitor id)")]

    def search(session: Session, cond: list, skip: int, limit: int, page: Page | None = None) -> tuple[list[dict], int]:
        table = _metadata_table(session)
        if page is not None and page.order_by:  # newest first unless asked otherwise
            order = [order_column({"at": table.c.at, "userId": table.c.user_id, "action": table.c.action,
                                   "visitId": table.c.visit_id, "patient": table.c.patient}, page, table.c.at),
                     table.c.id.desc()]
        else:
            order = [table.c.at.desc(), table.c.id.desc()]
        where = and_(*cond) if cond else None
        q = select(table)
        n = select(func.count()).select_from(table)
        if where is not None:
            q, n = q.where(where), n.where(where)
        rows = session.execute(q.order_by(*order).offset(skip).limit(limit)).mappings()
        out = [{**dict(r), "at": _utc(r["at"])} for r in rows]
        return out, int(session.execute(n).scalar_one())

    @router.get("", name=f"search_{ctx}_phi_audit", response_model=ListResponse[PhiAccessRead],
                responses=error_responses(BadRequest))
    def search_phi_audit(principal: Admin, session: SessionDep, page: Annotated[Page, Depends(page_params)],
                         userId: Id = None, visitId: Id = None, patient: Patient = None,
                         from_: FromDay = None, to: Day = None):
        table = _metadata_table(session)
        rows, count = search(session, _conditions(table, userId, visitId, patient, from_, to), page.skip, page.limit, page)
        return {"rows": rows, "count": count}

    @router.get("/export", name=f"export_{ctx}_phi_audit", responses={**error_responses(BadRequest),
                200: {"content": {"text/csv": {}}, "description": "CSV"}})
    def export_phi_audit(principal: Admin, session: SessionDep, userId: Id = None, visitId: Id = None,
                         patient: Patient = None, from_: FromDay = None, to: Day = None):
        table = _metadata_table(session)
        rows, _ = search(session, _conditions(table, userId, visitId, patient, from_, to), 0, 100_000)
        buf = io.StringIO()
        w = csv.writer(buf)
        w.writerow(["At (UTC)", "Service", "User id", "User", "Role", "Action", "Visit id", "Patient", "Export", "Address"])
        for r in rows:
            w.writerow([r["at"].isoformat(), r["service"], r["user_id"], _cell(r["user_name"]), r["user_role"],
                        r["action"], r["visit_id"] or "", _cell(r["patient"] or ""), _cell(r["export"] or ""), r["ip"]])
        return Response("\ufeff" + buf.getvalue(), media_type="text/csv; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="phi-audit-{ctx}.csv"'})

    search_phi_audit.__name__ = f"search_{ctx}_phi_audit"
    export_phi_audit.__name__ = f"export_{ctx}_phi_audit"
    return router


_cell = safe_cell  # no spreadsheet formula injection from a stored value (kit.spreadsheet)


# ------------------------------------------------------------------------------------------------- purge CLI


def main() -> None:
    """python -m kit.phi_audit purge <ctx>: removes only rows older than six years (the database refuses others)."""
    import importlib

    from kit.db import Database

    ap = argparse.ArgumentParser(prog="python -m kit.phi_audit")
    ap.add_argument("command", choices=["purge"])
    ap.add_argument("service")
    a = ap.parse_args()
    main_mod = importlib.import_module(f"{a.service}.main")
    settings = importlib.import_module(f"{a.service}.config").Settings()
    db = Database(settings.resolved_database_url(), main_mod.SPEC.base)
    table = main_mod.SPEC.base.metadata.tables[TABLE]
    with db.session() as s:
        n = purge(s, table)
    print(f"{a.service}: purged {n} PHI access audit rows older than {RETENTION_YEARS} years")


if __name__ == "__main__":
    main()
