from fastapi import APIRouter, Depends

from kit.app import SessionDep
from kit.auth import Principal, allow
from kit.errors import BadRequest, Conflict, Forbidden, NotFound, error_responses
from kit.paging import Page, page_params
from kit.schema import DataResponse, ListResponse
from projects.access import ASSIGNERS
from projects.assignment import service
from projects.assignment.schemas import AssignmentCreate, AssignmentRead, AssignmentUpdate
from projects.common import id_query
from projects.project.service import week_read
from projects.user import repository as user_repository

router = APIRouter(tags=["assignments"])


def _read(s, a, u, with_figures: bool = True) -> dict:
    return {"id": a.id, "projectId": a.project_id, "surveyorId": a.surveyor_id, "managerId": a.manager_id,
            "typeId": a.type_id, "priority": a.priority, "surveyorGoals": a.surveyor_goals,
            "surveyorCompGoals": a.surveyor_comp_goals,
            "surveyor": {"id": u.id, "firstName": u.first_name, "lastName": u.last_name, "email": u.email,
                         "role": u.role} if u is not None else None,
            "surveysRP": service.surveys_rp(s, a) if with_figures else 0,
            "assignmentHistory": [week_read(w) for w in a.history] if with_figures else []}


@router.get("/api/assignment", response_model=ListResponse[AssignmentRead], responses=error_responses(NotFound))
def list_assignments(s: SessionDep, page: Page = Depends(page_params), projectId: int | None = id_query(False),
                     managerId: int | None = id_query(False), principal: Principal = Depends(allow(*ASSIGNERS))):
    rows, count = service.list_assignments(s, principal, page, project_id=projectId, manager_id=managerId)
    return {"rows": [_read(s, a, u) for a, u in rows], "count": count}


@router.post("/api/assignment", response_model=DataResponse[AssignmentRead], status_code=201,
             responses=error_responses(BadRequest, Forbidden, NotFound, Conflict))
def create_assignment(body: AssignmentCreate, s: SessionDep, principal: Principal = Depends(allow(*ASSIGNERS))):
    a, u = service.create_assignment(s, principal, body)
    return {"message": "Surveyor assigned successfully", "data": _read(s, a, u)}


@router.put("/api/assignment", response_model=DataResponse[AssignmentRead],
            responses=error_responses(BadRequest, NotFound, Conflict))
def update_assignment(body: AssignmentUpdate, s: SessionDep, principal: Principal = Depends(allow(*ASSIGNERS))):
    a = service.update_assignment(s, principal, body)
    return {"message": "Assignment updated successfully", "data": _read(s, a, user_repository.get(s, a.surveyor_id))}


@router.delete("/api/assignment", response_model=DataResponse[AssignmentRead], responses=error_responses(NotFound))
def delete_assignment(s: SessionDep, id: int = id_query(), principal: Principal = Depends(allow(*ASSIGNERS))):
    a = service.delete_assignment(s, principal, assignment_id=id)
    return {"message": "Surveyor unassigned successfully", "data": _read(s, a, None, with_figures=False)}
