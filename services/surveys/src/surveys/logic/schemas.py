from pydantic import Field, model_validator

from kit.schema import ReadSchema, Schema


class LogicRuleIn(Schema):
    project_id: int = Field(ge=1, le=2**63 - 1)
    via_roster: bool = False
    question_id: int | None = Field(default=None, ge=1, le=2**63 - 1)
    answer_id: int | None = Field(default=None, ge=1, le=2**63 - 1)
    roster_field: str | None = Field(default=None, max_length=100)
    roster_value: str | None = Field(default=None, max_length=300)
    affected_question_ids: list[int] = Field(min_length=1, max_length=500)

    @model_validator(mode="after")
    def _trigger(self):
        # Save/Update need (a question and an answer, or via roster) and at least one affected question.
        if self.via_roster:
            if not (self.roster_field or "").strip():
                raise ValueError("rosterField: a roster field is required for a via-roster rule")
            if self.roster_value is None or not self.roster_value.strip():
                raise ValueError("rosterValue: a roster value is required for a via-roster rule")
        elif self.question_id is None or self.answer_id is None:
            raise ValueError("questionId: a question and an answer are required (or choose via roster)")
        if any(q < 1 or q > 2**63 - 1 for q in self.affected_question_ids):
            raise ValueError("affectedQuestionIds: must be question ids")
        if len(set(self.affected_question_ids)) != len(self.affected_question_ids):
            raise ValueError("affectedQuestionIds: each question may appear once")
        return self


class LogicRuleUpdate(LogicRuleIn):
    id: int = Field(ge=1, le=2**63 - 1)


class LogicQuestionRef(ReadSchema):
    id: int
    title: str
    text: str | None


class LogicRuleRead(ReadSchema):
    id: int
    project_id: int
    via_roster: bool
    question_id: int | None
    answer_id: int | None
    roster_field: str | None
    roster_value: str | None
    affected_question_ids: list[int]
    is_deleted: bool
    question: LogicQuestionRef | None
    answer: LogicQuestionRef | None
    affected_questions: list[LogicQuestionRef]
