from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request

from kit.app import SessionDep
from kit.auth import Principal, Role, allow
from kit.errors import Conflict, Forbidden, NotFound, error_responses
from kit.paging import Page, page_params, window_params
from kit.phi_audit import COMMENT_EDIT, COMMENT_LIST, record_phi_access, request_ip
from kit.schema import DataResponse, ListResponse
from surveys.comments import service
from surveys.comments.schemas import (
    BIG, CleanedCommentSave, CommentPart, CommentProjectRead, CommentRead, CommentSaved, CommentStatusChange,
)

router = APIRouter(prefix="/api/comments", tags=["comments"])

CLEANERS = (Role.PROJECT_MANAGER, Role.OPERATIONS, Role.COMMENT_CLEANER)


@router.get("/projects", response_model=ListResponse[CommentProjectRead], responses=error_responses(Forbidden))
def comment_projects(
    session: SessionDep,
    page: Annotated[Page, Depends(page_params)],
    principal: Principal = Depends(allow(*CLEANERS)),
    managerId: int | None = Query(None, ge=0, le=BIG),
    search: str | None = Query(None, max_length=200),
):
    """Projects with comments: cleaned, total, oldest uncleaned surveyed-on (orderBy name, cleaned, total,
    oldestUncleanedSurveyedOn, id)."""
    rows, count = service.project_rows(session, principal, managerId, search, page)
    return {"rows": [CommentProjectRead.model_validate(r) for r in rows], "count": count}


@router.get("", response_model=ListResponse[CommentRead], responses=error_responses(Forbidden, NotFound))
def list_comments(
    session: SessionDep,
    request: Request,
    page: Annotated[Page, Depends(window_params)],
    principal: Principal = Depends(allow(*CLEANERS)),
    managerId: int | None = Query(None, ge=0, le=BIG),
    projectId: int | None = Query(None, ge=1, le=BIG),
    quesId: int | None = Query(None, ge=1, le=BIG, description="only the open-ended answers of this question"),
):
    """A page of Comment Cleaning: each row carries the patient's name, date of service and comments, so a page
    that has any is recorded in the PHI access audit (its filters and rows, no patient data); an empty one is not."""
    rows, count = service.list_comments(session, principal, manager_id=managerId, project_id=projectId,
                                        ques_id=quesId, page=page)
    if rows:
        record_phi_access(session, principal, request_ip(request), action=COMMENT_LIST,
                          export=service.describe_page(project_id=projectId, ques_id=quesId, manager_id=managerId,
                                                       page=page, returned=len(rows), count=count))
    return {"rows": [CommentRead.model_validate(r) for r in rows], "count": count}


@router.post("", response_model=DataResponse[CommentSaved], responses=error_responses(Conflict, NotFound))
def save_cleaned(body: CleanedCommentSave, session: SessionDep, principal: Principal = Depends(allow(*CLEANERS))):
    ids = service.save_cleaned(session, principal, body)
    return {"message": "Comment cleaned", "data": {"ids": ids}}


@router.put("", response_model=DataResponse[CommentPart], responses=error_responses(Conflict, NotFound))
def change_status(body: CommentStatusChange, session: SessionDep, request: Request,
                  principal: Principal = Depends(allow(*CLEANERS))):
    """Open, release, mark cleaned or unclean a comment. The answer carries the patient's comment as said (and
    its cleaned versions), which the caller did not just write, so it is recorded like the call log's edit."""
    message, c, renewed = service.change_status(session, principal, body)
    # the holder renewing a live claim (the dialog still open) is not recorded again: a claim held unbroken means the
    # text is the one its open answered and recorded (a change of the raw text, a save or an unclean ends the claim)
    if not renewed:
        record_phi_access(session, principal, request_ip(request), action=COMMENT_EDIT,
                          visit_id=service.visit_of(session, c),
                          export=f"comment {c.id} ({c.kind}), call {c.call_id}, project {c.project_id}")
    return {"message": message, "data": service.part(c, service.utcnow())}
