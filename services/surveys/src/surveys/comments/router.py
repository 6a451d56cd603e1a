from typing import Annotated

from fastapi import APIRouter, Depends, Query

from kit.app import SessionDep
from kit.auth import Principal, Role, allow
from kit.errors import Conflict, Forbidden, NotFound, error_responses
from kit.paging import Page, page_params
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
    page: Annotated[Page, Depends(page_params)],
    principal: Principal = Depends(allow(*CLEANERS)),
    managerId: int | None = Query(None, ge=0, le=BIG),
    projectId: int | None = Query(None, ge=1, le=BIG),
    quesId: int | None = Query(None, ge=1, le=BIG, description="only the open-ended answers of this question"),
):
    rows, count = service.list_comments(session, principal, manager_id=managerId, project_id=projectId,
                                        ques_id=quesId, page=page)
    return {"rows": [CommentRead.model_validate(r) for r in rows], "count": count}


@router.post("", response_model=DataResponse[CommentSaved], responses=error_responses(Conflict, NotFound))
def save_cleaned(body: CleanedCommentSave, session: SessionDep, principal: Principal = Depends(allow(*CLEANERS))):
    ids = service.save_cleaned(session, principal, body)
    return {"message": "Comment cleaned", "data": {"ids": ids}}


@router.put("", response_model=DataResponse[CommentPart], responses=error_responses(Conflict, NotFound))
def change_status(body: CommentStatusChange, session: SessionDep, principal: Principal = Depends(allow(*CLEANERS))):
    message, c = service.change_status(session, principal, body)
    return {"message": message, "data": service.part(c, service.utcnow())}
