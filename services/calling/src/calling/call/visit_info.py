"""A visit's call-detail fields (spec: visit info), shared by the call screen's data and the Call Log Details.
Its own module because call_log cannot import call.service (call.service -> escalation -> call_log)."""

from kit.languages import LANGUAGES
from kit.visit_info import DEFAULT_FIELDS

from calling.call_log.constants import PATIENT_TYPES

# The Additional Info checklist (kit.visit_info.VISIT_INFO_FIELDS, in its order) -> the visit's column:
# projects.visit_info.updated names the fields a project shows; names we do not know are left out.
SELECTABLE_FIELDS: dict[str, str] = {
    "Age": "age", "Cell Phone": "phone_cell", "Site": "site_name", "CHPW": "chpw", "Department": "department_name",
    "DOB": "dob", "DOS": "dos", "Ethnicity": "ethnicity", "Guarantor": "guarantor", "Home Phone": "phone_home",
    "Language": "language_id", "MRN": "mrn", "Patient Name": "patient_name", "Patient Type": "type_id",
    "Payer Type": "payer_type", "Provider Name": "provider_name", "Provider Type": "provider_type", "Race": "race",
    "Sex": "gender",
}

def selection_of(names: list) -> list[str]:
    """The known checklist names among `names`, once each, in the checklist's order."""
    chosen = {n for n in names if isinstance(n, str)}
    return [name for name in SELECTABLE_FIELDS if name in chosen]


def visit_infos(v, selection: list | None = None, languages: dict[int, str] = LANGUAGES) -> list[dict]:
    """The visit's call-detail fields the project shows. `selection`: the project's Additional Info
    (projects.visit_info.updated), None while it saved none; then the roster import's `show` flags decide, and
    when it sent none, `kit.visit_info.DEFAULT_FIELDS` (what a never-saved checklist shows ticked). Empty values are
    left out either way. `languages`: the names by id (`calling.languages.names`: those an admin added too)."""
    if selection is not None:
        return _fields(v, selection_of(selection), languages)
    stored = getattr(v, "visit_infos", None)
    if isinstance(stored, list):
        return [_named(i) for i in stored if isinstance(i, dict) and i.get("show", True)]
    return _fields(v, DEFAULT_FIELDS, languages)


def _fields(v, names, languages: dict[int, str]) -> list[dict]:
    """The visit's values of these checklist names, in this order, leaving out the empty ones."""
    return [{"field": name, "value": value, "show": True}
            for name, value in ((n, _value(v, SELECTABLE_FIELDS[n], languages)) for n in names) if value is not None and value != ""]


def _value(v, attr: str, languages: dict[int, str]):
    """A visit's value as the call screen shows it: dates as ISO days, the language and the patient type by name."""
    if attr == "patient_name":
        return " ".join(p for p in (getattr(v, "first_name", None), getattr(v, "last_name", None)) if p) or None
    value = getattr(v, attr, None)
    if attr == "language_id":
        return languages.get(value) if value is not None else None
    if attr == "type_id":
        return PATIENT_TYPES.get(value, value) if value is not None else None
    return value.isoformat() if hasattr(value, "isoformat") else value


def _named(info: dict) -> dict:
    """The roster's Patient Type is stored as its code (1, 2): shown by name (Established, New)."""
    if info.get("field") == "Patient Type":
        try:
            name = PATIENT_TYPES.get(int(info.get("value")))
        except (TypeError, ValueError):
            name = None
        if name:
            return {**info, "value": name}
    return info
