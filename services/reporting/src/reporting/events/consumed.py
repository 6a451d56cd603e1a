"""Handlers keeping the reporting read models, read only with kit.eventdata. Tolerant: unknown fields ignored,
missing fields keep the stored value, an event older (by occurredAt) than the one applied does not overwrite.
The kit's inbox drops duplicates. Every applied envelope is also appended to `event_log`, from which
`python -m reporting.rebuild` replays the read models."""

from __future__ import annotations

from sqlalchemy.orm import Session

from kit.db import Database
from kit.eventdata import (cleaned_texts, data_of, is_stale, occurred_at, opt_bool, opt_decimal, opt_instant,
                           opt_int, opt_ints, opt_str, opt_text, quotas_of, req_int, stamp, visit_values, visits_of)
from kit.events import EventConsumer
from kit.languages import ENGLISH, added_language_handlers
from reporting.constants import AGREED, business_day, duration_us
from reporting.models import (AssignmentView, CallFact, CleanedCommentView, ClientView, CommentSummaryView,
                              EscalationView, LanguageView, ProjectView, SamplingView, UserView)
from reporting.readmodel import repository as rm

# --- calls ---------------------------------------------------------------------------------------------


def _call(session: Session, call_id: int) -> CallFact:
    c = rm.get_call(session, call_id)
    if c is None:
        c = CallFact(call_id=call_id, is_partial=False, is_agree_complete=False, released=False, duration_us=0,
                     is_qa_removal=False)
        rm.add(session, c)
    return c


def _derive(c: CallFact) -> None:
    # the day the result was recorded (as the call log, Project Details and the progress chart count a call); a
    # call without a result yet has only its start
    c.call_day = business_day(c.surveyed_on or c.call_start)
    c.duration_us = duration_us(c.call_start, c.ended_at)


def _contribution(c: CallFact) -> tuple | None:
    """What the call adds to `call_day_project`: ((day, project or 0), (attempts, surveys, signed, duration,
    agreed duration)); None for a call without a result or a start (no figure counts it)."""
    if c.result is None or c.call_day is None:
        return None
    agreed = c.result == AGREED
    complete = agreed and not c.is_partial
    d = c.duration_us or 0
    return (c.call_day, c.project_id or 0), (1, int(complete), int(agreed), d, d if complete else 0)


def _roll_up(session: Session, before: tuple | None, c: CallFact) -> None:
    """Moves the call's contribution in the per-day rollup from what it was to what it is now."""
    after = _contribution(c)
    if before == after:
        return
    if before is not None:
        rm.add_to_day_project(session, *before[0], tuple(-x for x in before[1]))
    if after is not None:
        rm.add_to_day_project(session, *after[0], after[1])


def _visit_fields(c: CallFact, data: dict, *, keep: bool) -> None:
    """provider/site/department/languageId of the visit (calling adds them to started/completed)."""
    for attr, key in (("provider", "provider"), ("site", "site"), ("department", "department")):
        if key in data and not (keep and getattr(c, attr)):
            setattr(c, attr, opt_str(data, key, 300))
    if "languageId" in data and not (keep and c.language_id):
        c.language_id = opt_int(data, "languageId")


def on_call_started(session: Session, envelope: dict) -> None:
    data = data_of(envelope)
    c = _call(session, req_int(data, "callId"))
    before = _contribution(c)
    # started never overrides what a completed event already set
    c.project_id = c.project_id or opt_int(data, "projectId")
    c.visit_id = c.visit_id or opt_int(data, "visitId")
    c.surveyor_id = c.surveyor_id or opt_int(data, "surveyorId")
    c.call_start = c.call_start or opt_instant(data, "callStart")
    _visit_fields(c, data, keep=True)
    _derive(c)
    _roll_up(session, before, c)


def on_call_completed(session: Session, envelope: dict) -> None:
    """The full current state of a call: interim partial, then final, both land on the same row."""
    data = data_of(envelope)
    c = _call(session, req_int(data, "callId"))
    if is_stale(envelope, c.source_at):
        return
    before = _contribution(c)
    for attr, key in (("project_id", "projectId"), ("visit_id", "visitId"), ("surveyor_id", "surveyorId"),
                      ("survey_language_id", "surveyLanguageId")):
        if key in data:
            v = opt_int(data, key)
            if v is not None or attr == "survey_language_id":
                setattr(c, attr, v)
    if "result" in data:
        c.result = opt_int(data, "result")
    if "isPartial" in data:
        c.is_partial = bool(opt_bool(data, "isPartial"))
    if "isAgreeComplete" in data:
        c.is_agree_complete = bool(opt_bool(data, "isAgreeComplete"))
    if "isQARemoval" in data:
        c.is_qa_removal = bool(opt_bool(data, "isQARemoval"))
    for attr, key in (("call_start", "callStart"), ("ended_at", "endedAt"), ("surveyed_on", "surveyedOn"),
                      ("survey_completed_on", "surveyCompletedOn")):
        if key in data:
            v = opt_instant(data, key)
            if v is not None or attr != "call_start":
                setattr(c, attr, v)
    for attr in ("positive", "negative"):
        if attr in data:
            setattr(c, attr, opt_str(data, attr, 10_000))
    _visit_fields(c, data, keep=False)
    _derive(c)
    c.source_at = stamp(envelope) or c.source_at
    _roll_up(session, before, c)


def on_call_released(session: Session, envelope: dict) -> None:
    data = data_of(envelope)
    c = _call(session, req_int(data, "callId"))
    before = _contribution(c)
    c.project_id = c.project_id or opt_int(data, "projectId")
    c.visit_id = c.visit_id or opt_int(data, "visitId")
    c.released = True
    _roll_up(session, before, c)


def on_call_expired(session: Session, envelope: dict) -> None:
    """calling.call.expired: the call's hold ran out and another surveyor's claim ended it. Without a result it
    ended with no outcome, as a released call does (`released`: ended without a result; AAPOR Unknown other, no
    longer an open call); with an interim Agreed result (`attemptCounted`) that result stands."""
    on_call_released(session, envelope)


# --- escalations (Call Quality) ------------------------------------------------------------------------

def on_escalation_created(session: Session, envelope: dict) -> None:
    data = data_of(envelope)
    eid = req_int(data, "id")
    e = rm.get_escalation(session, eid)
    if e is None:
        e = EscalationView(id=eid, call_id=req_int(data, "callId"), resolved=False)
        rm.add(session, e)
    e.call_id = opt_int(data, "callId") or e.call_id
    e.project_id = opt_int(data, "projectId") or e.project_id
    e.surveyor_id = opt_int(data, "surveyorId") or e.surveyor_id
    if "surveyedOn" in data:
        e.surveyed_on = opt_instant(data, "surveyedOn")


def on_escalation_resolved(session: Session, envelope: dict) -> None:
    """Calling publishes an escalation's creation before its resolution (one relay, in commit order), so an
    unknown id is one raised before reporting subscribed: nothing to mark."""
    e = rm.get_escalation(session, req_int(data_of(envelope), "id"))
    if e is not None:
        e.resolved = True


# --- projects ------------------------------------------------------------------------------------------

def on_project(session: Session, envelope: dict) -> None:
    data = data_of(envelope)
    pid = req_int(data, "id")
    p = rm.get_project(session, pid)
    if p is None:
        p = ProjectView(id=pid, name="")
        rm.add(session, p)
    elif is_stale(envelope, p.source_at):
        return
    name = opt_str(data, "name", 300)
    if name is not None:
        p.name = name
    for attr, key in (("manager_id", "managerId"), ("client_id", "clientId"), ("status_id", "statusId"),
                      ("report_freq_id", "reportFreqId")):
        if key in data:
            setattr(p, attr, opt_int(data, key))
    if "paymentRate" in data:
        rate = opt_decimal(data, "paymentRate")
        if rate is not None and rate >= 0:
            p.payment_rate = rate
    if "timezone" in data:
        p.timezone = opt_str(data, "timezone", 64)
    if "startDate" in data:
        start = opt_instant(data, "startDate")
        p.start_date = start.date() if start else None
    if "deletedAt" in data:
        p.deleted_at = opt_instant(data, "deletedAt")
    if str(envelope.get("type", "")).endswith(".deleted"):
        p.deleted_at = p.deleted_at or opt_instant(envelope, "occurredAt")
    p.source_at = stamp(envelope) or p.source_at


def on_client(session: Session, envelope: dict) -> None:
    data = data_of(envelope)
    cid = req_int(data, "id")
    c = rm.get_client(session, cid)
    if c is None:
        c = ClientView(id=cid, name="", deleted=False)
        rm.add(session, c)
    elif is_stale(envelope, c.source_at):
        return
    name = opt_str(data, "name", 300)
    if name is not None:
        c.name = name
    c.deleted = str(envelope.get("type", "")).endswith(".deleted")
    c.source_at = stamp(envelope) or c.source_at


# --- assignments (goals of My Surveyors / All Surveyors) -----------------------------------------------

def _weeks(data: dict) -> list[dict] | None:
    """The weekly goal history an updated event carries after a history change (the full list, oldest first);
    None without one (a goals change keeps the stored weeks). Weeks without a readable date are dropped."""
    raw = data.get("weeks")
    if not isinstance(raw, list):
        return None
    weeks = []
    for w in raw:
        day = opt_instant(w, "weekDate") if isinstance(w, dict) else None
        if day is not None:
            weeks.append({"weekDate": day.date().isoformat(), "weekGoals": opt_int(w, "weekGoals"),
                          "weekCompGoals": opt_int(w, "weekCompGoals")})
    return sorted(weeks, key=lambda w: w["weekDate"])


def on_assignment(session: Session, envelope: dict) -> None:
    data = data_of(envelope)
    aid = req_int(data, "id")
    a = rm.get_assignment(session, aid)
    if a is None:
        a = AssignmentView(id=aid, project_id=req_int(data, "projectId"), surveyor_id=req_int(data, "surveyorId"),
                           deleted=False)
        rm.add(session, a)
    elif is_stale(envelope, a.source_at):
        return
    for attr, key in (("project_id", "projectId"), ("surveyor_id", "surveyorId")):
        v = opt_int(data, key)
        if v is not None:
            setattr(a, attr, v)
    for attr, key in (("manager_id", "managerId"), ("type_id", "typeId"), ("surveyor_goals", "surveyorGoals"),
                      ("surveyor_comp_goals", "surveyorCompGoals")):
        if key in data:
            setattr(a, attr, opt_int(data, key))
    weeks = _weeks(data)
    if weeks is not None:
        a.weeks = weeks
    a.deleted = str(envelope.get("type", "")).endswith(".deleted")
    a.source_at = stamp(envelope) or a.source_at


# --- users ---------------------------------------------------------------------------------------------

def on_user(session: Session, envelope: dict) -> None:
    data = data_of(envelope)
    uid = req_int(data, "id")
    u = rm.get_user(session, uid)
    if u is None:
        u = UserView(id=uid, first_name="", last_name="", is_deleted=False)
        rm.add(session, u)
    elif is_stale(envelope, u.source_at):
        return
    kind = str(envelope.get("type", ""))
    if kind.endswith(".deleted"):
        u.is_deleted = True
    else:
        for attr, key, size in (("first_name", "firstName", 120), ("last_name", "lastName", 120)):
            v = opt_str(data, key, size)
            if v is not None:
                setattr(u, attr, v)
        for attr, key, size in (("email", "email", 320), ("phone_number", "phoneNumber", 40), ("cid", "cid", 60)):
            if key in data:
                setattr(u, attr, opt_str(data, key, size))
        if "role" in data:
            u.role = opt_int(data, "role")
        ids = opt_ints(data, "cimrManagerIds")
        if ids is not None:
            u.cimr_manager_ids = ids
        if kind.endswith(".deactivated"):
            u.is_deleted = True
        elif kind.endswith(".reactivated"):
            u.is_deleted = False
        elif opt_bool(data, "isDeleted") is not None:
            u.is_deleted = bool(opt_bool(data, "isDeleted"))
    u.source_at = stamp(envelope) or u.source_at


# --- surveys -------------------------------------------------------------------------------------------

def on_survey_saved(session: Session, envelope: dict) -> None:
    """The answers of a call, replacing the call's earlier set (a save is the full current survey)."""
    data = data_of(envelope)
    call_id = req_int(data, "callId")
    answers = data.get("answers")
    if not isinstance(answers, list):
        return  # an older shape without answers: nothing to keep
    c = _call(session, call_id)
    if c.survey_discarded:
        return  # the call ended without a result: a save arriving after the discard is no survey
    rows = []
    for a in answers:
        if not isinstance(a, dict) or opt_int(a, "quesId") is None:
            continue
        rows.append(dict(ques_id=opt_int(a, "quesId"), sequence=opt_int(a, "sequence"), ans_id=opt_int(a, "ansId"),
                         open_ended=opt_str(a, "openEnded", 10_000), question=opt_text(a, "question", 2_000),
                         answer=opt_text(a, "answer", 2_000)))
    rm.replace_answers(session, call_id, opt_int(data, "projectId"), rows)
    c.project_id = c.project_id or opt_int(data, "projectId")
    c.surveyor_id = c.surveyor_id or opt_int(data, "surveyorId")


def on_survey_discarded(session: Session, envelope: dict) -> None:
    """surveys.survey.discarded {callId, projectId, reason}: the call ended without a result (released, or its
    hold ran out and the patient went to another surveyor); its answers leave the report. Final, so its order
    against the call's saves does not matter."""
    data = data_of(envelope)
    call_id = req_int(data, "callId")
    rm.replace_answers(session, call_id, opt_int(data, "projectId"), [])
    c = _call(session, call_id)
    c.project_id = c.project_id or opt_int(data, "projectId")
    c.survey_discarded = True


def on_comment_summary(session: Session, envelope: dict) -> None:
    data = data_of(envelope)
    pid = req_int(data, "projectId")
    s = rm.get_comment_summary(session, pid)
    if s is None:
        s = CommentSummaryView(project_id=pid, cleaned=0, total=0)
        rm.add(session, s)
    elif is_stale(envelope, s.source_at):
        return
    s.cleaned = opt_int(data, "cleaned") or 0
    s.total = opt_int(data, "total") or 0
    s.oldest_uncleaned = opt_instant(data, "oldestUncleanedSurveyedOn")
    s.source_at = stamp(envelope) or s.source_at


COMMENT_KINDS = ("positive", "negative", "oe")


def on_comment_cleaned(session: Session, envelope: dict) -> None:
    """surveys.comment.cleaned {projectId, callId, kind, quesId, status, nsm, cleaned}: the comment's cleaned
    texts as they now are; status other than Cleaned (an unclean, a changed raw text) clears them. An older event
    (by occurredAt) than the one applied is skipped; a kind not known here is ignored (nothing to show it in)."""
    data = data_of(envelope)
    call_id = req_int(data, "callId")
    kind = opt_str(data, "kind", 16)
    if kind not in COMMENT_KINDS:
        return
    ques_id = req_int(data, "quesId") if kind == "oe" else 0
    c = rm.get_cleaned_comment(session, call_id, kind, ques_id)
    if c is None:
        c = CleanedCommentView(call_id=call_id, kind=kind, ques_id=ques_id, is_cleaned=False)
        rm.add(session, c)
    elif is_stale(envelope, c.source_at):
        return
    c.project_id = opt_int(data, "projectId") or c.project_id
    c.is_cleaned, c.nsm, c.cleaned = cleaned_texts(data)
    c.source_at = stamp(envelope) or c.source_at


# --- rosters: visits (the client report's patient columns), removals, resets, sampling quotas --------------

def on_visits_imported(session: Session, envelope: dict) -> None:
    """rosters.visits.imported {projectId, rosterId, visitColumns | visits}: inserted in bulk, a redelivered batch
    changes nothing. Visits of a roster already removed, or imported before the project's latest reset (a late
    delivery), arrive removed. Patient data is never logged."""
    data = data_of(envelope)
    pid = req_int(data, "projectId")
    rid = opt_int(data, "rosterId")
    at = occurred_at(envelope)
    removed = rm.roster_is_removed(session, pid, rid, at)
    rows = []
    for v in visits_of(data):
        row = visit_values(pid, rid, v, ENGLISH) if isinstance(v, dict) else None
        if row is not None:
            rows.append(dict(row, roster_removed=removed, imported_at=at))
    if rid is not None:
        rm.note_roster(session, rid, pid)
    rm.insert_visits(session, rows)


def on_roster_removed(session: Session, envelope: dict) -> None:
    """rosters.roster.removed {rosterId, projectId} (undo, or a Ready roster deleted): its visits stop counting
    as encounters; kept for the calls made to them. Final, so order does not matter."""
    data = data_of(envelope)
    rm.remove_roster(session, req_int(data, "rosterId"), opt_int(data, "projectId"))


def on_roster_reset(session: Session, envelope: dict) -> None:
    """rosters.roster.reset {projectId} (final count): every visit imported up to the reset is removed; a newer
    reset already applied stays (the latest instant is kept)."""
    rm.reset_project_rosters(session, req_int(data_of(envelope), "projectId"), occurred_at(envelope))


def on_sampling_updated(session: Session, envelope: dict) -> None:
    """rosters.sampling.updated {projectId, quotas, ...}: the whole sampling; only the quotas are kept here."""
    data = data_of(envelope)
    pid = req_int(data, "projectId")
    s = rm.get_sampling(session, pid)
    if s is None:
        s = SamplingView(project_id=pid, quotas=[])
        rm.add(session, s)
    elif is_stale(envelope, s.source_at):
        return
    cells = quotas_of(data)
    if cells is not None:
        s.quotas = [{"typeId": t, "value": v, "required": r} for t, v, r in cells]
    s.source_at = stamp(envelope) or s.source_at


HANDLERS = {
    "calling.call.started": on_call_started,
    "calling.call.completed": on_call_completed,
    "calling.call.released": on_call_released,
    "calling.call.expired": on_call_expired,
    "calling.escalation.created": on_escalation_created,
    "calling.escalation.resolved": on_escalation_resolved,
    "projects.project.created": on_project,
    "projects.project.updated": on_project,
    "projects.project.deleted": on_project,
    "projects.client.created": on_client,
    "projects.client.updated": on_client,
    "projects.client.deleted": on_client,
    "projects.assignment.created": on_assignment,
    "projects.assignment.updated": on_assignment,
    "projects.assignment.deleted": on_assignment,
    **added_language_handlers(LanguageView),
    "identity.user.*": on_user,
    "surveys.survey.saved": on_survey_saved,
    "surveys.survey.discarded": on_survey_discarded,
    "surveys.comment_summary.updated": on_comment_summary,
    "surveys.comment.cleaned": on_comment_cleaned,
    "rosters.visits.imported": on_visits_imported,
    "rosters.roster.removed": on_roster_removed,
    "rosters.roster.reset": on_roster_reset,
    "rosters.sampling.updated": on_sampling_updated,
}


def logged(handler):
    """Apply the event and keep it in the event log (same transaction), so a rebuild can replay it."""
    def apply_and_log(session: Session, envelope: dict) -> None:
        handler(session, envelope)
        rm.log_event(session, envelope)
    return apply_and_log


def consumers(db: Database) -> list[EventConsumer]:
    return [EventConsumer("reporting", db, {k: logged(h) for k, h in HANDLERS.items()})]
