"""Base models: camelCase on the wire, unknown fields refused (no mass assignment)."""

from typing import Generic, TypeVar

from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel


class Schema(BaseModel):
    """Request bodies: unknown fields are an error."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="forbid", str_strip_whitespace=True)


class ReadSchema(BaseModel):
    """Responses: built from ORM rows."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, from_attributes=True)


T = TypeVar("T")


class ListResponse(BaseModel, Generic[T]):
    rows: list[T]
    count: int


class Message(BaseModel):
    message: str


class DataResponse(BaseModel, Generic[T]):
    message: str = ""
    data: T
