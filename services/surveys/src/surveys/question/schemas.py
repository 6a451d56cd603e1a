from pydantic import Field, field_validator

from kit.schema import ReadSchema, Schema


class LangQuestionIn(Schema):
    id: int | None = Field(default=None, ge=1)
    lang_id: int = Field(ge=1, le=2**63 - 1, description="one of the survey languages (checked against the twelve and "
                                                          "those added since)")
    ques_text: str = Field(min_length=1, max_length=2000)


def _unique_langs(v: list) -> list:
    langs = [x.lang_id for x in v]
    if len(set(langs)) != len(langs):
        raise ValueError("each langId may appear once")
    return v


class QuestionCreate(Schema):
    title: str = Field(min_length=2, max_length=500)
    category: str = Field(min_length=2, max_length=120)  # spec §5: required, at least 2 characters
    lang_questions: list[LangQuestionIn] = Field(min_length=1, max_length=50)

    _langs = field_validator("lang_questions")(_unique_langs)


class QuestionUpdate(Schema):
    """Only the fields sent change (deactivating sends id and isQuestion alone)."""

    id: int = Field(ge=1)
    title: str | None = Field(default=None, min_length=2, max_length=500)
    category: str | None = Field(default=None, min_length=2, max_length=120)
    is_question: bool | None = None
    lang_questions: list[LangQuestionIn] | None = Field(default=None, min_length=1, max_length=50)

    _langs = field_validator("lang_questions")(lambda v: v if v is None else _unique_langs(v))

    @field_validator("category")
    @classmethod
    def _category_not_cleared(cls, v: str | None) -> str:
        # a category is required (spec §5): leave it out to keep it, but it cannot be emptied
        if v is None:
            raise ValueError("required; leave it out to keep the current one")
        return v


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
