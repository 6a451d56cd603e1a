from pydantic import Field

from kit.schema import ReadSchema
from projects.common import Body as Schema, Id


class LanguageCreate(Schema):
    name: str = Field(min_length=1, max_length=80)


class LanguageRead(ReadSchema):
    id: Id
    name: str


class LanguageUsage(ReadSchema):
    id: Id
    name: str
    projects: int
    surveyors: int
