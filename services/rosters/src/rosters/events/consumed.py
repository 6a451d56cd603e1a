"""Events the rosters context reads (tolerant copies, read only with `kit.eventdata`): projects for access checks
and default sampling, languages for roster matching, calls for the sampling figures and the called-roster export."""

from sqlalchemy.orm import Session

from kit.db import Database
from kit.eventdata import data_of, is_stale, opt_bool, opt_instant, opt_int, opt_ints, opt_str, req_int, stamp
from kit.events import EventConsumer, PoisonMessage
from rosters.models import CallView
from rosters.readmodel import repository
from rosters.sampling import service as sampling_service


def _data_with_id(envelope: dict) -> dict:
    d = data_of(envelope)
    return {**d, "id": req_int(d, "id")}


def on_project_changed(s: Session, envelope: dict) -> None:
    d = _data_with_id(envelope)
    ref, created = repository.upsert_project(
        s, id=d["id"], name=opt_str(d, "name", 200) or None, manager_id=opt_int(d, "managerId"),
        is_locked=opt_bool(d, "isLocked"), lang_ids=opt_ints(d, "langIds"),
        is_deleted=bool(d.get("deletedAt")) if "deletedAt" in d else None)
    # Every project starts with one sampling parameter (Provider, priority 1) and default settings.
    sampling_service.ensure_defaults(s, project_id=ref.id)


def on_project_lock(s: Session, envelope: dict) -> None:
    d = _data_with_id(envelope)
    repository.upsert_project(s, id=d["id"], is_locked=envelope["type"].endswith(".locked"))


def on_project_deleted(s: Session, envelope: dict) -> None:
    d = _data_with_id(envelope)
    repository.upsert_project(s, id=d["id"], is_deleted=True, is_removed=True)


def on_language_created(s: Session, envelope: dict) -> None:
    d = _data_with_id(envelope)
    name = (opt_str(d, "name", 80) or "").strip()
    if not name:
        raise PoisonMessage("projects.language.created without a name")
    repository.upsert_language(s, d["id"], name)


def on_language_deleted(s: Session, envelope: dict) -> None:
    repository.delete_language(s, _data_with_id(envelope)["id"])


def on_call(s: Session, envelope: dict) -> None:
    """`calling.call.started` / `.completed`: upsert by callId; an older state than the one held is ignored.
    Fields absent from the event leave the stored value alone."""
    d = data_of(envelope)
    call_id = req_int(d, "callId")
    call = repository.get_call(s, call_id)
    if call is None:
        call = repository.add_call(s, CallView(call_id=call_id, project_id=req_int(d, "projectId"),
                                               visit_id=req_int(d, "visitId")))
    elif is_stale(envelope, call.source_at):
        return
    for key, attr, read in (("surveyorId", "surveyor_id", opt_int), ("result", "result", opt_int),
                            ("isPartial", "is_partial", opt_bool), ("isQARemoval", "is_qa_removal", opt_bool),
                            ("surveyLanguageId", "survey_language_id", opt_int),
                            ("surveyedOn", "surveyed_on", opt_instant),
                            ("surveyCompletedOn", "survey_completed_on", opt_instant)):
        if key in d:
            setattr(call, attr, read(d, key))
    call.source_at = stamp(envelope) or call.source_at
    s.flush()


def consumers(db: Database) -> list[EventConsumer]:
    return [EventConsumer("rosters.projects", db, {
        "projects.project.created": on_project_changed,
        "projects.project.updated": on_project_changed,
        "projects.project.locked": on_project_lock,
        "projects.project.unlocked": on_project_lock,
        "projects.project.deleted": on_project_deleted,
        "projects.language.created": on_language_created,
        "projects.language.deleted": on_language_deleted,
    }), EventConsumer("rosters.calls", db, {
        "calling.call.started": on_call,
        "calling.call.completed": on_call,
    })]
