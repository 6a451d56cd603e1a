"""Base models: camelCase on the wire, unknown fields refused (no mass assignment), and the kit's input policy:
integers fit the database's signed 64 bits, strings carry no control characters (tab and line breaks allowed in
free text only: use `NameStr` / `TextStr` for the length limits)."""

import re
from datetime import UTC, datetime
from typing import Annotated, Any, Generic, TypeVar

from email_validator import EmailNotValidError, validate_email
from pydantic import AfterValidator, BaseModel, ConfigDict, StringConstraints, ValidationInfo, field_validator
from pydantic.alias_generators import to_camel
from pydantic_core import PydanticCustomError

from kit.bounds import CONTROL as _CONTROL, INT64_MAX, INT64_MIN, RANGE_TEXT

# _CONTROL (kit.bounds): C0 controls but tab, LF, CR; DEL; C1 controls. NAME_CONTROL, for names, refuses tab and
# line breaks as well.
NAME_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
NAME_MAX, TEXT_MAX = 100, 4000


def _bounded(value: Any) -> Any:
    """Raise for an int beyond 64 bits or a string with control characters, inside lists and dicts too."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        if not INT64_MIN <= value <= INT64_MAX:
            raise PydanticCustomError("int64_range", RANGE_TEXT)
    elif isinstance(value, str):
        if _CONTROL.search(value):
            raise PydanticCustomError("control_characters", "must not contain control characters")
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            _bounded(v)
    elif isinstance(value, dict):
        for k, v in value.items():
            _bounded(k)
            _bounded(v)
    return value


def _name(value: str) -> str:
    if NAME_CONTROL.search(value):
        raise PydanticCustomError("control_characters", "must not contain control characters or line breaks")
    return value


# A name (of a person, client, project, question...): one line, trimmed, 1..100 characters by default.
NameStr = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=NAME_MAX), AfterValidator(_name)]
# Free text (comments, notes): line breaks allowed, up to 4,000 characters by default.
TextStr = Annotated[str, StringConstraints(max_length=TEXT_MAX)]


def _email(value: str) -> str:
    try:
        # test_environment allows the reserved `.test` domain of the demo accounts and of test data (`@demo.test`);
        # without it (pydantic's EmailStr) an address another service accepts is refused here.
        info = validate_email(value, check_deliverability=False, test_environment=True)
    except EmailNotValidError:
        raise PydanticCustomError("value_error", "value is not a valid email address") from None
    return info.normalized.lower()


# An email address as every service accepts it (identity's accounts, the projects' contacts): trimmed, lowercased.
Email = Annotated[str, StringConstraints(strip_whitespace=True, min_length=3, max_length=254), AfterValidator(_email)]


def _utc(value: datetime) -> datetime:
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


# A point in time in a response: the databases keep UTC without an offset (SQLite has no time zone type), so a
# naive value is UTC; on the wire it always carries its offset and no reader takes it for local time.
Instant = Annotated[datetime, AfterValidator(_utc)]


def name_str(max_length: int = NAME_MAX, min_length: int = 1) -> Any:
    """A NameStr with other length limits: `code: name_str(20)`."""
    return Annotated[str, StringConstraints(strip_whitespace=True, min_length=min_length, max_length=max_length),
                     AfterValidator(_name)]


def text_str(max_length: int = TEXT_MAX) -> Any:
    return Annotated[str, StringConstraints(max_length=max_length)]


class Schema(BaseModel):
    """Request bodies: unknown fields are an error; ints within 64 bits, strings without control characters."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="forbid", str_strip_whitespace=True)

    @field_validator("*", mode="after")
    @classmethod
    def _kit_input_policy(cls, value: Any, info: ValidationInfo) -> Any:  # noqa: ARG003
        if isinstance(value, BaseModel):
            return value  # a nested Schema checked its own fields
        return _bounded(value)


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
