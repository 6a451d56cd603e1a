from datetime import date
from decimal import Decimal
from typing import Annotated, Literal
from zoneinfo import available_timezones

from pydantic import Field, ValidationInfo, WithJsonSchema, create_model, field_validator
from pydantic_core import PydanticCustomError

from kit.schema import Email, Instant, ReadSchema
from kit.visit_info import VISIT_INFO_FIELDS
from projects.common import Body as Schema, ContactPhone, Id

SAMPLING_MODES = ("CATI", "EMAIL", "PAPER", "KIOSKS", "MAIL")
_TZ_PREFIXES = ("America/", "Canada/", "US/")
_TIMEZONES = frozenset(z for z in available_timezones() if z.startswith(_TZ_PREFIXES)) | {"UTC"}
Money = Decimal
_MODE = f"({'|'.join(SAMPLING_MODES)})"
# Spec: sampling is "a list of modes, sent as a comma-joined string" (the form joins them); a JSON list is read too.
# The document names both, so the generated client may send the string; `_split_modes` turns it into the list.
SamplingModes = Annotated[
    list[Literal["CATI", "EMAIL", "PAPER", "KIOSKS", "MAIL"]],
    WithJsonSchema({"title": "Sampling", "anyOf": [
        {"type": "array", "items": {"type": "string", "enum": list(SAMPLING_MODES)}},
        {"type": "string", "pattern": f"^({_MODE}(,{_MODE})*)?$", "description": "the modes, comma-joined"},
    ]}, mode="validation"),
]


class ProjectContact(Schema):
    firstName: str = Field(min_length=2, max_length=120)
    lastName: str = Field(min_length=2, max_length=120)
    email: Email
    phoneNumber: ContactPhone = None
    typeId: int = Field(0, ge=0, le=4)
    jobTitle: str | None = Field(None, max_length=120)


class Modifier(Schema):
    modifierId: int | None = Field(None, ge=0, le=1_000_000)
    typeId: int = Field(0, ge=0, le=1)
    details: str | None = Field(None, max_length=300)
    rate: Money = Field(Decimal("0.00"), ge=0, max_digits=10, decimal_places=2)


class LineItem(Schema):
    name: str = Field(min_length=1, max_length=200)
    price: Money = Field(ge=0, max_digits=10, decimal_places=2)


class ProjectFields(Schema):
    name: str = Field(min_length=1, max_length=200)
    typeId: int = Field(ge=1, le=16)
    statusId: int = Field(ge=1, le=6)
    managerId: Id
    reportFreqId: Literal[1, 2, 3, 6, 12]
    startDate: date
    billableRate: Money = Field(ge=0, max_digits=10, decimal_places=2)
    paymentRate: Money = Field(ge=0, max_digits=10, decimal_places=2)
    clientId: Id | None = None
    deadline: date | None = None
    contractDate: date | None = None
    reportWeeks: int | None = Field(None, ge=0, le=99)
    isBenchmarked: bool = False
    collabGrp: Literal["CHPW", "CPG", "ORPCA"] | None = None
    clientBuzAdd: str | None = Field(None, max_length=300)
    timezone: str | None = Field(None, max_length=60)
    approvalStatus: Literal["PSA", "Contract", "Email"] | None = None
    associateAgreement: bool = False
    sampling: SamplingModes = Field(default_factory=list)
    notes: str | None = Field(None, max_length=10000)
    langIds: list[Id] = Field(default_factory=list, max_length=50)
    contacts: list[ProjectContact] = Field(default_factory=list, max_length=50)
    billingModifier: list[Modifier] = Field(default_factory=list, max_length=100)
    paymentModifier: list[Modifier] = Field(default_factory=list, max_length=100)
    perReportingPeriodFee: Money | None = Field(None, ge=0, max_digits=10, decimal_places=2)
    powerBiFee: Money | None = Field(None, ge=0, max_digits=10, decimal_places=2)
    pmFee: Money | None = Field(None, ge=0, max_digits=10, decimal_places=2)
    lineItems: list[LineItem] = Field(default_factory=list, max_length=100)
    compGoals: int | None = Field(None, ge=0, le=1_000_000)
    reqGoals: int | None = Field(None, ge=0, le=1_000_000)

    @field_validator("sampling", mode="before")
    @classmethod
    def _split_modes(cls, v):
        if isinstance(v, str):
            return [m.strip().upper() for m in v.split(",") if m.strip()]
        return v

    @field_validator("timezone")
    @classmethod
    def _known_timezone(cls, v):
        if v is not None and v not in _TIMEZONES:
            raise ValueError("must be an America/*, Canada/*, US/* time zone or UTC")
        return v

    @field_validator("deadline")
    @classmethod
    def _deadline_not_before_start(cls, v, info: ValidationInfo):
        # startDate is declared first, so it is in info.data when it was valid
        start = info.data.get("startDate")
        if v is not None and start is not None and v < start:
            raise PydanticCustomError("deadline_before_start", "must not be before startDate")
        return v


class ProjectCreate(ProjectFields):
    pass


class ProjectUpdate(ProjectFields):
    id: Id
    # Optimistic concurrency (docs/decisions.md, "Two managers, one goal"): the project's updatedAt as the editor read
    # it; a project saved by someone else since is a 409 instead of their changes being overwritten unseen.
    updatedAt: Instant | None = None


class ProjectLock(Schema):
    id: Id
    isLocked: bool


class ProjectManager(ReadSchema):
    id: Id
    firstName: str = ""
    lastName: str = ""


class ProjectLanguage(ReadSchema):
    id: Id
    name: str


class ProjectClient(ReadSchema):
    id: Id
    name: str
    abbr: str


class ProjectRead(ReadSchema):
    id: Id
    name: str
    typeId: int
    statusId: int
    managerId: int
    reportFreqId: int
    clientId: Id | None
    isBenchmarked: bool
    collabGrp: str | None
    startDate: date
    contractDate: date | None
    deadline: date
    reportWeeks: int | None
    clientBuzAdd: str | None
    timezone: str | None
    approvalStatus: str | None
    associateAgreement: bool
    sampling: str
    notes: str | None
    langIds: list[int]
    contacts: list[dict]
    # Billing, payment and fee fields: absent for the surveyor roles (and isSvProject readings).
    billableRate: Decimal | None = None
    paymentRate: Decimal | None = None
    billingModifier: list[dict] | None = None
    paymentModifier: list[dict] | None = None
    perReportingPeriodFee: Decimal | None = None
    powerBiFee: Decimal | None = None
    pmFee: Decimal | None = None
    lineItems: list[dict] | None = None
    isLocked: bool
    compGoals: int | None
    reqGoals: int | None
    createdAt: Instant
    updatedAt: Instant
    deletedAt: Instant | None
    user: ProjectManager | None = None
    client: ProjectClient | None = None
    languages: list[ProjectLanguage] = []


class ProjectLockRead(ReadSchema):
    id: Id
    isLocked: bool


class ProjectFigures(ReadSchema):
    """Figures other contexts feed by events (sort keys of the project lists) and goal progress."""

    lastRosterUpload: Instant | None = None
    uncleanedEscalation: int = 0
    undefinedProviders: int | None = None
    oldestUncleanedSurveyedOn: Instant | None = None
    surveysRP: int = 0
    lastQA: Instant | None = Field(None, description="the last review of one of the project's calls in the call "
                                   "log (a QA removal or a comment edit)")
    assignedSurveyors: int = Field(0, description="surveyors assigned to the project as Assigned (assignment "
                                   "typeId 0); list rows only")
    coverageSurveyors: int = Field(0, description="surveyors assigned to the project as Coverage (typeId 1); "
                                   "list rows only")


class ProjectListRead(ProjectRead, ProjectFigures):
    pass


# List rows may be slimmed by onlyNames / onlyNamesAttrs: every field but id and name is optional there.
ProjectRow = create_model(
    "ProjectRow", __base__=ReadSchema, id=(int, ...), name=(str, ...),
    **{k: (f.annotation | None, None) for k, f in ProjectListRead.model_fields.items() if k not in ("id", "name")})


class AssignmentWeekRead(ReadSchema):
    id: Id
    assignmentId: Id
    projectId: Id
    surveyorId: Id
    weekDate: date
    weekGoals: int
    weekCompGoals: int


class ProjectGoal(ReadSchema):
    assignmentId: Id
    surveyorId: Id
    firstName: str
    lastName: str
    email: str
    typeId: int
    priority: int
    surveyorGoals: int
    surveyorCompGoals: int
    surveys: int
    assignmentHistory: list[AssignmentWeekRead]


class SurveyDayCounts(ReadSchema):
    """The project's calls of today's survey day (business time zone) by outcome; a surveyor's own calls."""

    date: date
    complete: int
    incomplete: int
    refused: int
    wrongInfo: int


class ProjectDetailRead(ProjectListRead):
    surveyDay: SurveyDayCounts | None = None
    goals: list[ProjectGoal] = []
    visitInfo: list[dict] = []
    periodStart: Instant | None = None
    periodEnd: Instant | None = None


class ProjectName(ReadSchema):
    id: Id
    name: str


class ProjectDates(Schema):
    id: Id
    startDate: date | None = None
    deadline: date | None = None
    reportWeeks: int | None = Field(None, ge=0, le=99)


class ProjectDatesRead(ReadSchema):
    id: Id
    startDate: date
    deadline: date
    reportWeeks: int | None


class ProjectStatus(Schema):
    id: Id
    statusId: int = Field(ge=1, le=6)


class ProjectStatusRead(ReadSchema):
    id: Id
    statusId: int




class VisitInfoField(Schema):
    field: Literal[VISIT_INFO_FIELDS]  # type: ignore[valid-type]
    show: bool


class VisitInfoUpdate(Schema):
    projectId: Id
    fields: list[VisitInfoField] = Field(max_length=len(VISIT_INFO_FIELDS))


class VisitInfoFieldRead(ReadSchema):
    field: str
    show: bool


class VisitInfoRead(ReadSchema):
    projectId: Id
    fields: list[VisitInfoFieldRead]


class SurveyorProjectRow(ReadSchema):
    """A surveyor's project on My Projects: goals and progress for the current week or reporting period."""

    id: Id
    name: str
    clientName: str | None
    statusId: int
    isLocked: bool
    timezone: str | None
    startDate: date
    deadline: date
    assignmentId: Id
    typeId: int
    surveyorGoals: int
    surveyorCompGoals: int
    weekGoals: int | None
    weekCompGoals: int | None
    surveys: int
