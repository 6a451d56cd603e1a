"""Demo data for the embedded run. Idempotent; call it again once identity's demo users have arrived
in the users read model (the project and assignments need the demo PM and surveyors)."""

import logging
from datetime import date
from decimal import Decimal

from kit.auth import Principal, Role
from kit.db import Database
from projects.assignment import repository as assignment_repository
from projects.assignment import service as assignment_service
from projects.assignment.schemas import AssignmentCreate
from projects.client import repository as client_repository
from projects.client import service as client_service
from projects.client.schemas import ClientCreate
from projects.project import repository as project_repository
from projects.project import service as project_service
from projects.project.schemas import ProjectCreate
from projects.user import repository as user_repository

log = logging.getLogger("projects.seed")

CLIENT_NAME = "Riverside Health"
PROJECT_NAME = "Riverside Patient Experience 2026"
PM_EMAIL = "pm@demo.test"
SURVEYOR_EMAILS = ("surveyor@demo.test", "cimr-surveyor@demo.test", "keller@demo.test")
SEEDER = Principal(id=0, role=Role.ADMIN, sid="seed", name="seed")


def seed_demo(db: Database) -> dict:
    """Returns what exists afterwards: {"client": bool, "project": bool, "assignments": n}."""
    with db.session() as s:
        client = client_repository.get_by_name(s, CLIENT_NAME)
        if client is None:
            client = client_service.create_client(s, ClientCreate(
                name=CLIENT_NAME, abbr="RVH", stateId=5,
                contacts=[{"typeId": 0, "firstName": "Dana", "lastName": "Whitfield", "jobTitle": "Patient Experience Lead",
                           "email": "dana.whitfield@riverside.example", "phoneNumber": "3125550100"}]))
        project = project_repository.get_by_name(s, PROJECT_NAME)
        if project is None:
            pm = user_repository.get_by_email(s, PM_EMAIL)
            if pm is None:
                log.info("demo project waits for the demo project manager in the users read model")
                return {"client": True, "project": False, "assignments": 0}
            project = project_service.create_project(s, SEEDER, ProjectCreate(
                name=PROJECT_NAME, typeId=1, statusId=2, managerId=pm.id, reportFreqId=3,
                startDate=date(2026, 1, 5), billableRate=Decimal("12.50"), paymentRate=Decimal("4.00"),
                clientId=client.id, timezone="America/Chicago", langIds=[1, 2], sampling=["CATI"]))
        assigned = 0
        for email in SURVEYOR_EMAILS:
            user = user_repository.get_by_email(s, email)
            if user is None:
                continue
            if assignment_repository.find(s, project.id, user.id) is None:
                assignment_service.create_assignment(s, SEEDER, AssignmentCreate(
                    projectId=project.id, surveyorId=user.id, managerId=project.manager_id, surveyorGoals=20,
                    surveyorCompGoals=260))  # the quarterly reporting period: 13 weeks of 20
            assigned += 1
        return {"client": True, "project": True, "assignments": assigned}
