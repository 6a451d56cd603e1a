"""Tolerant readers of event data, the one way every consumer reads an envelope.

No schemas: each consumer keeps its own tolerant copy of what it reads (unknown fields ignored, a missing
field leaves the stored value alone). What must be the same everywhere is *how* a value is read:

- an integer is an int (or a numeric string); a bool is never an int (``True`` is not 1), and a value outside
  the signed 64 bits a database column holds is treated as absent;
- an instant is ISO 8601; a value without an offset is taken as UTC; instants are returned as naive UTC,
  the form the services store;
- staleness compares instants, never strings (``isoformat()`` leaves out a zero fraction, so "…:00Z" sorts
  after "…:00.5Z" as text although it is earlier).
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from kit.events import PoisonMessage

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1


def data_of(envelope: dict) -> dict:
    """The envelope's `data` object; anything else is a poison message (it can never be applied)."""
    data = envelope.get("data") if isinstance(envelope, dict) else None
    if not isinstance(data, dict):
        raise PoisonMessage("event data is not an object")
    return data


def as_int(value: Any) -> int | None:
    """An int from an int or a numeric string; None for bools, floats with a fraction, junk and overflow."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, float):
        if not value.is_integer():
            return None
        value = int(value)
    try:
        n = int(value)
    except (TypeError, ValueError):
        return None
    return n if INT64_MIN <= n <= INT64_MAX else None


def opt_int(data: dict, key: str) -> int | None:
    return as_int(data.get(key))


def req_int(data: dict, key: str = "id") -> int:
    """A required integer; its absence makes the event unusable (poison, dead-lettered)."""
    n = as_int(data.get(key))
    if n is None:
        raise PoisonMessage(f"event data lacks {key}")
    return n


def opt_ints(data: dict, key: str) -> list[int] | None:
    """A list of integers (unreadable items dropped); None when the field is absent or not a list."""
    value = data.get(key)
    if not isinstance(value, list):
        return None
    return [n for n in (as_int(v) for v in value) if n is not None]


def opt_str(data: dict, key: str, max_len: int | None = None) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    text = value if isinstance(value, str) else str(value)
    return text[:max_len] if max_len else text


def opt_text(data: dict, key: str, max_len: int) -> str | None:
    """Trimmed text cut to its column's length; blank is absent."""
    text = opt_str(data, key)
    text = text.strip() if text is not None else None
    return text[:max_len] if text else None


def opt_day(data: dict, key: str) -> date | None:
    """A calendar date (a date of service or birth): 'YYYY-MM-DD', or the date part of an instant as written."""
    value = data.get(key)
    if not isinstance(value, str) or not value:
        return None
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        return None


def opt_bool(data: dict, key: str) -> bool | None:
    value = data.get(key)
    return value if isinstance(value, bool) else None


def opt_decimal(data: dict, key: str) -> Decimal | None:
    value = data.get(key)
    if value is None or isinstance(value, bool):
        return None
    try:
        d = Decimal(str(value))
    except (InvalidOperation, ValueError):
        return None
    return d if d.is_finite() else None


def as_instant(value: Any) -> datetime | None:
    """ISO 8601 text (or a datetime) as naive UTC; a value without an offset is taken as UTC."""
    if isinstance(value, datetime):
        d = value
    elif isinstance(value, str) and value:
        try:
            d = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return None
    else:
        return None
    return d.astimezone(UTC).replace(tzinfo=None) if d.tzinfo else d


def opt_instant(data: dict, key: str) -> datetime | None:
    return as_instant(data.get(key))


def occurred_at(envelope: dict) -> datetime | None:
    return as_instant(envelope.get("occurredAt"))


def is_stale(envelope: dict, applied: datetime | str | None) -> bool:
    """True when the event happened before the state already applied; an unreadable time never blocks."""
    occurred, current = occurred_at(envelope), as_instant(applied)
    return bool(occurred and current and occurred < current)


def stamp(envelope: dict) -> str | None:
    """The event's instant as text that also sorts right (always with the fraction), for a `source_at` column."""
    occurred = occurred_at(envelope)
    return occurred.isoformat(timespec="microseconds") + "Z" if occurred else None


def visits_of(data: dict) -> list:
    """The visits of a `rosters.visits.imported` event: version 2 carries `visitColumns` (each field's values in
    visit order), version 1 a list of visit objects (`visits`); both are read, for events published before.
    Ragged columns raise ValueError: the event is refused whole, nothing of it is stored. Items are returned as
    they came (each consumer reads the fields it keeps, and skips an item that is not an object)."""
    columns = data.get("visitColumns")
    if isinstance(columns, dict):
        lists = {k: v for k, v in columns.items() if isinstance(v, list)}
        n = max((len(v) for v in lists.values()), default=0)
        if any(len(v) != n for v in lists.values()):
            raise ValueError("visitColumns of unequal lengths")
        keys = list(lists)
        return [dict(zip(keys, values)) for values in zip(*lists.values())]
    return data.get("visits") if isinstance(data.get("visits"), list) else []


def visit_values(project_id: int, roster_id: int | None, v: dict, default_language: int) -> dict | None:
    """One visit of a `rosters.visits.imported` event as the columns every read model of visits keeps (calling's
    queue, reporting's client report): the patient, the roster's attributes, cut to the columns' lengths. None
    without a visitId or a visitorId (nothing to identify the patient by)."""
    vid = opt_int(v, "visitId")
    visitor = opt_text(v, "visitorId", 64)
    if vid is None or visitor is None:
        return None
    return {
        "id": vid, "project_id": project_id, "roster_id": roster_id, "visitor_id": visitor,
        "first_name": opt_text(v, "firstName", 100), "last_name": opt_text(v, "lastName", 100),
        "phone_cell": opt_text(v, "phoneCell", 32), "phone_home": opt_text(v, "phoneHome", 32),
        "dos": opt_day(v, "dos"), "dob": opt_day(v, "dob"), "age": opt_int(v, "age"),
        "gender": opt_text(v, "gender", 16), "provider_name": opt_text(v, "providerName", 200),
        "provider_type": opt_text(v, "providerType", 100), "site_name": opt_text(v, "siteName", 200),
        "department_name": opt_text(v, "departmentName", 200), "guarantor": opt_text(v, "guarantor", 200),
        "language_id": opt_int(v, "languageId") or default_language, "chpw": opt_text(v, "chpw", 64),
        "type_id": opt_int(v, "typeId"), "payer_type": opt_text(v, "payerType", 100),
        "ethnicity": opt_text(v, "ethnicity", 100), "race": opt_text(v, "race", 100), "mrn": opt_text(v, "mrn", 64),
    }


CELL_TYPES = (0, 1, 2)  # sampling cells: Provider, Site, Department


def quotas_of(data: dict) -> list[tuple[int, str, int | None]] | None:
    """The cell quotas of a `rosters.sampling.updated` event as (typeId, value, required); required None has no
    limit, a negative one reads as 0. Items that are not a cell's quota are dropped; None when the event carries
    no quota list (the quotas known stay)."""
    raw = data.get("quotas")
    if not isinstance(raw, list):
        return None
    out = []
    for q in raw:
        if not isinstance(q, dict) or opt_int(q, "typeId") not in CELL_TYPES or not opt_text(q, "value", 200):
            continue
        required = opt_int(q, "required")
        out.append((opt_int(q, "typeId"), opt_text(q, "value", 200), max(required, 0) if required is not None else None))
    return out


COMMENT_CLEANED = 1  # surveys' cleaning status Cleaned
COMMENT_TEXT_MAX = 10_000


def cleaned_texts(data: dict) -> tuple[bool, str | None, str | None]:
    """(is cleaned, text with named staff members, text without them) of a `surveys.comment.cleaned` event: a
    status other than Cleaned (an unclean, a changed raw text) clears both; without a status, a cleaned text says
    it is cleaned."""
    status = opt_int(data, "status")
    cleaned = opt_text(data, "cleaned", COMMENT_TEXT_MAX)
    is_cleaned = status == COMMENT_CLEANED if status is not None else bool(cleaned)
    if not is_cleaned:
        return False, None, None
    return True, opt_text(data, "nsm", COMMENT_TEXT_MAX), cleaned
