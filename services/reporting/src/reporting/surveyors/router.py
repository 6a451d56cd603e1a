from fastapi import APIRouter, Depends, Query

from kit.app import SessionDep
from kit.auth import STAFF_ROLES, Principal, allow
from kit.errors import BadRequest, Forbidden, error_responses
from kit.paging import Page, page_params
from reporting.surveyors import service
from reporting.surveyors.schemas import SurveyorInfoList, SurveyorList

router = APIRouter(tags=["surveyors"])

# The staff that pick or review surveyors (as identity served these before): Admin, Project Manager,
# Operations, Quality, Comment Cleaner, CIMR Manager; each narrowed to their own surveyors in the service.
READERS = STAFF_ROLES


def id_query():
    """A fresh Query per parameter: one instance shared by several parameters mixes up their names."""
    return Query(None, ge=1, le=2_147_483_647)


@router.get("/api/users/surveyors", response_model=SurveyorList, responses=error_responses(BadRequest, Forbidden))
def list_surveyors(session: SessionDep, page: Page = Depends(page_params),
                   search: str | None = Query(None, max_length=100), type: int | None = Query(None, ge=0, le=9),
                   managerId: int | None = id_query(), isWeekly: bool = Query(True),
                   principal: Principal = Depends(allow(*READERS))):
    """My Surveyors / All Surveyors: surveyors in scope with this week's (or period's) goals and surveys."""
    search = (search or "").replace("\x00", "").strip() or None
    return service.list_surveyors(session, principal, search=search, type_=type, manager_id=managerId,
                                  is_weekly=isWeekly, page=page)


@router.get("/api/users/surveyors-info", response_model=SurveyorInfoList,
            responses=error_responses(BadRequest, Forbidden))
def surveyors_info(session: SessionDep, type: int | None = Query(None, ge=0, le=9), managerId: int | None = id_query(),
                   surveyorId: int | None = id_query(), projectId: int | None = id_query(), isWeekly: bool = Query(True),
                   principal: Principal = Depends(allow(*READERS))):
    return service.surveyors_info(session, principal, type_=type, manager_id=managerId, surveyor_id=surveyorId,
                                  project_id=projectId, is_weekly=isWeekly)
