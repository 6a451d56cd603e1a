"""Calling's own tables: read models fed by events (users, projects, assignments, sampling, visits),
and what calling owns (calls, idempotency keys, quota counters)."""

from datetime import date, datetime

from sqlalchemy import JSON, BigInteger, Boolean, Date, DateTime, Index, Integer, SmallInteger, String, Text, text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from kit.events import add_event_tables
from kit.phi_audit import add_phi_audit_table


class Base(DeclarativeBase):
    pass


add_event_tables(Base.metadata)
add_phi_audit_table(Base.metadata)  # kit.phi_audit: every read of a patient's record
# Indexes of `visits` the migrations write in each database's own SQL, which this metadata cannot say once for both:
# the claim indexes in claim order (PostgreSQL: coalesce(last_called, '-infinity'), SQLite: last_called, which
# sorts NULL first anyway), the held-visits one and the phone trigram ones (PostgreSQL only). Autogenerate
# (kit.migrations) leaves them alone instead of writing their drop into the next revision.
Base.metadata.info["sql_indexes"] = frozenset({
    "ix_visits_claim", "ix_visits_claim_provider", "ix_visits_claim_site", "ix_visits_claim_department",
    "ix_visits_held", "ix_visits_phone_cell_trgm", "ix_visits_phone_home_trgm",
})


class VisitStatus:
    """Why a visit is (not) in the queue. Only OPEN rows are in the claim indexes."""

    OPEN = 0
    SURVEYED = 1        # a completed survey for this patient in the project
    DO_NOT_CALL = 2     # the patient asked not to be called (any visit of the patient)
    MAX_CALLS = 3       # attempts reached the project's maxCalls
    REMOVED = 4         # its roster was removed after it had been called


class CallStatus:
    OPEN = "open"            # claimed, no final result yet (an interim Agreed-to-Survey save keeps it open)
    COMPLETED = "completed"  # Agreed to Survey, not partial: survey completed
    PARTIAL = "partial"      # any other final result, or a partial survey
    RELEASED = "released"    # given back without a result: not an attempt
    EXPIRED = "expired"      # lock ran out and someone else took the patient


class UserView(Base):
    """identity's users (all roles, for names); surveyors carry languages and the active flag."""

    __tablename__ = "users"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    first_name: Mapped[str] = mapped_column(String(100), default="")
    last_name: Mapped[str] = mapped_column(String(100), default="")
    role: Mapped[int | None] = mapped_column(SmallInteger)
    lang_ids: Mapped[list] = mapped_column(JSON, default=list)
    is_active: Mapped[bool] = mapped_column(Boolean, default=True)
    is_deleted: Mapped[bool] = mapped_column(Boolean, default=False)


class LanguageView(Base):
    """The languages an admin added after the twelve of kit.languages (projects.language.created / .deleted), so
    that the call log, its export and details name a call in Hmong (13) by its name. A deleted one keeps its row
    and name: calls already taken in it are still named."""

    __tablename__ = "languages"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    name: Mapped[str] = mapped_column(String(80), default="")
    deleted: Mapped[bool] = mapped_column(Boolean, default=False)


class UserCimrManagerView(Base):
    """CIMR Surveyor -> the CIMR Managers linked to them (call-log access)."""

    __tablename__ = "user_cimr_managers"
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    manager_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False, index=True)


class ProjectView(Base):
    __tablename__ = "projects"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    name: Mapped[str] = mapped_column(String(200), default="")
    client_id: Mapped[int | None] = mapped_column(BigInteger)
    manager_id: Mapped[int | None] = mapped_column(BigInteger, index=True)
    type_id: Mapped[int | None] = mapped_column(SmallInteger)
    status_id: Mapped[int | None] = mapped_column(SmallInteger)
    timezone: Mapped[str | None] = mapped_column(String(64))
    # the progress chart's reporting period (kit.periods): start + k x frequency months
    report_freq_id: Mapped[int | None] = mapped_column(SmallInteger)
    start_date: Mapped[date | None] = mapped_column(Date)
    is_locked: Mapped[bool] = mapped_column(Boolean, default=False)
    is_deleted: Mapped[bool] = mapped_column(Boolean, default=False)
    known: Mapped[bool] = mapped_column(Boolean, default=False)  # a projects.project.* event was seen
    # projects.visit_info.updated: the Additional Info fields the call screen shows, in the checklist's order;
    # None until the project saves a selection (then the roster's own call details decide)
    visit_info_fields: Mapped[list | None] = mapped_column(JSON)
    visit_info_source_at: Mapped[str | None] = mapped_column(String(40))  # kit.eventdata.stamp of that event


class ProjectSamplingView(Base):
    """rosters.sampling.updated: the project's look-back days and max calls."""

    __tablename__ = "project_sampling"
    project_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    look_back_days: Mapped[int] = mapped_column(Integer, default=0)
    max_calls: Mapped[int] = mapped_column(Integer, default=3)


class SamplingParameterView(Base):
    __tablename__ = "sampling_parameters"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    project_id: Mapped[int] = mapped_column(BigInteger, index=True)
    type_id: Mapped[int] = mapped_column(SmallInteger)   # Provider 0, Site 1, Department 2, Language 999
    priority: Mapped[int] = mapped_column(Integer, default=0)


class LanguageSamplingView(Base):
    """Language sampling per project: mode Open 1, Don't 2, Set 3 (allowed_samples completed surveys)."""

    __tablename__ = "language_sampling"
    project_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    language_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    mode: Mapped[int] = mapped_column(SmallInteger, default=1)
    allowed_samples: Mapped[int | None] = mapped_column(Integer)
    completed: Mapped[int] = mapped_column(Integer, default=0)  # completed surveys in this language (ours)


class QuotaCellView(Base):
    """One value of a sampling parameter (e.g. one provider) with its quota. required NULL = no quota.
    Cells are created from the imported visits; completed counts our completed surveys."""

    __tablename__ = "quota_cells"
    project_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    type_id: Mapped[int] = mapped_column(SmallInteger, primary_key=True, autoincrement=False)
    value: Mapped[str] = mapped_column(String(200), primary_key=True)
    required: Mapped[int | None] = mapped_column(Integer)
    completed: Mapped[int] = mapped_column(Integer, default=0)


class AssignmentView(Base):
    __tablename__ = "assignments"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    project_id: Mapped[int] = mapped_column(BigInteger)
    surveyor_id: Mapped[int] = mapped_column(BigInteger)
    manager_id: Mapped[int | None] = mapped_column(BigInteger)
    type_id: Mapped[int | None] = mapped_column(SmallInteger)
    priority: Mapped[int | None] = mapped_column(Integer)
    surveyor_goals: Mapped[int | None] = mapped_column(Integer)
    surveyor_comp_goals: Mapped[int | None] = mapped_column(Integer)

    __table_args__ = (Index("ix_assignments_project_surveyor", "project_id", "surveyor_id"),)


class Visit(Base):
    """A dialable visit from a roster (rosters.visits.imported) plus the queue state calling keeps.
    The claim indexes (expression + partial, per dialect) are created by the migration."""

    __tablename__ = "visits"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)  # rosters' visitId
    project_id: Mapped[int] = mapped_column(BigInteger)
    roster_id: Mapped[int | None] = mapped_column(BigInteger)
    visitor_id: Mapped[str] = mapped_column(String(64))   # the patient
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
    language_id: Mapped[int] = mapped_column(Integer, default=1)
    chpw: Mapped[str | None] = mapped_column(String(64))
    type_id: Mapped[int | None] = mapped_column(Integer)
    payer_type: Mapped[str | None] = mapped_column(String(100))
    ethnicity: Mapped[str | None] = mapped_column(String(100))
    race: Mapped[str | None] = mapped_column(String(100))
    mrn: Mapped[str | None] = mapped_column(String(64))
    # queue state
    status: Mapped[int] = mapped_column(SmallInteger, default=VisitStatus.OPEN)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    last_called: Mapped[datetime | None] = mapped_column(DateTime)          # this visit
    patient_last_called: Mapped[datetime | None] = mapped_column(DateTime)  # any visit of this patient (look-back)
    locked_by: Mapped[int | None] = mapped_column(BigInteger)
    locked_until: Mapped[datetime | None] = mapped_column(DateTime)
    lock_token: Mapped[str | None] = mapped_column(String(32))
    surveyed_on: Mapped[datetime | None] = mapped_column(DateTime)
    # a scheduled callback (result 6): handed out again once due, to the same surveyor first
    callback_at: Mapped[datetime | None] = mapped_column(DateTime)
    callback_by: Mapped[int | None] = mapped_column(BigInteger)
    # call-detail fields from the roster import [{field, value, show}] (None: derived from the columns above)
    visit_infos: Mapped[list | None] = mapped_column(JSON)

    __table_args__ = (
        Index("ix_visits_patient", "project_id", "visitor_id"),
        Index("ix_visits_roster", "roster_id"),
        # the call log sorted by patient name, case-insensitively ("de la Cruz" among the Ds): its ORDER BY is
        # lower(last_name), id, and so is this index
        Index("ix_visits_last_name_ci", text("lower(last_name)"), "id"),
        # due callbacks of the queue (the claim's first look)
        Index("ix_visits_callback", "project_id", "callback_at", "id",
              postgresql_where=text("status = 0 AND callback_at IS NOT NULL"),
              sqlite_where=text("status = 0 AND callback_at IS NOT NULL")),
    )


class ProjectGuidelineView(Base):
    """projects.guideline.uploaded: the project's latest guideline (the gate asks about this one)."""

    __tablename__ = "project_guidelines"
    project_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    guideline_id: Mapped[int] = mapped_column(BigInteger)
    uploaded_at: Mapped[datetime | None] = mapped_column(DateTime)


class GuidelineStatusView(Base):
    """projects.guideline.status_changed: a surveyor's answer to one guideline ("confirmed" or "remind")."""

    __tablename__ = "guideline_statuses"
    guideline_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    surveyor_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    project_id: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16))


class Call(Base):
    __tablename__ = "calls"
    # the callId (SQLite only auto-increments INTEGER PRIMARY KEY)
    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True)
    project_id: Mapped[int] = mapped_column(BigInteger)
    visit_id: Mapped[int] = mapped_column(BigInteger, index=True)
    surveyor_id: Mapped[int] = mapped_column(BigInteger)
    lock_token: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(16), default=CallStatus.OPEN)
    call_start: Mapped[datetime] = mapped_column(DateTime)
    ended_at: Mapped[datetime | None] = mapped_column(DateTime)
    # the result (PUT /api/calls)
    result: Mapped[int | None] = mapped_column(SmallInteger)
    is_partial: Mapped[bool | None] = mapped_column(Boolean)
    is_agree_complete: Mapped[bool | None] = mapped_column(Boolean)
    is_qa_removal: Mapped[bool | None] = mapped_column(Boolean)
    survey_language_id: Mapped[int | None] = mapped_column(Integer)
    positive: Mapped[str | None] = mapped_column(Text)
    negative: Mapped[str | None] = mapped_column(Text)
    escalation: Mapped[dict | list | str | bool | None] = mapped_column(JSON)
    surveyed_on: Mapped[datetime | None] = mapped_column(DateTime)          # when the result was recorded
    survey_completed_on: Mapped[datetime | None] = mapped_column(DateTime)  # completed surveys only
    result_fingerprint: Mapped[str | None] = mapped_column(String(64))     # identical resends store nothing
    callback_at: Mapped[datetime | None] = mapped_column(DateTime)         # result 6: when to call back

    __table_args__ = (
        Index("ix_calls_surveyor_status", "surveyor_id", "status"),
        Index("ix_calls_project_start", "project_id", "call_start"),
        Index("ix_calls_start", "call_start"),
        # the call log: newest first, per project and per surveyor over a date range
        Index("ix_calls_surveyed_on", "surveyed_on", "id"),
        # the call log's newest-first pages and capped counts: calls with a result only, an index-only walk
        # (walked backwards for newest first)
        Index("ix_calls_logged", "surveyed_on", "id", postgresql_where=text("result IS NOT NULL"),
              sqlite_where=text("result IS NOT NULL")),
        # ... and per project (a project, a manager's projects): the count is an index-only walk of those projects
        Index("ix_calls_logged_project", "project_id", "surveyed_on", "id", postgresql_where=text("result IS NOT NULL"),
              sqlite_where=text("result IS NOT NULL")),
        Index("ix_calls_project_surveyed_on", "project_id", "surveyed_on"),
        Index("ix_calls_surveyor_surveyed_on", "surveyor_id", "surveyed_on"),
    )


class SurveyAnswerView(Base):
    """surveys.survey.saved: the survey answers of a call (the whole set replaced per save), with the bank titles
    as they stood then. Shown in the Call Log Details and the escalation detail (spec: the call log's call.survey)."""

    __tablename__ = "survey_answer_views"
    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True)
    call_id: Mapped[int] = mapped_column(BigInteger, index=True)
    ques_id: Mapped[int] = mapped_column(BigInteger)
    sequence: Mapped[int | None] = mapped_column(Integer)
    question: Mapped[str | None] = mapped_column(String(500))
    ans_id: Mapped[int | None] = mapped_column(BigInteger)
    answer: Mapped[str | None] = mapped_column(String(500))
    open_ended: Mapped[str | None] = mapped_column(Text)
    source_at: Mapped[str | None] = mapped_column(String(40))


class CleanedCommentView(Base):
    """surveys.comment.cleaned: the cleaned texts of a call's positive and negative comments (spec: call log
    (full) positiveWNSM / positiveWoNSM / negativeWNSM / negativeWoNSM). `nsm` keeps the named staff members,
    `cleaned` leaves them out; both null while the comment is not cleaned (the row stays for its `source_at`)."""

    __tablename__ = "cleaned_comment_views"
    call_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    kind: Mapped[str] = mapped_column(String(16), primary_key=True)  # positive | negative
    nsm: Mapped[str | None] = mapped_column(Text)
    cleaned: Mapped[str | None] = mapped_column(Text)
    source_at: Mapped[str | None] = mapped_column(String(40))


class Escalation(Base):
    """An escalation raised with a call result (one per call); resolved by a manager with notes."""

    __tablename__ = "escalations"
    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True)
    call_id: Mapped[int] = mapped_column(BigInteger, unique=True)
    project_id: Mapped[int] = mapped_column(BigInteger)
    surveyor_id: Mapped[int] = mapped_column(BigInteger)
    surveyed_on: Mapped[datetime] = mapped_column(DateTime)
    status: Mapped[bool] = mapped_column(Boolean, default=False)  # resolved
    notes: Mapped[str | None] = mapped_column(Text)
    resolved_at: Mapped[datetime | None] = mapped_column(DateTime)
    resolved_by: Mapped[int | None] = mapped_column(BigInteger)

    __table_args__ = (
        Index("ix_escalations_surveyed_on", "surveyed_on"),
        Index("ix_escalations_project_surveyed_on", "project_id", "surveyed_on"),
        Index("ix_escalations_surveyor", "surveyor_id"),
    )


class IdempotencyKey(Base):
    __tablename__ = "idempotency_keys"
    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    route: Mapped[str] = mapped_column(String(64), primary_key=True)
    body_hash: Mapped[str] = mapped_column(String(64))
    status_code: Mapped[int] = mapped_column(Integer)
    response: Mapped[dict] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime, index=True)
