"""GET /api/calls-log, /api/calls-log/export, /api/calls-log/{id}; PUT /api/calls-log."""

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import StreamingResponse

from kit.app import SessionDep
from kit.auth import SURVEYOR_ROLES, Principal, Role, allow
from kit.errors import BadRequest, Conflict, Forbidden, NotFound, error_responses
from kit.eventdata import INT64_MAX
from kit.paging import Page, page_params
from kit.phi_audit import CALL_LOG_EDIT, CALL_LOG_EXPORT, CALL_LOG_LIST, CALL_LOG_VIEW, record_phi_access, request_ip
from kit.schema import DataResponse

from calling.call_log import service
from calling.call_log.repository import CallFilter
from calling.call_log.schemas import CallLogDetail, CallLogList, CallLogUpdate

router = APIRouter(tags=["call log"])

CALL_LOG_ROLES = (Role.ADMIN, Role.OPERATIONS, Role.PROJECT_MANAGER, Role.QUALITY, Role.CIMR_MANAGER, *SURVEYOR_ROLES)
EDIT_ROLES = (Role.OPERATIONS, Role.QUALITY)  # Admin reads no patient's comments, so edits none
Reader = Annotated[Principal, Depends(allow(*CALL_LOG_ROLES))]
Editor = Annotated[Principal, Depends(allow(*EDIT_ROLES))]
OptId = Annotated[int | None, Query(ge=1, le=INT64_MAX)]


def call_filter(from_: Annotated[str | None, Query(alias="from", max_length=40)] = None,
                to: Annotated[str | None, Query(max_length=40)] = None,
                tz: Annotated[str | None, Query(max_length=64, description="time zone of from/to dates")] = None,
                isComplete: bool | None = None, managerId: OptId = None, projectId: OptId = None,
                responseType: Annotated[int | None, Query(ge=1, le=7)] = None,
                searchPhone: Annotated[str | None, Query(max_length=30)] = None,
                surveyorId: OptId = None) -> CallFilter:
    return service.call_filter(from_=from_, to=to, tz=tz, is_complete=isComplete, manager_id=managerId,
                               project_id=projectId, response_type=responseType, search_phone=searchPhone,
                               surveyor_id=surveyorId)


Filter = Annotated[CallFilter, Depends(call_filter)]


@router.get("/api/calls-log", response_model=CallLogList, responses=error_responses(BadRequest, Forbidden))
def list_call_log(principal: Reader, session: SessionDep, request: Request, page: Annotated[Page, Depends(page_params)],
                  f: Filter,
                  type: Annotated[str | None, Query(max_length=30, description="the screen variant; scope comes from the role")] = None):
    """A page of the call log. Its rows carry patients (names, phones, DOB, MRN, comments), so a page that has
    any is recorded in the PHI access audit: the filters, order and rows shown, and the patient when the page
    holds exactly one (a phone search); an empty page is not."""
    data = service.list_calls(session, principal, page, f)
    rows = data["rows"]
    if rows:
        one = rows[0] if len(rows) == 1 else {}
        record_phi_access(session, principal, request_ip(request), action=CALL_LOG_LIST, visit_id=one.get("visitId"),
                          patient=one.get("visitorId"),
                          export=service.describe_page(f, page, len(rows), data["count"], data["countIsExact"]))
    return data


@router.get("/api/calls-log/export", responses={**error_responses(BadRequest, Forbidden, NotFound),
                                                 200: {"content": {"text/csv": {}}, "description": "CSV with a BOM"}})
def export_call_log(principal: Reader, request: Request, f: Filter, session: SessionDep):
    """The filtered call log as CSV (times in America/Chicago), streamed; 404 "No Data Found" when no call
    matches. The export is audited (kit.phi_audit) before the first line goes out (an empty one is not)."""
    service.check_exportable(session, principal, f)
    record_phi_access(session, principal, request_ip(request), action=CALL_LOG_EXPORT, export=service.describe(f))
    return StreamingResponse(service.export_lines(request.app.state.db, principal, f), media_type="text/csv; charset=utf-8",
                             headers={"Content-Disposition": 'attachment; filename="call-log.csv"'})


@router.get("/api/calls-log/{call_id}", response_model=DataResponse[CallLogDetail], responses=error_responses(NotFound))
def get_call_log(call_id: Annotated[int, Path(gt=0, le=INT64_MAX)], principal: Reader, session: SessionDep,
                 request: Request):
    data = service.get_call(session, principal, call_id)
    record_phi_access(session, principal, request_ip(request), action=CALL_LOG_VIEW, visit_id=data["visitId"],
                      patient=data["visitorId"])
    return {"message": "", "data": data}


@router.put("/api/calls-log", response_model=DataResponse[CallLogDetail],
            responses=error_responses(BadRequest, NotFound, Conflict))
def update_call_log(body: CallLogUpdate, principal: Editor, session: SessionDep, request: Request):
    """Quality's edit; the answer is the whole record (as GET /api/calls-log/{id}), so it is audited as a read."""
    changes = body.model_dump(by_alias=True, exclude_unset=True, exclude={"id", "expected"})
    if not changes:
        raise BadRequest("isQARemoval, positive or negative: nothing to change")
    expected = body.expected.model_dump(by_alias=True, exclude_unset=True) if body.expected else None
    data = service.update_call(session, principal, body.id, changes, expected)
    record_phi_access(session, principal, request_ip(request), action=CALL_LOG_EDIT, visit_id=data["visitId"],
                      patient=data["visitorId"])
    return {"message": "Call log updated", "data": data}
