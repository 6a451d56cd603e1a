from fastapi import APIRouter, Depends, Query

from kit.app import SessionDep
from kit.auth import SURVEYOR_ROLES, Principal, Role, allow
from kit.errors import BadRequest, Conflict, NotFound, error_responses
from kit.paging import Page, page_params
from kit.schema import DataResponse, ListResponse
from projects.common import IdPath, id_query
from projects.access import PROJECT_CREATORS, PROJECT_EDITORS, PROJECT_READERS
from projects.project import service
from projects.project.schemas import (
    ProjectCreate, ProjectDates, ProjectDatesRead, ProjectDetailRead, ProjectLock, ProjectLockRead, ProjectName,
    ProjectRead, ProjectRow, ProjectStatus, ProjectStatusRead, ProjectUpdate, SurveyorProjectRow, VisitInfoRead,
    VisitInfoUpdate,
)

router = APIRouter(tags=["projects"])


@router.get("/api/projects", response_model=ListResponse[ProjectRow], response_model_exclude_unset=True,
            responses=error_responses(BadRequest))
def list_projects(s: SessionDep, page: Page = Depends(page_params), search: str | None = Query(None, max_length=100),
                  typeId: int | None = Query(None, ge=1, le=16), userId: int | None = id_query(False),
                  onlyNames: bool = Query(False), onlyNamesAttrs: str | None = Query(None, max_length=300),
                  isEscalations: bool = Query(False), isWeekly: bool = Query(False), isAdmin: bool = Query(False),
                  principal: Principal = Depends(allow(*PROJECT_READERS))):
    rows, count = service.list_projects(s, principal, page, search=search, type_id=typeId, user_id=userId,
                                        is_weekly=isWeekly, is_admin=isAdmin, is_escalations=isEscalations)
    attrs = [a.strip() for a in (onlyNamesAttrs or "").split(",") if a.strip()]
    return {"rows": service.list_rows(s, rows, money=service.shows_money(principal), only_names=onlyNames,
                                      attrs=attrs), "count": count}


@router.get("/api/projects/surveyors", response_model=ListResponse[SurveyorProjectRow],
            responses=error_responses(BadRequest, NotFound))
def list_surveyor_projects(s: SessionDep, surveyorId: int | None = id_query(False), isWeekly: bool = Query(False),
                           principal: Principal = Depends(allow(*PROJECT_READERS))):
    rows = service.surveyor_projects(s, principal, surveyor_id=surveyorId, is_weekly=isWeekly)
    return {"rows": rows, "count": len(rows)}


@router.get("/api/projects/name", response_model=ProjectName, responses=error_responses(NotFound))
def get_project_name(s: SessionDep, id: int = id_query(),
                     principal: Principal = Depends(allow(*PROJECT_READERS))):
    p = service.get_visible_or_404(s, principal, id)
    return {"id": p.id, "name": p.name}


@router.get("/api/projects/visit-info/{project_id}", response_model=VisitInfoRead, responses=error_responses(NotFound))
def get_visit_info(project_id: IdPath, s: SessionDep, managerId: int | None = id_query(False),
                   principal: Principal = Depends(allow(*PROJECT_EDITORS))):
    p = service.get_visit_info(s, principal, project_id, managerId)
    return {"projectId": p.id, "fields": service.visit_info(p)}


@router.put("/api/projects/visit-info", response_model=DataResponse[VisitInfoRead],
            responses=error_responses(BadRequest, NotFound))
def update_visit_info(body: VisitInfoUpdate, s: SessionDep, principal: Principal = Depends(allow(*PROJECT_EDITORS))):
    p = service.set_visit_info(s, principal, body)
    return {"message": "Additional info updated successfully", "data": {"projectId": p.id, "fields": service.visit_info(p)}}


@router.get("/api/projects/{project_id}", response_model=ProjectDetailRead, response_model_exclude_unset=True,
            responses=error_responses(NotFound))
def get_project(project_id: IdPath, s: SessionDep, isAdmin: bool = Query(False), managerId: int | None = id_query(False),
                isSvProject: bool = Query(False), isWeekly: bool = Query(True),
                surveyorId: int | None = id_query(False), principal: Principal = Depends(allow(*PROJECT_READERS))):
    project = service.project_for_detail(s, principal, project_id, managerId, isAdmin)
    if principal.role in SURVEYOR_ROLES:
        surveyorId = principal.id  # a surveyor sees own goals only
    return service.detail(s, project, money=service.shows_money(principal, isSvProject), is_weekly=isWeekly,
                          surveyor_id=surveyorId)


@router.post("/api/projects", response_model=DataResponse[ProjectRead], status_code=201,
             responses=error_responses(BadRequest))
def create_project(body: ProjectCreate, s: SessionDep, principal: Principal = Depends(allow(*PROJECT_CREATORS))):
    project = service.create_project(s, principal, body)
    return {"message": "Project created successfully", "data": service.to_read(s, [project])[0]}


@router.put("/api/projects", response_model=DataResponse[ProjectRead],
            responses=error_responses(BadRequest, NotFound, Conflict))
def update_project(body: ProjectUpdate, s: SessionDep, principal: Principal = Depends(allow(*PROJECT_EDITORS))):
    project = service.update_project(s, principal, body)
    return {"message": "Project updated successfully", "data": service.to_read(s, [project])[0]}


@router.delete("/api/projects", response_model=DataResponse[ProjectRead], responses=error_responses(NotFound))
def delete_project(s: SessionDep, id: int = id_query(), isDeactivated: bool | None = Query(None),
                   principal: Principal = Depends(allow(Role.ADMIN, Role.OPERATIONS))):
    project, message = service.delete_project(s, principal, project_id=id, is_deactivated=isDeactivated)
    data = service.to_read(s, [project])[0]
    return {"message": message, "data": data}


@router.put("/api/projects/lock", response_model=DataResponse[ProjectLockRead],
            responses=error_responses(BadRequest, NotFound))
def lock_project(body: ProjectLock, s: SessionDep, principal: Principal = Depends(allow(*PROJECT_EDITORS))):
    project = service.set_lock(s, principal, project_id=body.id, is_locked=body.isLocked)
    return {"message": "Project locked" if project.is_locked else "Project unlocked",
            "data": {"id": project.id, "isLocked": project.is_locked}}


@router.put("/api/projects/status", response_model=DataResponse[ProjectStatusRead],
            responses=error_responses(BadRequest, NotFound))
def update_project_status(body: ProjectStatus, s: SessionDep, principal: Principal = Depends(allow(*PROJECT_EDITORS))):
    project = service.set_status(s, principal, project_id=body.id, status_id=body.statusId)
    return {"message": "Project status updated successfully", "data": {"id": project.id, "statusId": project.status_id}}


@router.put("/api/projects/dates", response_model=DataResponse[ProjectDatesRead],
            responses=error_responses(BadRequest, NotFound))
def update_project_dates(body: ProjectDates, s: SessionDep, principal: Principal = Depends(allow(*PROJECT_EDITORS))):
    p = service.set_dates(s, principal, body)
    return {"message": "Project dates updated successfully",
            "data": {"id": p.id, "startDate": p.start_date, "deadline": p.deadline, "reportWeeks": p.report_weeks}}
