

from pydantic import Field

from kit.schema import Email, Instant, ReadSchema
from projects.common import Body as Schema, ContactPhone, Id


class ContactIn(Schema):
    id: Id | None = None
    typeId: int = Field(0, ge=0, le=3)
    firstName: str = Field(min_length=2, max_length=120)
    lastName: str = Field(min_length=2, max_length=120)
    jobTitle: str | None = Field(None, max_length=120)
    email: Email
    phoneNumber: ContactPhone = None
    phoneExtension: str | None = Field(None, max_length=20)


class ClientFields(Schema):
    name: str = Field(min_length=1, max_length=200)
    abbr: str = Field(min_length=1, max_length=40)
    stateId: int = Field(ge=1, le=56)
    countryId: int | None = Field(None, ge=1, le=3)
    contacts: list[ContactIn] = Field(min_length=1, max_length=50)


class ClientCreate(ClientFields):
    pass


class ClientUpdate(ClientFields):
    id: Id


class ContactRead(ReadSchema):
    id: Id
    clientId: Id
    typeId: int
    firstName: str
    lastName: str
    jobTitle: str | None
    email: str
    phoneNumber: str | None
    phoneExtension: str | None


class ClientRead(ReadSchema):
    id: Id
    name: str
    abbr: str
    stateId: int
    countryId: int | None
    createdAt: Instant
    deletedAt: Instant | None
    contacts: list[ContactRead] = []
