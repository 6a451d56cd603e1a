from datetime import date, datetime
from decimal import Decimal
from typing import Literal
from zoneinfo import available_timezones

from pydantic import EmailStr, Field, field_validator

from kit.schema import ReadSchema, Schema

SAMPLING_MODES = ("CATI", "EMAIL", "PAPER", "KIOSKS", "MAIL")
_TZ_PREFIXES = ("America/", "Canada/", "US/")
_TIMEZONES = frozenset(z for z in available_timezones() if z.startswith(_TZ_PREFIXES)) | {"UTC"}
Money = Decimal


class ProjectContact(Schema):
    firstName: str = Field(min_length=2, max_length=120)
    lastName: str = Field(min_length=2, max_length=120)
    email: EmailStr
    phoneNumber: str | None = Field(None, max_length=40)
    typeId: int = Field(0, ge=0, le=4)
    jobTitle: str | None = Field(None, max_length=120)


class Modifier(Schema):
    modifierId: int | None = None
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
    managerId: int = Field(ge=1)
    reportFreqId: Literal[1, 2, 3, 6, 12]
    startDate: date
    billableRate: Money = Field(ge=0, max_digits=10, decimal_places=2)
    paymentRate: Money = Field(ge=0, max_digits=10, decimal_places=2)
    clientId: int | None = None
    deadline: date | None = None
    contractDate: date | None = None
    reportWeeks: int | None = Field(None, ge=0, le=99)
    isBenchmarked: bool = False
    collabGrp: Literal["CHPW", "CPG", "ORPCA"] | None = None
    clientBuzAdd: str | None = Field(None, max_length=300)
    timezone: str | None = Field(None, max_length=60)
    approvalStatus: Literal["PSA", "Contract", "Email"] | None = None
    associateAgreement: bool = False
    sampling: list[Literal["CATI", "EMAIL", "PAPER", "KIOSKS", "MAIL"]] = Field(default_factory=list)
    notes: str | None = Field(None, max_length=10000)
    langIds: list[int] = Field(default_factory=list, max_length=50)
    contacts: list[ProjectContact] = Field(default_factory=list, max_length=50)
    billingModifier: list[Modifier] = Field(default_factory=list, max_length=100)
    paymentModifier: list[Modifier] = Field(default_factory=list, max_length=100)
    perReportingPeriodFee: Money | None = Field(None, ge=0, max_digits=10, decimal_places=2)
    powerBiFee: Money | None = Field(None, ge=0, max_digits=10, decimal_places=2)
    pmFee: Money | None = Field(None, ge=0, max_digits=10, decimal_places=2)
    lineItems: list[LineItem] = Field(default_factory=list, max_length=100)
    compGoals: int | None = Field(None, ge=0)
    reqGoals: int | None = Field(None, ge=0)

    @field_validator("sampling", mode="before")
    @classmethod
    def _split_modes(cls, v):
        # The form sends the modes as one comma-joined string.
        if isinstance(v, str):
            return [m.strip().upper() for m in v.split(",") if m.strip()]
        return v

    @field_validator("timezone")
    @classmethod
    def _known_timezone(cls, v):
        if v is not None and v not in _TIMEZONES:
            raise ValueError("must be an America/*, Canada/*, US/* time zone or UTC")
        return v


class ProjectCreate(ProjectFields):
    pass


class ProjectUpdate(ProjectFields):
    id: int


class ProjectLock(Schema):
    id: int
    isLocked: bool


class ProjectManager(ReadSchema):
    id: int
    firstName: str = ""
    lastName: str = ""


class ProjectLanguage(ReadSchema):
    id: int
    name: str


class ProjectClient(ReadSchema):
    id: int
    name: str
    abbr: str


class ProjectRead(ReadSchema):
    id: int
    name: str
    typeId: int
    statusId: int
    managerId: int
    reportFreqId: int
    clientId: int | None
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
    billableRate: Decimal
    paymentRate: Decimal
    billingModifier: list[dict]
    paymentModifier: list[dict]
    perReportingPeriodFee: Decimal | None
    powerBiFee: Decimal | None
    pmFee: Decimal | None
    lineItems: list[dict]
    isLocked: bool
    compGoals: int | None
    reqGoals: int | None
    createdAt: datetime
    updatedAt: datetime
    deletedAt: datetime | None
    user: ProjectManager | None = None
    client: ProjectClient | None = None
    languages: list[ProjectLanguage] = []


class ProjectLockRead(ReadSchema):
    id: int
    isLocked: bool
