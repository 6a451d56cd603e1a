"""Tables of the projects context: clients, projects, assignments, assignment weeks, languages, guidelines.

The read models kept from other contexts' events are in `projects.readmodel` (imported at the end so that
the migrations see every table)."""

from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import (
    JSON, BigInteger, Boolean, Date, DateTime, ForeignKey, Integer, LargeBinary, Numeric, String, Text, UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from kit.events import add_event_tables, utcnow


class Base(DeclarativeBase):
    pass


add_event_tables(Base.metadata)


class Language(Base):
    __tablename__ = "languages"
    # Ids are never given again once deleted: other contexts keep language ids (project languages, surveyors'
    # languages, translations), and SQLite would otherwise hand the deleted highest id to the next language.
    __table_args__ = {"sqlite_autoincrement": True}
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)


class Client(Base):
    __tablename__ = "clients"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200), index=True)
    abbr: Mapped[str] = mapped_column(String(40))
    state_id: Mapped[int] = mapped_column(Integer)
    country_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, onupdate=utcnow)
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    contacts: Mapped[list["ClientContact"]] = relationship(
        back_populates="client", cascade="all, delete-orphan", order_by="ClientContact.id", lazy="selectin")


class ClientContact(Base):
    __tablename__ = "client_contacts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    client_id: Mapped[int] = mapped_column(ForeignKey("clients.id", ondelete="CASCADE"), index=True)
    type_id: Mapped[int] = mapped_column(Integer, default=0)
    first_name: Mapped[str] = mapped_column(String(120))
    last_name: Mapped[str] = mapped_column(String(120))
    job_title: Mapped[str | None] = mapped_column(String(120), nullable=True)
    email: Mapped[str] = mapped_column(String(254))
    phone_number: Mapped[str | None] = mapped_column(String(40), nullable=True)
    phone_extension: Mapped[str | None] = mapped_column(String(20), nullable=True)
    client: Mapped[Client] = relationship(back_populates="contacts")


class Project(Base):
    __tablename__ = "projects"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200), index=True)
    type_id: Mapped[int] = mapped_column(Integer)
    status_id: Mapped[int] = mapped_column(Integer)
    manager_id: Mapped[int] = mapped_column(BigInteger, index=True)
    report_freq_id: Mapped[int] = mapped_column(Integer)
    client_id: Mapped[int | None] = mapped_column(ForeignKey("clients.id", ondelete="CASCADE"), nullable=True, index=True)
    is_benchmarked: Mapped[bool] = mapped_column(Boolean, default=False)
    collab_grp: Mapped[str | None] = mapped_column(String(20), nullable=True)
    start_date: Mapped[date] = mapped_column(Date)
    contract_date: Mapped[date | None] = mapped_column(Date, nullable=True)
    deadline: Mapped[date] = mapped_column(Date)
    report_weeks: Mapped[int | None] = mapped_column(Integer, nullable=True)
    client_buz_add: Mapped[str | None] = mapped_column(String(300), nullable=True)
    timezone: Mapped[str | None] = mapped_column(String(60), nullable=True)
    approval_status: Mapped[str | None] = mapped_column(String(40), nullable=True)
    associate_agreement: Mapped[bool] = mapped_column(Boolean, default=False)
    sampling: Mapped[str | None] = mapped_column(String(120), nullable=True)  # comma-joined modes
    notes: Mapped[str | None] = mapped_column(Text, nullable=True)
    lang_ids: Mapped[list] = mapped_column(JSON, default=list)
    contacts: Mapped[list] = mapped_column(JSON, default=list)
    billable_rate: Mapped[Decimal] = mapped_column(Numeric(10, 2))
    payment_rate: Mapped[Decimal] = mapped_column(Numeric(10, 2))
    billing_modifier: Mapped[list] = mapped_column(JSON, default=list)
    payment_modifier: Mapped[list] = mapped_column(JSON, default=list)
    per_reporting_period_fee: Mapped[Decimal | None] = mapped_column(Numeric(10, 2), nullable=True)
    power_bi_fee: Mapped[Decimal | None] = mapped_column(Numeric(10, 2), nullable=True)
    pm_fee: Mapped[Decimal | None] = mapped_column(Numeric(10, 2), nullable=True)
    line_items: Mapped[list] = mapped_column(JSON, default=list)
    is_locked: Mapped[bool] = mapped_column(Boolean, default=False)
    comp_goals: Mapped[int | None] = mapped_column(Integer, nullable=True)
    req_goals: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, onupdate=utcnow)
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    # Project Roster Additional Info: [{field, show}] - which visit-info fields the call screen shows.
    visit_info: Mapped[list] = mapped_column(JSON, default=list, server_default=text("'[]'"))  # rows before it: []


ASSIGNED, COVERAGE = 0, 1  # Assignment.type_id (spec: Assigned 0, Coverage 1)


class Assignment(Base):
    __tablename__ = "assignments"
    __table_args__ = (UniqueConstraint("project_id", "surveyor_id", name="uq_assignment_project_surveyor"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    project_id: Mapped[int] = mapped_column(ForeignKey("projects.id", ondelete="CASCADE"), index=True)
    surveyor_id: Mapped[int] = mapped_column(BigInteger, index=True)
    manager_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    type_id: Mapped[int] = mapped_column(Integer, default=0)
    priority: Mapped[int] = mapped_column(Integer, default=1)
    surveyor_goals: Mapped[int] = mapped_column(Integer, default=0)
    surveyor_comp_goals: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    history: Mapped[list["AssignmentWeek"]] = relationship(
        back_populates="assignment", cascade="all, delete-orphan", order_by="AssignmentWeek.week_date", lazy="selectin")


class AssignmentWeek(Base):
    """Assignment history: a surveyor's goals for one week (weekDate is the week's Monday)."""

    __tablename__ = "assignment_weeks"
    __table_args__ = (UniqueConstraint("assignment_id", "week_date", name="uq_assignment_week"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    assignment_id: Mapped[int] = mapped_column(ForeignKey("assignments.id", ondelete="CASCADE"), index=True)
    project_id: Mapped[int] = mapped_column(Integer, index=True)
    surveyor_id: Mapped[int] = mapped_column(BigInteger, index=True)
    week_date: Mapped[date] = mapped_column(Date)
    week_goals: Mapped[int] = mapped_column(Integer, default=0)
    week_comp_goals: Mapped[int] = mapped_column(Integer, default=0)
    assignment: Mapped[Assignment] = relationship(back_populates="history")


class Guideline(Base):
    """A project's guidelines PDF; the newest one is the current guidelines. The bytes live in the
    `GuidelineStore` (a folder under var/ in the embedded run, the `content` column in the topology)."""

    __tablename__ = "guidelines"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    project_id: Mapped[int] = mapped_column(ForeignKey("projects.id", ondelete="CASCADE"), index=True)
    file_name: Mapped[str] = mapped_column(String(200))
    size: Mapped[int] = mapped_column(Integer)
    uploaded_by: Mapped[int] = mapped_column(BigInteger)
    uploaded_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    content: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True, deferred=True)
    stored_name: Mapped[str | None] = mapped_column(String(80), nullable=True)


class GuidelineStatus(Base):
    """A surveyor's answer to a project's current guidelines: confirmed or remind."""

    __tablename__ = "guideline_statuses"
    __table_args__ = (UniqueConstraint("project_id", "surveyor_id", name="uq_guideline_status"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    project_id: Mapped[int] = mapped_column(ForeignKey("projects.id", ondelete="CASCADE"), index=True)
    surveyor_id: Mapped[int] = mapped_column(BigInteger)
    guideline_id: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(20))
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, onupdate=utcnow)


from projects.readmodel.views import (  # noqa: E402,F401  (registers the read-model tables on Base)
    CompletedCallView, EscalationView, ProjectFiguresView, RosterView, UserView,
)
