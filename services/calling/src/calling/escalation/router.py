"""GET /api/escalations, /api/escalations/{id}; PUT /api/escalations."""

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Request

from kit.app import SessionDep
from kit.auth import Principal, Role, allow
from kit.errors import BadRequest, Conflict, NotFound, error_responses
from kit.eventdata import INT64_MAX
from kit.paging import Page, page_params
from kit.phi_audit import ESCALATION_EDIT, ESCALATION_LIST, ESCALATION_VIEW, record_phi_access, request_ip
from kit.schema import DataResponse, ListResponse

from calling.escalation import service
from calling.escalation.schemas import EscalationDetail, EscalationRead, EscalationUpdate

router = APIRouter(prefix="/api/escalations", tags=["escalations"])

Manager = Annotated[Principal, Depends(allow(Role.OPERATIONS, Role.PROJECT_MANAGER))]
OptId = Annotated[int | None, Query(ge=1, le=INT64_MAX)]


@router.get("", response_model=ListResponse[EscalationRead], responses=error_responses(BadRequest))
def list_escalations(principal: Manager, session: SessionDep, request: Request,
                     page: Annotated[Page, Depends(page_params)],
                     from_: Annotated[str | None, Query(alias="from", max_length=40)] = None,
                     to: Annotated[str | None, Query(max_length=40)] = None,
                     tz: Annotated[str | None, Query(max_length=64)] = None,
                     projectId: OptId = None, surveyorId: OptId = None, managerId: OptId = None,
                     status: Annotated[bool | None, Query(description="true resolved, false unresolved")] = None):
    """A page of escalations. Its rows carry the surveyors' escalation notes about the patients, so a page that has
    any is recorded in the PHI access audit (filters, order and rows shown, no patient data); an empty one is not."""
    rows, count = service.list_escalations(session, principal, page, from_=from_, to=to, tz=tz, project_id=projectId,
                                           status=status, surveyor_id=surveyorId, manager_id=managerId)
    if rows:
        record_phi_access(session, principal, request_ip(request), action=ESCALATION_LIST,
                          export=service.describe_page(page, len(rows), count, project_id=projectId,
                                                       surveyor_id=surveyorId, manager_id=managerId, status=status,
                                                       from_=from_, to=to))
    return {"rows": rows, "count": count}


@router.get("/{escalation_id}", response_model=DataResponse[EscalationDetail], responses=error_responses(NotFound))
def get_escalation(escalation_id: Annotated[int, Path(gt=0, le=INT64_MAX)], principal: Manager, session: SessionDep,
                   request: Request):
    data = service.get_escalation(session, principal, escalation_id)
    log = data.get("log") or {}
    record_phi_access(session, principal, request_ip(request), action=ESCALATION_VIEW, visit_id=log.get("visitId"),
                      patient=log.get("visitorId"), export=None if log else f"escalation {escalation_id} (call log not shown)")
    return {"message": "", "data": data}


@router.put("", response_model=DataResponse[EscalationDetail],
            responses=error_responses(BadRequest, NotFound, Conflict))
def update_escalation(body: EscalationUpdate, principal: Manager, session: SessionDep, request: Request):
    """Save notes and/or resolve; the answer carries the call's record (as the detail), so it is audited."""
    message, data = service.update_escalation(session, principal, body.id, call_id=body.call_his_id,
                                              notes=body.notes, status=body.status)
    log = data.get("log") or {}
    record_phi_access(session, principal, request_ip(request), action=ESCALATION_EDIT, visit_id=log.get("visitId"),
                      patient=log.get("visitorId"), export=None if log else f"escalation {body.id} (call log not shown)")
    return {"message": message, "data": data}
