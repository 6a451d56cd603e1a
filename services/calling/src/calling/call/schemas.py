from datetime import date, datetime
from typing import Any

from pydantic import Field, StrictInt, field_validator

from kit.schema import Instant, ReadSchema, Schema

ESCALATION_NOTES_MAX = 5000


class CallClaim(Schema):
    project_id: int = Field(gt=0)
    surveyor_id: int = Field(gt=0)


class SamplingParameterRead(ReadSchema):
    id: int
    type_id: int
    priority: int


class AssignedGoals(ReadSchema):
    surveyor_goals: int | None = None
    surveyor_comp_goals: int | None = None


class VisitInfo(ReadSchema):
    field: str
    value: Any = None
    show: bool = True


class VisitCallData(ReadSchema):
    call_id: int
    project_id: int
    visit_id: int
    visitor_id: str
    visitor_name: str
    phone_cell: str | None
    phone_home: str | None
    dos: date | None
    age: int | None
    gender: str | None
    provider: str | None
    center: str | None
    department: str | None
    guarantor: str | None
    chpw: str | None
    type_id: int | None
    provider_type: str | None
    payer_type: str | None
    ethnicity: str | None
    race: str | None
    language_id: int
    survey_language_id: int | None = Field(
        None, description="a held call given back (a reload): the survey language its interim Agreed save recorded; "
                          "null for a new call")
    call_start: Instant
    lock_expires_at: Instant
    visit_infos: list[VisitInfo] = []
    sampling_parameters: list[SamplingParameterRead] = []
    assigned_goals: AssignedGoals


class CallResult(Schema):
    """The call response payload (spec §3)."""

    id: int = Field(gt=0, description="the callId")
    project_id: int = Field(gt=0)
    visit_id: int = Field(gt=0)
    visitor_id: str = Field(min_length=1, max_length=64, description="the patient, as the call data gives it")
    result: StrictInt = Field(ge=1, le=7, description="1 Agreed to Survey ... 7 Incorrect Roster Information")
    is_partial: bool = False
    caller_id: int | None = None
    call_start: datetime | None = None
    escalation: bool | str | dict | None = None
    is_qa_removal: bool | None = Field(None, alias="isQARemoval")
    negative: str | None = Field(None, max_length=5000)
    positive: str | None = Field(None, max_length=5000)
    survey_language_id: int | None = Field(None, ge=1)
    survey_completed_on: datetime | None = None
    is_agree_complete: bool | None = None
    do_not_call: bool = Field(False, description="the Do Not Call checkbox: forces result 2 (Do Not Call)")
    callback_at: datetime | None = Field(None, description="result 6 only: when to call back, an ISO 8601 instant "
                                         "with its offset, in the future")

    @field_validator("escalation")
    @classmethod
    def _escalation_notes_fit(cls, v):
        """The escalation notes are kept whole or refused (at most 5000 characters), never cut."""
        notes = v if isinstance(v, str) else v.get("notes") if isinstance(v, dict) else None
        if isinstance(notes, str) and len(notes.strip()) > ESCALATION_NOTES_MAX:
            raise ValueError(f"notes must be at most {ESCALATION_NOTES_MAX} characters (got {len(notes.strip())})")
        return v


class CallState(ReadSchema):
    call_id: int
    project_id: int
    visit_id: int
    surveyor_id: int
    status: str
    result: int | None
    is_partial: bool | None
    is_agree_complete: bool | None
    survey_language_id: int | None
    call_start: Instant
    ended_at: Instant | None
    surveyed_on: Instant | None
    survey_completed_on: Instant | None
    callback_at: Instant | None = None


class CallLockRelease(Schema):
    call_id: int = Field(gt=0)
    project_id: int = Field(gt=0)
    result: int | None = Field(None, ge=1, le=7, description="informational; results are saved with PUT /api/calls")


class CallReleased(ReadSchema):
    call_id: int
    released: bool
    attempt_counted: bool
