from fastapi import APIRouter, Depends

from kit.app import SessionDep
from kit.auth import Principal, Role
from kit.auth import allow
from kit.errors import Forbidden, NotFound, error_responses
from reporting.call_stats import service
from reporting.call_stats.schemas import CallStatsResponse, DispositionQuery, DispositionsResponse, StatsQuery
from reporting.errors import Unprocessable

router = APIRouter(prefix="/api/call-stats", tags=["call stats"])

# Spec §6: Surveyor Call Stats is in the navigation of Operations, Project Manager, CIMR Manager and the three
# surveyor roles; Admin sees everything. Quality, Finance and Comment Cleaner have no stats screen.
STATS_ROLES = (Role.ADMIN, Role.PROJECT_MANAGER, Role.OPERATIONS, Role.CIMR_MANAGER,
               Role.SURVEYOR, Role.CIMR_SURVEYOR, Role.KELLER_SURVEYOR)


@router.get("", response_model=CallStatsResponse, response_model_exclude_none=True,
            responses=error_responses(Forbidden, NotFound, Unprocessable))
def get_call_stats(session: SessionDep, q: StatsQuery = Depends(),
                   principal: Principal = Depends(allow(*STATS_ROLES))):
    return {"message": "", "data": service.call_stats(session, principal, q)}


@router.get("/dispositions", response_model=DispositionsResponse,
            responses=error_responses(Forbidden, NotFound, Unprocessable))
def get_call_dispositions(session: SessionDep, q: DispositionQuery = Depends(),
                          principal: Principal = Depends(allow(*STATS_ROLES))):
    """AAPOR final dispositions per case (roster visit) and the RR1, RR2, COOP1, REF1, CON1 rates per group."""
    return {"message": "", "data": service.dispositions(session, principal, q)}
