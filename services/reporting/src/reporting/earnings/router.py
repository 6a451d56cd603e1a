from fastapi import APIRouter, Depends, Request

from kit.app import SessionDep
from kit.auth import Principal, Role, allow
from kit.errors import Forbidden, NotFound, error_responses
from reporting.call_stats.router import business_tz
from reporting.call_stats.schemas import StatsQuery
from reporting.earnings import service
from reporting.earnings.schemas import EarningsResponse
from reporting.errors import Unprocessable

router = APIRouter(prefix="/api/surveyor-earnings", tags=["earnings"])

# Spec §6: CIMR roles do not see earnings. Finance reads every surveyor's earnings (its job; decision in
# docs/decisions.md). Quality and Comment Cleaner have no earnings screen.
EARNINGS_ROLES = (Role.ADMIN, Role.PROJECT_MANAGER, Role.OPERATIONS, Role.FINANCE, Role.SURVEYOR,
                  Role.KELLER_SURVEYOR)


@router.get("", response_model=EarningsResponse, responses=error_responses(Forbidden, NotFound, Unprocessable))
def get_surveyor_earnings(session: SessionDep, request: Request, q: StatsQuery = Depends(),
                          principal: Principal = Depends(allow(*EARNINGS_ROLES))):
    return {"message": "", "data": service.surveyor_earnings(session, principal, q, business_tz(request))}
