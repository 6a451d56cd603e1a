from pydantic import Field

from kit.schema import ReadSchema, Schema

OPEN_ENDED_MAX = 2000


class SurveyEntry(Schema):
    ques_id: int = Field(ge=1)
    ans_id: int | None = Field(default=None, ge=1)
    open_ended: str | None = Field(default=None, max_length=OPEN_ENDED_MAX)
    sequence: int | None = Field(default=None, ge=1, le=10_000)


class CallSurveySave(Schema):
    project_id: int = Field(ge=1)
    call_id: int = Field(ge=1)
    is_put: bool = False
    survey: list[SurveyEntry] = Field(max_length=1000)


class SurveyAnswerRead(ReadSchema):
    id: int
    unique_id: str
    call_id: int
    project_id: int
    ques_id: int
    sequence: int
    ans_id: int | None
    open_ended: str | None


class CallSurveyRead(ReadSchema):
    call_id: int
    project_id: int
    answers: list[SurveyAnswerRead]
