from typing import Annotated, Literal

from pydantic import StringConstraints

from identity.common import Email, Name, NoNul, Password, PositiveId
from identity.factor.schemas import FactorCode
from identity.user.schemas import UserRead
from kit.schema import ReadSchema, Schema

Otp = Annotated[str, StringConstraints(strip_whitespace=True, pattern=r"^[0-9]{6}$")]


class SignIn(Schema):
    email: Email
    password: Password
    user_key: Annotated[str, StringConstraints(max_length=128), NoNul] | None = None
    is_remember: bool = False
    # What the browser's IP lookup said. Informational only: the address we trust comes from the connection.
    ip_address: Annotated[str, StringConstraints(max_length=64)] | None = None


class SendOtp(Schema):
    id: PositiveId
    phone_number: Annotated[str, StringConstraints(max_length=32)] | None = None  # ignored: never a destination
    name: Annotated[str, StringConstraints(max_length=201)] | None = None  # ignored: the name comes from the account
    cimr_manager_id: PositiveId | None = None


class VerifyOtp(Schema):
    email: Email
    id: PositiveId
    otp: Otp


class VerifyTotp(Schema):
    email: Email
    id: PositiveId
    code: FactorCode  # six digits from the authenticator app, or a recovery code


class OtpStatus(Schema):
    id: PositiveId


class CimrContact(ReadSchema):
    id: int
    first_name: str
    last_name: str
    phone_number: str | None


class PreAuthUser(ReadSchema):
    id: int
    first_name: str
    last_name: str
    email: str
    role: int
    phone_number: str | None
    cimr_list: list[CimrContact]
    # Where the one-time code goes, masked: "sms" to the account's phone (or, for a CIMR Surveyor, to the
    # chosen manager's: destination null), "email" to the account's address when it has no phone.
    otp_channel: Literal["sms", "email"]
    otp_destination: str | None
    totp_enabled: bool  # an authenticator app may be used instead of the SMS code
    totp_required: bool  # the role requires it (with an app set up, no SMS code is sent)


class PreAuthData(ReadSchema):
    user: PreAuthUser


class PreAuthResponse(ReadSchema):
    message: str
    data: PreAuthData


class SignedIn(ReadSchema):
    user: UserRead
    access_token: str
    expires_in: int
    totp_setup_required: bool = False  # the role requires an authenticator app not set up yet: go to My Profile


class SignedInResponse(ReadSchema):
    message: str
    data: SignedIn


class OtpSent(ReadSchema):
    expires_in: int
    channel: Literal["sms", "email"]
    sent_to: str  # masked phone number or email address


class OtpSentResponse(ReadSchema):
    message: str
    data: OtpSent


__all__ = ["Name"]
