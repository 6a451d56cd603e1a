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
    ans_id: int = Field(ge=1, le=2**63 - 1)


class QuestionnaireItemCreate(Schema):
    project_id: int = Field(ge=1, le=2**63 - 1)
    ques_id: int = Field(ge=1, le=2**63 - 1)
    type: AnswerType
    sequence: int | None = Field(default=None, ge=1, le=10_000)
    language_id: int | None = Field(default=None, ge=1, le=2**63 - 1)  # any language, also one added after the twelve
    answers: list[AnswerRef] = Field(default_factory=list, max_length=100)


class ItemQuestionRead(ReadSchema):
    id: int
    title: str
    is_question: bool
    text: str | None
    text_lang_id: int | None = Field(description="the language `text` is in: the requested one, or English (1) "
                                                  "where it has no text in the requested one; null: no text")


class ItemAnswerRead(ReadSchema):
    id: int
    title: str
    r_position: int
    text: str | None
    text_lang_id: int | None = Field(description="the language `text` is in (English where not translated)")


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


BIG = 2**63 - 1


class QuestionnaireCopy(Schema):
    from_project_id: int = Field(ge=1, le=BIG)
    to_project_id: int = Field(ge=1, le=BIG)
    from_name: str | None = Field(default=None, max_length=300)
    to_name: str | None = Field(default=None, max_length=300)
    include_logic: bool = False


class SequenceChange(Schema):
    project_id: int = Field(ge=1, le=BIG)
    sequence: int = Field(ge=1, le=10_000)
    is_inc: bool


class ResponsesUpdate(Schema):
    project_id: int = Field(ge=1, le=BIG)
    sequence: int = Field(ge=1, le=10_000)
    language_id: int | None = Field(default=None, ge=1, le=BIG)  # the language of the returned texts (English default)
    answers: list[AnswerRef] = Field(min_length=1, max_length=100)


class ResponseOrderChange(Schema):
    project_id: int = Field(ge=1, le=BIG)
    sequence: int = Field(ge=1, le=10_000)
    ans_id: int = Field(ge=1, le=BIG)
    is_inc: bool
    language_id: int | None = Field(default=None, ge=1, le=BIG)  # the language of the returned texts (English default)


class CopyResult(ReadSchema):
    to_project_id: int
    question_count: int
    logic_count: int
