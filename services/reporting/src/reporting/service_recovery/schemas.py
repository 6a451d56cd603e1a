from datetime import date
from typing import Literal

from pydantic import BaseModel, Field

from kit.schema import Instant, Schema

Key = Field(min_length=1, max_length=100)


class ServiceRecoveryBody(Schema):
    """Either save settings ({projectId, srKeys, onlySr, filename}, with id to edit) or record a download
    ({id, from, to})."""
    id: int | None = Field(None, ge=1, le=2**31 - 1)
    project_id: int | None = Field(None, ge=1, le=2**31 - 1)
    sr_keys: list[str] | None = Field(None, max_length=200)
    only_sr: bool | None = None
    filename: str | None = Field(None, max_length=200)
    from_: date | None = Field(None, alias="from")
    to: date | None = None


class ReportBody(Schema):
    id: int = Field(ge=1, le=2**31 - 1)
    from_: date | None = Field(None, alias="from")
    to: date | None = None
    format: Literal["json", "csv"] = "json"


class ProjectRow(BaseModel):
    projectId: int
    projectName: str
    clientId: int | None
    clientName: str
    oldestUncleaned: Instant | None


class HistoryRow(BaseModel):
    id: int
    projectId: int
    projectName: str
    clientName: str
    name: str
    filename: str
    srKeys: list[str]
    onlySr: bool
    downloadedOn: Instant | None
    fromTo: str | None
    createdAt: Instant


class ServiceRecoveryList(BaseModel):
    rows: list[ProjectRow] | list[HistoryRow]
    count: int


class HeaderKeys(BaseModel):
    data: list[str]
    labels: dict[str, str] = Field(default_factory=dict, description="how a key reads where it is not "
                                   "self-explanatory: 'Question <quesId>' keys with the question's title")


class SavedResponse(BaseModel):
    message: str
    data: HistoryRow | None = None


class ReportData(BaseModel):
    name: str
    filename: str
    srKeys: list[str]
    headers: list[str] = Field(default_factory=list, description="the CSV's column headings, one per srKeys key: "
                               "the key, or 'Question <quesId>: <title>' for a question whose title is known")
    questions: list[int]
    language: str
    rosterParams: dict
    surveyData: list[dict]


class ReportResponse(BaseModel):
    message: str
    data: ReportData
