"""POST/PUT /api/calls (claim the next patient, save the result) and PUT /api/call-lock (release)."""

from typing import Annotated

from fastapi import APIRouter, Depends, Header, Request

from kit.app import SessionDep, on_event_loop
from kit.auth import SURVEYOR_ROLES, Principal, allow
from kit.errors import BadRequest, Conflict, Forbidden, NotFound, error_responses
from kit.phi_audit import CALL_CLAIM, record_phi_access, request_ip
from kit.schema import DataResponse

from calling.call import service
from calling.call.schemas import CallClaim, CallLockRelease, CallReleased, CallResult, CallState, VisitCallData

router = APIRouter(tags=["calls"])

# Only surveyors take calls, and only for themselves: a manager never holds a patient on someone's behalf.
Surveyor = Annotated[Principal, Depends(allow(*SURVEYOR_ROLES))]


@router.post("/api/calls", response_model=DataResponse[VisitCallData],
             responses=error_responses(BadRequest, Forbidden, NotFound, service.Locked))
@on_event_loop
def claim_next_call(body: CallClaim, principal: Surveyor, session: SessionDep, request: Request):
    """Claim the next eligible patient of the project for the calling surveyor (atomic)."""
    message, data = service.claim(session, principal, body, request.app.state.settings)
    record_phi_access(session, principal, request_ip(request), action=CALL_CLAIM, visit_id=data["visitId"],
                      patient=data["visitorId"])
    return {"message": message, "data": data}


@router.put("/api/calls", response_model=DataResponse[CallState],
            responses=error_responses(BadRequest, NotFound, Conflict, service.UnprocessableEntity))
@on_event_loop
def save_call_result(body: CallResult, principal: Surveyor, session: SessionDep, request: Request,
                     idempotency_key: Annotated[str | None, Header(alias="Idempotency-Key", max_length=200)] = None):
    """Save the call result; an identical resend (or a replayed Idempotency-Key) stores nothing new."""
    message, data = service.save_result(session, principal, body, request.app.state.settings, idempotency_key)
    return {"message": message, "data": data}


@router.put("/api/call-lock", response_model=DataResponse[CallReleased],
            responses=error_responses(BadRequest, NotFound))
@on_event_loop
def release_call_lock(body: CallLockRelease, principal: Surveyor, session: SessionDep, request: Request):
    """Give the patient back to the queue (the attempt counts only if a result was saved)."""
    message, data = service.release(session, principal, body, request.app.state.settings)
    return {"message": message, "data": data}
