from pydantic import Field

from kit.schema import ReadSchema, Schema


class AssignmentCreate(Schema):
    managerId: int | None = None
    projectId: int
    surveyorId: int
    typeId: int = Field(0, ge=0, le=1)  # Assigned 0, Coverage 1
    priority: int = Field(1, ge=0, le=1000)
    surveyorGoals: int = Field(0, ge=0, le=100000)
    surveyorCompGoals: int = Field(0, ge=0, le=100000)


class AssignedSurveyor(ReadSchema):
    id: int
    firstName: str
    lastName: str
    email: str
    role: int


class AssignmentRead(ReadSchema):
    id: int
    projectId: int
    surveyorId: int
    managerId: int | None
    typeId: int
    priority: int
    surveyorGoals: int
    surveyorCompGoals: int
    surveyor: AssignedSurveyor | None = None
