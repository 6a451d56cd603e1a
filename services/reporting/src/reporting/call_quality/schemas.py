from datetime import date

from fastapi import Query
from pydantic import BaseModel, ConfigDict, Field

from reporting.call_stats.schemas import Num


class QualityQuery:
    """The Call Quality filters (query string); the range defaults to the last seven days up to today."""

    def __init__(
        self,
        from_: date | None = Query(None, alias="from", description="first day (America/Chicago), inclusive"),
        to: date | None = Query(None, description="last day (America/Chicago), inclusive"),
        managerId: int | None = Query(None, ge=0, le=2**31 - 1),
        projectId: int | None = Query(None, ge=1, le=2**31 - 1),
        surveyorId: int | None = Query(None, ge=1, le=2**31 - 1),
    ):
        self.from_, self.to = from_, to
        self.manager_id, self.project_id, self.surveyor_id = managerId, projectId, surveyorId


class QualityFigures(BaseModel):
    attempts: int
    surveys: int
    completionRate: Num
    averageSurveyLength: Num
    shortSurveys: int
    shortSurveyShare: Num
    partials: int
    refusals: int
    qaRemovals: int
    escalations: int


class QualityRow(QualityFigures):
    surveyorId: int
    surveyorName: str


class CallQualityList(BaseModel):
    rows: list[QualityRow]
    count: int
    totals: QualityFigures
    from_: date = Field(alias="from")
    to: date
    shortSurveyMinutes: int

    model_config = ConfigDict(populate_by_name=True)
