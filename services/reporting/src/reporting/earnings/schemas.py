from datetime import date

from pydantic import BaseModel

from reporting.call_stats.schemas import ChartData, Num


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
