from typing import Annotated

from pydantic import Field, StringConstraints

from identity.common import Email, Name, NoNul, Password, Phone, PositiveId
from kit.schema import ReadSchema, Schema

LinkToken = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=128), NoNul]


class PasswordForgot(Schema):
    email: Email


class PasswordTokenVerify(Schema):
    token: LinkToken
    is_invite: bool = False


class PasswordReset(Schema):
    token: LinkToken
    password: Password
    email: Email
    is_invite: bool = False


class ProfileUpdate(Schema):
    first_name: Name
    last_name: Name
    email: Email
    phone_number: Phone = None
    lang_ids: Annotated[list[PositiveId], Field(max_length=50)] | None = None


class TokenOwner(ReadSchema):
    first_name: str
    last_name: str
    email: str


class TokenOwnerResponse(ReadSchema):
    data: TokenOwner
