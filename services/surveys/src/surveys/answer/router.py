from typing import Annotated

from fastapi import APIRouter, Depends, Query

from kit.app import SessionDep
from kit.auth import Principal, Role, allow
from kit.errors import BadRequest, Conflict, Forbidden, NotFound, error_responses
from kit.paging import Page, page_params
from kit.schema import DataResponse, ListResponse
from surveys.answer import service
from surveys.answer.schemas import AnswerCreate, AnswerRead, AnswerUpdate

router = APIRouter(prefix="/api/answer", tags=["answer bank"])

READERS = (Role.PROJECT_MANAGER, Role.OPERATIONS)
MANAGERS = (Role.OPERATIONS,)


@router.get("", response_model=ListResponse[AnswerRead], responses=error_responses(BadRequest, Forbidden))
def list_answers(
    session: SessionDep,
    page: Annotated[Page, Depends(page_params)],
    principal: Principal = Depends(allow(*READERS)),
    search: str | None = Query(None, max_length=200),
    questionnaire: bool = Query(False, description="true: only active answers (for the questionnaire builder)"),
):
    rows, count = service.list_answers(session, search=search, active_only=questionnaire, page=page)
    return {"rows": [AnswerRead.model_validate(r) for r in rows], "count": count}


@router.post("", status_code=201, response_model=DataResponse[AnswerRead], responses=error_responses(Conflict, Forbidden))
def create_answer(body: AnswerCreate, session: SessionDep, principal: Principal = Depends(allow(*MANAGERS))):
    a = service.create(session, body)
    return {"message": "Answer added", "data": AnswerRead.model_validate(a)}


@router.put("", response_model=DataResponse[AnswerRead],
            responses=error_responses(BadRequest, Conflict, Forbidden, NotFound))
def update_answer(body: AnswerUpdate, session: SessionDep, principal: Principal = Depends(allow(*MANAGERS))):
    a = service.update(session, body)
    return {"message": "Answer updated", "data": AnswerRead.model_validate(a)}


@router.delete("", response_model=DataResponse[AnswerRead | None],
               responses=error_responses(BadRequest, Conflict, Forbidden, NotFound))
def delete_answer(session: SessionDep, principal: Principal = Depends(allow(*MANAGERS)),
                  id: int | None = Query(None, ge=1, le=2**63 - 1),
                  langAnswerId: int | None = Query(None, ge=1, le=2**63 - 1)):
    """With langAnswerId: remove that language text (not the last); with id: remove the answer from the bank
    (refused while a questionnaire uses it - deactivate it instead)."""
    if (id is None) == (langAnswerId is None):
        raise BadRequest("id: give either id or langAnswerId")
    if langAnswerId is not None:
        a = service.delete_lang_answer(session, langAnswerId)
        return {"message": "Answer language removed", "data": AnswerRead.model_validate(a)}
    service.delete_answer(session, id)
    return {"message": "Answer deleted", "data": None}
