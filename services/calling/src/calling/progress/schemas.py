from pydantic import Field

from kit.schema import ReadSchema


class ProgressDay(ReadSchema):
    date: str
    calls: int
    surveys: int


class ProgressRead(ReadSchema):
    is_weekly: bool
    from_: str = Field(alias="from")
    to: str
    timezone: str
    days: list[ProgressDay]
    total_calls: int
    total_surveys: int
    max: int
