import tempfile
from pathlib import Path

from fastapi import APIRouter, Depends, File, Form, Query, Request, UploadFile

from kit.app import SessionDep
from kit.auth import Principal, Role, allow
from kit.errors import BadRequest, Conflict, NotAcceptable, NotFound, PayloadTooLarge, ServiceError, error_responses
from kit.paging import Page, page_params
from kit.schema import DataResponse, ListResponse
from rosters.roster import pdf, service
from rosters.roster.parser import RosterRejected
from rosters.roster.schemas import RosterPreview, RosterRead, RosterUndo
from rosters.types import ProjectPath, id_query

router = APIRouter(tags=["rosters"])

MANAGERS = (Role.ADMIN, Role.OPERATIONS, Role.PROJECT_MANAGER)
_TRUE, _FALSE = {"true", "1", "yes"}, {"false", "0", "no"}


class UnsupportedFile(ServiceError):
    status_code = 415
    message = "Only .csv and .pdf roster files can be uploaded"


def _flag(name: str, *values: str | None, default: bool) -> bool:
    for v in values:
        if v is None or v == "":
            continue
        if v.lower() in _TRUE:
            return True
        if v.lower() in _FALSE:
            return False
        raise BadRequest(f"{name}: must be true or false")
    return default


def _spool(request: Request, file: UploadFile | None) -> tuple[Path | None, str]:
    """Copy the upload to a file of our own in 1 MB chunks (never whole in memory); 413 past the size limit. A PDF
    roster's table comes back as CSV."""
    if file is None:
        return None, ""
    if (file.content_type or "").lower() == "application/zip":
        raise UnsupportedFile()
    settings = request.app.state.settings
    limit = settings.max_body_bytes
    staging = service.staging_dir(settings)
    size = 0
    with tempfile.NamedTemporaryFile(dir=staging, suffix=".upload", delete=False) as out:
        try:
            while chunk := file.file.read(1 << 20):
                size += len(chunk)
                if size > limit:  # also catches chunked uploads that carry no Content-Length
                    raise PayloadTooLarge(f"Request body is too large (limit {limit} bytes)")
                out.write(chunk)
        except BaseException:
            Path(out.name).unlink(missing_ok=True)
            raise
    path = Path(out.name)
    return (_pdf_table(path) if pdf.is_pdf(path) else path), file.filename or "roster.csv"


def _pdf_table(path: Path) -> Path:
    """The PDF roster's table as a CSV beside it; the PDF goes."""
    csv_path = path.with_suffix(".csv")
    try:
        pdf.to_csv(path, csv_path)
    except BaseException as exc:
        csv_path.unlink(missing_ok=True)
        if isinstance(exc, RosterRejected):
            raise ServiceError(exc.message, status_code=exc.status_code) from None
        raise
    finally:
        path.unlink()
    return csv_path


@router.post("/api/roster/{project_id}", responses=error_responses(BadRequest, NotFound, NotAcceptable, service.ImportFailed,
                                                                     PayloadTooLarge, UnsupportedFile),
             response_model=DataResponse[RosterPreview] | DataResponse[RosterRead])
def upload_roster(project_id: ProjectPath, request: Request, s: SessionDep, file: UploadFile | None = File(None),
                  onlyParse: str | None = Query(None), onlyParseForm: str | None = Form(None, alias="onlyParse"),
                  uploadId: str | None = Query(None, max_length=36),
                  uploadIdForm: str | None = Form(None, alias="uploadId", max_length=36),
                  principal: Principal = Depends(allow(*MANAGERS))):
    """onlyParse=true (default): parse and preview, staging a clean file under `uploadId`.
    onlyParse=false: commit the staged `uploadId` (or a file sent again)."""
    settings = request.app.state.settings
    only_parse = _flag("onlyParse", onlyParseForm, onlyParse, default=True)
    upload_id = uploadIdForm or uploadId
    path, file_name = _spool(request, file)
    try:
        if only_parse:
            if path is None:
                raise BadRequest("file: Required")
            data = service.preview(s, principal, settings, project_id=project_id, path=path, file_name=file_name)
            return {"message": "Roster parsed" if data["errorCount"] == 0 else "Roster has errors", "data": data}
        roster = service.commit(s, request.app.state.db, principal, settings, project_id=project_id, path=path,
                                file_name=file_name, upload_id=None if path is not None else upload_id)
        return {"message": "Roster uploaded successfully", "data": service.to_read(roster, True)}
    finally:
        if path is not None:
            path.unlink(missing_ok=True)  # the spooled CSV: a clean preview staged its typed rows instead


@router.delete("/api/roster/{project_id}", response_model=DataResponse[dict],
               responses=error_responses(BadRequest, NotFound, Conflict))
def delete_roster(project_id: ProjectPath, request: Request, s: SessionDep, uploadId: str | None = Query(None, max_length=36),
                  id: int | None = id_query(None), principal: Principal = Depends(allow(*MANAGERS))):
    """`uploadId`: cancel a previewed upload (nothing of it is kept). `id`: delete a roster from the history (a
    Ready one's patients leave the call queue; calls already made stay). Refused while it is Processing."""
    if (uploadId is None) == (id is None):
        raise BadRequest("uploadId or id: give exactly one (a previewed upload to cancel, or a roster to delete)")
    if id is not None:
        service.delete(s, principal, roster_id=id, project_id=project_id)
        return {"message": "Roster deleted", "data": {"id": id}}
    service.cancel(s, principal, request.app.state.settings, project_id=project_id, upload_id=uploadId)
    return {"message": "Roster upload cancelled", "data": {"uploadId": uploadId}}


@router.get("/api/roster", response_model=ListResponse[RosterRead], responses=error_responses(NotFound))
def list_rosters(s: SessionDep, page: Page = Depends(page_params), projectId: int | None = id_query(None),
                 principal: Principal = Depends(allow(*MANAGERS))):
    rows, count = service.history(s, principal, page, project_id=projectId)
    return {"rows": rows, "count": count}


@router.put("/api/roster", response_model=DataResponse[RosterRead], responses=error_responses(BadRequest, NotFound))
def undo_roster(body: RosterUndo, s: SessionDep, principal: Principal = Depends(allow(*MANAGERS))):
    roster = service.undo(s, principal, roster_id=body.id, project_id=body.projectId)
    return {"message": "Roster removed", "data": service.to_read(roster, False)}
