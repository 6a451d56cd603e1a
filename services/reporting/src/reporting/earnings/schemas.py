from datetime import date

from fastapi import Query
from pydantic import BaseModel

from reporting.call_stats.schemas import ChartData, Num
from reporting.constants import BUSINESS_TIMEZONE, WEEKLY


class EarningRow(BaseModel):
    weekOf: date
    surveys: int
    earnings: Num


class EarningTotals(BaseModel):
    surveys: int
    earnings: Num


class EarningsData(BaseModel):
    frequency: int
    earningAndCallData: list[EarningRow]
    totals: EarningTotals
    chartData: ChartData


class EarningsResponse(BaseModel):
    message: str = ""
    data: EarningsData


class PayStubQuery:
    """One period's pay stubs: the period containing `date` at `frequency`, days taken in `tz`."""

    def __init__(
        self,
        date_: date = Query(..., alias="date", description="a day of the period (its start as shown in earnings)"),
        surveyorId: int | None = Query(None, ge=1, le=2**31 - 1),
        managerId: int | None = Query(None, ge=0, le=2**31 - 1),
        projectId: int | None = Query(None, ge=1, le=2**31 - 1),
        frequency: int = Query(WEEKLY, description="1 Daily, 7 Weekly, 30 Monthly"),
        tz: str = Query(BUSINESS_TIMEZONE, max_length=64),
    ):
        self.date, self.frequency, self.tz = date_, frequency, tz
        self.surveyor_id, self.manager_id, self.project_id = surveyorId, managerId, projectId


class PayStubLine(BaseModel):
    projectId: int | None
    languageId: int | None
    language: str  # the survey language's name ("" when the call recorded none)
    projectAcronym: str
    QTY: int
    unitPrice: Num
    totalEarnings: Num


class PayStub(BaseModel):
    surveyorId: int
    surveyorName: str
    surveyorCid: str
    invoiceId: str
    invoiceDate: date
    periodStart: date
    periodEnd: date
    frequency: int
    projects: list[PayStubLine]
    totalQty: int
    totalEarnings: Num


class PayStubResponse(BaseModel):
    message: str = ""
    data: list[PayStub]
