from datetime import date

from pydantic import BaseModel

from reporting.call_stats.schemas import Num


class SurveyorProject(BaseModel):
    projectId: int
    projectName: str
    statusId: int | None
    timezone: str | None
    typeId: int | None
    goals: int | None
    surveys: int
    progress: Num | None
    earnings: Num | None = None


class SurveyorRow(BaseModel):
    id: int
    firstName: str
    lastName: str
    email: str | None
    phoneNumber: str | None
    role: int | None
    cid: str | None
    isDeleted: bool
    projectCount: int
    goals: int
    surveys: int
    progress: Num | None
    earnings: Num | None = None


class SurveyorList(BaseModel):
    rows: list[SurveyorRow]
    count: int
    isWeekly: bool
    periodStart: date
    periodEnd: date


class SurveyorInfo(BaseModel):
    id: int
    firstName: str
    lastName: str
    email: str | None
    phoneNumber: str | None = None
    role: int | None = None
    projects: list[SurveyorProject] = []


class SurveyorInfoList(BaseModel):
    data: list[SurveyorInfo]
    isWeekly: bool
    periodStart: date
    periodEnd: date
