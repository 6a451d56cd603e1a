from fastapi import APIRouter, Depends, Query

from kit.app import SessionDep
from kit.auth import Principal, Role, allow
from kit.errors import BadRequest, Forbidden, NotFound, error_responses
from kit.schema import DataResponse, ListResponse, Message
from surveys.errors import Unprocessable
from surveys.languages import ENGLISH
from surveys.logic import service
from surveys.logic.schemas import LogicRuleIn, LogicRuleRead, LogicRuleUpdate
from surveys.questionnaire.router import EDITORS, VIEWERS

router = APIRouter(prefix="/api/questionnaire/logic", tags=["questionnaire logic"])

BIG = 2**63 - 1


@router.get("", response_model=ListResponse[LogicRuleRead], responses=error_responses(BadRequest, Forbidden, NotFound))
def list_logic(
    session: SessionDep,
    principal: Principal = Depends(allow(*VIEWERS)),
    projectId: int | None = Query(None, ge=1, le=BIG),
    managerId: int | None = Query(None, ge=0, le=BIG),
    surveyorId: int | None = Query(None, ge=0, le=BIG),
    isSvProject: bool = Query(False, description="true: read as the surveyor of an assigned project (needs projectId "
                                                    "and surveyorId)"),
    isDeleted: bool = Query(False),
    languageId: int = Query(ENGLISH, ge=1, le=BIG, description="texts in this language, English where missing "
                                                    "(any language id, also one added after the twelve)"),
):
    # isSvProject: read as the surveyor of an assigned project (spec survey-work §6/§7), so which surveyor is said:
    # the service holds a surveyor to their own id (403) and the id to the project's assignments (404)
    if isSvProject and projectId is None:
        raise BadRequest("projectId: required with isSvProject")
    if isSvProject and surveyorId is None:
        raise BadRequest("surveyorId: required with isSvProject")
    rows = service.list_rules(session, principal, project_id=projectId, manager_id=managerId, surveyor_id=surveyorId,
                              is_deleted=isDeleted, language_id=languageId)
    return {"rows": [LogicRuleRead.model_validate(r) for r in rows], "count": len(rows)}


@router.post("", status_code=201, response_model=DataResponse[LogicRuleRead],
             responses=error_responses(Forbidden, NotFound, Unprocessable))
def create_logic(body: LogicRuleIn, session: SessionDep, principal: Principal = Depends(allow(*EDITORS))):
    return {"message": "Logic saved", "data": LogicRuleRead.model_validate(service.create(session, principal, body))}


@router.put("", response_model=DataResponse[LogicRuleRead], responses=error_responses(Forbidden, NotFound, Unprocessable))
def update_logic(body: LogicRuleUpdate, session: SessionDep, principal: Principal = Depends(allow(*EDITORS))):
    return {"message": "Logic updated", "data": LogicRuleRead.model_validate(service.update(session, principal, body))}


@router.delete("", response_model=Message, responses=error_responses(Forbidden, NotFound))
def delete_logic(session: SessionDep, principal: Principal = Depends(allow(*EDITORS)),
                 id: int = Query(..., ge=1, le=BIG)):
    service.delete(session, principal, id)
    return {"message": "Logic deleted"}
