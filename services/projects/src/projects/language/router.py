from fastapi import APIRouter, Depends, Query

from kit.app import SessionDep
from kit.auth import ALL_ROLES, Principal, Role, allow
from kit.errors import Conflict, NotFound, error_responses
from kit.paging import Page, page_params
from kit.schema import DataResponse, ListResponse
from projects.language import service
from projects.language.schemas import LanguageCreate, LanguageRead, LanguageUsage

router = APIRouter(tags=["languages"])


@router.get("/api/language", response_model=ListResponse[LanguageRead], responses=error_responses(NotFound))
def list_languages(s: SessionDep, page: Page = Depends(page_params), paginated: bool = Query(True),
                   projectId: int | None = Query(None), surveyorId: int | None = Query(None),
                   principal: Principal = Depends(allow(*ALL_ROLES))):
    rows, count = service.list_languages(s, principal, page=page, paginated=paginated, project_id=projectId,
                                         surveyor_id=surveyorId)
    return {"rows": rows, "count": count}


@router.post("/api/language", response_model=DataResponse[LanguageRead], status_code=201, responses=error_responses(Conflict))
def create_language(body: LanguageCreate, s: SessionDep, principal: Principal = Depends(allow(Role.ADMIN))):
    lang = service.create_language(s, name=body.name)
    return {"message": "Language added successfully", "data": lang}


@router.get("/api/language/usage", response_model=DataResponse[LanguageUsage], responses=error_responses(NotFound))
def language_usage(s: SessionDep, langId: int = Query(...), principal: Principal = Depends(allow(Role.ADMIN))):
    """How many projects and surveyors speak a language: what deleting it takes from them."""
    return {"data": service.language_usage(s, lang_id=langId)}


@router.delete("/api/language", response_model=DataResponse[LanguageRead], responses=error_responses(NotFound, Conflict))
def delete_language(s: SessionDep, langId: int = Query(...), principal: Principal = Depends(allow(Role.ADMIN))):
    lang = service.delete_language(s, lang_id=langId)
    return {"message": "Language deleted successfully", "data": lang}
