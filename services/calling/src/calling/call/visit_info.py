"""A visit's call-detail fields (spec: visit info), shared by the call screen's data and the Call Log Details.
Its own module because call_log cannot import call.service (call.service -> escalation -> call_log)."""

from calling.call_log.constants import PATIENT_TYPES

# Call-detail fields a roster carries besides the ones the call screen shows on its own (spec: visit info);
# used when the roster import sent no per-field selection. DOB and MRN are not call-screen data.
_VISIT_INFO_FIELDS = (("Age", "age"), ("Sex", "gender"), ("DOS", "dos"), ("Provider Name", "provider_name"),
                      ("Provider Type", "provider_type"), ("Site", "site_name"), ("Department", "department_name"),
                      ("Guarantor", "guarantor"), ("CHPW", "chpw"), ("Patient Type", "type_id"),
                      ("Payer Type", "payer_type"), ("Ethnicity", "ethnicity"), ("Race", "race"))


def visit_infos(v) -> list[dict]:
    """The visit's call-detail fields the project shows. Projects does not publish its visit-info selection
    yet, so the roster import's `show` flags decide (every roster column shown when it sent none)."""
    stored = getattr(v, "visit_infos", None)
    if isinstance(stored, list):
        return [_named(i) for i in stored if isinstance(i, dict) and i.get("show", True)]
    infos = []
    for label, attr in _VISIT_INFO_FIELDS:
        value = getattr(v, attr, None)
        if value is not None and value != "":
            infos.append(_named({"field": label, "value": value.isoformat() if hasattr(value, "isoformat") else value,
                                 "show": True}))
    return infos


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
