"""GET /api/calls-progress."""

from typing import Annotated

from fastapi import APIRouter, Depends, Query

from kit.app import SessionDep
from kit.auth import SURVEYOR_ROLES, Principal, Role, allow
from kit.errors import BadRequest, Forbidden, NotFound, error_responses
from kit.eventdata import INT64_MAX
from kit.schema import DataResponse

from calling.progress import service
from calling.progress.schemas import ProgressRead

router = APIRouter(tags=["progress"])

Reader = Annotated[Principal, Depends(allow(Role.ADMIN, Role.OPERATIONS, Role.PROJECT_MANAGER, Role.CIMR_MANAGER,
                                            *SURVEYOR_ROLES))]
OptId = Annotated[int | None, Query(ge=1, le=INT64_MAX)]


@router.get("/api/calls-progress", response_model=DataResponse[ProgressRead],
            responses=error_responses(BadRequest, Forbidden, NotFound))
def calls_progress(principal: Reader, session: SessionDep, isWeekly: bool = True, projectId: OptId = None,
                   managerId: OptId = None, surveyorId: OptId = None):
    """Calls and completed surveys per day: the current week, or (isWeekly=false, with projectId) the project's
    current reporting period."""
    data = service.progress(session, principal, is_weekly=isWeekly, project_id=projectId, manager_id=managerId,
                            surveyor_id=surveyorId)
    return {"message": "", "data": data}
