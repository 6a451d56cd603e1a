"""The call engine's rules: who may claim, which patient is eligible, what a result does, releasing."""

from __future__ import annotations

import hashlib
import json
import uuid
from datetime import UTC, datetime, timedelta

from sqlalchemy.orm import Session

from kit.auth import Principal
from kit.errors import BadRequest, Conflict, Forbidden, NotFound, ServiceError
from kit.events import publish, utcnow

from calling import languages
from calling.call import repository as repo
from calling.call.schemas import CallClaim, CallLockRelease, CallResult
from calling.call.visit_info import visit_infos
from calling.config import Settings
from calling.escalation import service as escalations
from calling.events import published
from calling.models import Call, CallStatus, Visit, VisitStatus

ENGLISH = 1
AGREED, DO_NOT_CALL, CALLBACK = 1, 2, 6
CALLBACK_HORIZON = timedelta(days=366)
GUIDELINE_PASSES = ("confirmed", "remind")
LANGUAGE_TYPE = 999
MODE_OPEN, MODE_DONT, MODE_SET = 1, 2, 3

PROJECT_LOCKED = "This project is locked; calls are not allowed"
PROJECT_INACTIVE = "This project is deactivated or deleted; calls are not allowed"
# calling learns of an assignment by event (milliseconds): a claim sent at once may come before it
NOT_ASSIGNED = ("You are not assigned to this project (an assignment made a moment ago may not have reached the"
                " calling service yet - try again shortly)")
NO_PATIENTS = "No more patients to call for this project"
# visits reach calling by event after a roster import (a large roster over a second or more)
NO_PATIENTS_YET = ("No patients to call for this project yet: a roster imported a moment ago may still be arriving"
                   " - try again shortly")
CALL_NOT_FOUND = "Call not found"
GUIDELINES_UNREAD = "Please read and confirm the project's guidelines before your next call."


def project_not_known(project_id: int) -> str:
    return (f"Project {project_id} is not known to the calling service yet; it may have been created a moment ago"
            " - try again shortly")


class Locked(ServiceError):
    status_code = 423
    message = PROJECT_LOCKED


class UnprocessableEntity(ServiceError):
    status_code = 422


def utc(dt: datetime | None) -> datetime | None:
    return dt.replace(tzinfo=UTC) if dt else None


# claiming ------------------------------------------------------------------------------------------------

def allowed_languages(lang_ids: list | None, language_sampling: list[tuple]) -> list[int]:
    """The surveyor's languages (none known -> English), minus the project's Don't languages and Set
    languages whose allowed samples are reached."""
    langs = set(lang_ids or [ENGLISH])
    for language_id, mode, allowed, completed in language_sampling:
        if mode == MODE_DONT or (mode == MODE_SET and allowed is not None and completed >= allowed):
            langs.discard(language_id)
    return sorted(langs)


class _Goals:
    def __init__(self, ctx):
        self.surveyor_goals, self.surveyor_comp_goals = ctx.surveyor_goals, ctx.surveyor_comp_goals


class _Param:
    def __init__(self, t):
        self.id, self.type_id, self.priority = t


NEXT_PATIENT = "Next patient assigned"
# A reload (or coming back to the call screen) gives back the patient being called: saying "next patient" then
# reads as if the surveyor had lost them.
SAME_PATIENT = "Your call in progress is back: same patient"


def claim(session: Session, principal: Principal, body: CallClaim, settings: Settings) -> tuple[str, dict]:
    """(message, call data): the next eligible patient, or the one this surveyor still holds."""
    if body.surveyor_id != principal.id:
        raise Forbidden("You can only request calls for yourself")
    repo.begin_write(session)
    now = utcnow()
    ctx = repo.claim_context(session, body.project_id, principal.id, now)
    if not ctx.project_found:
        raise NotFound(project_not_known(body.project_id))
    if ctx.is_deleted and ctx.assignment_id is None:
        raise NotFound("Project not found")
    if ctx.is_deleted:  # its own surveyors are told why their project stopped giving calls
        raise Forbidden(PROJECT_INACTIVE)
    if ctx.is_locked:
        raise Locked()
    if ctx.user_found and not ctx.user_active:
        raise Forbidden("Your account is deactivated")
    if ctx.assignment_id is None:
        raise Forbidden(NOT_ASSIGNED)
    params = [_Param(t) for t in ctx.params]
    goals = _Goals(ctx)

    if ctx.held_call_id is not None:
        # Asking again while holding a patient (a reload, or coming back to the call screen) gives back the same
        # patient and call, no new attempt. That includes a call with the interim Agreed-to-Survey save: its survey
        # is still under way and the screen offers the unsaved answers again (Restore responses, spec §2); ending it
        # here lost them. Such a call ends with the screen's final save (isAgreeComplete), a release (PUT
        # /api/call-lock) or the hold's expiry.
        call, visit = repo.get_held(session, ctx.held_call_id)
        return SAME_PATIENT, _call_data(call, visit, params, goals, visit.locked_until, ctx.visit_info_fields,
                                        languages.names(session, {visit.language_id}))
    if ctx.guideline_id is not None and ctx.guideline_status not in GUIDELINE_PASSES:
        raise Conflict(GUIDELINES_UNREAD)

    max_calls = ctx.max_calls if ctx.max_calls is not None else settings.default_max_calls
    look_back = ctx.look_back_days if ctx.look_back_days is not None else settings.default_look_back_days
    quota_type, closed = _quotas(ctx, params)
    f = repo.ClaimFilter(project_id=body.project_id, languages=allowed_languages(ctx.lang_ids, ctx.languages),
                         max_calls=max_calls, now=now,
                         look_back_cutoff=now - timedelta(days=look_back) if look_back > 0 else None,
                         quota_type=quota_type, closed=closed,
                         callbacks_open_before=now - timedelta(minutes=settings.callback_grace_minutes))
    token = uuid.uuid4().hex
    lock_until = now + timedelta(minutes=settings.lock_ttl_minutes)
    row = repo.claim_next(session, f, surveyor_id=principal.id, lock_until=lock_until, token=token)
    if row is None:
        raise NotFound(NO_PATIENTS if repo.has_visits(session, body.project_id) else NO_PATIENTS_YET)
    call = Call(project_id=body.project_id, visit_id=row.id, surveyor_id=principal.id, lock_token=token,
                status=CallStatus.OPEN, call_start=now)
    if "call_id" in row._fields:  # PostgreSQL: the bookkeeping ran in the claim statement
        call.id = row.call_id
        expired = row.expired_calls or ()
    else:
        repo.touch_patient(session, body.project_id, row.visitor_id, row.id, now)
        expired = repo.expire_stale_calls(session, row.id, now)
        repo.add_call(session, call)
    # rare (a hold that ran out): the common claim publishes its start only, so its statements stay as they are
    for expired_id, holder, ended_as in expired:
        publish(session, published.CALL_EXPIRED, published.call_expired(
            call_id=expired_id, project_id=body.project_id, visit_id=row.id, surveyor_id=holder,
            attempt_counted=ended_as == CallStatus.PARTIAL, expired_at=now))
    publish(session, published.CALL_STARTED, published.call_started(call, row))
    return NEXT_PATIENT, _call_data(call, row, params, goals, lock_until, ctx.visit_info_fields,
                                    languages.names(session, {row.language_id}))


def _quotas(ctx, params) -> tuple[int | None, dict[int, list[str]]]:
    """Which quota type orders the claim (the highest-priority Provider/Site/Department parameter that has
    required counts) and which cells of every parameter type are reached (they give no more patients); both
    came with the claim context."""
    param_types = [p.type_id for p in params if p.type_id in repo.QUOTA_COLUMNS]
    if not param_types or not ctx.quota_types:
        return None, {}  # no quota figures: every cell is open, the plain claim gives the same patients
    quota_type = next((t for t in param_types if t in ctx.quota_types), None)
    closed = {t: values for t, values in ctx.closed.items() if t in param_types}
    return quota_type, closed


def _call_data(call: Call, v, params, assignment, lock_until: datetime, visit_info_fields: list | None,
               language_names: dict[int, str]) -> dict:
    return {
        "callId": call.id, "projectId": call.project_id, "visitId": v.id, "visitorId": v.visitor_id,
        "visitorName": " ".join(p for p in (v.first_name, v.last_name) if p),
        "phoneCell": v.phone_cell, "phoneHome": v.phone_home, "dos": v.dos, "age": v.age, "gender": v.gender,
        "provider": v.provider_name, "center": v.site_name, "department": v.department_name,
        "guarantor": v.guarantor, "chpw": v.chpw, "typeId": v.type_id, "providerType": v.provider_type,
        "payerType": v.payer_type, "ethnicity": v.ethnicity, "race": v.race, "languageId": v.language_id,
        # a held call given back: the language its interim Agreed save recorded (the screen goes on in it)
        "surveyLanguageId": call.survey_language_id,
        "callStart": utc(call.call_start), "lockExpiresAt": utc(lock_until),
        "visitInfos": visit_infos(v, visit_info_fields, language_names),
        "samplingParameters": [{"id": p.id, "typeId": p.type_id, "priority": p.priority} for p in params],
        "assignedGoals": {"surveyorGoals": assignment.surveyor_goals,
                          "surveyorCompGoals": assignment.surveyor_comp_goals},
    }


# results -------------------------------------------------------------------------------------------------

def fingerprint(body: CallResult) -> str:
    raw = json.dumps(body.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(raw.encode()).hexdigest()


def call_state(call: Call) -> dict:
    return {"callId": call.id, "projectId": call.project_id, "visitId": call.visit_id, "surveyorId": call.surveyor_id,
            "status": call.status, "result": call.result, "isPartial": call.is_partial,
            "isAgreeComplete": call.is_agree_complete, "surveyLanguageId": call.survey_language_id,
            "callStart": utc(call.call_start), "endedAt": utc(call.ended_at), "surveyedOn": utc(call.surveyed_on),
            "surveyCompletedOn": utc(call.survey_completed_on), "callbackAt": utc(call.callback_at)}


def _own_call(session: Session, principal: Principal, call_id: int, project_id: int) -> Call:
    repo.begin_write(session)
    call = repo.get_call_for_update(session, call_id)
    if call is None or call.surveyor_id != principal.id:
        raise NotFound(CALL_NOT_FOUND)  # someone else's call is not revealed
    if call.project_id != project_id:
        raise BadRequest("projectId: does not match the call")
    return call


def _max_calls(session: Session, project_id: int, settings: Settings) -> int:
    sampling = repo.get_sampling(session, project_id)
    return sampling.max_calls if sampling else settings.default_max_calls


def save_result(session: Session, principal: Principal, body: CallResult, settings: Settings,
                idempotency_key: str | None = None) -> tuple[str, dict]:
    call = _own_call(session, principal, body.id, body.project_id)  # locks the call: resends queue up here
    if idempotency_key is None:
        return _save_result(session, call, body, settings)
    body_hash = fingerprint(body)
    stored = repo.get_idempotency_key(session, idempotency_key, principal.id, "calls.put")
    if stored is not None:
        if stored.body_hash != body_hash:
            raise UnprocessableEntity("Idempotency-Key: already used with a different request body")
        return stored.response["message"], stored.response["data"]
    message, data = _save_result(session, call, body, settings)
    repo.add_idempotency_key(session, key=idempotency_key, user_id=principal.id, route="calls.put", body_hash=body_hash,
                             status_code=200, response={"message": message, "data": _jsonable(data)},
                             now=utcnow(), ttl=timedelta(hours=settings.idempotency_ttl_hours))
    return message, data


def _jsonable(data: dict) -> dict:
    return {k: (v.isoformat().replace("+00:00", "Z") if isinstance(v, datetime) else v) for k, v in data.items()}


def validate_result(body: CallResult, now: datetime) -> CallResult:
    """The payload's own rules: Do Not Call forces result 2 (and so a partial call); a completed (not partial)
    survey only with Agreed to Survey;
    a callback time only with result 6 and in the future. Returns the body as it is saved."""
    if body.do_not_call and body.result != DO_NOT_CALL:
        body = body.model_copy(update={"result": DO_NOT_CALL, "is_partial": True})
    if not body.is_partial and body.result != AGREED:
        # spec §4: choosing any result other than Agreed sets Partial on; only Agreed can complete a survey
        raise BadRequest("isPartial: must be true for any result other than 1 (Agreed to Survey); "
                         "only an Agreed survey can be complete")
    if body.result == CALLBACK:
        if body.callback_at is None:
            raise BadRequest("callbackAt: required with result 6 (Scheduled Another Time to Contact)")
        if body.callback_at.tzinfo is None:
            raise BadRequest("callbackAt: give an ISO 8601 instant with its offset (e.g. 2026-05-01T15:00:00Z)")
        at = body.callback_at.astimezone(UTC).replace(tzinfo=None)
        if at <= now:
            raise BadRequest("callbackAt: the callback time must be in the future")
        if at > now + CALLBACK_HORIZON:
            raise BadRequest("callbackAt: the callback time must be within a year")
        body = body.model_copy(update={"callback_at": at})
    elif body.callback_at is not None:
        raise BadRequest("callbackAt: only with result 6 (Scheduled Another Time to Contact)")
    return body


def _save_result(session: Session, call: Call, body: CallResult, settings: Settings) -> tuple[str, dict]:
    if body.visit_id != call.visit_id:
        raise BadRequest("visitId: does not match the call")
    fp = fingerprint(body)
    if call.result_fingerprint == fp:  # identical resend (offline retry): nothing new is stored
        return "Call result saved", call_state(call)
    if call.status in (CallStatus.COMPLETED, CallStatus.PARTIAL):
        raise Conflict("This call's result is already saved")
    now = utcnow()
    body = validate_result(body, now)
    visit = repo.get_visit(session, call.visit_id)
    if call.status != CallStatus.OPEN or visit is None or visit.lock_token != call.lock_token:
        raise Conflict("This patient is no longer held by this call; request the next patient")
    if body.visitor_id != visit.visitor_id:
        raise BadRequest("visitorId: does not match the call")
    lang = body.survey_language_id
    if lang is not None and lang not in languages.names(session, {lang}):  # the twelve, or one an admin added
        raise BadRequest(f"surveyLanguageId: {lang} is not a known language")

    # Agreed to Survey saved while the survey goes on; the final save of an agreed call says isAgreeComplete
    interim = body.result == AGREED and body.is_partial and not body.is_agree_complete
    completed = body.result == AGREED and not body.is_partial
    call.result = body.result
    call.is_partial = not completed
    call.is_agree_complete = body.is_agree_complete
    call.is_qa_removal = body.is_qa_removal
    call.survey_language_id = body.survey_language_id
    earlier_escalation = call.escalation  # what an interim save of this call carried
    call.positive, call.negative, call.escalation = body.positive, body.negative, body.escalation
    call.surveyed_on = now
    call.survey_completed_on = now if completed else None
    call.result_fingerprint = fp
    call.callback_at = body.callback_at
    escalations.open_for_call(session, call, body.escalation, earlier=earlier_escalation)
    if not interim:
        _finish(session, call, visit, now, settings, completed=completed)
    publish(session, published.CALL_COMPLETED, published.call_completed(call, visit))
    return "Call result saved", call_state(call)


def _finish(session: Session, call: Call, visit: Visit, now: datetime, settings: Settings, *, completed: bool,
            max_calls: int | None = None) -> None:
    """A final result: the call ends, the patient is released and leaves the queue when done with."""
    call.status = CallStatus.COMPLETED if completed else CallStatus.PARTIAL
    call.ended_at = now
    repo.release_visit(session, visit)
    if completed:
        repo.set_patient_status(session, visit.project_id, visit.visitor_id, VisitStatus.SURVEYED, now)
        repo.count_completed(session, visit.project_id, visit, call.survey_language_id or visit.language_id)
    elif call.result == DO_NOT_CALL:
        repo.set_patient_status(session, visit.project_id, visit.visitor_id, VisitStatus.DO_NOT_CALL)
    elif call.result == CALLBACK and call.callback_at is not None:
        # the appointment stands even at the attempts limit: the engine hands the patient out once it is due
        visit.callback_at, visit.callback_by = call.callback_at, call.surveyor_id
    elif visit.status == VisitStatus.OPEN and visit.attempts >= (
            max_calls if max_calls is not None else _max_calls(session, visit.project_id, settings)):
        visit.status = VisitStatus.MAX_CALLS


def release(session: Session, principal: Principal, body: CallLockRelease, settings: Settings) -> tuple[str, dict]:
    call = _own_call(session, principal, body.call_id, body.project_id)
    released, counted = _give_back(session, call, settings)
    return "Call released", {"callId": call.id, "released": released, "attemptCounted": counted}


def release_calls_of(session: Session, surveyor_id: int, settings: Settings) -> int:
    """A surveyor deactivated or deleted: their sessions are revoked, so an open call could never be saved or given
    back by them, and its patient would stay held until the lock ran out. Each is given back as a release would
    (an interim Agreed save ends partial). Returns how many were given back."""
    n = 0
    for call_id in repo.open_call_ids_of(session, surveyor_id):
        call = repo.get_call_for_update(session, call_id)
        if call is not None and _give_back(session, call, settings)[0]:
            n += 1
    return n


def _give_back(session: Session, call: Call, settings: Settings) -> tuple[bool, bool]:
    """The call's patient back to the queue; (released, attemptCounted)."""
    visit = repo.get_visit(session, call.visit_id)
    if call.status != CallStatus.OPEN or visit is None or visit.lock_token != call.lock_token:
        return False, call.result is not None
    now = utcnow()
    counted = call.result is not None
    if counted:  # an interim Agreed-to-Survey save: the call ends partial, the attempt stands
        _finish(session, call, visit, now, settings, completed=False)
        publish(session, published.CALL_COMPLETED, published.call_completed(call, visit))
    else:  # nothing was recorded: as if the patient had not been called
        # read before any change, so the changes go to the database in one flush
        visit_last, previous = repo.last_contacts(session, visit_id=visit.id, project_id=visit.project_id,
                                                  visitor_id=visit.visitor_id, excluding_call=call.id)
        call.status = CallStatus.RELEASED
        call.ended_at = now
        repo.release_visit(session, visit)
        visit.attempts = max(visit.attempts - 1, 0)
        visit.last_called = visit_last
        repo.restore_patient_clock(session, visit.project_id, visit.visitor_id, call.call_start, previous)
        if visit.status == VisitStatus.MAX_CALLS and visit.attempts < _max_calls(session, visit.project_id, settings):
            visit.status = VisitStatus.OPEN
    publish(session, published.CALL_RELEASED, published.call_released(call, counted, visit))
    return True, counted
