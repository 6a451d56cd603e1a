from fastapi import APIRouter, Depends, Request

from identity.account import service
from identity.account.schemas import PasswordForgot, PasswordReset, PasswordTokenVerify, ProfileUpdate, TokenOwnerResponse
from identity.common import Context, ctx, ip_of
from identity.events import published
from identity.session.router import user_activity
from identity.user import service as user_service
from identity.user.schemas import UserData, UserMessage
from kit.app import SessionDep
from kit.auth import ALL_ROLES, Principal, allow, public
from kit.errors import BadRequest, Conflict, NotFound, Unauthorized, error_responses
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
def get_profile(s: SessionDep, principal: Principal = Depends(allow(*ALL_ROLES))):
    return {"data": user_service.to_read(s, user_service.get_or_404(s, principal.id))}


@router.put("/api/account/profile", response_model=UserMessage, responses=error_responses(BadRequest, Unauthorized, Conflict))
def update_profile(body: ProfileUpdate, request: Request, s: SessionDep, c: Context = Depends(ctx),
                   principal: Principal = Depends(allow(*ALL_ROLES))):
    user = user_service.get_or_404(s, principal.id)
    service.update_profile(s, c, user, body, ip_of(request))
    user_service.publish_user(s, published.USER_UPDATED, user)
    return {"message": "Profile updated", "data": user_service.to_read(s, user)}
