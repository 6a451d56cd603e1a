"""GET /api/calls-log and /api/calls-log/{id}."""

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query

from kit.app import SessionDep
from kit.auth import SURVEYOR_ROLES, Principal, Role, allow
from kit.errors import BadRequest, NotFound, error_responses
from kit.paging import Page, page_params
from kit.schema import DataResponse, ListResponse

from calling.call_log import service
from calling.call_log.schemas import CallLogRead

router = APIRouter(tags=["call log"])

CALL_LOG_ROLES = (Role.ADMIN, Role.OPERATIONS, Role.PROJECT_MANAGER, Role.QUALITY, Role.CIMR_MANAGER, *SURVEYOR_ROLES)
Reader = Annotated[Principal, Depends(allow(*CALL_LOG_ROLES))]


@router.get("/api/calls-log", response_model=ListResponse[CallLogRead], responses=error_responses(BadRequest))
def list_call_log(principal: Reader, session: SessionDep, page: Annotated[Page, Depends(page_params)],
                  from_: Annotated[str | None, Query(alias="from", max_length=40)] = None,
                  to: Annotated[str | None, Query(max_length=40)] = None,
                  isComplete: bool | None = None, managerId: int | None = None, projectId: int | None = None,
                  responseType: Annotated[int | None, Query(ge=1, le=7)] = None,
                  searchPhone: Annotated[str | None, Query(max_length=30)] = None,
                  surveyorId: int | None = None, tz: Annotated[str | None, Query(max_length=64)] = None,
                  type: Annotated[str | None, Query(max_length=30, description="accepted, not used")] = None):
    rows, count = service.list_calls(session, principal, page, from_=from_, to=to, is_complete=isComplete,
                                     manager_id=managerId, project_id=projectId, response_type=responseType,
                                     search_phone=searchPhone, surveyor_id=surveyorId, tz=tz)
    return {"rows": rows, "count": count}


@router.get("/api/calls-log/{call_id}", response_model=DataResponse[CallLogRead], responses=error_responses(NotFound))
def get_call_log(call_id: Annotated[int, Path(gt=0)], principal: Reader, session: SessionDep):
    return {"message": "", "data": service.get_call(session, principal, call_id)}
