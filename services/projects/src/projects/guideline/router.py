from urllib.parse import quote

from fastapi import APIRouter, Depends, File, Form, Request, UploadFile
from fastapi.responses import Response

from kit.app import SessionDep
from kit.auth import SURVEYOR_ROLES, Principal, allow
from kit.errors import BadRequest, NotFound, PayloadTooLarge, error_responses
from kit.schema import DataResponse, ListResponse
from projects.access import GUIDELINE_UPLOADERS, PROJECT_READERS
from projects.common import MAX_ID, IdPath, id_query
from projects.guideline import service
from projects.guideline.schemas import GuidelineRead, GuidelineStatusRead, GuidelineStatusUpdate
from projects.guideline.store import store_for

router = APIRouter(tags=["guidelines"])


def _store(request: Request):
    state = request.app.state
    if getattr(state, "guideline_store", None) is None:
        state.guideline_store = store_for(state.settings)
    return state.guideline_store


def _read(g, current_id: int | None) -> dict:
    return {"id": g.id, "projectId": g.project_id, "fileName": g.file_name, "size": g.size,
            "uploadedAt": g.uploaded_at, "url": f"/api/guidelines/{g.id}/file", "isCurrent": g.id == current_id}


@router.post("/api/guidelines", response_model=DataResponse[GuidelineRead], status_code=201,
             responses=error_responses(BadRequest, NotFound, PayloadTooLarge, service.UnsupportedMediaType))
def upload_guideline(request: Request, s: SessionDep, projectId: int = Form(..., ge=1, le=MAX_ID),
                     fileName: str | None = Form(None, max_length=200), file: UploadFile | None = File(None),
                     principal: Principal = Depends(allow(*GUIDELINE_UPLOADERS))):
    settings = request.app.state.settings
    content = file.file.read(settings.guideline_max_bytes + 1) if file is not None else None
    g = service.upload(s, principal, _store(request), project_id=projectId, file_name=fileName,
                       upload_name=file.filename if file is not None else None, content=content,
                       max_bytes=settings.guideline_max_bytes)
    return {"message": "Guidelines uploaded successfully", "data": _read(g, g.id)}


@router.get("/api/guidelines", response_model=ListResponse[GuidelineRead], responses=error_responses(NotFound))
def list_guidelines(s: SessionDep, projectId: int = id_query(), managerId: int | None = id_query(False),
                    surveyorId: int | None = id_query(False), principal: Principal = Depends(allow(*PROJECT_READERS))):
    rows = service.list_guidelines(s, principal, project_id=projectId, manager_id=managerId, surveyor_id=surveyorId)
    current = rows[0].id if rows else None
    return {"rows": [_read(g, current) for g in rows], "count": len(rows)}


@router.get("/api/guidelines/status", response_model=GuidelineStatusRead, responses=error_responses(BadRequest, NotFound))
def get_guideline_status(s: SessionDep, projectId: int = id_query(), surveyorId: int | None = id_query(False),
                         principal: Principal = Depends(allow(*PROJECT_READERS))):
    return service.status(s, principal, project_id=projectId, surveyor_id=surveyorId)


@router.put("/api/guidelines/status", response_model=DataResponse[GuidelineStatusRead],
            responses=error_responses(BadRequest, NotFound))
def update_guideline_status(body: GuidelineStatusUpdate, s: SessionDep,
                            principal: Principal = Depends(allow(*SURVEYOR_ROLES))):
    data = service.set_status(s, principal, project_id=body.projectId, value=body.status)
    message = "Guidelines confirmed as read" if body.status == "confirmed" else "We will remind you before your next call"
    return {"message": message, "data": data}


@router.get("/api/guidelines/{guideline_id}/file", response_class=Response,
            responses={200: {"content": {"application/pdf": {}}}, **error_responses(NotFound)})
def get_guideline_file(guideline_id: IdPath, request: Request, s: SessionDep,
                       principal: Principal = Depends(allow(*PROJECT_READERS))):
    g, data = service.content(s, principal, _store(request), guideline_id)
    return Response(data, media_type="application/pdf",
                    headers={"Content-Disposition": _disposition(g.file_name), "Cache-Control": "private, no-store",
                             "X-Content-Type-Options": "nosniff"})


def _disposition(file_name: str) -> str:
    """`inline` under the uploaded name (RFC 6266): an ASCII `filename` for old clients and the name itself as
    UTF-8 in `filename*`. A header is latin-1, so a Cyrillic or Chinese name written as is failed every download."""
    kept = "".join(ch for ch in file_name if ch.isascii() and (ch.isalnum() or ch in "._- "))
    stem = (kept[:-4] if kept.lower().endswith(".pdf") else kept).strip("._- ")
    return f"inline; filename=\"{stem or 'guidelines'}.pdf\"; filename*=UTF-8''{quote(file_name, safe='')}"
