

from pydantic import Field, model_validator

from kit.schema import Instant, ReadSchema, Schema

BIG = 2**63 - 1
TEXT_MAX = 4000
NORMAL_MAX = 5000  # the longest original text: a call's comment (calling keeps 5000 characters)


class CleanedCommentSave(Schema):
    """Open ended: id, nsm, cleaned. Positive / negative: positiveId, positiveWNSM, positiveWoNSM and / or
    negativeId, negativeWNSM, negativeWoNSM (WNSM: with named staff members; WoNSM: without)."""

    project_id: int = Field(ge=1, le=BIG)
    id: int | None = Field(default=None, ge=1, le=BIG)
    nsm: str | None = Field(default=None, max_length=TEXT_MAX)
    cleaned: str | None = Field(default=None, max_length=TEXT_MAX)
    positive_id: int | None = Field(default=None, ge=1, le=BIG)
    positive_w_n_s_m: str | None = Field(default=None, max_length=TEXT_MAX)
    positive_wo_n_s_m: str | None = Field(default=None, max_length=TEXT_MAX)
    negative_id: int | None = Field(default=None, ge=1, le=BIG)
    negative_w_n_s_m: str | None = Field(default=None, max_length=TEXT_MAX)
    negative_wo_n_s_m: str | None = Field(default=None, max_length=TEXT_MAX)
    # The original text each part was cleaned from, as the cleaner's screen showed it (optional): one changed since
    # (Quality's edit, a re-saved survey) is a 409 rather than a cleaning of words that are no longer the comment's.
    normal: str | None = Field(default=None, max_length=NORMAL_MAX)
    positive_normal: str | None = Field(default=None, max_length=NORMAL_MAX)
    negative_normal: str | None = Field(default=None, max_length=NORMAL_MAX)

    @model_validator(mode="after")
    def _one_shape(self):
        if self.id is None and self.positive_id is None and self.negative_id is None:
            raise ValueError("id: give the open-ended comment's id, or positiveId / negativeId")
        if self.id is not None and (self.positive_id is not None or self.negative_id is not None):
            raise ValueError("id: an open-ended save takes no positiveId / negativeId")
        if self.id is not None and not (self.cleaned or "").strip():
            raise ValueError("cleaned: the cleaned text is required")
        if self.positive_id is not None and not (self.positive_wo_n_s_m or "").strip():
            raise ValueError("positiveWoNSM: the cleaned positive text is required")
        if self.negative_id is not None and not (self.negative_wo_n_s_m or "").strip():
            raise ValueError("negativeWoNSM: the cleaned negative text is required")
        return self


class CommentStatusChange(Schema):
    """markCleaned true marks the comment cleaned as it is, false uncleans it; processing true claims it for
    cleaning (answering the two warnings), false lets go of the claim."""

    id: int = Field(ge=1, le=BIG)
    project_id: int = Field(ge=1, le=BIG)
    mark_cleaned: bool | None = None
    processing: bool | None = None

    @model_validator(mode="after")
    def _one(self):
        if (self.mark_cleaned is None) == (self.processing is None):
            raise ValueError("markCleaned: give either markCleaned or processing")
        return self


class CommentPart(ReadSchema):
    id: int
    normal: str
    cleaned: str | None
    nsm: str | None
    mark_cleaned: int


class CommentQuestion(ReadSchema):
    id: int
    title: str


class CallHistory(ReadSchema):
    call_id: int
    patient_full_name: str | None
    user: int | None
    department_name: str | None
    site_name: str | None
    provider_name: str | None
    language_id: int | None
    survey_language_id: int | None
    dos: str | None
    surveyed_on: Instant | None


class CommentRead(ReadSchema):
    id: int
    project_id: int
    type: int
    normal: str | None
    cleaned: str | None
    nsm: str | None
    mark_cleaned: int | None
    positive: CommentPart | None
    negative: CommentPart | None
    question: CommentQuestion | None
    ch: CallHistory | None


class CommentProjectRead(ReadSchema):
    id: int
    name: str
    cleaned: int
    total: int
    is_locked: bool
    oldest_uncleaned_surveyed_on: Instant | None


class CommentSaved(ReadSchema):
    ids: list[int]
