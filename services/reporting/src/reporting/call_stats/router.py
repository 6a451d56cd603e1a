from zoneinfo import ZoneInfo

from fastapi import APIRouter, Depends, Request

from kit.app import SessionDep
from kit.auth import Principal, Role, allow
from kit.errors import Forbidden, NotFound, error_responses
from reporting.call_stats import service
from reporting.call_stats.schemas import CallStatsResponse, StatsQuery
from reporting.errors import Unprocessable

router = APIRouter(prefix="/api/call-stats", tags=["call stats"])

# Spec §6: Surveyor Call Stats is in the navigation of Operations, Project Manager, CIMR Manager and the three
# surveyor roles; Admin sees everything. Quality, Finance and Comment Cleaner have no stats screen.
STATS_ROLES = (Role.ADMIN, Role.PROJECT_MANAGER, Role.OPERATIONS, Role.CIMR_MANAGER,
               Role.SURVEYOR, Role.CIMR_SURVEYOR, Role.KELLER_SURVEYOR)


def business_tz(request: Request) -> ZoneInfo:
    return ZoneInfo(request.app.state.settings.business_timezone)


@router.get("", response_model=CallStatsResponse, response_model_exclude_none=True,
            responses=error_responses(Forbidden, NotFound, Unprocessable))
def get_call_stats(session: SessionDep, request: Request, q: StatsQuery = Depends(),
                   principal: Principal = Depends(allow(*STATS_ROLES))):
    return {"message": "", "data": service.call_stats(session, principal, q, business_tz(request))}
