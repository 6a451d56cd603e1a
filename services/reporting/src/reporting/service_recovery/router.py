from datetime import date

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import StreamingResponse

from kit.app import SessionDep
from kit.auth import Principal, Role, allow
from kit.errors import BadRequest, Forbidden, NotFound, error_responses
from kit.paging import Page, page_params
from kit.phi_audit import CLIENT_REPORT_EXPORT, record_phi_access, request_ip
from reporting.service_recovery import service
from reporting.service_recovery.schemas import (HeaderKeys, ReportBody, ReportResponse, SavedResponse,
                                                ServiceRecoveryBody, ServiceRecoveryList)

router = APIRouter(prefix="/api/service-recoveries", tags=["service recoveries"])

# the Client Report Exports screen's roles (spec §2.5, §6): the report carries patients' answers and roster data, and
# Admin, who manages accounts, clients, languages and projects, has no such screen
SR_ROLES = (Role.PROJECT_MANAGER, Role.OPERATIONS)
NO_DATA = "No Data Found"  # spec survey-work §8
ERRORS = error_responses(BadRequest, Forbidden, NotFound)


def id_query():
    """A fresh Query per parameter: one instance shared by several parameters mixes up their names."""
    return Query(None, ge=1, le=2_147_483_647)


@router.get("", response_model=ServiceRecoveryList, responses=ERRORS)
def list_service_recoveries(session: SessionDep, page: Page = Depends(page_params),
                            search: str | None = Query(None, max_length=100), managerId: int | None = id_query(),
                            projectId: int | None = id_query(), from_: date | None = Query(None, alias="from"),
                            to: date | None = None, principal: Principal = Depends(allow(*SR_ROLES))):
    """Without projectId: the project list (Client, Project, Oldest Uncleaned); with it: that project's exports."""
    if projectId is not None:
        return service.list_history(session, principal, projectId, page, from_, to)
    search = (search or "").replace("\x00", "").strip() or None
    return service.list_projects(session, principal, manager_id=managerId, search=search, page=page)


@router.get("/header-keys", response_model=HeaderKeys, responses=ERRORS)
def get_service_recovery_header_keys(session: SessionDep, projectId: int = Query(..., ge=1, le=2_147_483_647),
                                     principal: Principal = Depends(allow(*SR_ROLES))):
    return service.header_keys(session, principal, projectId)


@router.post("", response_model=SavedResponse, responses=ERRORS)
def save_service_recovery(session: SessionDep, body: ServiceRecoveryBody,
                          principal: Principal = Depends(allow(*SR_ROLES))):
    """Save an export's settings ({projectId, srKeys, onlySr, filename}; with id to edit) or record a download
    ({id, from, to})."""
    return service.save_or_download(session, principal, body)


@router.post("/report", response_model=ReportResponse,
             responses={**ERRORS, 200: {"content": {"text/csv": {}, "application/json": {}}}})
def service_recovery_report(session: SessionDep, body: ReportBody, request: Request,
                            principal: Principal = Depends(allow(*SR_ROLES))):
    """The export's rows (format json) or the CSV file itself (format csv: BOM, formula cells neutralised), which
    streams: its calls are read 500 at a time, each chunk in its own short session, while the file goes out.
    Every download is recorded in the PHI access audit, as the survey export is: patient columns, comments and
    answers can all identify a patient. The row names the filters only. A CSV of no rows is 404 "No Data Found"
    (no file of headers, nothing recorded), as the call-log and survey exports; the JSON says so in its message."""
    if body.format == "csv":
        export = service.prepare(session, principal, body)
        if not export.call_ids:
            raise NotFound(NO_DATA)
        record_phi_access(session, principal, request_ip(request), action=CLIENT_REPORT_EXPORT,
                          export=service.audit_note(body.id, export.params, export.keys, len(export.call_ids)))
        # the file streams a chunk of calls at a time, each read in its own short session
        return StreamingResponse(service.csv_lines(session.get_bind(), export), media_type="text/csv; charset=utf-8",
                                 headers={"Content-Disposition": f'attachment; filename="{export.filename}"',
                                          "Cache-Control": "no-store"})
    data = service.report(session, principal, body)
    record_phi_access(session, principal, request_ip(request), action=CLIENT_REPORT_EXPORT,
                      export=service.audit_note(body.id, data["rosterParams"], data["srKeys"], len(data["surveyData"])))
    return {"message": f"{len(data['surveyData'])} surveys" if data["surveyData"] else NO_DATA, "data": data}


@router.delete("", response_model=SavedResponse, responses=ERRORS)
def delete_service_recovery(session: SessionDep, id: int = Query(..., ge=1, le=2_147_483_647),
                            principal: Principal = Depends(allow(*SR_ROLES))):
    return service.delete(session, principal, id)
