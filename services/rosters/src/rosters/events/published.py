"""Events the rosters context publishes: routing keys and payload builders."""

import json
import uuid
from collections.abc import Iterable
from datetime import timedelta

from opentelemetry import propagate
from sqlalchemy.orm import Session

from kit.db import is_postgres
from kit.events import publish, utcnow
from rosters.models import Roster

VISITS_IMPORTED = "rosters.visits.imported"
ROSTER_COMMITTED = "rosters.roster.committed"
ROSTER_REMOVED = "rosters.roster.removed"
SAMPLING_UPDATED = "rosters.sampling.updated"


def _iso(d):
    return d.isoformat() if d is not None else None


def visits_imported(s: Session, *, project_id: int, roster_id: int, visits: list[dict]) -> None:
    publish(s, VISITS_IMPORTED, {"projectId": project_id, "rosterId": roster_id, "visits": visits})


def visits_imported_batches(s: Session, *, project_id: int, roster_id: int, visit_arrays: Iterable[str]) -> int:
    """Bulk form of `visits_imported`: one event per JSON array of visits (already serialised, e.g. by polars).

    Same envelope and outbox row as `kit.events.publish` writes, but the JSON is assembled as text and the rows
    go in with one COPY (PostgreSQL) or one executemany (SQLite): a 100,000-visit roster is ~50 MB of JSON, and
    building dicts per visit then json.dumps-ing them dominated the commit. Returns the number of events.
    """
    outbox = s.info["outbox"]
    headers: dict[str, str] = {}
    propagate.inject(headers)
    headers_json = json.dumps(headers)
    prefix = f',"type":"{VISITS_IMPORTED}","occurredAt":"'
    data_prefix = f'","version":1,"data":{{"projectId":{int(project_id)},"rosterId":{int(roster_id)},"visits":'
    start = utcnow()
    rows = []
    for i, visits in enumerate(visit_arrays):
        event_id = str(uuid.uuid4())
        created = start + timedelta(microseconds=i)  # distinct, ordered: the relay sends by created_at
        envelope = f'{{"id":"{event_id}"{prefix}{created.isoformat()}Z{data_prefix}{visits}}}}}'
        rows.append((event_id, VISITS_IMPORTED, envelope, headers_json, created, 0))
    if not rows:
        return 0
    cols = "id, routing_key, envelope, headers, created_at, attempts"
    conn = s.connection()
    if is_postgres(s.get_bind()):
        with conn.connection.driver_connection.cursor() as cur:
            with cur.copy(f"COPY {outbox.name} ({cols}) FROM STDIN") as copy:
                for r in rows:
                    copy.write_row(r)
    else:
        sqlite_time = "%Y-%m-%d %H:%M:%S.%f"  # how SQLAlchemy's DateTime stores values on SQLite
        conn.exec_driver_sql(f"INSERT INTO {outbox.name} ({cols}) VALUES (?, ?, ?, ?, ?, ?)",
                             [(*r[:4], r[4].strftime(sqlite_time), r[5]) for r in rows])
    return len(rows)


def roster_committed(s: Session, r: Roster) -> None:
    publish(s, ROSTER_COMMITTED, {"rosterId": r.id, "projectId": r.project_id, "totalEnc": r.total_enc,
                                  "rangeStartDate": _iso(r.range_start_date), "rangeEndDate": _iso(r.range_end_date)})


def roster_removed(s: Session, r: Roster) -> None:
    publish(s, ROSTER_REMOVED, {"rosterId": r.id, "projectId": r.project_id})


def sampling_updated(s: Session, *, project_id: int, look_back_days: int, max_calls: int, parameters: list) -> None:
    publish(s, SAMPLING_UPDATED, {
        "projectId": project_id, "lookBackDays": look_back_days, "maxCalls": max_calls,
        "parameters": [{"id": p.id, "typeId": p.type_id, "priority": p.priority} for p in parameters],
        "languages": []})
