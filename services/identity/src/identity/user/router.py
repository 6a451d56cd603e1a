from typing import Literal

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import Response

from identity.audit import sign_ins
from identity.audit.schemas import SignInList
from identity.common import Context, clean_search, ctx, ip_of, safe_page
from identity.external_attempt import service as external_attempts
from identity.external_attempt.schemas import ExternalAttemptList, RevealResponse
from identity.session.router import user_activity
from identity.user import service
from identity.user.schemas import UserCreate, UserData, UserId, UserList, UserMessage, UserStatus, UserUpdate
from kit.app import SessionDep
from kit.auth import ALL_ROLES, STAFF_ROLES, Principal, Role, allow
from kit.errors import BadRequest, Conflict, Forbidden, NotFound, Unauthorized, error_responses
from kit.paging import Page, page_params, window_params
from kit.schema import Message

router = APIRouter(tags=["users"], dependencies=[Depends(user_activity, scope="function")])

READERS = STAFF_ROLES  # Admin, Project Manager, Operations, Quality, Comment Cleaner, CIMR Manager
ADMIN = (Role.ADMIN,)
Search = Query(None, max_length=100)
RoleQ = Query(None, ge=0, le=9)
IdPath = Path(..., ge=1, le=2_147_483_647)
READ_ERRORS = error_responses(BadRequest, Unauthorized, Forbidden)


@router.get("/api/users", response_model=UserList, responses=READ_ERRORS)
def list_users(s: SessionDep, page: Page = Depends(page_params), search: str | None = Search, role: int | None = RoleQ,
               isDeleted: bool | None = None, status: Literal["active", "deactivated"] | None = None,
               paginated: bool = True, principal: Principal = Depends(allow(*READERS))):
    f = service.scoped(service.user_filter(clean_search(search), role, isDeleted, status), principal)
    rows, count = service.list_users(s, f, safe_page(page), paginated=paginated)
    return {"rows": rows, "count": count}


@router.get("/api/users/export", response_class=Response, responses={200: {"content": {"text/csv": {}}}, **READ_ERRORS})
def export_users(s: SessionDep, search: str | None = Search, role: int | None = RoleQ, isDeleted: bool | None = None,
                 status: Literal["active", "deactivated"] | None = None, principal: Principal = Depends(allow(*READERS))):
    body = service.export_csv(s, service.scoped(service.user_filter(clean_search(search), role, isDeleted, status),
                                                principal))
    return Response(body.encode("utf-8"), media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": 'attachment; filename="accounts.csv"', "Cache-Control": "no-store"})


@router.get("/api/users/external-user", response_model=ExternalAttemptList, responses=READ_ERRORS)
def list_external_attempts(s: SessionDep, page: Page = Depends(page_params), c: Context = Depends(ctx),
                           principal: Principal = Depends(allow(*ADMIN))):
    rows, count = external_attempts.list_attempts(s, c, safe_page(page))
    return {"rows": rows, "count": count}


CENTRAL_DAY = "YYYY-MM-DD, a whole America/Chicago day, included"


@router.get("/api/users/sign-ins", response_model=SignInList, responses=READ_ERRORS)
def list_sign_ins(s: SessionDep, page: Page = Depends(window_params), userId: int | None = Query(None, ge=1, le=2_147_483_647),
                  from_: str | None = Query(None, alias="from", max_length=10, description=CENTRAL_DAY),
                  to: str | None = Query(None, max_length=10, description=CENTRAL_DAY),
                  principal: Principal = Depends(allow(*ADMIN))):
    """Sign-ins (succeeded, failed, throttled) for the access audit screen, newest first."""
    rows, count = sign_ins.list_sign_ins(s, user_id=userId, from_=from_, to=to, skip=page.skip, limit=page.limit)
    return {"rows": rows, "count": count}


@router.get("/api/users/external-user/{id:int}/password", response_model=RevealResponse,
            responses=error_responses(Unauthorized, Forbidden, NotFound))
def reveal_external_password(request: Request, s: SessionDep, id: int = IdPath, c: Context = Depends(ctx),
                             principal: Principal = Depends(allow(*ADMIN))):
    return {"data": {"apwd": external_attempts.reveal(s, c, id, principal, ip_of(request))}}


@router.get("/api/users/{id:int}", response_model=UserData, responses=error_responses(Unauthorized, Forbidden, NotFound))
def get_user(s: SessionDep, id: int = IdPath, principal: Principal = Depends(allow(*ALL_ROLES))):
    if principal.role not in READERS and id != principal.id:
        raise Forbidden()
    return {"data": service.to_read(s, service.get_visible_or_404(s, id, principal))}


@router.post("/api/users", status_code=201, response_model=UserMessage,
             responses=error_responses(BadRequest, Unauthorized, Forbidden, Conflict))
def create_user(body: UserCreate, request: Request, s: SessionDep, c: Context = Depends(ctx),
                principal: Principal = Depends(allow(*ADMIN))):
    user = service.create(s, c, body, principal, ip_of(request))
    return {"message": "User created; invitation sent", "data": service.to_read(s, user)}


@router.put("/api/users", response_model=UserMessage, responses=error_responses(BadRequest, Unauthorized, Forbidden, NotFound, Conflict))
def update_user(body: UserUpdate, request: Request, s: SessionDep, c: Context = Depends(ctx),
                principal: Principal = Depends(allow(*ADMIN))):
    """A change of the account's email or phone number ends its sessions and is told to its previous address;
    an Admin's own email or phone changes in My Profile (step-up)."""
    user = service.update(s, c, body, principal, ip_of(request))
    return {"message": "User updated", "data": service.to_read(s, user)}


@router.delete("/api/users", response_model=Message, responses=error_responses(BadRequest, Unauthorized, Forbidden, NotFound))
def delete_user(request: Request, s: SessionDep, id: int = Query(..., ge=1, le=2_147_483_647),
                principal: Principal = Depends(allow(*ADMIN))):
    service.delete(s, id, principal, ip_of(request))
    return {"message": "User deleted"}


@router.post("/api/users/invite", response_model=Message, responses=error_responses(BadRequest, Unauthorized, Forbidden, NotFound))
def invite_user(body: UserId, request: Request, s: SessionDep, c: Context = Depends(ctx),
                principal: Principal = Depends(allow(*ADMIN))):
    service.invite(s, c, body.id, principal, ip_of(request))
    return {"message": "Invitation sent"}


@router.put("/api/users/status", response_model=UserMessage, responses=error_responses(BadRequest, Unauthorized, Forbidden, NotFound))
def set_user_status(body: UserStatus, request: Request, s: SessionDep, principal: Principal = Depends(allow(*ADMIN))):
    user = service.set_status(s, body.id, body.status, principal, ip_of(request))
    return {"message": "User deactivated" if user.is_deleted else "User reactivated", "data": service.to_read(s, user)}
