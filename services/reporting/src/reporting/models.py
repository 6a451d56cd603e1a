"""The reporting read model: a fact row per call, and the projects and users the figures need."""

from datetime import datetime
from decimal import Decimal

from sqlalchemy import JSON, Boolean, DateTime, Integer, Numeric, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from kit.events import add_event_tables


class Base(DeclarativeBase):
    pass


add_event_tables(Base.metadata)


class CallFact(Base):
    """Upserted by callId from calling.call.started/completed/released (completed carries the full state)."""

    __tablename__ = "call_fact"

    call_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    project_id: Mapped[int | None] = mapped_column(Integer, index=True)
    visit_id: Mapped[int | None] = mapped_column(Integer)
    surveyor_id: Mapped[int | None] = mapped_column(Integer, index=True)
    result: Mapped[int | None] = mapped_column(Integer)
    is_partial: Mapped[bool] = mapped_column(Boolean, default=False)
    is_agree_complete: Mapped[bool] = mapped_column(Boolean, default=False)
    survey_language_id: Mapped[int | None] = mapped_column(Integer)
    call_start: Mapped[datetime | None] = mapped_column(DateTime, index=True)  # naive UTC
    ended_at: Mapped[datetime | None] = mapped_column(DateTime)
    surveyed_on: Mapped[datetime | None] = mapped_column(DateTime)
    survey_completed_on: Mapped[datetime | None] = mapped_column(DateTime)
    released: Mapped[bool] = mapped_column(Boolean, default=False)
    source_at: Mapped[str | None] = mapped_column(String(40))


class ProjectView(Base):
    __tablename__ = "rm_project"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    name: Mapped[str] = mapped_column(String(300), default="")
    manager_id: Mapped[int | None] = mapped_column(Integer, index=True)
    payment_rate: Mapped[Decimal] = mapped_column(Numeric(12, 4), default=Decimal("0"))
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime)
    source_at: Mapped[str | None] = mapped_column(String(40))


class UserView(Base):
    __tablename__ = "rm_user"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    first_name: Mapped[str] = mapped_column(String(120), default="")
    last_name: Mapped[str] = mapped_column(String(120), default="")
    role: Mapped[int | None] = mapped_column(Integer)
    cid: Mapped[str | None] = mapped_column(String(60))
    cimr_manager_ids: Mapped[list | None] = mapped_column(JSON)
    is_deleted: Mapped[bool] = mapped_column(Boolean, default=False)
    source_at: Mapped[str | None] = mapped_column(String(40))
