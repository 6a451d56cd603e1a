"""Events the projects context reads, each into a tolerant local read model (`projects.readmodel`), read only
with `kit.eventdata`. Every consumer is idempotent (the kit's inbox applies an event once)."""

from sqlalchemy.orm import Session

from kit.db import Database
from kit.eventdata import data_of, is_stale, opt_bool, opt_instant, opt_int, opt_ints, opt_str, req_int, stamp
from kit.events import EventConsumer, PoisonMessage
from projects.assignment import repository as assignment_repository
from projects.events import published
from projects.readmodel import repository as readmodel
from projects.user import repository as user_repository


def on_user_changed(s: Session, envelope: dict) -> None:
    d = data_of(envelope)
    uid, role = req_int(d, "id"), opt_int(d, "role")
    if role is None:
        raise PoisonMessage("identity.user event without integer role")
    is_deleted = bool(opt_bool(d, "isDeleted"))
    kind = envelope["type"].rsplit(".", 1)[-1]
    if kind == "deactivated":
        is_deleted = True
    elif kind == "reactivated":
        is_deleted = False
    user_repository.upsert(
        s, id=uid, first_name=opt_str(d, "firstName", 120) or "", last_name=opt_str(d, "lastName", 120) or "",
        email=(opt_str(d, "email", 254) or "").lower(), role=role, phone_number=opt_str(d, "phoneNumber", 40),
        cid=opt_str(d, "cid", 60), lang_ids=opt_ints(d, "langIds") or [],
        cimr_manager_ids=opt_ints(d, "cimrManagerIds") or [], is_deleted=is_deleted)


def on_user_state(s: Session, envelope: dict) -> None:
    """deactivated/reactivated may carry only {id}: flip the flag if we know the user, else apply in full."""
    d = data_of(envelope)
    uid = req_int(d, "id")
    if opt_int(d, "role") is not None:
        on_user_changed(s, envelope)
        return
    user = user_repository.get(s, uid)
    if user is not None:
        user.is_deleted = envelope["type"].endswith(".deactivated")


def on_user_deleted(s: Session, envelope: dict) -> None:
    user_id = req_int(data_of(envelope), "id")
    # an account deleted for good leaves its projects, as a removed assignment does (calling and reporting hear it)
    for a in assignment_repository.of_surveyor(s, user_id):
        published.assignment_deleted(s, a)
        assignment_repository.remove(s, a)
    user_repository.delete(s, user_id)


def on_roster_committed(s: Session, envelope: dict) -> None:
    d = data_of(envelope)
    readmodel.upsert_roster(s, req_int(d, "rosterId"), req_int(d, "projectId"), opt_instant(d, "uploadedOn"),
                            opt_int(d, "totalEnc"))


def on_roster_removed(s: Session, envelope: dict) -> None:
    d = data_of(envelope)
    readmodel.remove_roster(s, req_int(d, "rosterId"), req_int(d, "projectId"))


def on_sampling_updated(s: Session, envelope: dict) -> None:
    d = data_of(envelope)
    row = readmodel.figures(s, req_int(d, "projectId"))
    if is_stale(envelope, row.sampling_at):
        return
    n = opt_int(d, "undefinedProviders")
    if n is not None:
        row.undefined_providers = n
    row.sampling_at = stamp(envelope)


def on_comment_summary(s: Session, envelope: dict) -> None:
    d = data_of(envelope)
    row = readmodel.figures(s, req_int(d, "projectId"))
    if is_stale(envelope, row.comments_at):
        return
    row.comments_cleaned = opt_int(d, "cleaned")
    row.comments_total = opt_int(d, "total")
    row.oldest_uncleaned_surveyed_on = opt_instant(d, "oldestUncleanedSurveyedOn")
    row.comments_at = stamp(envelope)


def on_escalation_created(s: Session, envelope: dict) -> None:
    d = data_of(envelope)
    readmodel.upsert_escalation(s, req_int(d, "id"), req_int(d, "projectId"), opt_int(d, "surveyorId"), False)


def on_escalation_resolved(s: Session, envelope: dict) -> None:
    d = data_of(envelope)
    readmodel.upsert_escalation(s, req_int(d, "id"), req_int(d, "projectId"), None, True)


def on_call_completed(s: Session, envelope: dict) -> None:
    d = data_of(envelope)
    project_id = req_int(d, "projectId")
    readmodel.upsert_completed_call(
        s, req_int(d, "callId"), project_id, surveyor_id=opt_int(d, "surveyorId"),
        result=opt_int(d, "result"), is_partial=bool(opt_bool(d, "isPartial")),
        surveyed_on=opt_instant(d, "surveyCompletedOn") or opt_instant(d, "surveyedOn"))
    if (qa_at := opt_instant(d, "qaAt")) is not None:  # a review in the call log: the project's Last QA
        row = readmodel.figures(s, project_id)
        if row.last_qa is None or qa_at > row.last_qa:
            row.last_qa = qa_at


def consumers(db: Database) -> list[EventConsumer]:
    return [
        EventConsumer("projects.users", db, {
            "identity.user.created": on_user_changed,
            "identity.user.updated": on_user_changed,
            "identity.user.deactivated": on_user_state,
            "identity.user.reactivated": on_user_state,
            "identity.user.deleted": on_user_deleted,
        }),
        EventConsumer("projects.figures", db, {
            "rosters.roster.committed": on_roster_committed,
            "rosters.roster.removed": on_roster_removed,
            "rosters.sampling.updated": on_sampling_updated,
            "surveys.comment_summary.updated": on_comment_summary,
            "calling.escalation.created": on_escalation_created,
            "calling.escalation.resolved": on_escalation_resolved,
            "calling.call.completed": on_call_completed,
        }),
    ]
