"""Events the rosters context publishes: routing keys and payload builders."""

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy.orm import Session

from kit.events import publish, publish_many
from rosters.models import Roster

VISITS_IMPORTED = "rosters.visits.imported"
ROSTER_COMMITTED = "rosters.roster.committed"
ROSTER_REMOVED = "rosters.roster.removed"
ROSTER_RESET = "rosters.roster.reset"
SAMPLING_UPDATED = "rosters.sampling.updated"

# Every routing key this context publishes (tests/test_event_catalogue.py reads it).
PUBLISHED = (VISITS_IMPORTED, ROSTER_COMMITTED, ROSTER_REMOVED, ROSTER_RESET, SAMPLING_UPDATED)


def _iso(d):
    if isinstance(d, datetime):
        return d.isoformat(timespec="microseconds") + "Z"
    return d.isoformat() if d is not None else None


def visits_imported_batches(s: Session, *, project_id: int, roster_id: int, visit_columns: Iterable[str]) -> int:
    """`rosters.visits.imported` version 2, one event per JSON object of visit columns (`{"visitId": [...],
    "firstName": [...], ...}`, equal lengths, already serialised, e.g. by polars): each field's name once per
    event instead of once per visit, so the events are about half the size of a list of visit objects, and no
    dict is built per visit. Returns the number of events."""
    head = f'{{"projectId":{int(project_id)},"rosterId":{int(roster_id)},"visitColumns":'
    return len(publish_many(s, VISITS_IMPORTED, (f"{head}{columns}}}" for columns in visit_columns), version=2))


def roster_committed(s: Session, r: Roster) -> None:
    publish(s, ROSTER_COMMITTED, {"rosterId": r.id, "projectId": r.project_id, "uploadedOn": _iso(r.uploaded_on),
                                  "totalEnc": r.total_enc,
                                  "rangeStartDate": _iso(r.range_start_date), "rangeEndDate": _iso(r.range_end_date)})


def roster_removed(s: Session, r: Roster) -> None:
    publish(s, ROSTER_REMOVED, {"rosterId": r.id, "projectId": r.project_id})


def roster_reset(s: Session, project_id: int) -> None:
    publish(s, ROSTER_RESET, {"projectId": project_id})


def sampling_updated(s: Session, *, project_id: int, look_back_days: int, max_calls: int, parameters: list,
                     languages: list, quotas: list, undefined_providers: int) -> None:
    """The project's whole sampling: parameters in priority order, every stored language rule (a language without
    one is Open) and every stored cell quota (required null = no limit)."""
    publish(s, SAMPLING_UPDATED, {
        "projectId": project_id, "lookBackDays": look_back_days, "maxCalls": max_calls,
        "parameters": [{"id": p.id, "typeId": p.type_id, "priority": p.priority} for p in parameters],
        "languages": [{"languageId": lang.language_id, "mode": lang.mode, "allowedSamples": lang.allowed_samples}
                      for lang in languages],
        "quotas": [{"typeId": q.type_id, "value": q.value, "required": q.required} for q in quotas],
        "undefinedProviders": undefined_providers})
