from pydantic import Field

from kit.schema import ReadSchema, Schema


class LanguageCreate(Schema):
    name: str = Field(min_length=1, max_length=80)


class LanguageRead(ReadSchema):
    id: int
    name: str
