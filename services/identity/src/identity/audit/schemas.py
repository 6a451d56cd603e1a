from kit.schema import Instant, ReadSchema


class SignInRead(ReadSchema):
    id: int
    at: Instant
    action: str  # sign_in.succeeded, sign_in.failed, sign_in.throttled
    userId: int | None
    userName: str
    userRole: int | None
    factor: str | None  # the second factor of a successful sign-in
    ip: str | None


class SignInList(ReadSchema):
    rows: list[SignInRead]
    count: int
