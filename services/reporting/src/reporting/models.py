"""The reporting store: read models kept from other contexts' events (a fact row per call, `*View` rows for
projects, users, assignments, survey answers, comment summaries and cleaned comments, the rosters' visits and
sampling quotas), the append-only event log they are rebuilt from, reporting's own service-recovery report
settings and the PHI access audit of the client report downloads."""

from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import JSON, BigInteger, Boolean, Date, DateTime, Index, Integer, Numeric, String, Text, false
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from kit.events import add_event_tables
from kit.phi_audit import add_phi_audit_table

# SQLite only auto-increments an INTEGER PRIMARY KEY; PostgreSQL gets a 64-bit key.
BigKey = BigInteger().with_variant(Integer(), "sqlite")


class Base(DeclarativeBase):
    pass


add_event_tables(Base.metadata)
add_phi_audit_table(Base.metadata)


class CallFact(Base):
    """Upserted by callId from calling.call.started/completed/released (completed carries the full state).
    `call_day` (the business-calendar day of its result, `surveyedOn`, else of its start) and `duration_us` are derived when the event is
    applied, so the figures are one GROUP BY in the database."""

    __tablename__ = "call_fact"
    # (surveyor, day) serves one surveyor over a long range (their year of stats, a pay stub); (day, ...) serves
    # everyone's figures over a few days
    __table_args__ = (Index("ix_call_fact_day_surveyor", "call_day", "surveyor_id"),
                      Index("ix_call_fact_day_project", "call_day", "project_id"),
                      Index("ix_call_fact_surveyor_day", "surveyor_id", "call_day"))

    call_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    project_id: Mapped[int | None] = mapped_column(Integer, index=True)
    visit_id: Mapped[int | None] = mapped_column(Integer)
    surveyor_id: Mapped[int | None] = mapped_column(Integer, index=True)
    result: Mapped[int | None] = mapped_column(Integer)
    is_partial: Mapped[bool] = mapped_column(Boolean, default=False)
    is_agree_complete: Mapped[bool] = mapped_column(Boolean, default=False)
    survey_language_id: Mapped[int | None] = mapped_column(Integer)
    language_id: Mapped[int | None] = mapped_column(Integer)
    provider: Mapped[str | None] = mapped_column(String(300))
    site: Mapped[str | None] = mapped_column(String(300))
    department: Mapped[str | None] = mapped_column(String(300))
    call_start: Mapped[datetime | None] = mapped_column(DateTime, index=True)  # naive UTC
    call_day: Mapped[date | None] = mapped_column(Date)
    ended_at: Mapped[datetime | None] = mapped_column(DateTime)
    duration_us: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")  # facts before it: 0
    surveyed_on: Mapped[datetime | None] = mapped_column(DateTime)
    positive: Mapped[str | None] = mapped_column(Text)  # comments: read only by roles that see survey answers
    negative: Mapped[str | None] = mapped_column(Text)
    survey_completed_on: Mapped[datetime | None] = mapped_column(DateTime)
    released: Mapped[bool] = mapped_column(Boolean, default=False)
    is_qa_removal: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())  # Quality removed it
    # surveys.survey.discarded: the call ended without a result, its answers are no survey (final: a later save of
    # the call is ignored)
    survey_discarded: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    source_at: Mapped[str | None] = mapped_column(String(40))


class CallDayProject(Base):
    """The call facts with a result summed per business day and project (project 0: a call without one), kept in
    step with `call_fact` by the call handlers (each change takes the row's old contribution out and puts the new
    one in). A year of stats for everyone or for a manager's projects reads a few thousand of these rows instead
    of every call (bench/call_stats.py; docs/decisions.md)."""

    __tablename__ = "call_day_project"

    call_day: Mapped[date] = mapped_column(Date, primary_key=True)
    project_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    attempts: Mapped[int] = mapped_column(BigInteger, default=0)
    surveys: Mapped[int] = mapped_column(BigInteger, default=0)  # agreed and not partial
    signed: Mapped[int] = mapped_column(BigInteger, default=0)  # agreed, partial or not
    duration_us: Mapped[int] = mapped_column(BigInteger, default=0)
    agreed_duration_us: Mapped[int] = mapped_column(BigInteger, default=0)


class ProjectView(Base):
    __tablename__ = "rm_project"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    name: Mapped[str] = mapped_column(String(300), default="")
    client_id: Mapped[int | None] = mapped_column(Integer)
    manager_id: Mapped[int | None] = mapped_column(Integer, index=True)
    payment_rate: Mapped[Decimal] = mapped_column(Numeric(12, 4), default=Decimal("0"))
    timezone: Mapped[str | None] = mapped_column(String(64))
    status_id: Mapped[int | None] = mapped_column(Integer)
    report_freq_id: Mapped[int | None] = mapped_column(Integer)
    start_date: Mapped[date | None] = mapped_column(Date)
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime)
    source_at: Mapped[str | None] = mapped_column(String(40))


class ClientView(Base):
    """projects.client.created/updated/deleted {id, name}: the Client column of the client report exports."""

    __tablename__ = "rm_client"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    name: Mapped[str] = mapped_column(String(300), default="")
    deleted: Mapped[bool] = mapped_column(Boolean, default=False)
    source_at: Mapped[str | None] = mapped_column(String(40))


class LanguageView(Base):
    """projects.language.created/.deleted {id, name}: the languages an admin added after the twelve of kit.languages,
    named in the client report's and the pay stub's language columns. A deleted one keeps its name: calls taken
    in it are still named."""

    __tablename__ = "rm_language"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    name: Mapped[str] = mapped_column(String(80), default="")
    deleted: Mapped[bool] = mapped_column(Boolean, default=False)


class UserView(Base):
    __tablename__ = "rm_user"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    first_name: Mapped[str] = mapped_column(String(120), default="")
    last_name: Mapped[str] = mapped_column(String(120), default="")
    email: Mapped[str | None] = mapped_column(String(320))
    phone_number: Mapped[str | None] = mapped_column(String(40))
    role: Mapped[int | None] = mapped_column(Integer)
    cid: Mapped[str | None] = mapped_column(String(60))
    cimr_manager_ids: Mapped[list | None] = mapped_column(JSON)
    is_deleted: Mapped[bool] = mapped_column(Boolean, default=False)
    source_at: Mapped[str | None] = mapped_column(String(40))


class AssignmentView(Base):
    """projects.assignment.created/updated/deleted: who is assigned to which project, with their goals and the
    weekly goal history (`weeks`: [{weekDate, weekGoals, weekCompGoals}] oldest first, from the updated events of a
    history change; None until one arrives)."""

    __tablename__ = "rm_assignment"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    project_id: Mapped[int] = mapped_column(Integer, index=True)
    surveyor_id: Mapped[int] = mapped_column(Integer, index=True)
    manager_id: Mapped[int | None] = mapped_column(Integer)
    type_id: Mapped[int | None] = mapped_column(Integer)
    surveyor_goals: Mapped[int | None] = mapped_column(Integer)
    surveyor_comp_goals: Mapped[int | None] = mapped_column(Integer)
    weeks: Mapped[list | None] = mapped_column(JSON)
    deleted: Mapped[bool] = mapped_column(Boolean, default=False)
    source_at: Mapped[str | None] = mapped_column(String(40))


class SurveyAnswerView(Base):
    """surveys.survey.saved: the answers of a call (the call's set is replaced on each save)."""

    __tablename__ = "rm_survey_answer"

    id: Mapped[int] = mapped_column(BigKey, primary_key=True, autoincrement=True)
    call_id: Mapped[int] = mapped_column(Integer, index=True)
    project_id: Mapped[int | None] = mapped_column(Integer, index=True)
    ques_id: Mapped[int] = mapped_column(Integer)
    sequence: Mapped[int | None] = mapped_column(Integer)
    ans_id: Mapped[int | None] = mapped_column(Integer)
    open_ended: Mapped[str | None] = mapped_column(Text)
    # the bank titles as the survey was saved (the client report shows the answer's title, not its id)
    question: Mapped[str | None] = mapped_column(Text)
    answer: Mapped[str | None] = mapped_column(Text)


class CommentSummaryView(Base):
    """surveys.comment_summary.updated: the Oldest Uncleaned column of the client report exports."""

    __tablename__ = "rm_comment_summary"

    project_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    cleaned: Mapped[int] = mapped_column(Integer, default=0)
    total: Mapped[int] = mapped_column(Integer, default=0)
    oldest_uncleaned: Mapped[datetime | None] = mapped_column(DateTime)
    source_at: Mapped[str | None] = mapped_column(String(40))


class CleanedCommentView(Base):
    """surveys.comment.cleaned: a comment's cleaned texts per (call, kind, question): kind positive / negative
    (ques_id 0) or oe (an open-ended answer, ques_id its question). `nsm` keeps the named staff members, `cleaned`
    leaves them out; both null while the comment is not cleaned (an unclean clears them, the row stays for its
    `source_at`). The client report shows them in place of the surveyor's raw text."""

    __tablename__ = "rm_cleaned_comment"

    call_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    ques_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    project_id: Mapped[int | None] = mapped_column(BigInteger)
    is_cleaned: Mapped[bool] = mapped_column(Boolean, default=False)
    nsm: Mapped[str | None] = mapped_column(Text)
    cleaned: Mapped[str | None] = mapped_column(Text)
    source_at: Mapped[str | None] = mapped_column(String(40))


class EscalationView(Base):
    """calling.escalation.created / .resolved: the escalations of a call (Call Quality counts them per surveyor
    through the call's fact row). Escalations raised before reporting subscribed are not known here."""

    __tablename__ = "rm_escalation"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    call_id: Mapped[int] = mapped_column(Integer, index=True)
    project_id: Mapped[int | None] = mapped_column(Integer)
    surveyor_id: Mapped[int | None] = mapped_column(Integer)
    surveyed_on: Mapped[datetime | None] = mapped_column(DateTime)
    resolved: Mapped[bool] = mapped_column(Boolean, default=False)


class VisitView(Base):
    """rosters.visits.imported (both payload versions): the project's visits with the patient fields as calling
    keeps them, for the client report's patient and encounter columns. PHI: read only by the report download,
    which is audited. `roster_removed`: the visit's roster was undone (rosters.roster.removed) or reset by the
    final count (rosters.roster.reset); its visits stay (the calls made to them keep their patient) but no longer
    count as encounters. `imported_at` (the import event's time) decides which visits a reset covers."""

    __tablename__ = "rm_visit"
    __table_args__ = (Index("ix_rm_visit_project_patient", "project_id", "visitor_id"),
                      Index("ix_rm_visit_roster", "roster_id"))

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)  # rosters' visitId
    project_id: Mapped[int] = mapped_column(BigInteger)
    roster_id: Mapped[int | None] = mapped_column(BigInteger)
    visitor_id: Mapped[str] = mapped_column(String(64))  # the patient (UniqueId)
    first_name: Mapped[str | None] = mapped_column(String(100))
    last_name: Mapped[str | None] = mapped_column(String(100))
    phone_cell: Mapped[str | None] = mapped_column(String(32))
    phone_home: Mapped[str | None] = mapped_column(String(32))
    dos: Mapped[date | None] = mapped_column(Date)
    dob: Mapped[date | None] = mapped_column(Date)
    age: Mapped[int | None] = mapped_column(Integer)
    gender: Mapped[str | None] = mapped_column(String(16))
    provider_name: Mapped[str | None] = mapped_column(String(200))
    provider_type: Mapped[str | None] = mapped_column(String(100))
    site_name: Mapped[str | None] = mapped_column(String(200))
    department_name: Mapped[str | None] = mapped_column(String(200))
    guarantor: Mapped[str | None] = mapped_column(String(200))
    language_id: Mapped[int | None] = mapped_column(Integer)
    chpw: Mapped[str | None] = mapped_column(String(64))
    type_id: Mapped[int | None] = mapped_column(Integer)
    payer_type: Mapped[str | None] = mapped_column(String(100))
    ethnicity: Mapped[str | None] = mapped_column(String(100))
    race: Mapped[str | None] = mapped_column(String(100))
    mrn: Mapped[str | None] = mapped_column(String(64))
    roster_removed: Mapped[bool] = mapped_column(Boolean, default=False)
    imported_at: Mapped[datetime | None] = mapped_column(DateTime)


class RosterView(Base):
    """The rosters reporting has heard of, and whether one was removed: a removal that arrives before its visits
    (a redelivery) still lands them removed."""

    __tablename__ = "rm_roster"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    project_id: Mapped[int | None] = mapped_column(BigInteger)
    removed: Mapped[bool] = mapped_column(Boolean, default=False)


class RosterResetView(Base):
    """rosters.roster.reset: the newest final count of a project; visits imported before it are removed."""

    __tablename__ = "rm_roster_reset"

    project_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    reset_at: Mapped[datetime | None] = mapped_column(DateTime)


class SamplingView(Base):
    """rosters.sampling.updated: the project's cell quotas (`quotas`: [{typeId, value, required}], typeId Provider
    0, Site 1, Department 2; a cell not listed, or required null, has no quota)."""

    __tablename__ = "rm_sampling"

    project_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    quotas: Mapped[list | None] = mapped_column(JSON)
    source_at: Mapped[str | None] = mapped_column(String(40))


class EventLog(Base):
    """Every envelope reporting applied, in order: the archive the read models are rebuilt from."""

    __tablename__ = "event_log"

    seq: Mapped[int] = mapped_column(BigKey, primary_key=True, autoincrement=True)
    event_id: Mapped[str] = mapped_column(String(64), unique=True)
    type: Mapped[str] = mapped_column(String(120))
    envelope: Mapped[dict] = mapped_column(JSON)


class ServiceRecovery(Base):
    """A client report (service recovery) export set up for a project: header keys, Only SR, file name; the last
    download's date and range."""

    __tablename__ = "service_recovery"

    id: Mapped[int] = mapped_column(BigKey, primary_key=True, autoincrement=True)
    project_id: Mapped[int] = mapped_column(Integer, index=True)
    name: Mapped[str] = mapped_column(String(200))
    sr_keys: Mapped[list] = mapped_column(JSON)
    only_sr: Mapped[bool] = mapped_column(Boolean, default=False)
    created_by: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime)
    downloaded_on: Mapped[datetime | None] = mapped_column(DateTime)
    from_date: Mapped[date | None] = mapped_column(Date)
    to_date: Mapped[date | None] = mapped_column(Date)


READ_MODELS = (CallFact, CallDayProject, ProjectView, ClientView, LanguageView, UserView, AssignmentView, SurveyAnswerView, CommentSummaryView,
               CleanedCommentView, EscalationView, VisitView, RosterView, RosterResetView, SamplingView)
