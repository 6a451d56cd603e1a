from datetime import datetime

from kit.schema import ReadSchema


class ExternalAttemptRead(ReadSchema):
    id: int
    email: str
    apwd: str
    ip_address: str | None
    created_at: datetime


class ExternalAttemptList(ReadSchema):
    rows: list[ExternalAttemptRead]
    count: int


class RevealedPassword(ReadSchema):
    apwd: str


class RevealResponse(ReadSchema):
    data: RevealedPassword
