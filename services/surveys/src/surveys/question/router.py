from typing import Annotated

from fastapi import APIRouter, Depends, Query

from kit.app import SessionDep
from kit.auth import Principal, Role, allow
from kit.errors import BadRequest, Conflict, Forbidden, NotFound, error_responses
from kit.paging import Page, page_params
from kit.schema import DataResponse, ListResponse
from surveys.question import service
from surveys.question.schemas import QuestionCreate, QuestionProjectRead, QuestionRead, QuestionUpdate

router = APIRouter(prefix="/api/question", tags=["question bank"])

# Operations manage the bank; project managers read it to build their questionnaires.
READERS = (Role.PROJECT_MANAGER, Role.OPERATIONS)
MANAGERS = (Role.OPERATIONS,)


@router.get("", response_model=ListResponse[QuestionRead], responses=error_responses(BadRequest, Forbidden))
def list_questions(
    session: SessionDep,
    page: Annotated[Page, Depends(page_params)],
    principal: Principal = Depends(allow(*READERS)),
    search: str | None = Query(None, max_length=200),
    questionnaire: bool = Query(False, description="true: only active questions (for the questionnaire builder)"),
):
    rows, count = service.list_questions(session, search=search, active_only=questionnaire, page=page)
    return {"rows": [QuestionRead.model_validate(r) for r in rows], "count": count}


@router.get("/project-list", response_model=ListResponse[QuestionProjectRead], responses=error_responses(NotFound))
def question_project_list(session: SessionDep, principal: Principal = Depends(allow(*READERS)),
                          id: int = Query(..., ge=1, le=2**63 - 1)):
    """The projects whose questionnaire uses the question (shown before it is changed or deactivated)."""
    rows = service.project_list(session, principal, id)
    return {"rows": [QuestionProjectRead.model_validate(r) for r in rows], "count": len(rows)}


@router.post("", status_code=201, response_model=DataResponse[QuestionRead],
             responses=error_responses(Conflict, Forbidden))
def create_question(body: QuestionCreate, session: SessionDep, principal: Principal = Depends(allow(*MANAGERS))):
    q = service.create(session, body)
    return {"message": "Question added", "data": QuestionRead.model_validate(q)}


@router.put("", response_model=DataResponse[QuestionRead],
            responses=error_responses(BadRequest, Conflict, Forbidden, NotFound))
def update_question(body: QuestionUpdate, session: SessionDep, principal: Principal = Depends(allow(*MANAGERS))):
    q = service.update(session, body)
    return {"message": "Question updated", "data": QuestionRead.model_validate(q)}


@router.delete("", response_model=DataResponse[QuestionRead], responses=error_responses(Conflict, Forbidden, NotFound))
def delete_lang_question(session: SessionDep, principal: Principal = Depends(allow(*MANAGERS)),
                         langQuestionId: int = Query(..., ge=1, le=2**63 - 1)):
    q = service.delete_lang_question(session, langQuestionId)
    return {"message": "Question language removed", "data": QuestionRead.model_validate(q)}
