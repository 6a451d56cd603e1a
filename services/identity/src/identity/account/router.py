from fastapi import APIRouter, Depends, Request

from identity.account import service
from identity.account.schemas import (ContactChangeConfirm, ContactChangeSentResponse, ContactChangeStart, PasswordForgot,
                                      PasswordReset, PasswordTokenVerify, ProfileUpdate, TokenOwnerResponse)
from identity.common import Context, ctx, ip_of
from identity.events import published
from identity.session.router import user_activity
from identity.user import service as user_service
from identity.user.schemas import UserData, UserMessage
from kit.app import SessionDep
from kit.auth import ALL_ROLES, Principal, allow, public
from kit.errors import BadRequest, Conflict, NotFound, TooManyRequests, Unauthorized, error_responses
from kit.schema import Message

router = APIRouter(tags=["account"], dependencies=[Depends(user_activity, scope="function")])


@router.post("/api/account/password-forgot", response_model=Message, dependencies=[Depends(public)])
def password_forgot(body: PasswordForgot, request: Request, s: SessionDep, c: Context = Depends(ctx)):
    service.password_forgot(s, c, body.email, ip_of(request))
    return {"message": "If an account exists for this email, a reset link has been sent"}


@router.post("/api/account/password-token-verify", response_model=TokenOwnerResponse, dependencies=[Depends(public)],
             responses=error_responses(BadRequest))
def password_token_verify(body: PasswordTokenVerify, s: SessionDep):
    return {"data": service.token_owner(s, body.token, body.is_invite)}


@router.post("/api/account/password-reset", response_model=Message, dependencies=[Depends(public)],
             responses=error_responses(BadRequest))
def password_reset(body: PasswordReset, request: Request, s: SessionDep, c: Context = Depends(ctx)):
    service.password_reset(s, c, body, ip_of(request))
    return {"message": "Your password has been set. Please sign in." if body.is_invite
            else "Your password has been reset. Please sign in."}


@router.get("/api/account/profile", response_model=UserData, responses=error_responses(Unauthorized, NotFound))
def get_profile(s: SessionDep, principal: Principal = Depends(allow(*ALL_ROLES, enrolment=True))):
    return {"data": user_service.to_read(s, user_service.get_or_404(s, principal.id))}


@router.put("/api/account/profile", response_model=UserMessage, responses=error_responses(BadRequest, Unauthorized, Conflict))
def update_profile(body: ProfileUpdate, request: Request, s: SessionDep,
                   principal: Principal = Depends(allow(*ALL_ROLES))):
    """Names and (surveyors) languages. `email` / `phoneNumber` may be sent unchanged; a new value is refused
    with 400: it needs `POST /api/account/contact-change`."""
    user = user_service.get_or_404(s, principal.id)
    service.update_profile(s, user, body, ip_of(request))
    user_service.publish_user(s, published.USER_UPDATED, user)
    return {"message": "Profile updated", "data": user_service.to_read(s, user)}


@router.post("/api/account/contact-change", response_model=ContactChangeSentResponse,
             responses=error_responses(BadRequest, Unauthorized, Conflict, TooManyRequests, service.MailDeliveryError))
def start_contact_change(body: ContactChangeStart, request: Request, s: SessionDep, c: Context = Depends(ctx),
                         principal: Principal = Depends(allow(*ALL_ROLES))):
    """Step 1 of changing one's own email or phone number: the new value and the current password; a six-digit
    code goes to the NEW phone (SMS) or address (mail) and lives 5 minutes. Five wrong passwords in the
    throttle window answer 429."""
    user = user_service.get_or_404(s, principal.id)
    sent = service.start_contact_change(s, request.app.state.db, c, user, body, ip_of(request))
    where = "phone number" if sent["field"] == "phoneNumber" else "email address"
    return {"message": f"A verification code was sent to the new {where}", "data": sent}


@router.post("/api/account/contact-change/confirm", response_model=UserMessage,
             responses=error_responses(BadRequest, Unauthorized, Conflict, TooManyRequests))
def confirm_contact_change(body: ContactChangeConfirm, request: Request, s: SessionDep, c: Context = Depends(ctx),
                           principal: Principal = Depends(allow(*ALL_ROLES))):
    """Step 2: the code from the new destination applies the change; the previous email address is told."""
    user = user_service.get_or_404(s, principal.id)
    field = service.confirm_contact_change(s, request.app.state.db, c, user, body.code, ip_of(request))
    user_service.publish_user(s, published.USER_UPDATED, user)
    return {"message": "Phone number changed" if field == "phoneNumber" else "Email address changed",
            "data": user_service.to_read(s, user)}
