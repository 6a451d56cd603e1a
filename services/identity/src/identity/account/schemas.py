from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from identity.common import AccountEmail, Email, Name, NoNul, Password, Phone, PositiveId
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
    """Email and phone number may be sent as they are; a different value is refused (400): those change through
    `POST /api/account/contact-change` (password + a code sent to the new destination)."""

    first_name: Name
    last_name: Name
    email: Email | None = None
    phone_number: Phone = None
    lang_ids: Annotated[list[PositiveId], Field(max_length=50)] | None = None


class ContactChangeStart(Schema):
    """One of `email` / `phoneNumber` (the new value), and the current password."""

    email: AccountEmail | None = None
    phone_number: Phone = None
    password: Password


class ContactChangeConfirm(Schema):
    code: Annotated[str, StringConstraints(strip_whitespace=True, pattern=r"^[0-9]{6}$")]


class ContactChangeSent(ReadSchema):
    field: Literal["email", "phoneNumber"]
    sent_to: str  # the new destination, masked
    expires_in: int


class ContactChangeSentResponse(ReadSchema):
    message: str
    data: ContactChangeSent


class TokenOwner(ReadSchema):
    first_name: str
    last_name: str
    email: str


class TokenOwnerResponse(ReadSchema):
    data: TokenOwner
