from datetime import date

from pydantic import Field

from kit.schema import ReadSchema
from projects.common import Body as Schema, Id

# A goal left out (or null) keeps the week's saved one; a week without its own row takes the assignment's goal (what
# week-data reads for it). Resetting it to 0 lost the goal another manager had set for the week.
OptionalGoal = int | None


class WeekIn(Schema):
    assignmentId: Id
    weekDate: date
    weekGoals: OptionalGoal = Field(None, ge=0, le=100000)
    weekCompGoals: OptionalGoal = Field(None, ge=0, le=100000)


class WeeksCreate(Schema):
    """Bulk add: a week per row (weekDate is moved to its week's Monday); a row's week already saved is updated."""

    rows: list[WeekIn] = Field(min_length=1, max_length=520)


class WeekExpected(Schema):
    """The week's goals as the screen showed them before the change (docs/decisions.md, "Two managers, one goal"):
    a goal whose saved value differs is a 409, so one manager never overwrites another's change unseen."""

    weekGoals: OptionalGoal = Field(None, ge=0, le=100000)
    weekCompGoals: OptionalGoal = Field(None, ge=0, le=100000)


class WeekUpdate(Schema):
    """At least one of the goals; the one left out keeps its saved value."""

    id: Id
    weekGoals: OptionalGoal = Field(None, ge=0, le=100000)
    weekCompGoals: OptionalGoal = Field(None, ge=0, le=100000)
    expected: WeekExpected | None = None


class AddWeek(Schema):
    """Adds the week after the assignment's latest week (or the current week), with the assignment's goals
    unless given."""

    assignmentId: Id
    weekGoals: int | None = Field(None, ge=0, le=100000)
    weekCompGoals: int | None = Field(None, ge=0, le=100000)


class WeekData(Schema):
    """At least one of the goals; the one left out keeps its saved value (a new week: the assignment's)."""

    projectId: Id
    surveyorId: Id
    weekDate: date
    weekGoals: OptionalGoal = Field(None, ge=0, le=100000)
    weekCompGoals: OptionalGoal = Field(None, ge=0, le=100000)
    expected: WeekExpected | None = None


class WeekDataRead(ReadSchema):
    id: int | None
    assignmentId: int
    projectId: int
    surveyorId: int
    weekDate: date
    weekGoals: int
    weekCompGoals: int
