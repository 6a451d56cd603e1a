

from kit.schema import Instant, ReadSchema


class ExternalAttemptRead(ReadSchema):
    id: int
    email: str
    apwd: str
    ip_address: str | None
    created_at: Instant


class ExternalAttemptList(ReadSchema):
    rows: list[ExternalAttemptRead]
    count: int


class RevealedPassword(ReadSchema):
    apwd: str


class RevealResponse(ReadSchema):
    data: RevealedPassword
