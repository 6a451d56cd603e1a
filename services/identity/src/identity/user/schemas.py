
from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from identity.common import AccountEmail, Email, Name, NoNul, Phone, PositiveId
from kit.auth import Role
from kit.schema import Instant, ReadSchema, Schema

Short = Annotated[str, StringConstraints(strip_whitespace=True, max_length=50), NoNul]
Ext = Annotated[str, StringConstraints(strip_whitespace=True, max_length=20, pattern=r"^[0-9A-Za-z\-]*$")]
IdList = Annotated[list[PositiveId], Field(max_length=50)]


class CimrManagerRead(ReadSchema):
    id: int
    first_name: str
    last_name: str
    phone_number: str | None


class UserRead(ReadSchema):
    id: int
    first_name: str
    last_name: str
    email: str
    phone_number: str | None
    role: int
    vonage_ext: str | None
    cid: str | None
    is_deleted: bool
    languages: list[str]
    lang_ids: list[int]
    cimr_list: list[CimrManagerRead]
    created_at: Instant
    updated_at: Instant
    invitation_pending: bool


class UserCreate(Schema):
    first_name: Name
    last_name: Name
    email: AccountEmail
    phone_number: Phone = None
    role: Role
    vonage_ext: Ext | None = None
    cid: Short | None = None
    lang_ids: IdList | None = None
    cimr_ids: IdList | None = None


class UserUpdate(Schema):
    id: PositiveId
    first_name: Name | None = None
    last_name: Name | None = None
    email: AccountEmail | None = None
    phone_number: Phone = None
    role: Role | None = None
    vonage_ext: Ext | None = None
    cid: Short | None = None
    lang_ids: IdList | None = None
    cimr_ids: IdList | None = None


class UserId(Schema):
    id: PositiveId


class UserStatus(Schema):
    id: PositiveId
    status: Literal["active", "deactivated"]



class UserMessage(ReadSchema):
    message: str
    data: UserRead


class UserData(ReadSchema):
    data: UserRead


class UserList(ReadSchema):
    rows: list[UserRead]
    count: int

