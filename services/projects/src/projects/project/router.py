from fastapi import APIRouter, Depends, Query

from kit.app import SessionDep
from kit.auth import SURVEYOR_ROLES, Principal, Role, allow
from kit.errors import BadRequest, NotFound, error_responses
from kit.paging import Page, page_params
from kit.schema import DataResponse, ListResponse
from projects.project import service
from projects.project.schemas import ProjectCreate, ProjectLock, ProjectLockRead, ProjectRead, ProjectUpdate

router = APIRouter(tags=["projects"])

READERS = (Role.ADMIN, Role.PROJECT_MANAGER, Role.OPERATIONS, Role.QUALITY, Role.COMMENT_CLEANER,
           Role.CIMR_MANAGER, *SURVEYOR_ROLES)
EDITORS = (Role.ADMIN, Role.OPERATIONS, Role.PROJECT_MANAGER)


@router.get("/api/projects", response_model=ListResponse[ProjectRead], responses=error_responses(BadRequest))
def list_projects(s: SessionDep, page: Page = Depends(page_params), search: str | None = Query(None, max_length=100),
                  typeId: int | None = Query(None), userId: int | None = Query(None),
                  principal: Principal = Depends(allow(*READERS))):
    rows, count = service.list_projects(s, principal, page, search=search, type_id=typeId, user_id=userId)
    return {"rows": service.to_read(s, rows), "count": count}


@router.get("/api/projects/{project_id}", response_model=ProjectRead, responses=error_responses(NotFound))
def get_project(project_id: int, s: SessionDep, principal: Principal = Depends(allow(*READERS))):
    return service.to_read(s, [service.get_visible_or_404(s, principal, project_id)])[0]


@router.post("/api/projects", response_model=DataResponse[ProjectRead], status_code=201,
             responses=error_responses(BadRequest))
def create_project(body: ProjectCreate, s: SessionDep, principal: Principal = Depends(allow(Role.ADMIN, Role.OPERATIONS))):
    project = service.create_project(s, principal, body)
    return {"message": "Project created successfully", "data": service.to_read(s, [project])[0]}


@router.put("/api/projects", response_model=DataResponse[ProjectRead], responses=error_responses(BadRequest, NotFound))
def update_project(body: ProjectUpdate, s: SessionDep, principal: Principal = Depends(allow(*EDITORS))):
    project = service.update_project(s, principal, body)
    return {"message": "Project updated successfully", "data": service.to_read(s, [project])[0]}


@router.put("/api/projects/lock", response_model=DataResponse[ProjectLockRead], responses=error_responses(NotFound))
def lock_project(body: ProjectLock, s: SessionDep, principal: Principal = Depends(allow(*EDITORS))):
    project = service.set_lock(s, principal, project_id=body.id, is_locked=body.isLocked)
    return {"message": "Project locked" if project.is_locked else "Project unlocked",
            "data": {"id": project.id, "isLocked": project.is_locked}}
