from typing import Annotated

from fastapi import APIRouter, Depends, Query

from kit.app import SessionDep
from kit.auth import Principal, Role, allow
from kit.errors import BadRequest, Conflict, Forbidden, NotFound, error_responses
from kit.paging import MAX_LIMIT, Page, window_params
from kit.schema import DataResponse, ListResponse, Message
from surveys.errors import Unprocessable
from surveys.languages import ENGLISH
from surveys.questionnaire import service
from surveys.questionnaire.schemas import (
    BIG, CopyResult, QuestionnaireCopy, QuestionnaireItemCreate, QuestionnaireItemRead, QuestionnaireProjectRead,
    ResponseOrderChange, ResponsesUpdate, SequenceChange,
)

router = APIRouter(prefix="/api/questionnaire", tags=["questionnaire"])

# The questionnaire viewer is open to every role that has it in the spec's routes (PM, Operations, CIMR Manager,
# the three surveyor roles) and to Admin; the Comment Cleaner reads a project's questionnaire for Comment
# Cleaning's open-ended question filter. Per-project access comes from the read models.
VIEWERS = (Role.ADMIN, Role.PROJECT_MANAGER, Role.OPERATIONS, Role.CIMR_MANAGER,
           Role.SURVEYOR, Role.CIMR_SURVEYOR, Role.KELLER_SURVEYOR)  # the viewer's roles: they read the logic too
READERS = (*VIEWERS, Role.COMMENT_CLEANER)
EDITORS = (Role.ADMIN, Role.PROJECT_MANAGER, Role.OPERATIONS)


@router.get("", response_model=ListResponse[QuestionnaireItemRead] | ListResponse[QuestionnaireProjectRead],
            responses=error_responses(BadRequest, Forbidden, NotFound))
def get_questionnaire(
    session: SessionDep,
    page: Annotated[Page, Depends(window_params)],
    principal: Principal = Depends(allow(*READERS)),
    projectId: int | None = Query(None, ge=1, le=BIG, description="one project's questionnaire"),
    # any language id: the twelve, or one an admin added later (a project may offer it); one without texts
    # is the spec's "No questionnaire found... try choosing English", never a range error
    languageId: int = Query(ENGLISH, ge=1, le=BIG, description="texts in this language, English where missing"),
    questionnaire: bool = Query(False, description="with projectId: only active (not deactivated) questions"),
    managerId: int | None = Query(None, ge=0, le=BIG, description="with projectId: the project's manager"),
    search: str | None = Query(None, max_length=200, description="list: project name, 2+ characters"),
    isManager: bool = Query(False, description="list: only the projects of userId"),
    userId: int | None = Query(None, ge=0, le=BIG),
    isPaginated: bool = Query(True, description="list: false returns every row"),
    includeEmpty: bool = Query(False, description="list: also the projects without a questionnaire (pickers)"),
    projectIds: str | None = Query(None, max_length=2000, pattern=r"^\d{1,19}(,\d{1,19})*$",
                                   description="list: only these projects, comma-separated ids (one page of a "
                                               "project list in one call)"),
):
    """With projectId: that project's questionnaire in order. Without: the projects that have one."""
    if projectId is not None:
        items = service.get_for_project(session, principal, projectId, languageId, manager_id=managerId,
                                        active_only=questionnaire)
        return {"rows": [QuestionnaireItemRead.model_validate(i) for i in items], "count": len(items)}
    if isManager and userId is None:
        raise BadRequest("userId: required with isManager")
    only_ids = [int(i) for i in projectIds.split(",")] if projectIds else None
    if only_ids and max(only_ids) > BIG:
        raise BadRequest(f"projectIds: an id is at most {BIG}")
    if not isPaginated:
        page = Page(skip=0, limit=MAX_LIMIT, order_by=None, order_dir="ASC")
    rows, count = service.list_projects(session, principal, search, page, manager_id=userId if isManager else None,
                                        include_empty=includeEmpty, project_ids=only_ids)
    return {"rows": [QuestionnaireProjectRead.model_validate(r) for r in rows], "count": count}


@router.post("", status_code=201, response_model=DataResponse[QuestionnaireItemRead],
             responses=error_responses(Conflict, Forbidden, NotFound, Unprocessable))
def add_questionnaire_question(body: QuestionnaireItemCreate, session: SessionDep,
                               principal: Principal = Depends(allow(*EDITORS))):
    item = service.add_item(session, principal, body)
    numbered = dict((it.id, qs) for it, qs in service.numbered(service.repo.items(session, item.project_id)))
    view = service.item_view(item, numbered.get(item.id), body.language_id or ENGLISH)
    return {"message": "Question added to the Questionnaire", "data": QuestionnaireItemRead.model_validate(view)}


@router.delete("", response_model=Message, responses=error_responses(Conflict, Forbidden, NotFound))
def remove_questionnaire_question(
    session: SessionDep,
    principal: Principal = Depends(allow(*EDITORS)),
    projectId: int = Query(..., ge=1, le=BIG),
    sequence: int = Query(..., ge=1, le=10_000),
    ansId: int | None = Query(None, ge=1, le=BIG),
):
    service.remove(session, principal, projectId, sequence, ansId)
    return {"message": "Answer removed" if ansId else "Question removed from the Questionnaire"}


@router.put("/copy", response_model=DataResponse[CopyResult], responses=error_responses(Conflict, NotFound, Unprocessable))
def copy_questionnaire(body: QuestionnaireCopy, session: SessionDep, principal: Principal = Depends(allow(*EDITORS))):
    result = service.copy(session, principal, body)
    logic_note = f" with {result['logic_count']} logic rule(s)" if body.include_logic else ""
    return {"message": f"Questionnaire copied{logic_note}", "data": CopyResult.model_validate(result)}


@router.put("/change-sequence", response_model=Message, responses=error_responses(NotFound, Unprocessable))
def change_sequence(body: SequenceChange, session: SessionDep, principal: Principal = Depends(allow(*EDITORS))):
    service.change_sequence(session, principal, body)
    return {"message": "Sequence updated"}


@router.post("/update-responses", response_model=DataResponse[QuestionnaireItemRead],
             responses=error_responses(Conflict, NotFound, Unprocessable))
def update_responses(body: ResponsesUpdate, session: SessionDep, principal: Principal = Depends(allow(*EDITORS))):
    item = service.add_responses(session, principal, body)
    return {"message": "Responses updated",
            "data": QuestionnaireItemRead.model_validate(service.view_of(session, item, body.language_id or ENGLISH))}


@router.put("/change-response-order", response_model=DataResponse[QuestionnaireItemRead],
            responses=error_responses(NotFound, Unprocessable))
def change_response_order(body: ResponseOrderChange, session: SessionDep,
                          principal: Principal = Depends(allow(*EDITORS))):
    item = service.change_response_order(session, principal, body)
    return {"message": "Response order updated",
            "data": QuestionnaireItemRead.model_validate(service.view_of(session, item, body.language_id or ENGLISH))}
