from datetime import date

from fastapi import APIRouter, Depends, Query

from kit.app import SessionDep
from kit.auth import Principal, allow
from kit.errors import BadRequest, Conflict, NotFound, error_responses
from kit.schema import DataResponse, ListResponse
from projects.access import ASSIGNERS
from projects.assignment_history import service
from projects.assignment_history.schemas import AddWeek, WeekData, WeekDataRead, WeeksCreate, WeekUpdate
from projects.common import id_query
from projects.project.schemas import AssignmentWeekRead
from projects.project.service import week_read

router = APIRouter(tags=["assignment-history"])


@router.post("/api/assignment-history", response_model=DataResponse[ListResponse[AssignmentWeekRead]],
             status_code=201, responses=error_responses(BadRequest, NotFound))
def add_assignment_weeks(body: WeeksCreate, s: SessionDep, principal: Principal = Depends(allow(*ASSIGNERS))):
    for row in body.rows:
        service.check_week_date(row.weekDate)
    weeks = service.add_weeks(s, principal, body)
    return {"message": "Weekly goals saved successfully",
            "data": {"rows": [week_read(w) for w in weeks], "count": len(weeks)}}


@router.put("/api/assignment-history", response_model=DataResponse[AssignmentWeekRead],
            responses=error_responses(BadRequest, NotFound, Conflict))
def update_assignment_week(body: WeekUpdate, s: SessionDep, principal: Principal = Depends(allow(*ASSIGNERS))):
    return {"message": "Weekly goal updated successfully", "data": week_read(service.update_week(s, principal, body))}


@router.delete("/api/assignment-history", response_model=DataResponse[AssignmentWeekRead],
               responses=error_responses(BadRequest, NotFound))
def delete_assignment_week(s: SessionDep, id: int = id_query(), assignmentId: int = id_query(),
                           principal: Principal = Depends(allow(*ASSIGNERS))):
    week = service.delete_week(s, principal, week_id=id, assignment_id=assignmentId)
    return {"message": "Week deleted successfully", "data": week_read(week)}


@router.post("/api/assignment-history/add-week", response_model=DataResponse[AssignmentWeekRead], status_code=201,
             responses=error_responses(BadRequest, NotFound))
def add_assignment_week(body: AddWeek, s: SessionDep, principal: Principal = Depends(allow(*ASSIGNERS))):
    return {"message": "Week added successfully", "data": week_read(service.add_week(s, principal, body))}


@router.get("/api/assignment-history/week-data", response_model=WeekDataRead,
            responses=error_responses(BadRequest, NotFound))
def get_week_data(s: SessionDep, projectId: int = id_query(), surveyorId: int = id_query(),
                  weekDate: date = Query(...), principal: Principal = Depends(allow(*ASSIGNERS))):
    service.check_week_date(weekDate)
    return service.week_data(s, principal, project_id=projectId, surveyor_id=surveyorId, week_date=weekDate)


@router.put("/api/assignment-history/week-data", response_model=DataResponse[WeekDataRead],
            responses=error_responses(BadRequest, NotFound, Conflict))
def update_week_data(body: WeekData, s: SessionDep, principal: Principal = Depends(allow(*ASSIGNERS))):
    service.check_week_date(body.weekDate)
    return {"message": "Weekly goal updated successfully", "data": service.set_week_data(s, principal, body)}
