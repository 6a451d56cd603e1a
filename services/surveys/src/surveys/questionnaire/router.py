from typing import Annotated

from fastapi import APIRouter, Depends, Query

from kit.app import SessionDep
from kit.auth import Principal, Role, allow
from kit.errors import Conflict, Forbidden, NotFound, error_responses
from kit.paging import Page, page_params
from kit.schema import DataResponse, ListResponse, Message
from surveys.errors import Unprocessable
from surveys.questionnaire import service
from surveys.questionnaire.schemas import QuestionnaireItemCreate, QuestionnaireItemRead, QuestionnaireProjectRead

router = APIRouter(prefix="/api/questionnaire", tags=["questionnaire"])

# The questionnaire viewer is open to every role that has it in the spec's routes (PM, Operations, CIMR Manager,
# the three surveyor roles) and to Admin; per-project access comes from the read models.
READERS = (Role.ADMIN, Role.PROJECT_MANAGER, Role.OPERATIONS, Role.CIMR_MANAGER,
           Role.SURVEYOR, Role.CIMR_SURVEYOR, Role.KELLER_SURVEYOR)
EDITORS = (Role.ADMIN, Role.PROJECT_MANAGER, Role.OPERATIONS)


@router.get("", response_model=ListResponse[QuestionnaireItemRead] | ListResponse[QuestionnaireProjectRead],
            responses=error_responses(Forbidden, NotFound))
def get_questionnaire(
    session: SessionDep,
    page: Annotated[Page, Depends(page_params)],
    principal: Principal = Depends(allow(*READERS)),
    projectId: int | None = Query(None, ge=1),
    languageId: int = Query(1, ge=1, le=1000),
    search: str | None = Query(None, max_length=200),
):
    """With projectId: that project's questionnaire in order. Without: the projects that have one."""
    if projectId is not None:
        items = service.get_for_project(session, principal, projectId, languageId)
        return {"rows": [QuestionnaireItemRead.model_validate(i) for i in items], "count": len(items)}
    rows, count = service.list_projects(session, principal, search, page)
    return {"rows": [QuestionnaireProjectRead.model_validate(r) for r in rows], "count": count}


@router.post("", status_code=201, response_model=DataResponse[QuestionnaireItemRead],
             responses=error_responses(Conflict, Forbidden, NotFound, Unprocessable))
def add_questionnaire_question(body: QuestionnaireItemCreate, session: SessionDep,
                               principal: Principal = Depends(allow(*EDITORS))):
    item = service.add_item(session, principal, body)
    numbered = dict((it.id, qs) for it, qs in service.numbered(service.repo.items(session, item.project_id)))
    view = service.item_view(item, numbered.get(item.id), body.language_id or service.ENGLISH)
    return {"message": "Question added to the Questionnaire", "data": QuestionnaireItemRead.model_validate(view)}


@router.delete("", response_model=Message, responses=error_responses(Conflict, Forbidden, NotFound))
def remove_questionnaire_question(
    session: SessionDep,
    principal: Principal = Depends(allow(*EDITORS)),
    projectId: int = Query(..., ge=1),
    sequence: int = Query(..., ge=1),
    ansId: int | None = Query(None, ge=1),
):
    service.remove(session, principal, projectId, sequence, ansId)
    return {"message": "Answer removed" if ansId else "Question removed from the Questionnaire"}
