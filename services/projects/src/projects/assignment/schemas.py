from pydantic import Field

from kit.schema import ReadSchema
from projects.common import Body as Schema, Id
from projects.project.schemas import AssignmentWeekRead


class AssignmentCreate(Schema):
    managerId: Id | None = None
    projectId: Id
    surveyorId: Id
    typeId: int = Field(0, ge=0, le=1)  # Assigned 0, Coverage 1
    priority: int = Field(1, ge=0, le=1000)
    surveyorGoals: int = Field(0, ge=0, le=100000)
    surveyorCompGoals: int = Field(0, ge=0, le=100000)


class AssignmentExpected(Schema):
    """The values the screen showed before the change (docs/decisions.md, "Two managers, one goal"): a field whose
    saved value differs is a 409, so one manager never overwrites another's change unseen."""

    typeId: int | None = Field(None, ge=0, le=1)
    priority: int | None = Field(None, ge=0, le=1000)
    surveyorGoals: int | None = Field(None, ge=0, le=100000)
    surveyorCompGoals: int | None = Field(None, ge=0, le=100000)


class AssignmentUpdate(Schema):
    id: Id
    typeId: int | None = Field(None, ge=0, le=1)
    priority: int | None = Field(None, ge=0, le=1000)
    surveyorGoals: int | None = Field(None, ge=0, le=100000)
    surveyorCompGoals: int | None = Field(None, ge=0, le=100000)
    expected: AssignmentExpected | None = None


class AssignedSurveyor(ReadSchema):
    id: Id
    firstName: str
    lastName: str
    email: str
    role: int


class AssignmentRead(ReadSchema):
    id: Id
    projectId: Id
    surveyorId: Id
    managerId: int | None
    typeId: int
    priority: int
    surveyorGoals: int
    surveyorCompGoals: int
    surveyor: AssignedSurveyor | None = None
    surveysRP: int = 0
    assignmentHistory: list[AssignmentWeekRead] = []
