from typing import Literal

from pydantic import Field, field_validator

from kit.schema import ReadSchema, Schema

ParameterType = Literal[0, 1, 2, 999]  # Provider 0, Site 1, Department 2, Language 999


class SamplingParameterIn(Schema):
    id: int | None = None
    typeId: ParameterType
    priority: int = Field(ge=1, le=1000)


class SamplingUpdate(Schema):
    projectId: int
    lookBackDays: int | None = Field(None, ge=0, le=3650)
    lookBack: int | None = Field(None, ge=0, le=3650)  # the form's name for lookBackDays
    maxCalls: int | None = Field(None, ge=1, le=100)
    parameters: list[SamplingParameterIn] | None = Field(None, max_length=50)

    @field_validator("parameters")
    @classmethod
    def _at_least_one(cls, v):
        if v is not None and not v:
            raise ValueError("There should be at least one Sampling parameter")
        return v


class SamplingParameterCreate(Schema):
    projectId: int
    typeId: ParameterType
    priority: int | None = Field(None, ge=1, le=1000)


class SamplingParameterRead(ReadSchema):
    id: int
    projectId: int
    typeId: int
    priority: int


class SamplingRead(ReadSchema):
    projectId: int
    lookBackDays: int
    maxCalls: int
    rows: list[SamplingParameterRead]
    count: int
    languages: list[dict] = []
