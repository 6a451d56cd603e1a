from pydantic import AfterValidator, Field, field_validator
from typing import Annotated

from surveys.languages import check_language_id

from kit.schema import ReadSchema, Schema


class LangQuestionIn(Schema):
    id: int | None = Field(default=None, ge=1)
    lang_id: Annotated[int, AfterValidator(check_language_id)]
    ques_text: str = Field(min_length=1, max_length=2000)


def _unique_langs(v: list) -> list:
    langs = [x.lang_id for x in v]
    if len(set(langs)) != len(langs):
        raise ValueError("each langId may appear once")
    return v


class QuestionCreate(Schema):
    title: str = Field(min_length=2, max_length=500)
    category: str | None = Field(default=None, min_length=2, max_length=120)
    lang_questions: list[LangQuestionIn] = Field(min_length=1, max_length=50)

    _langs = field_validator("lang_questions")(_unique_langs)


class QuestionUpdate(Schema):
    id: int = Field(ge=1)
    title: str | None = Field(default=None, min_length=2, max_length=500)
    category: str | None = Field(default=None, min_length=2, max_length=120)
    is_question: bool | None = None
    lang_questions: list[LangQuestionIn] | None = Field(default=None, min_length=1, max_length=50)

    _langs = field_validator("lang_questions")(lambda v: v if v is None else _unique_langs(v))


class LangQuestionRead(ReadSchema):
    id: int
    lang_id: int
    ques_text: str


class QuestionRead(ReadSchema):
    id: int
    title: str
    category: str | None
    is_question: bool
    lang_questions: list[LangQuestionRead]


class QuestionProjectRead(ReadSchema):
    id: int
    name: str
