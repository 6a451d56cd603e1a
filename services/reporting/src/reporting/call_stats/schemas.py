from datetime import date
from decimal import Decimal
from typing import Annotated, Literal

from fastapi import Query
from pydantic import BaseModel, ConfigDict, Field, PlainSerializer

# Exact Decimal inside; a JSON number on the wire (a few decimals are exact in a float's shortest repr).
Num = Annotated[Decimal, PlainSerializer(lambda d: float(d), return_type=float, when_used="json")]


class StatsQuery:
    """Filters shared by call stats and earnings (query string)."""

    def __init__(
        self,
        from_: date | None = Query(None, alias="from", description="first day (America/Chicago), inclusive"),
        to: date | None = Query(None, description="last day (America/Chicago), inclusive"),
        managerId: int | None = Query(None, ge=0, le=2**31 - 1),
        projectId: int | None = Query(None, ge=1, le=2**31 - 1),
        surveyorId: int | None = Query(None, ge=1, le=2**31 - 1),
        weekly: bool = Query(False),
        monthly: bool = Query(False),
        type: int | None = Query(None, description="frequency: 1 Daily, 7 Weekly, 30 Monthly"),
    ):
        self.from_, self.to = from_, to
        self.manager_id, self.project_id, self.surveyor_id = managerId, projectId, surveyorId
        self.weekly, self.monthly, self.type = weekly, monthly, type


class DispositionQuery:
    """Filters of the AAPOR dispositions (query string); the range defaults to the last four weeks."""

    def __init__(
        self,
        from_: date | None = Query(None, alias="from", description="first day (America/Chicago), inclusive"),
        to: date | None = Query(None, description="last day (America/Chicago), inclusive"),
        managerId: int | None = Query(None, ge=0, le=2**31 - 1),
        projectId: int | None = Query(None, ge=1, le=2**31 - 1),
        surveyorId: int | None = Query(None, ge=1, le=2**31 - 1),
        groupBy: Literal["project", "site", "provider", "surveyor"] = Query("project"),
    ):
        self.from_, self.to = from_, to
        self.manager_id, self.project_id, self.surveyor_id = managerId, projectId, surveyorId
        self.group_by = groupBy


class Series(BaseModel):
    name: str
    type: str
    data: list[Num]


class ChartData(BaseModel):
    categories: list[date]
    series: list[Series]
    max: Num


class CallStatsRow(BaseModel):
    weekOf: date
    attempts: int
    surveys: int
    surveys_ig: int
    completionRate: Num = Field(description="surveys / attempts as a ratio with 4 decimals (0.3333 = 33.33%)")
    timeInSys: Num
    agreedTimeInSys_ig: Num
    surveysPerHour: Num
    averageSurveyLength: Num = Field(description="agreed time / surveys, in minutes, 1 decimal")
    earnings: Num | None = None
    hourlyEarnings: Num | None = None


class CallStatsTotals(BaseModel):
    attempts: int
    surveys: int
    surveys_ig: int
    completionRate: Num = Field(description="surveys / attempts as a ratio with 4 decimals (0.3333 = 33.33%)")
    timeInSys: Num
    agreedTimeInSys_ig: Num
    surveysPerHour: Num
    averageSurveyLength: Num = Field(description="agreed time / surveys, in minutes, 1 decimal")
    earnings: Num | None = None
    hourlyEarnings: Num | None = None


class CallStatsData(BaseModel):
    frequency: int
    callStatsData: list[CallStatsRow]
    totals: CallStatsTotals
    chartData: ChartData


class CallStatsResponse(BaseModel):
    message: str = ""
    data: CallStatsData


Rate = Annotated[Decimal | None, PlainSerializer(lambda d: None if d is None else float(d), return_type=float | None,
                                                 when_used="json")]


class DispositionCounts(BaseModel):
    i: int
    p: int
    r: int
    ne: int
    o: int
    nc: int
    uo: int
    uh: int


class DispositionRates(BaseModel):
    counts: DispositionCounts
    cases: int
    rr1: Rate
    rr2: Rate
    coop1: Rate
    ref1: Rate
    con1: Rate


class DispositionRow(DispositionRates):
    key: str | None
    name: str


class DispositionsData(BaseModel):
    groupBy: str
    from_: date = Field(alias="from")
    to: date
    rows: list[DispositionRow]
    count: int
    totals: DispositionRates
    labels: dict[str, str]

    model_config = ConfigDict(populate_by_name=True)


class DispositionsResponse(BaseModel):
    message: str = ""
    data: DispositionsData
