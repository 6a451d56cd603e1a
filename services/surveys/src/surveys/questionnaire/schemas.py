from enum import IntEnum

from pydantic import Field

from kit.schema import ReadSchema, Schema


class AnswerType(IntEnum):
    SINGLE = 1
    MULTIPLE = 2
    OPEN_ENDED = 3
    SCRIPTED = 4


CHOICE_TYPES = (AnswerType.SINGLE, AnswerType.MULTIPLE)


class AnswerRef(Schema):
    ans_id: int = Field(ge=1)


class QuestionnaireItemCreate(Schema):
    project_id: int = Field(ge=1)
    ques_id: int = Field(ge=1)
    type: AnswerType
    sequence: int | None = Field(default=None, ge=1, le=10_000)
    language_id: int | None = Field(default=None, ge=1, le=1000)
    answers: list[AnswerRef] = Field(default_factory=list, max_length=100)


class ItemQuestionRead(ReadSchema):
    id: int
    title: str
    is_question: bool
    text: str | None


class ItemAnswerRead(ReadSchema):
    id: int
    title: str
    r_position: int
    text: str | None


class QuestionnaireItemRead(ReadSchema):
    ques_id: int
    sequence: int
    ques_sequence: int | None
    type: int
    question: ItemQuestionRead
    answers: list[ItemAnswerRead]
    project_id: int


class QuestionnaireProjectRead(ReadSchema):
    project_id: int
    name: str
    question_count: int
