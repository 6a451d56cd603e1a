from datetime import date

from pydantic import BaseModel, Field

from reporting.call_stats.schemas import Num


class SurveyorProject(BaseModel):
    projectId: int
    projectName: str
    statusId: int | None
    timezone: str | None
    typeId: int | None
    periodStart: date = Field(description="first business day of the week or of this project's reporting period")
    periodEnd: date = Field(description="last business day of that week or reporting period")
    goals: int | None
    surveys: int
    progress: Num | None = Field(description="surveys / goals as a ratio with 4 decimals (0.3333 = 33.33%)")
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
    progress: Num | None = Field(description="surveys / goals as a ratio with 4 decimals (0.3333 = 33.33%)")
    earnings: Num | None = None


class SurveyorList(BaseModel):
    rows: list[SurveyorRow]
    count: int
    isWeekly: bool
    periodStart: date | None = Field(description="Monday of the current week; null for reporting periods, which "
                                                 "are each project's own (see the projects' periodStart)")
    periodEnd: date | None = Field(description="Sunday of the current week; null for reporting periods")


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
    periodStart: date | None = Field(description="Monday of the current week; null for reporting periods, which "
                                                 "are each project's own (see the projects' periodStart)")
    periodEnd: date | None = Field(description="Sunday of the current week; null for reporting periods")
