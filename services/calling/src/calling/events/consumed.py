"""What calling reads from other contexts, kept in its own tables. Tolerant copies: unknown fields are
ignored, missing optional fields keep what we had. Every value is read with `kit.eventdata` (an int is never a
bool, an id beyond 64 bits is absent, instants are UTC)."""

from __future__ import annotations

import logging

from sqlalchemy.orm import Session

from kit.db import Database
from kit.eventdata import (cleaned_texts, data_of, is_stale, opt_bool, opt_day, opt_instant, opt_int, opt_ints,
                           opt_str, opt_text, quotas_of, req_int, stamp, visit_values, visits_of)
from kit.events import EventConsumer
from kit.languages import ENGLISH, added_language_handlers

from calling.call import service as call_service
from calling.call.visit_info import selection_of
from calling.call_log import repository as call_log_repo
from calling.config import Settings
from calling.models import CleanedCommentView, LanguageView
from calling.readmodel import repository as repo

log = logging.getLogger("calling.events")

PROVIDER, SITE, DEPARTMENT = 0, 1, 2
LANGUAGE_MODES = (1, 2, 3)  # Open, Don't, Set
GUIDELINE_STATUSES = ("confirmed", "remind")


# identity ------------------------------------------------------------------------------------------------

def make_on_user(settings: Settings):
    def on_user_changed(session: Session, envelope: dict) -> None:
        on_user(session, envelope)
        data = data_of(envelope)
        # deactivated or deleted: their sessions are revoked, so their open calls are given back now rather than
        # holding the patients until the lock runs out (docs/decisions.md, "Two people at once")
        if envelope["type"].rsplit(".", 1)[-1] in ("deactivated", "deleted") or opt_bool(data, "isDeleted"):
            call_service.release_calls_of(session, req_int(data), settings)

    return on_user_changed


def on_user(session: Session, envelope: dict) -> None:
    data = data_of(envelope)
    uid = req_int(data)
    verb = envelope["type"].rsplit(".", 1)[-1]
    if verb == "deleted":
        repo.mark_user_deleted(session, uid)
        return
    values: dict = {}
    if "firstName" in data:
        values["first_name"] = opt_text(data, "firstName", 100) or ""
    if "lastName" in data:
        values["last_name"] = opt_text(data, "lastName", 100) or ""
    if "role" in data:
        values["role"] = opt_int(data, "role")
    langs = opt_ints(data, "langIds")
    if langs is not None:
        values["lang_ids"] = langs
    deleted = opt_bool(data, "isDeleted")
    if deleted is not None:
        values["is_deleted"] = deleted
    if verb == "deactivated":
        values["is_active"] = False
    elif verb in ("reactivated", "created"):
        values["is_active"] = True
    if values.get("is_deleted"):
        values["is_active"] = False
    repo.upsert_user(session, uid, values)
    managers = opt_ints(data, "cimrManagerIds")
    if managers is not None:
        repo.set_user_cimr_managers(session, uid, managers)


# projects ------------------------------------------------------------------------------------------------

def on_project(session: Session, envelope: dict) -> None:
    data = data_of(envelope)
    pid = req_int(data)
    values: dict = {"known": True}
    if "name" in data:
        values["name"] = opt_text(data, "name", 200) or ""
    for key, col in (("clientId", "client_id"), ("managerId", "manager_id"), ("typeId", "type_id"),
                     ("statusId", "status_id")):
        if key in data:
            values[col] = opt_int(data, key)
    if "timezone" in data:
        values["timezone"] = opt_text(data, "timezone", 64)
    if "reportFreqId" in data:
        values["report_freq_id"] = opt_int(data, "reportFreqId")
    if "startDate" in data:
        values["start_date"] = opt_day(data, "startDate")
    locked = opt_bool(data, "isLocked")
    if locked is not None:
        values["is_locked"] = locked
    if "deletedAt" in data:  # deactivation (set) and reactivation (cleared) both arrive as updated
        values["is_deleted"] = data["deletedAt"] is not None
    repo.upsert_project(session, pid, values)


def on_project_deleted(session: Session, envelope: dict) -> None:
    # Permanent delete (with its client): the project stops giving calls. Its visits and calls stay, for the
    # call log and earnings of work already done.
    pid = req_int(data_of(envelope))
    repo.upsert_project(session, pid, {"is_deleted": True, "known": True})


def on_client_deleted(session: Session, envelope: dict) -> None:
    """projects.client.deleted {id, projectIds}: each project also arrives as projects.project.deleted; this
    covers an order where the client's event comes first."""
    for pid in opt_ints(data_of(envelope), "projectIds") or []:
        repo.upsert_project(session, pid, {"is_deleted": True, "known": True})


def on_project_lock(session: Session, envelope: dict) -> None:
    data = data_of(envelope)
    pid = req_int(data)
    locked = opt_bool(data, "isLocked")
    if locked is None:
        locked = envelope["type"].endswith(".locked")
    repo.upsert_project(session, pid, {"is_locked": locked})


def on_assignment(session: Session, envelope: dict) -> None:
    """created / updated (goals changed; same data) / deleted."""
    data = data_of(envelope)
    aid = req_int(data)
    if envelope["type"].endswith(".deleted"):
        repo.delete_assignment(session, aid)
        return
    repo.upsert_assignment(session, {
        "id": aid, "project_id": req_int(data, "projectId"), "surveyor_id": req_int(data, "surveyorId"),
        "manager_id": opt_int(data, "managerId"), "type_id": opt_int(data, "typeId"),
        "priority": opt_int(data, "priority"), "surveyor_goals": opt_int(data, "surveyorGoals"),
        "surveyor_comp_goals": opt_int(data, "surveyorCompGoals"),
    })


def on_guideline_uploaded(session: Session, envelope: dict) -> None:
    """projects.guideline.uploaded {projectId, guidelineId, fileName, uploadedAt}: the gate asks about the
    project's latest guideline; an older upload arriving late does not replace a newer one."""
    data = data_of(envelope)
    repo.set_project_guideline(session, req_int(data, "projectId"), req_int(data, "guidelineId"),
                               opt_instant(data, "uploadedAt"))


def on_guideline_status(session: Session, envelope: dict) -> None:
    """projects.guideline.status_changed {projectId, surveyorId, guidelineId, status: confirmed | remind}."""
    data = data_of(envelope)
    status = opt_str(data, "status")
    if status not in GUIDELINE_STATUSES:
        log.warning("guideline status ignored: unknown status", extra={"status": (status or "")[:20]})
        return
    repo.set_guideline_status(session, project_id=req_int(data, "projectId"), surveyor_id=req_int(data, "surveyorId"),
                              guideline_id=req_int(data, "guidelineId"), status=status)


def on_visit_info_updated(session: Session, envelope: dict) -> None:
    """projects.visit_info.updated {projectId, fields: [names shown]}: the project's Additional Info selection,
    which decides the call screen's and the Call Log Details' visit info from now on ([] shows none). An older
    save arriving late is ignored; a `fields` that is absent or not a list leaves the stored selection alone."""
    data = data_of(envelope)
    pid = req_int(data, "projectId")
    fields = data.get("fields")
    if not isinstance(fields, list) or is_stale(envelope, repo.project_visit_info_stamp(session, pid)):
        return
    values: dict = {"visit_info_fields": selection_of(fields)}
    if stamp(envelope):
        values["visit_info_source_at"] = stamp(envelope)
    repo.upsert_project(session, pid, values)


# rosters -------------------------------------------------------------------------------------------------

def _visit_infos(v: dict) -> list[dict] | None:
    infos = v.get("visitInfos")
    if not isinstance(infos, list):
        return None
    out = []
    for i in infos:
        if isinstance(i, dict) and opt_text(i, "field", 100):
            value = i.get("value")
            out.append({"field": opt_text(i, "field", 100),
                        "value": value if isinstance(value, (int, float, str)) and not isinstance(value, bool)
                        else None,
                        "show": opt_bool(i, "show") is not False})
    return out


def visit_row(project_id: int, roster_id: int | None, v: dict) -> dict | None:
    """The kit's columns of a visit (kit.eventdata.visit_values), plus its call details and an open queue state;
    None when there is nothing to dial or to identify the patient by."""
    row = visit_values(project_id, roster_id, v, ENGLISH)
    return row and {**row, "visit_infos": _visit_infos(v), "status": 0, "attempts": 0}


def on_visits_imported(session: Session, envelope: dict) -> None:
    data = data_of(envelope)
    pid = req_int(data, "projectId")
    rid = opt_int(data, "rosterId")
    visits = visits_of(data)
    rows = [r for r in (visit_row(pid, rid, v) for v in visits if isinstance(v, dict)) if r]
    skipped = len(visits) - len(rows)
    if skipped:
        log.warning("visits without visitId/visitorId skipped", extra={"project_id": pid, "skipped": skipped})
    repo.insert_visits(session, rows)
    repo.refresh_statistics_if_grown(session, len(rows))
    cells = set()
    for r in rows:
        for t, col in ((PROVIDER, "provider_name"), (SITE, "site_name"), (DEPARTMENT, "department_name")):
            if r[col]:
                cells.add((t, r[col]))
    repo.ensure_quota_cells(session, pid, cells)


def on_roster_removed(session: Session, envelope: dict) -> None:
    """rosters.roster.removed {rosterId, projectId} (undo): its patients leave the queue; calls stay."""
    repo.remove_roster(session, req_int(data_of(envelope), "rosterId"))


def on_roster_reset(session: Session, envelope: dict) -> None:
    """rosters.roster.reset {projectId} (final count submitted): the whole project's roster leaves the queue."""
    repo.reset_project_roster(session, req_int(data_of(envelope), "projectId"))


def sampling_values(data: dict) -> dict:
    """The full rosters.sampling.updated contract, read tolerantly; a list that is absent stays as it was."""
    params = None
    if isinstance(data.get("parameters"), list):
        params = [{"id": opt_int(p, "id"), "type_id": opt_int(p, "typeId") or 0, "priority": opt_int(p, "priority") or 0}
                  for p in data["parameters"] if isinstance(p, dict) and opt_int(p, "id") is not None]
    langs = None
    if isinstance(data.get("languages"), list):
        langs = []
        for lang in data["languages"]:
            if not isinstance(lang, dict) or opt_int(lang, "languageId") is None:
                continue
            mode = opt_int(lang, "mode")
            allowed = opt_int(lang, "allowedSamples")
            langs.append({"language_id": opt_int(lang, "languageId"), "mode": mode if mode in LANGUAGE_MODES else 1,
                          "allowed_samples": max(allowed, 0) if allowed is not None else None})
    cells = quotas_of(data)
    quotas = None if cells is None else [{"type_id": t, "value": v, "required": r} for t, v, r in cells]
    look_back = opt_int(data, "lookBackDays")
    if look_back is None:
        look_back = opt_int(data, "lookBack")
    max_calls = opt_int(data, "maxCalls")
    return {"look_back_days": max(look_back, 0) if look_back is not None else None,
            "max_calls": max(max_calls, 1) if max_calls is not None else None,
            "parameters": params, "languages": langs, "quotas": quotas}


def make_on_sampling(settings: Settings):
    def on_sampling_updated(session: Session, envelope: dict) -> None:
        data = data_of(envelope)
        pid = req_int(data, "projectId")
        v = sampling_values(data)
        repo.replace_sampling(session, pid, v["look_back_days"], v["max_calls"], v["parameters"], v["languages"],
                              settings.default_max_calls)
        if v["quotas"] is not None:
            repo.replace_quotas(session, pid, v["quotas"])

    return on_sampling_updated


# surveys -------------------------------------------------------------------------------------------------

def on_survey_saved(session: Session, envelope: dict) -> None:
    """surveys.survey.saved {callId, answers: [{quesId, sequence, ansId, openEnded, question, answer}]}: the
    call's answers replace what we had (an older save arriving late is ignored); entries without a question id
    are skipped. Shown read-only in the Call Log Details and the escalation detail."""
    data = data_of(envelope)
    call_id = req_int(data, "callId")
    if is_stale(envelope, repo.survey_stamp(session, call_id)):
        return
    if repo.ended_without_result(session, call_id):
        return  # a save that reached us after the call ended without a result: no survey (surveys dropped it too)
    answers = []
    for a in data.get("answers") or []:
        if not isinstance(a, dict) or opt_int(a, "quesId") is None:
            continue
        answers.append({"ques_id": opt_int(a, "quesId"), "sequence": opt_int(a, "sequence"),
                        "question": opt_text(a, "question", 500), "ans_id": opt_int(a, "ansId"),
                        "answer": opt_text(a, "answer", 500), "open_ended": opt_text(a, "openEnded", 10000)})
    repo.replace_survey(session, call_id, answers, stamp(envelope))


def on_survey_discarded(session: Session, envelope: dict) -> None:
    """surveys.survey.discarded {callId, projectId, reason}: the call ended without a result (released, or its hold
    ran out), its answers are no survey: they leave the Call Log Details. Final: a save of the call that arrives
    later is ignored (`on_survey_saved`: the call's own status says it ended without a result)."""
    repo.drop_survey(session, req_int(data_of(envelope), "callId"))


CALL_COMMENT_KINDS = ("positive", "negative")  # an open-ended answer's cleaning is not shown in the call log


def on_comment_cleaned(session: Session, envelope: dict) -> None:
    """surveys.comment.cleaned {projectId, callId, kind, quesId, status, nsm, cleaned}: the cleaned texts of the
    call's positive / negative comment as they now are (Call Log Details: positiveWNSM = nsm, positiveWoNSM =
    cleaned...); a status other than Cleaned (an unclean, a changed raw text) clears them. An older event than
    the one applied is ignored; open-ended comments and unknown kinds are not kept here."""
    data = data_of(envelope)
    call_id = req_int(data, "callId")
    kind = opt_str(data, "kind")
    if kind not in CALL_COMMENT_KINDS:
        return
    c = call_log_repo.cleaned_comment(session, call_id, kind)
    if c is None:
        c = CleanedCommentView(call_id=call_id, kind=kind)
        call_log_repo.add(session, c)
    elif is_stale(envelope, c.source_at):
        return
    _, c.nsm, c.cleaned = cleaned_texts(data)
    c.source_at = stamp(envelope) or c.source_at


def handlers(settings: Settings) -> dict:
    return {
        "identity.user.*": make_on_user(settings),
        "projects.project.locked": on_project_lock,
        "projects.project.unlocked": on_project_lock,
        "projects.project.created": on_project,
        "projects.project.updated": on_project,
        "projects.project.deleted": on_project_deleted,
        "projects.client.deleted": on_client_deleted,
        "projects.assignment.created": on_assignment,
        "projects.assignment.updated": on_assignment,
        "projects.assignment.deleted": on_assignment,
        "projects.guideline.uploaded": on_guideline_uploaded,
        "projects.guideline.status_changed": on_guideline_status,
        "projects.visit_info.updated": on_visit_info_updated,
            **added_language_handlers(LanguageView),
        "rosters.visits.imported": on_visits_imported,
        "rosters.roster.removed": on_roster_removed,
        "rosters.roster.reset": on_roster_reset,
        "rosters.sampling.updated": make_on_sampling(settings),
        "surveys.survey.saved": on_survey_saved,
        "surveys.survey.discarded": on_survey_discarded,
        "surveys.comment.cleaned": on_comment_cleaned,
    }


def consumers(settings: Settings):
    def build(db: Database) -> list[EventConsumer]:
        return [EventConsumer("calling", db, handlers(settings))]

    return build
