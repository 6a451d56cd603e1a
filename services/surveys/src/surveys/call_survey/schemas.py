from pydantic import Field, field_validator

from kit.schema import ReadSchema, Schema

OPEN_ENDED_MAX = 2000


class SurveyEntry(Schema):
    ques_id: int = Field(ge=1, le=2**63 - 1)
    ans_id: int | None = Field(default=None, ge=1, le=2**63 - 1)
    open_ended: str | None = Field(default=None, max_length=OPEN_ENDED_MAX)
    sequence: int | None = Field(default=None, ge=1, le=10_000)


class CallSurveySave(Schema):
    project_id: int = Field(ge=1, le=2**63 - 1)
    call_id: int = Field(ge=1, le=2**63 - 1)
    is_put: bool = False
    is_partial: bool = Field(default=False, description=(
        "the surveyor ticked Partial Survey (the call ends as partial): required questions may stay unanswered; "
        "every other check of the answers still applies"))
    survey: list[SurveyEntry] = Field(max_length=1000)
    # Roster values of the visit for via-roster logic: of those the call screen's questionnaire pane evaluates
    # (provider, site with its alias center, department, gender, age, typeId, payerType, providerType), the
    # screen sends only the fields the project's via-roster rules name; provider, site/center and department
    # known from the call's events take precedence.
    roster_values: dict[str, str | None] = Field(default_factory=dict, max_length=200)
    language_id: int | None = Field(default=None, ge=1, le=2**63 - 1)  # any language, also one added after the twelve

    @field_validator("roster_values")
    @classmethod
    def _short(cls, v: dict) -> dict:
        for k, val in v.items():
            if len(k) > 100 or (val is not None and len(val) > 300):
                raise ValueError("rosterValues: keys up to 100 and values up to 300 characters")
        return v


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
