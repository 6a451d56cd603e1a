"""Tables of the rosters context: rosters and their visits, staged uploads, sampling, and read models."""

from datetime import date, datetime

from sqlalchemy import JSON, BigInteger, Boolean, Date, DateTime, Index, Integer, LargeBinary, String, Text, UniqueConstraint
from sqlalchemy import false
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from kit.events import add_event_tables, utcnow
from kit.phi_audit import add_phi_audit_table

BigId = BigInteger().with_variant(Integer, "sqlite")  # SQLite only autoincrements INTEGER PRIMARY KEY


class Base(DeclarativeBase):
    pass


add_event_tables(Base.metadata)
add_phi_audit_table(Base.metadata)  # kit.phi_audit: every export of called patients (GET /api/calls)


class ProjectView(Base):
    """Read model of projects (from `projects.project.*`): enough for object-level access checks."""

    __tablename__ = "project_refs"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    name: Mapped[str] = mapped_column(String(200), default="")
    manager_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    is_locked: Mapped[bool] = mapped_column(Boolean, default=False)
    is_deleted: Mapped[bool] = mapped_column(Boolean, default=False)  # deactivated (`deletedAt`) or deleted for good
    # Deleted for good (`projects.project.deleted`): unlike a deactivated project, not even Admin reads it.
    is_removed: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # The project's languages (`langIds`): the Sampling page's language panel lists them; null = not known yet.
    lang_ids: Mapped[list | None] = mapped_column(JSON, nullable=True)


class LanguageView(Base):
    """Read model of languages (from `projects.language.*`), seeded with the spec's list."""

    __tablename__ = "language_refs"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    name: Mapped[str] = mapped_column(String(80))


class Roster(Base):
    __tablename__ = "rosters"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    project_id: Mapped[int] = mapped_column(Integer, index=True)
    status: Mapped[int] = mapped_column(Integer)  # Ready 1, Processing 2, Errored 3, Removed 4
    uploaded_by: Mapped[int] = mapped_column(BigInteger)
    uploaded_on: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    file_name: Mapped[str] = mapped_column(String(255), default="")
    range_start_date: Mapped[date | None] = mapped_column(Date, nullable=True)
    range_end_date: Mapped[date | None] = mapped_column(Date, nullable=True)
    total_enc: Mapped[int] = mapped_column(Integer, default=0)
    removed_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    # Why an import ended Errored (3); never patient data, so it is safe to show and to log.
    error: Mapped[str | None] = mapped_column(String(200), nullable=True)


class RosterUpload(Base):
    """A previewed file waiting for Confirm (or Cancel, or expiry). Never part of the history."""

    __tablename__ = "roster_uploads"
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    project_id: Mapped[int] = mapped_column(Integer, index=True)
    uploaded_by: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, index=True)
    file_name: Mapped[str] = mapped_column(String(255), default="")
    row_count: Mapped[int] = mapped_column(Integer, default=0)
    content: Mapped[bytes] = mapped_column(LargeBinary)


class Visit(Base):
    __tablename__ = "visits"
    # A roster's visits are written by one COPY, so they lie together on disk: on PostgreSQL a BRIN index (a
    # min/max per range of pages, summarised as ranges fill) finds them at a fraction of a B-tree's upkeep
    # during the import (docs/decisions.md, rosters); SQLite has B-trees only.
    __table_args__ = (Index("ix_visits_project_roster", "project_id", "roster_id", postgresql_using="brin",
                            postgresql_with={"autosummarize": "on"}),)
    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    roster_id: Mapped[int] = mapped_column(Integer)  # found through ix_visits_project_roster, with the project
    project_id: Mapped[int] = mapped_column(Integer)
    visitor_id: Mapped[int] = mapped_column(BigInteger)
    first_name: Mapped[str | None] = mapped_column(Text, nullable=True)
    last_name: Mapped[str | None] = mapped_column(Text, nullable=True)
    phone_cell: Mapped[str | None] = mapped_column(String(10), nullable=True)
    phone_home: Mapped[str | None] = mapped_column(String(10), nullable=True)
    dos: Mapped[date] = mapped_column(Date)
    dob: Mapped[date | None] = mapped_column(Date, nullable=True)
    age: Mapped[int | None] = mapped_column(Integer, nullable=True)
    gender: Mapped[str | None] = mapped_column(Text, nullable=True)
    provider_name: Mapped[str | None] = mapped_column(Text, nullable=True)
    provider_type: Mapped[str | None] = mapped_column(Text, nullable=True)
    site_name: Mapped[str | None] = mapped_column(Text, nullable=True)
    department_name: Mapped[str | None] = mapped_column(Text, nullable=True)
    guarantor: Mapped[str | None] = mapped_column(Text, nullable=True)
    language_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    chpw: Mapped[str | None] = mapped_column(Text, nullable=True)
    type_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    payer_type: Mapped[str | None] = mapped_column(Text, nullable=True)
    ethnicity: Mapped[str | None] = mapped_column(Text, nullable=True)
    race: Mapped[str | None] = mapped_column(Text, nullable=True)
    mrn: Mapped[str | None] = mapped_column(Text, nullable=True)


class SamplingSetting(Base):
    __tablename__ = "sampling_settings"
    project_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    look_back_days: Mapped[int] = mapped_column(Integer, default=30)
    max_calls: Mapped[int] = mapped_column(Integer, default=3)
    # When the final count was submitted (the project's roster was reset then); null while it never was.
    final_count_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)


class SamplingParameter(Base):
    __tablename__ = "sampling_parameters"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    project_id: Mapped[int] = mapped_column(Integer, index=True)
    type_id: Mapped[int] = mapped_column(Integer)  # Provider 0, Site 1, Department 2, Language 999
    priority: Mapped[int] = mapped_column(Integer)


class SamplingLanguage(Base):
    """Language sampling of a project: Open 1 (no limit), Don't 2 (never), Set 3 (up to allowed_samples surveys)."""

    __tablename__ = "sampling_languages"
    project_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    language_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    mode: Mapped[int] = mapped_column(Integer, default=1)
    allowed_samples: Mapped[int | None] = mapped_column(Integer, nullable=True)


class SamplingQuota(Base):
    """Surveys required for one provider / site / department cell (value = the name as in the roster)."""

    __tablename__ = "sampling_quotas"
    __table_args__ = (UniqueConstraint("project_id", "type_id", "value", name="uq_sampling_quota_cell"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    project_id: Mapped[int] = mapped_column(Integer, index=True)
    type_id: Mapped[int] = mapped_column(Integer)
    value: Mapped[str] = mapped_column(String(200))
    required: Mapped[int | None] = mapped_column(Integer, nullable=True)


class CallView(Base):
    """Read model of calls (from `calling.call.completed`): what the sampling figures and the called-roster export
    need. No patient data: the patient is the visit, held here already."""

    __tablename__ = "call_views"
    __table_args__ = (Index("ix_call_views_project_surveyed", "project_id", "surveyed_on"),)
    call_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    project_id: Mapped[int] = mapped_column(Integer)
    visit_id: Mapped[int] = mapped_column(BigInteger, index=True)
    surveyor_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    result: Mapped[int | None] = mapped_column(Integer, nullable=True)
    is_partial: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    is_qa_removal: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    survey_language_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    surveyed_on: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    survey_completed_on: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    source_at: Mapped[str | None] = mapped_column(String(40), nullable=True)
