from fastapi import APIRouter, Depends, Query

from kit.app import SessionDep
from kit.auth import Principal, Role, allow
from kit.errors import BadRequest, NotFound, error_responses
from kit.schema import DataResponse
from rosters.sampling import service
from rosters.sampling.schemas import SamplingParameterCreate, SamplingRead, SamplingUpdate

router = APIRouter(tags=["sampling"])

MANAGERS = (Role.ADMIN, Role.OPERATIONS, Role.PROJECT_MANAGER)


@router.get("/api/sampling", response_model=SamplingRead, responses=error_responses(NotFound))
def get_sampling(s: SessionDep, projectId: int = Query(...), principal: Principal = Depends(allow(*MANAGERS))):
    return service.get_sampling(s, principal, project_id=projectId)


@router.put("/api/sampling", response_model=DataResponse[SamplingRead], responses=error_responses(BadRequest, NotFound))
def update_sampling(body: SamplingUpdate, s: SessionDep, principal: Principal = Depends(allow(*MANAGERS))):
    return {"message": "Sampling updated successfully", "data": service.update_sampling(s, principal, body)}


@router.post("/api/sampling", response_model=DataResponse[SamplingRead], status_code=201,
             responses=error_responses(NotFound))
def add_sampling_parameter(body: SamplingParameterCreate, s: SessionDep, principal: Principal = Depends(allow(*MANAGERS))):
    return {"message": "Sampling parameter added successfully", "data": service.add_parameter(s, principal, body)}


@router.delete("/api/sampling", response_model=DataResponse[SamplingRead], responses=error_responses(BadRequest, NotFound))
def delete_sampling_parameter(s: SessionDep, id: int = Query(...), projectId: int = Query(...),
                              principal: Principal = Depends(allow(*MANAGERS))):
    return {"message": "Sampling parameter deleted successfully",
            "data": service.delete_parameter(s, principal, parameter_id=id, project_id=projectId)}
