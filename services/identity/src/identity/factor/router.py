from fastapi import APIRouter, Depends, Request

from identity.common import Context, ctx, ip_of
from identity.factor import service
from identity.factor.schemas import (FactorPolicyResponse, FactorPolicyUpdate, RecoveryCodesResponse, TotpDisable,
                                     TotpEnrolmentConfirm, TotpEnrolmentResponse, TotpEnrolmentStart, TotpStatusResponse)
from identity.session.router import user_activity
from identity.user import service as user_service
from kit.app import SessionDep
from kit.auth import ALL_ROLES, Principal, Role, allow
from kit.errors import BadRequest, Conflict, Forbidden, TooManyRequests, Unauthorized, error_responses
from kit.schema import Message

router = APIRouter(tags=["factors"], dependencies=[Depends(user_activity, scope="function")])
STEP_UP_ERRORS = error_responses(BadRequest, Unauthorized, TooManyRequests)


@router.get("/api/account/totp", response_model=TotpStatusResponse, responses=error_responses(Unauthorized))
def get_totp_status(s: SessionDep, principal: Principal = Depends(allow(*ALL_ROLES, enrolment=True))):
    """Whether an authenticator app is set up, whether the role requires one, and how many recovery codes remain."""
    return {"data": service.status(s, user_service.get_or_404(s, principal.id))}


@router.post("/api/account/totp", response_model=TotpEnrolmentResponse,
             responses=error_responses(BadRequest, Unauthorized, Conflict, TooManyRequests))
def start_totp_enrolment(body: TotpEnrolmentStart, request: Request, s: SessionDep, c: Context = Depends(ctx),
                         principal: Principal = Depends(allow(*ALL_ROLES, enrolment=True))):
    """Step 1 (current password): a new secret, its `otpauth://` URI and a QR code of it. Nothing is active until
    step 2 confirms a code from the app; starting again replaces an unconfirmed secret."""
    user = user_service.get_or_404(s, principal.id)
    e = service.begin_enrolment(s, request.app.state.db, c, user, body.password, ip_of(request))
    return {"message": "Scan the QR code with your authenticator app, then enter the code it shows",
            "data": {"secret": e.secret, "otpauthUri": e.otpauth_uri, "qrCode": e.qr_code}}


@router.post("/api/account/totp/confirm", response_model=RecoveryCodesResponse, responses=STEP_UP_ERRORS)
def confirm_totp_enrolment(body: TotpEnrolmentConfirm, request: Request, s: SessionDep, c: Context = Depends(ctx),
                           principal: Principal = Depends(allow(*ALL_ROLES, enrolment=True))):
    """Step 2: a code from the app turns it on. Answers ten one-use recovery codes, shown this once only."""
    user = user_service.get_or_404(s, principal.id)
    codes = service.confirm_enrolment(s, request.app.state.db, c, user, body.code, ip_of(request))
    return {"message": "Authenticator app turned on. Keep your recovery codes somewhere safe.",
            "data": {"recoveryCodes": codes}}


@router.post("/api/account/totp/disable", response_model=Message, responses=STEP_UP_ERRORS)
def disable_totp(body: TotpDisable, request: Request, s: SessionDep, c: Context = Depends(ctx),
                 principal: Principal = Depends(allow(*ALL_ROLES))):
    """Turns the authenticator app off: current password and a code from the app (or a recovery code)."""
    user = user_service.get_or_404(s, principal.id)
    service.disable(s, request.app.state.db, c, user, body.password, body.code, ip_of(request))
    return {"message": "Authenticator app turned off"}


@router.get("/api/users/factor-policy", response_model=FactorPolicyResponse,
            responses=error_responses(Unauthorized, Forbidden))
def get_factor_policy(s: SessionDep, principal: Principal = Depends(allow(Role.ADMIN))):
    """Per role: whether its users must sign in with an authenticator app."""
    return {"data": service.list_policy(s)}


@router.put("/api/users/factor-policy", response_model=FactorPolicyResponse,
            responses=error_responses(BadRequest, Unauthorized, Forbidden))
def set_factor_policy(body: FactorPolicyUpdate, request: Request, s: SessionDep,
                      principal: Principal = Depends(allow(Role.ADMIN))):
    """Requires (or no longer requires) an authenticator app for one role. Users of that role who have none are
    sent to set one up after their next SMS sign-in; a required app cannot be turned off by its user."""
    rows = service.set_policy(s, body.role, body.totp_required, principal.id, ip_of(request))
    return {"message": "Sign-in factor policy saved", "data": rows}
