"""Tolerant local read models kept from other contexts' events (never written by this context's API)."""

from datetime import datetime

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from kit.events import utcnow
from projects.models import Base


class UserView(Base):
    """identity's users, kept from `identity.user.*`."""

    __tablename__ = "users"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    first_name: Mapped[str] = mapped_column(String(120), default="")
    last_name: Mapped[str] = mapped_column(String(120), default="")
    email: Mapped[str] = mapped_column(String(254), default="", index=True)
    role: Mapped[int] = mapped_column(Integer)
    phone_number: Mapped[str | None] = mapped_column(String(40), nullable=True)
    cid: Mapped[str | None] = mapped_column(String(60), nullable=True)
    lang_ids: Mapped[list] = mapped_column(JSON, default=list)
    cimr_manager_ids: Mapped[list] = mapped_column(JSON, default=list)
    is_deleted: Mapped[bool] = mapped_column(Boolean, default=False)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class RosterView(Base):
    """rosters' committed uploads (`rosters.roster.committed` / `.removed`): the last-roster-upload sort key."""

    __tablename__ = "roster_views"
    roster_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    project_id: Mapped[int] = mapped_column(Integer, index=True)
    uploaded_on: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    total_enc: Mapped[int | None] = mapped_column(Integer, nullable=True)
    removed: Mapped[bool] = mapped_column(Boolean, default=False)


class ProjectFiguresView(Base):
    """Per-project figures other contexts own: undefined sampling providers (rosters), the comment-cleaning
    summary (surveys) and the last QA review of a call (calling's call log: Quality's removal or comment edit).
    Each half keeps the instant of the event it came from, so an older event never wins; the last QA only
    moves forward."""

    __tablename__ = "project_figures_views"
    project_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    undefined_providers: Mapped[int | None] = mapped_column(Integer, nullable=True)
    sampling_at: Mapped[str | None] = mapped_column(String(40), nullable=True)
    comments_cleaned: Mapped[int | None] = mapped_column(Integer, nullable=True)
    comments_total: Mapped[int | None] = mapped_column(Integer, nullable=True)
    oldest_uncleaned_surveyed_on: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    comments_at: Mapped[str | None] = mapped_column(String(40), nullable=True)
    last_qa: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)


class EscalationView(Base):
    """calling's escalations (`calling.escalation.created` / `.resolved`): the unresolved-escalations sort key."""

    __tablename__ = "escalation_views"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    project_id: Mapped[int] = mapped_column(Integer, index=True)
    surveyor_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    resolved: Mapped[bool] = mapped_column(Boolean, default=False)


class CompletedCallView(Base):
    """calling's completed calls (`calling.call.completed`): surveys per surveyor per project for goals/progress."""

    __tablename__ = "completed_call_views"
    call_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    project_id: Mapped[int] = mapped_column(Integer, index=True)
    surveyor_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True, index=True)
    result: Mapped[int | None] = mapped_column(Integer, nullable=True)
    is_partial: Mapped[bool] = mapped_column(Boolean, default=False)
    surveyed_on: Mapped[datetime | None] = mapped_column(DateTime, nullable=True, index=True)
