from datetime import date

from kit.schema import Instant, ReadSchema, Schema
from rosters.types import DbId


class RosterUndo(Schema):
    id: DbId
    projectId: DbId


class NameCount(ReadSchema):
    name: str
    count: int


class LanguageCount(ReadSchema):
    id: int
    name: str
    count: int


class RowError(ReadSchema):
    row: int
    column: str
    message: str


class RosterPreview(ReadSchema):
    uploadId: str | None
    projectId: DbId
    languages: list[LanguageCount]
    providers: list[NameCount]
    sites: list[NameCount]
    departments: list[NameCount]
    rowCount: int
    errors: list[RowError]
    errorCount: int
    rangeStartDate: date | None
    rangeEndDate: date | None
    # What the file was read as: UTF-8, UTF-16, UTF-32, Windows-1252 or Mac Roman (the screen asks to check names).
    encoding: str = "UTF-8"


class RosterRead(ReadSchema):
    id: int
    projectId: DbId
    status: int
    uploadedOn: Instant
    rangeStartDate: date | None
    rangeEndDate: date | None
    totalEnc: int
    isUndoable: bool
    fileName: str = ""
    # Why an Errored roster failed (no patient data); null otherwise.
    error: str | None = None
