from datetime import date

from fastapi import APIRouter, Depends, Query, Request

from kit.app import SessionDep
from kit.auth import Principal, Role, allow
from kit.errors import BadRequest, NotFound, error_responses
from kit.paging import MAX_LIMIT
from kit.phi_audit import ROSTER_EXPORT, record_phi_access, request_ip
from kit.schema import DataResponse
from rosters.called import service
from rosters.called.schemas import CalledPage
from rosters.types import id_query

router = APIRouter(tags=["roster-export"])

MANAGERS = (Role.ADMIN, Role.OPERATIONS, Role.PROJECT_MANAGER)


@router.get("/api/calls", response_model=DataResponse[CalledPage], responses=error_responses(BadRequest, NotFound))
def called_roster_export(s: SessionDep, request: Request, projectId: int = id_query(),
                         from_: date | None = Query(None, alias="from"), to: date | None = Query(None),
                         skip: int = Query(0, ge=0), limit: int = Query(MAX_LIMIT, ge=1, le=MAX_LIMIT),
                         principal: Principal = Depends(allow(*MANAGERS))):
    """Surveyors Called Roster Export: called patients of the project whose result was recorded from `from` to
    `to` (days in America/Chicago; default the last week), with their provider, department and site figures.
    Each page that carries patients is recorded in the PHI access audit (kit.phi_audit) in this request's
    transaction, so a page whose row cannot be written answers 503 and shows nothing; an empty page is not."""
    data, covered = service.called_roster(s, principal, project_id=projectId, start=from_, end=to, skip=skip,
                                          limit=limit)
    if data["rows"]:
        record_phi_access(s, principal, request_ip(request), action=ROSTER_EXPORT, export=covered)
    message = "Export Successful!" if data["count"] else "No called patients in this date range"
    return {"message": message, "data": data}
