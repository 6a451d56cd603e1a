"""Demo data for the embedded run: a roster for the demo project, so the demo surveyors have patients to call."""

import tempfile
from pathlib import Path

from sqlalchemy import select

from kit.auth import Principal, Role
from kit.db import Database
from rosters.config import Settings
from rosters.demo import fake_roster
from rosters.models import ProjectView, Roster
from rosters.roster import service

DEMO_PROJECT = "Riverside Patient Experience 2026"
DEMO_ROWS = 300


def seed_demo(db: Database) -> bool:
    """Idempotent. False until the demo project has arrived by event; True once it has a roster."""
    settings = Settings()
    with db.session() as s:
        project = s.scalar(select(ProjectView).where(ProjectView.name == DEMO_PROJECT))
        if project is None:
            return False
        if s.scalar(select(Roster.id).where(Roster.project_id == project.id).limit(1)) is not None:
            return True
        seeder = Principal(id=0, role=Role.ADMIN, sid="demo-seed", name="Demo seed")
        with tempfile.NamedTemporaryFile(suffix=".csv") as f:
            f.write(fake_roster(DEMO_ROWS, languages=["English"] * 3 + ["Spanish"]))
            f.flush()
            service.commit(s, db, seeder, settings, project_id=project.id, path=Path(f.name),
                           file_name="riverside-demo.csv", upload_id=None)
    return True
