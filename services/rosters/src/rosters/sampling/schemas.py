from datetime import date
from typing import Literal

from pydantic import Field, field_validator, model_validator

from kit.schema import Instant, ReadSchema, Schema
from rosters.types import DbId

ParameterType = Literal[0, 1, 2, 999]  # Provider 0, Site 1, Department 2, Language 999


class SamplingParameterIn(Schema):
    id: DbId | None = None
    typeId: ParameterType
    priority: int = Field(ge=1, le=1000)


class SamplingUpdate(Schema):
    projectId: DbId
    lookBackDays: int | None = Field(None, ge=0, le=3650)
    lookBack: int | None = Field(None, ge=0, le=3650)  # the form's name for lookBackDays
    maxCalls: int | None = Field(None, ge=1, le=100)
    parameters: list[SamplingParameterIn] | None = Field(None, max_length=50)

    @field_validator("parameters")
    @classmethod
    def _at_least_one(cls, v):
        if v is not None and not v:
            raise ValueError("There should be at least one Sampling parameter")
        # one row per parameter and per type, as POST enforces; otherwise the last duplicate silently wins
        ids = [p.id for p in v or [] if p.id is not None]
        if len(ids) != len(set(ids)):
            raise ValueError("a sampling parameter id appears more than once")
        types = [p.typeId for p in v or []]
        if len(types) != len(set(types)):
            raise ValueError("a sampling parameter type appears more than once")
        return v


class SamplingParameterCreate(Schema):
    projectId: DbId
    typeId: ParameterType
    priority: int | None = Field(None, ge=1, le=1000)


class SamplingParameterRead(ReadSchema):
    id: int
    projectId: DbId
    typeId: int
    priority: int


class LanguageSamplingRead(ReadSchema):
    samplingId: int  # the language's id (one language-sampling row per project and language)
    languageId: int
    name: str
    mode: int
    allowedSamples: int | None
    surveys: int


class SamplingRead(ReadSchema):
    projectId: DbId
    lookBackDays: int
    lookBack: int
    maxCalls: int
    finalCountAt: Instant | None = None
    rows: list[SamplingParameterRead]
    count: int
    languages: list[LanguageSamplingRead] = []
    undefinedProviders: int = 0


CellType = Literal[0, 1, 2]  # Provider 0, Site 1, Department 2


class CellRequired(Schema):
    name: str = Field(min_length=1, max_length=200)
    surveyRequired: int | None = Field(None, ge=0, le=1_000_000)


class ProvidersUpdate(Schema):
    projectId: DbId
    type: CellType = 0
    rows: list[CellRequired] = Field(min_length=1, max_length=5000)


class LanguageSamplingIn(Schema):
    languageId: int = Field(ge=1, le=2_147_483_647)
    mode: Literal[1, 2, 3]  # Open 1, Don't 2, Set 3
    allowedSamples: int | None = Field(None, ge=0, le=1_000_000)

    @model_validator(mode="after")
    def _set_needs_allowed(self):
        if self.mode == 3 and self.allowedSamples is None:
            raise ValueError("allowedSamples: required when the mode is Set (3)")
        return self


class LanguageUpdate(Schema):
    projectId: DbId
    languages: list[LanguageSamplingIn] = Field(min_length=1, max_length=100)

    @field_validator("languages")
    @classmethod
    def _one_rule_per_language(cls, v):
        ids = [item.languageId for item in v]
        if len(ids) != len(set(ids)):
            raise ValueError("a languageId appears more than once")
        return v


class SamplingOperations(Schema):
    """The sampling page's options: look-back days and max calls, and the irreversible final count."""
    projectId: DbId
    lookBack: int | None = Field(None, ge=0, le=3650)
    lookBackDays: int | None = Field(None, ge=0, le=3650)
    maxCalls: int | None = Field(None, ge=1, le=100)
    finalCount: bool = False


class ProviderRow(ReadSchema):
    name: str
    typeId: int
    surveyRequired: int | None
    surveys: int
    surveyRemaining: int | None
    lastEncounter: date | None
    eligibleEnc: int
    encounters: int
