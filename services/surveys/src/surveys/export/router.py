from datetime import date

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import StreamingResponse

from kit.app import SessionDep
from kit.auth import Principal, Role, allow
from kit.errors import BadRequest, Forbidden, NotFound, error_responses
from kit.phi_audit import SURVEY_EXPORT, record_phi_access, request_ip
from kit.schema import ListResponse, ReadSchema
from surveys.export import service

router = APIRouter(tags=["survey export"])

# The Admin manages every project (platform.md §6) and its project page has a Survey Export tab (§2.6).
EXPORTERS = (Role.ADMIN, Role.PROJECT_MANAGER, Role.OPERATIONS)
BIG = 2**63 - 1


class ExportSurveyor(ReadSchema):
    id: int
    name: str
    email: str | None


def _csv(session, principal, request, projectId, from_, to, surveyorId, languageId) -> StreamingResponse:
    filename, lines = service.rows(session, principal, project_id=projectId, start=from_, end=to,
                                   surveyor_id=surveyorId, language_id=languageId)
    covered = ", ".join(f"{k} {v}" for k, v in (("project", projectId), ("from", from_), ("to", to),
                                                 ("surveyor", surveyorId), ("language", languageId)) if v is not None)
    record_phi_access(session, principal, request_ip(request), action=SURVEY_EXPORT, export=f"survey answers, {covered}")
    return StreamingResponse(lines, media_type="text/csv; charset=utf-8",
                             headers={"Content-Disposition": f'attachment; filename="{filename}"'})


_CSV = {200: {"content": {"text/csv": {}}, "description": "the survey answers as CSV (with BOM)"},
        **error_responses(BadRequest, Forbidden, NotFound)}


@router.get("/api/survey", response_class=StreamingResponse, responses=_CSV)
def survey(session: SessionDep, request: Request, principal: Principal = Depends(allow(*EXPORTERS)),
           projectId: int = Query(..., ge=1, le=BIG), from_: date | None = Query(None, alias="from"),
           to: date | None = Query(None), surveyorId: int | None = Query(None, ge=1, le=BIG),
           languageId: int | None = Query(None, ge=1, le=BIG)):
    """The survey answers of a project as CSV ("No Data Found" when nothing matches)."""
    return _csv(session, principal, request, projectId, from_, to, surveyorId, languageId)


@router.get("/api/survey-export", response_class=StreamingResponse, responses=_CSV)
def survey_export(session: SessionDep, request: Request, principal: Principal = Depends(allow(*EXPORTERS)),
                  projectId: int = Query(..., ge=1, le=BIG), from_: date | None = Query(None, alias="from"),
                  to: date | None = Query(None), surveyorId: int | None = Query(None, ge=1, le=BIG),
                  languageId: int | None = Query(None, ge=1, le=BIG)):
    """Same as GET /api/survey."""
    return _csv(session, principal, request, projectId, from_, to, surveyorId, languageId)


@router.get("/api/survey-export/surveyors", response_model=ListResponse[ExportSurveyor],
            responses=error_responses(Forbidden, NotFound))
def export_surveyors(session: SessionDep, principal: Principal = Depends(allow(*EXPORTERS)),
                     projectId: int = Query(..., ge=1, le=BIG)):
    """The surveyor select of the export: surveyors assigned to or having surveyed the project."""
    rows = service.surveyors(session, principal, projectId)
    return {"rows": [ExportSurveyor.model_validate(r) for r in rows], "count": len(rows)}
