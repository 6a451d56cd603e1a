from fastapi import APIRouter, Depends

from kit.app import SessionDep
from kit.auth import Principal, Role, allow
from kit.errors import BadRequest, Forbidden, NotFound, error_responses
from kit.paging import Page, page_params
from reporting.call_quality import service
from reporting.call_quality.schemas import CallQualityList, QualityQuery
from reporting.errors import Unprocessable

router = APIRouter(tags=["call quality"])

# The roles with a Call Quality screen (spec §2: manager, operations, quality, surveyor, CIMR surveyor, CIMR
# manager), and Admin, who sees every figure (its dashboard counts today's calls and surveyors from it). Keller
# Surveyors have no Call Quality route; Finance and Comment Cleaners no call figures.
QUALITY_ROLES = (Role.ADMIN, Role.PROJECT_MANAGER, Role.OPERATIONS, Role.QUALITY, Role.CIMR_MANAGER,
                 Role.SURVEYOR, Role.CIMR_SURVEYOR)


@router.get("/api/call-stats/quality", response_model=CallQualityList,
            responses=error_responses(BadRequest, Forbidden, NotFound, Unprocessable))
def get_call_quality(session: SessionDep, q: QualityQuery = Depends(), page: Page = Depends(page_params),
                     principal: Principal = Depends(allow(*QUALITY_ROLES))):
    """Call Quality: per surveyor attempts, surveys, completion rate, average survey length, very short surveys,
    partials, refusals, QA removals and escalations in a range of business days, with totals (orderBy
    surveyorName, attempts, surveys, completionRate, averageSurveyLength, shortSurveys, shortSurveyShare,
    partials, refusals, qaRemovals, escalations)."""
    return service.call_quality(session, principal, q, page)
