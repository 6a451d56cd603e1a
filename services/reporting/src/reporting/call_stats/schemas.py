from datetime import date
from decimal import Decimal
from typing import Annotated

from fastapi import Query
from pydantic import BaseModel, PlainSerializer

# Exact Decimal inside; a JSON number on the wire (2 decimals are exact in a float's shortest repr).
Num = Annotated[Decimal, PlainSerializer(lambda d: float(d), return_type=float, when_used="json")]


class StatsQuery:
    """Filters shared by call stats and earnings (query string)."""

    def __init__(
        self,
        from_: date | None = Query(None, alias="from", description="first day (America/Chicago), inclusive"),
        to: date | None = Query(None, description="last day (America/Chicago), inclusive"),
        managerId: int | None = Query(None, ge=0),
        projectId: int | None = Query(None, ge=1),
        surveyorId: int | None = Query(None, ge=1),
        weekly: bool = Query(False),
        monthly: bool = Query(False),
        type: int | None = Query(None, description="frequency: 1 Daily, 7 Weekly, 30 Monthly"),
    ):
        self.from_, self.to = from_, to
        self.manager_id, self.project_id, self.surveyor_id = managerId, projectId, surveyorId
        self.weekly, self.monthly, self.type = weekly, monthly, type


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
    completionRate: Num
    timeInSys: Num
    agreedTimeInSys_ig: Num
    surveysPerHour: Num
    earnings: Num | None = None
    hourlyEarnings: Num | None = None


class CallStatsTotals(BaseModel):
    attempts: int
    surveys: int
    surveys_ig: int
    completionRate: Num
    timeInSys: Num
    agreedTimeInSys_ig: Num
    surveysPerHour: Num
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
