from fastapi import APIRouter, Depends

from kit.app import SessionDep
from kit.auth import SURVEYOR_ROLES, Principal, allow
from kit.errors import Conflict, Forbidden, NotFound, error_responses
from kit.schema import DataResponse
from surveys.call_survey import service
from surveys.call_survey.schemas import CallSurveyRead, CallSurveySave, SurveyAnswerRead
from surveys.errors import Unprocessable

router = APIRouter(prefix="/api/call-survey", tags=["call survey"])


@router.post("", response_model=DataResponse[CallSurveyRead],
             responses=error_responses(Conflict, Forbidden, NotFound, Unprocessable))
def save_call_survey(body: CallSurveySave, session: SessionDep, principal: Principal = Depends(allow(*SURVEYOR_ROLES))):
    answers = service.save(session, principal, body)
    return {"message": "Survey saved", "data": CallSurveyRead(
        call_id=body.call_id, project_id=body.project_id,
        answers=[SurveyAnswerRead.model_validate(a) for a in answers])}
