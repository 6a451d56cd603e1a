from datetime import date

from kit.schema import Instant, ReadSchema


class CellFigures(ReadSchema):
    name: str | None
    required: int | None
    surveys: int
    remaining: int | None
    encounters: int
    eligibleEnc: int
    lastEncounter: date | None


class IdName(ReadSchema):
    id: int
    name: str | None


class CalledRow(ReadSchema):
    """One called patient of the Surveyors Called Roster Export."""
    callId: int
    visitId: int
    firstName: str | None
    lastName: str | None
    age: int | None
    dob: date | None
    dos: date
    ethnicity: str | None
    gender: str | None
    language: IdName | None
    payerType: str | None
    phoneCell: str | None
    phoneHome: str | None
    race: str | None
    visitPurpose: str | None  # the roster's Patient Type
    result: int | None
    typeId: int | None
    isPartial: bool | None
    project: IdName
    user: dict  # {id}: the surveyor (names live in identity / reporting)
    surveyedOn: Instant | None
    surveyCompletedOn: Instant | None
    provider: CellFigures
    department: CellFigures
    site: CellFigures


class CalledPage(ReadSchema):
    rows: list[CalledRow]
    count: int
