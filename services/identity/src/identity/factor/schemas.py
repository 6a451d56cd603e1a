from typing import Annotated

from pydantic import Field, StringConstraints

from identity.common import Password
from kit.schema import ReadSchema, Schema

TotpCode = Annotated[str, StringConstraints(strip_whitespace=True, pattern=r"^[0-9]{6}$")]
# A six-digit authenticator code, or a recovery code (`abcde-23456`; dashes and spaces ignored).
FactorCode = Annotated[str, StringConstraints(strip_whitespace=True, min_length=6, max_length=20,
                                              pattern=r"^[A-Za-z0-9 \-]+$")]
RoleId = Annotated[int, Field(ge=0, le=9)]


class TotpEnrolmentStart(Schema):
    password: Password


class TotpEnrolmentConfirm(Schema):
    code: TotpCode


class TotpDisable(Schema):
    password: Password
    code: FactorCode


class TotpStatus(ReadSchema):
    enabled: bool
    required: bool  # the account's role requires an authenticator app
    recovery_codes_left: int


class TotpStatusResponse(ReadSchema):
    message: str = ""
    data: TotpStatus


class TotpEnrolment(ReadSchema):
    secret: str  # base32, for typing into the app by hand
    otpauth_uri: str
    qr_code: str  # SVG data URI of otpauth_uri


class TotpEnrolmentResponse(ReadSchema):
    message: str
    data: TotpEnrolment


class RecoveryCodes(ReadSchema):
    recovery_codes: list[str]


class RecoveryCodesResponse(ReadSchema):
    message: str
    data: RecoveryCodes


class FactorPolicy(ReadSchema):
    role: int
    totp_required: bool


class FactorPolicyUpdate(Schema):
    role: RoleId
    totp_required: bool


class FactorPolicyResponse(ReadSchema):
    message: str = ""
    data: list[FactorPolicy]
