from datetime import date

from pydantic import Field

from kit.schema import ReadSchema
from projects.common import Body as Schema, Id

Goal = int


class WeekIn(Schema):
    assignmentId: Id
    weekDate: date
    weekGoals: int = Field(0, ge=0, le=100000)
    weekCompGoals: int = Field(0, ge=0, le=100000)


class WeeksCreate(Schema):
    """Bulk add: a week per row (weekDate is moved to its week's Monday)."""

    rows: list[WeekIn] = Field(min_length=1, max_length=520)


class WeekUpdate(Schema):
    id: Id
    weekGoals: int = Field(ge=0, le=100000)
    weekCompGoals: int = Field(0, ge=0, le=100000)


class AddWeek(Schema):
    """Adds the week after the assignment's latest week (or the current week), with the assignment's goals
    unless given."""

    assignmentId: Id
    weekGoals: int | None = Field(None, ge=0, le=100000)
    weekCompGoals: int | None = Field(None, ge=0, le=100000)


class WeekData(Schema):
    projectId: Id
    surveyorId: Id
    weekDate: date
    weekGoals: int = Field(ge=0, le=100000)
    weekCompGoals: int = Field(0, ge=0, le=100000)


class WeekDataRead(ReadSchema):
    id: int | None
    assignmentId: int
    projectId: int
    surveyorId: int
    weekDate: date
    weekGoals: int
    weekCompGoals: int
