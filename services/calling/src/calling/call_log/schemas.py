from datetime import date, datetime
from pydantic import Field

from kit.schema import Instant, ReadSchema, Schema

from calling.call.schemas import VisitInfo


class PersonRef(ReadSchema):
    id: int | None = None
    first_name: str | None = None
    last_name: str | None = None


class ProjectRef(ReadSchema):
    id: int
    name: str | None = None


class LanguageRef(ReadSchema):
    id: int | None = None
    name: str | None = None


class EscalationRef(ReadSchema):
    id: int
    notes: str | None = None
    status: bool


class SurveyAnswerRef(ReadSchema):
    """One answer of the call's survey (open-ended text, or the answer's bank title)."""
    ques_id: int
    sequence: int | None = None
    question: str | None = None
    ans_id: int | None = None
    answer: str | None = None
    open_ended: str | None = None


class CallLogRead(ReadSchema):
    id: int
    call_id: int
    project_id: int
    visit_id: int
    visitor_id: str | None
    result: int | None
    result_name: str | None = None
    is_partial: bool | None
    is_agree_complete: bool | None
    is_qa_removal: bool | None = Field(None, alias="isQARemoval")
    status: str
    survey_language_id: int | None
    survey_language: LanguageRef
    language_id: int | None
    language: str | None
    call_start: Instant
    surveyed_on: Instant | None
    survey_completed_on: Instant | None
    patient_first_name: str | None
    patient_last_name: str | None
    patient_full_name: str
    phone_cell: str | None
    phone_home: str | None
    dos: date | None
    dob: date | None
    age: int | None
    gender: str | None
    provider_name: str | None
    provider_type: str | None
    site_name: str | None
    department_name: str | None
    guarantor: str | None
    chpw: str | None
    type_id: int | None
    payer_type: str | None
    ethnicity: str | None
    race: str | None
    mrn: str | None
    attempts: int | None
    positive: str | None
    negative: str | None
    escalation: EscalationRef | None = None
    user: PersonRef
    project: ProjectRef
    survey: list[SurveyAnswerRef] = Field(default_factory=list)  # one call's details only; lists leave it empty


class CallLogDetail(CallLogRead):
    """One call as the Call Log Details show it (spec: call log (full)); the list rows stay without these."""
    visit_purpose: str | None = Field(None, description="the visit's patient type (Established, New)")
    callback_at: datetime | None = Field(None, description="Scheduled Another Time to Contact: the appointment the "
                                         "surveyor took (UTC)")
    visit_info: list[VisitInfo] = Field(default_factory=list, description="the visit's call-detail fields the "
                                        "project shows, as the call screen has them")
    positive_w_n_s_m: str | None = Field(None, description="the cleaned positive comment with the named staff "
                                         "members; null until comment cleaning cleaned it")
    positive_wo_n_s_m: str | None = Field(None, description="the cleaned positive comment without the named staff "
                                          "members; null until comment cleaning cleaned it")
    negative_w_n_s_m: str | None = Field(None, description="the cleaned negative comment with the named staff "
                                         "members; null until comment cleaning cleaned it")
    negative_wo_n_s_m: str | None = Field(None, description="the cleaned negative comment without the named staff "
                                          "members; null until comment cleaning cleaned it")


class CallLogList(ReadSchema):
    rows: list[CallLogRead]
    count: int = Field(description="calls matching; exact when countIsExact, else a lower bound (counting stops "
                                   "10,000 rows past the page)")
    count_is_exact: bool = True


class CallLogExpected(Schema):
    """The values the dialog showed before the edit (docs/decisions.md, "Two managers, one goal"): a field sent here
    whose saved value differs is a 409 naming both, so one Quality user never overwrites another's edit unseen. A
    comment sent as null or "" was empty."""

    is_qa_removal: bool | None = Field(None, alias="isQARemoval")
    positive: str | None = Field(None, max_length=5000)
    negative: str | None = Field(None, max_length=5000)


class CallLogUpdate(Schema):
    """Quality's edits of a logged call: removal from the client's data and the comments."""

    id: int = Field(gt=0, le=2**63 - 1, description="the callId")
    is_qa_removal: bool | None = Field(None, alias="isQARemoval")
    positive: str | None = Field(None, max_length=5000)
    negative: str | None = Field(None, max_length=5000)
    expected: CallLogExpected | None = None
