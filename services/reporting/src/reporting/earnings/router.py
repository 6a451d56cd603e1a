from fastapi import APIRouter, Depends

from kit.app import SessionDep
from kit.auth import Principal, Role, allow
from kit.errors import Forbidden, NotFound, error_responses
from reporting.call_stats.schemas import StatsQuery
from reporting.earnings import service
from reporting.earnings.schemas import EarningsResponse, PayStubQuery, PayStubResponse
from reporting.errors import Unprocessable

router = APIRouter(tags=["earnings"])

# Spec §6: CIMR roles do not see earnings. Finance reads every surveyor's earnings (its job; decision in
# docs/decisions.md). Quality and Comment Cleaner have no earnings screen.
EARNINGS_ROLES = (Role.ADMIN, Role.PROJECT_MANAGER, Role.OPERATIONS, Role.FINANCE, Role.SURVEYOR,
                  Role.KELLER_SURVEYOR)


@router.get("/api/surveyor-earnings", response_model=EarningsResponse,
            responses=error_responses(Forbidden, NotFound, Unprocessable))
def get_surveyor_earnings(session: SessionDep, q: StatsQuery = Depends(),
                          principal: Principal = Depends(allow(*EARNINGS_ROLES))):
    return {"message": "", "data": service.surveyor_earnings(session, principal, q)}


@router.get("/api/earnings/surveyor-earnings-pay-stub", response_model=PayStubResponse,
            responses=error_responses(Forbidden, NotFound, Unprocessable))
def get_surveyor_earnings_pay_stub(session: SessionDep, q: PayStubQuery = Depends(),
                                   principal: Principal = Depends(allow(*EARNINGS_ROLES))):
    """The pay stubs (invoices) of the period containing `date`: one per surveyor in the caller's scope."""
    return {"message": "", "data": service.pay_stubs(session, principal, q)}
