from sqlalchemy import select
from sqlalchemy.orm import Session, undefer

from projects.models import Guideline, GuidelineStatus


def add(s: Session, g: Guideline) -> Guideline:
    s.add(g)
    s.flush()
    return g


def get_with_content(s: Session, guideline_id: int) -> Guideline | None:
    return s.scalars(select(Guideline).options(undefer(Guideline.content)).where(Guideline.id == guideline_id)).first()


def for_project(s: Session, project_id: int) -> list[Guideline]:
    return list(s.scalars(select(Guideline).where(Guideline.project_id == project_id)
                          .order_by(Guideline.uploaded_at.desc(), Guideline.id.desc())))


def latest(s: Session, project_id: int) -> Guideline | None:
    rows = s.scalars(select(Guideline).where(Guideline.project_id == project_id)
                     .order_by(Guideline.uploaded_at.desc(), Guideline.id.desc()).limit(1))
    return rows.first()


def status(s: Session, project_id: int, surveyor_id: int) -> GuidelineStatus | None:
    return s.scalars(select(GuidelineStatus).where(GuidelineStatus.project_id == project_id,
                                                   GuidelineStatus.surveyor_id == surveyor_id)).first()


def add_status(s: Session, st: GuidelineStatus) -> GuidelineStatus:
    s.add(st)
    s.flush()
    return st
