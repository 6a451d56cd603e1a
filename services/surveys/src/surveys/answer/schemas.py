from pydantic import Field, field_validator

from kit.schema import ReadSchema, Schema


class LangAnswerIn(Schema):
    id: int | None = Field(default=None, ge=1)
    lang_id: int = Field(ge=1, le=2**63 - 1, description="one of the survey languages (checked against the twelve and "
                                                          "those added since)")
    ans_text: str = Field(min_length=1, max_length=2000)


def _unique_langs(v):
    if v is None:
        return v
    langs = [x.lang_id for x in v]
    if len(set(langs)) != len(langs):
        raise ValueError("each langId may appear once")
    return v


class AnswerCreate(Schema):
    title: str = Field(min_length=2, max_length=500)
    lang_answers: list[LangAnswerIn] = Field(min_length=1, max_length=50)

    _langs = field_validator("lang_answers")(_unique_langs)


class AnswerUpdate(Schema):
    id: int = Field(ge=1)
    title: str | None = Field(default=None, min_length=2, max_length=500)
    is_ans: bool | None = None
    lang_answers: list[LangAnswerIn] | None = Field(default=None, min_length=1, max_length=50)

    _langs = field_validator("lang_answers")(_unique_langs)


class LangAnswerRead(ReadSchema):
    id: int
    lang_id: int
    ans_text: str


class AnswerRead(ReadSchema):
    id: int
    title: str
    is_ans: bool
    lang_answers: list[LangAnswerRead]
