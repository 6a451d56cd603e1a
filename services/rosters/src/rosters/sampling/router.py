from typing import Literal

from fastapi import APIRouter, Depends, Query

from kit.app import SessionDep
from kit.auth import Principal, Role, allow
from kit.errors import BadRequest, NotFound, error_responses
from kit.paging import Page
from kit.schema import DataResponse, ListResponse
from rosters.constants import SAMPLING_PAGE_SIZE
from rosters.roster import service as roster_service
from rosters.sampling import service
from rosters.sampling.schemas import (LanguageUpdate, ProviderRow, ProvidersUpdate, SamplingOperations,
                                      SamplingParameterCreate, SamplingRead, SamplingUpdate)
from rosters.types import id_query

router = APIRouter(tags=["sampling"])

MANAGERS = (Role.ADMIN, Role.OPERATIONS, Role.PROJECT_MANAGER)


@router.get("/api/sampling", response_model=SamplingRead, responses=error_responses(BadRequest, NotFound))
def get_sampling(s: SessionDep, projectId: int = id_query(), type: int | None = Query(None),
                 principal: Principal = Depends(allow(*MANAGERS))):
    """The project's sampling; `type` keeps only the parameters of that type."""
    return service.get_sampling(s, principal, project_id=projectId, type_id=type)


@router.put("/api/sampling", response_model=DataResponse[SamplingRead], responses=error_responses(BadRequest, NotFound))
def update_sampling(body: SamplingUpdate, s: SessionDep, principal: Principal = Depends(allow(*MANAGERS))):
    return {"message": "Sampling updated successfully", "data": service.update_sampling(s, principal, body)}


@router.post("/api/sampling", response_model=DataResponse[SamplingRead], status_code=201,
             responses=error_responses(BadRequest, NotFound))
def add_sampling_parameter(body: SamplingParameterCreate, s: SessionDep, principal: Principal = Depends(allow(*MANAGERS))):
    return {"message": "Sampling parameter added successfully", "data": service.add_parameter(s, principal, body)}


@router.delete("/api/sampling", response_model=DataResponse[SamplingRead], responses=error_responses(BadRequest, NotFound))
def delete_sampling_parameter(s: SessionDep, id: int = id_query(), projectId: int = id_query(),
                              principal: Principal = Depends(allow(*MANAGERS))):
    return {"message": "Sampling parameter deleted successfully",
            "data": service.delete_parameter(s, principal, parameter_id=id, project_id=projectId)}


@router.get("/api/sampling/providers", response_model=ListResponse[ProviderRow],
            responses=error_responses(BadRequest, NotFound))
def list_sampling_providers(s: SessionDep, projectId: int = id_query(), type: int = Query(0),
                            search: str | None = Query(None, max_length=200),
                            skip: int = Query(0, ge=0), limit: int = Query(SAMPLING_PAGE_SIZE, ge=1, le=5000),
                            orderBy: str | None = Query(None, max_length=64),
                            orderDir: Literal["ASC", "DESC", "asc", "desc"] = Query("ASC"),
                            principal: Principal = Depends(allow(*MANAGERS))):
    """Per provider (0) / site (1) / department (2) of the roster: required, surveys, remaining, encounters,
    eligible encounters and last encounter. `search` applies from 2 characters."""
    page = Page(skip=skip, limit=limit, order_by=orderBy, order_dir=orderDir.upper())  # type: ignore[arg-type]
    rows, count = service.provider_figures(s, principal, page, project_id=projectId, type_id=type, search=search)
    return {"rows": rows, "count": count}


@router.put("/api/sampling/providers", response_model=DataResponse[SamplingRead],
            responses=error_responses(BadRequest, NotFound))
def update_sampling_providers(body: ProvidersUpdate, s: SessionDep, principal: Principal = Depends(allow(*MANAGERS))):
    """Surveys required per provider / site / department value (null = no limit)."""
    return {"message": "Sampling providers updated successfully", "data": service.update_providers(s, principal, body)}


@router.post("/api/sampling/operations", response_model=DataResponse[SamplingRead],
             responses=error_responses(BadRequest, NotFound))
def sampling_operations(body: SamplingOperations, s: SessionDep, principal: Principal = Depends(allow(*MANAGERS))):
    """Look-back days and max calls; `finalCount: true` submits the final count and resets the project's roster
    (irreversible)."""
    data = service.operations(s, principal, body, reset_roster=roster_service.reset_project)
    message = "Final count submitted; the project's roster was reset" if body.finalCount else "Sampling updated successfully"
    return {"message": message, "data": data}


@router.put("/api/language", response_model=DataResponse[SamplingRead], responses=error_responses(BadRequest, NotFound))
def update_language_sampling(body: LanguageUpdate, s: SessionDep, principal: Principal = Depends(allow(*MANAGERS))):
    """Sampling by language: Open 1, Don't 2, Set 3 (up to allowedSamples completed surveys)."""
    return {"message": "Language sampling updated successfully", "data": service.update_languages(s, principal, body)}
