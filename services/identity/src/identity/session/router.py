import base64

from fastapi import APIRouter, Depends, Query, Request, Response
from starlette.concurrency import run_in_threadpool

from identity.common import Context, ctx, ip_of
from identity.session import service
from identity.session.schemas import (OtpSentResponse, OtpStatus, PreAuthResponse, SendOtp, SignedInResponse, SignIn,
                                      VerifyOtp, VerifyTotp)
from kit.app import SessionDep
from kit.auth import ALL_ROLES, Principal, allow, public
from kit.errors import (BadRequest, Conflict, Forbidden, ServiceError, TooManyRequests, Unauthorized, error_responses)
from kit.schema import Message

router = APIRouter(tags=["sessions"])
COOKIE_PATH = "/api/sessions"

# The three sign-in steps are async endpoints: the step itself runs in the thread pool (the password's hash and the
# code's delivery block) or, verifying the code, on the event loop (`service.on_event_loop`); the answer is built
# and validated on the event loop. A sync endpoint would cost a second thread-pool trip per request for FastAPI's
# response validation (docs/decisions.md "The request path and replicas").


def _attempt_cookie(request: Request) -> str | None:
    return request.cookies.get(service.ATTEMPT_COOKIE)


@router.post("/api/sessions", response_model=PreAuthResponse, dependencies=[Depends(public)],
             responses=error_responses(Unauthorized, Forbidden, TooManyRequests))
async def sign_in(body: SignIn, request: Request, response: Response, c: Context = Depends(ctx),
                  jwt: int | None = Query(None, ge=0, le=1)):
    """Password step. Answers the user to verify (phone masked), where the one-time code will go (`otpChannel`,
    `otpDestination`, masked; e-mail for an account without a phone) and no access token; sets `login_attempt`."""
    pre = await run_in_threadpool(service.sign_in, request.app.state.db, c, body, ip_of(request))
    response.set_cookie(service.ATTEMPT_COOKIE, pre.secret, max_age=pre.max_age, path=COOKIE_PATH, httponly=True,
                        samesite="strict", secure=c.settings.secure_cookies())
    return {"message": "Verification code required", "data": {"user": pre.user}}


@router.post("/api/sessions/send-otp", response_model=OtpSentResponse, dependencies=[Depends(public)],
             responses=error_responses(BadRequest, Conflict, Unauthorized, TooManyRequests, service.DeliveryError))
async def send_otp(body: SendOtp, request: Request, c: Context = Depends(ctx)):
    sent = await run_in_threadpool(service.send_otp, request.app.state.db, c, _attempt_cookie(request), body,
                                   ip_of(request))
    return {"message": "Verification code sent",
            "data": {"expiresIn": sent.expires_in, "channel": sent.channel, "sentTo": sent.sent_to}}


@router.post("/api/sessions/otp-verification", response_model=SignedInResponse, dependencies=[Depends(public)],
             responses=error_responses(BadRequest, Unauthorized, TooManyRequests))
async def verify_otp(body: VerifyOtp, request: Request, response: Response, c: Context = Depends(ctx)):
    done = await service.on_event_loop(request.app.state.db, service.verify_otp, c, _attempt_cookie(request), body,
                                       ip_of(request))
    return _signed_in(done, response, c)


@router.post("/api/sessions/totp-verification", response_model=SignedInResponse, dependencies=[Depends(public)],
             responses=error_responses(BadRequest, Unauthorized, TooManyRequests))
def verify_totp(body: VerifyTotp, request: Request, response: Response, c: Context = Depends(ctx)):
    """The sign-in's second step with an authenticator app instead of the SMS code: `code` is the app's six
    digits (each 30-second code once) or one of the account's recovery codes (each once). Five wrong codes in
    the throttle window answer 429."""
    done = service.verify_totp(request.app.state.db, c, _attempt_cookie(request), body, ip_of(request))
    return _signed_in(done, response, c)


def _signed_in(done: service.SignedIn, response: Response, c: Context) -> dict:
    response.delete_cookie(service.ATTEMPT_COOKIE, path=COOKIE_PATH, httponly=True, samesite="strict",
                           secure=c.settings.secure_cookies())
    if done.remember:
        # Read by the login page to prefill the email; holds nothing secret.
        response.set_cookie(service.REMEMBER_COOKIE, base64.b64encode(done.email.encode()).decode(),
                            max_age=365 * 86400, path="/", samesite="lax", secure=c.settings.secure_cookies())
    else:
        # Unticked "Remember this account": an email remembered by an earlier sign-in is forgotten, else the
        # login page would keep offering it (ticked) on a shared computer.
        response.delete_cookie(service.REMEMBER_COOKIE, path="/", samesite="lax", secure=c.settings.secure_cookies())
    return {"message": "Signed in", "data": {"user": done.user_read, "accessToken": done.token,
                                             "expiresIn": done.expires_in,
                                             "totpSetupRequired": done.totp_setup_required}}


@router.put("/api/sessions/otp-status", response_model=Message, dependencies=[Depends(public)],
            responses=error_responses(Unauthorized))
def reset_otp_status(body: OtpStatus, request: Request):
    service.reset_otp(request.app.state.db, _attempt_cookie(request), body.id, ip_of(request))
    return {"message": "Verification code reset"}


def user_activity(request: Request):
    """Router dependency: a signed-in request that succeeded is user activity for the idle timeout.
    (The token refresh is not: it reports the browser's idle time instead.)"""
    yield
    principal = getattr(request.state, "principal", None)
    if principal is not None:
        service.note_activity(request.app.state.db, principal)


@router.get("/api/sessions", response_model=SignedInResponse, responses=error_responses(Unauthorized))
def refresh_session(request: Request, s: SessionDep, c: Context = Depends(ctx),
                    principal: Principal = Depends(allow(*ALL_ROLES, enrolment=True)),
                    idle: int = Query(0, ge=0, description="Seconds since the user's last input (keyboard, pointer) "
                                      "as the browser's idle timer knows it. The session is refused once this "
                                      "and the server's own record both exceed the role's idle limit.")):
    """New access token. Not itself activity: the session's last activity becomes max(stored, now - idle)."""
    user, token, setup = service.refresh(s, c, principal, idle)
    return {"message": "Session refreshed",
            "data": {"user": user, "accessToken": token, "expiresIn": c.settings.access_token_ttl_seconds,
                     "totpSetupRequired": setup}}


@router.delete("/api/sessions", response_model=Message, responses=error_responses(Unauthorized))
def sign_out(request: Request, s: SessionDep, principal: Principal = Depends(allow(*ALL_ROLES, enrolment=True))):
    service.logout(s, principal, ip_of(request))
    return {"message": "Signed out"}


__all__ = ["router", "ServiceError"]
