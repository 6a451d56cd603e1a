"""Tables of the surveys context: banks, questionnaires, call answers, and the read models it keeps."""

from datetime import datetime

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint, false
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from kit.events import add_event_tables, utcnow
from kit.phi_audit import add_phi_audit_table


class Base(DeclarativeBase):
    pass


add_event_tables(Base.metadata)
add_phi_audit_table(Base.metadata)  # kit.phi_audit: every export of patients' answers


# --- question and answer banks -------------------------------------------------------------------------

class Question(Base):
    __tablename__ = "question"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    title: Mapped[str] = mapped_column(String(500), index=True)
    category: Mapped[str | None] = mapped_column(String(120))
    # Spec: isQuestion true means the question is deactivated.
    is_question: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, onupdate=utcnow)

    lang_questions: Mapped[list["LangQuestion"]] = relationship(
        back_populates="question", cascade="all, delete-orphan", order_by="LangQuestion.lang_id", lazy="selectin")


class LangQuestion(Base):
    __tablename__ = "lang_question"
    __table_args__ = (UniqueConstraint("question_id", "lang_id", name="uq_lang_question"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    question_id: Mapped[int] = mapped_column(ForeignKey("question.id", ondelete="CASCADE"), index=True)
    lang_id: Mapped[int] = mapped_column(Integer)
    ques_text: Mapped[str] = mapped_column(Text)

    question: Mapped[Question] = relationship(back_populates="lang_questions")


class Answer(Base):
    __tablename__ = "answer"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    title: Mapped[str] = mapped_column(String(500), index=True)
    # Spec: isAns true means the answer is deactivated.
    is_ans: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, onupdate=utcnow)

    lang_answers: Mapped[list["LangAnswer"]] = relationship(
        back_populates="answer", cascade="all, delete-orphan", order_by="LangAnswer.lang_id", lazy="selectin")


class LangAnswer(Base):
    __tablename__ = "lang_answer"
    __table_args__ = (UniqueConstraint("answer_id", "lang_id", name="uq_lang_answer"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    answer_id: Mapped[int] = mapped_column(ForeignKey("answer.id", ondelete="CASCADE"), index=True)
    lang_id: Mapped[int] = mapped_column(Integer)
    ans_text: Mapped[str] = mapped_column(Text)

    answer: Mapped[Answer] = relationship(back_populates="lang_answers")


# --- questionnaires ------------------------------------------------------------------------------------

class QuestionnaireItem(Base):
    """One question of a project's questionnaire, at a position (sequence), with an answer type."""

    __tablename__ = "questionnaire_item"
    __table_args__ = (UniqueConstraint("project_id", "question_id", name="uq_questionnaire_question"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    project_id: Mapped[int] = mapped_column(Integer, index=True)
    question_id: Mapped[int] = mapped_column(ForeignKey("question.id"), index=True)
    sequence: Mapped[int] = mapped_column(Integer)
    type: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)

    question: Mapped[Question] = relationship(lazy="selectin")
    answers: Mapped[list["QuestionnaireAnswer"]] = relationship(
        back_populates="item", cascade="all, delete-orphan", order_by="QuestionnaireAnswer.r_position",
        lazy="selectin")


class QuestionnaireAnswer(Base):
    __tablename__ = "questionnaire_answer"
    __table_args__ = (UniqueConstraint("item_id", "answer_id", name="uq_questionnaire_answer"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    item_id: Mapped[int] = mapped_column(ForeignKey("questionnaire_item.id", ondelete="CASCADE"), index=True)
    answer_id: Mapped[int] = mapped_column(ForeignKey("answer.id"))
    r_position: Mapped[int] = mapped_column(Integer)

    item: Mapped[QuestionnaireItem] = relationship(back_populates="answers")
    answer: Mapped[Answer] = relationship(lazy="selectin")


class LogicRule(Base):
    """Display logic: when the trigger (an answer to a question, or a roster field's value) matches, the
    affected questions are hidden (and so not required)."""

    __tablename__ = "logic_rule"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    project_id: Mapped[int] = mapped_column(Integer, index=True)
    via_roster: Mapped[bool] = mapped_column(Boolean, default=False)
    question_id: Mapped[int | None] = mapped_column(Integer)
    answer_id: Mapped[int | None] = mapped_column(Integer)
    roster_field: Mapped[str | None] = mapped_column(String(100))
    roster_value: Mapped[str | None] = mapped_column(String(300))
    affected_question_ids: Mapped[list] = mapped_column(JSON, default=list)
    is_deleted: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, onupdate=utcnow)


# --- comments ------------------------------------------------------------------------------------------

class Comment(Base):
    """One comment to clean: an open-ended answer (type OE 0) or a call's positive / negative text (type P 1).

    `nsm` is the cleaned text with named staff members, `cleaned` the cleaned text without them."""

    __tablename__ = "comment"
    __table_args__ = (UniqueConstraint("call_id", "kind", "ques_id", name="uq_comment_source"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    project_id: Mapped[int] = mapped_column(Integer, index=True)
    call_id: Mapped[int] = mapped_column(Integer, index=True)
    type: Mapped[int] = mapped_column(Integer)  # OE 0, P 1, N 2
    kind: Mapped[str] = mapped_column(String(10))  # "oe", "positive", "negative"
    ques_id: Mapped[int] = mapped_column(Integer, default=0)  # 0 for positive / negative
    normal: Mapped[str] = mapped_column(Text)
    cleaned: Mapped[str | None] = mapped_column(Text)
    nsm: Mapped[str | None] = mapped_column(Text)
    status: Mapped[int] = mapped_column(Integer, default=0)  # NotCleaned 0, Cleaned 1, Processing 2
    processing_by: Mapped[int | None] = mapped_column(Integer)
    processing_at: Mapped[datetime | None] = mapped_column(DateTime)
    cleaned_by: Mapped[int | None] = mapped_column(Integer)
    cleaned_at: Mapped[datetime | None] = mapped_column(DateTime)
    surveyed_on: Mapped[datetime | None] = mapped_column(DateTime)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


# --- answers recorded on a call ------------------------------------------------------------------------

class SurveyAnswer(Base):
    __tablename__ = "survey_answer"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    unique_id: Mapped[str] = mapped_column(String(50), unique=True)
    call_id: Mapped[int] = mapped_column(Integer, index=True)
    project_id: Mapped[int] = mapped_column(Integer, index=True)
    surveyor_id: Mapped[int] = mapped_column(Integer)
    ques_id: Mapped[int] = mapped_column(Integer)
    sequence: Mapped[int] = mapped_column(Integer)
    ans_id: Mapped[int | None] = mapped_column(Integer)
    open_ended: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


# --- read models (tolerant copies of other contexts' events) -------------------------------------------

class ProjectView(Base):
    __tablename__ = "rm_project"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    name: Mapped[str] = mapped_column(String(300), default="")
    manager_id: Mapped[int | None] = mapped_column(Integer, index=True)
    is_locked: Mapped[bool] = mapped_column(Boolean, default=False)
    lang_ids: Mapped[list | None] = mapped_column(JSON)
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime)  # deactivated, or deleted for good
    # Deleted for good (`projects.project.deleted`): unlike a deactivated project, not even Admin exports it.
    is_removed: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # occurredAt of the newest event applied, so an older event delivered late never wins.
    source_at: Mapped[str | None] = mapped_column(String(40))


class LanguageView(Base):
    """The languages an admin added after the twelve of kit.languages (projects.language.created / .deleted):
    bank texts and questionnaires may be in them too. A deleted one keeps its row (`deleted`): its texts stay
    readable, new texts in it are refused."""
    __tablename__ = "rm_language"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    name: Mapped[str] = mapped_column(String(80), default="")
    deleted: Mapped[bool] = mapped_column(Boolean, default=False)


class AssignmentView(Base):
    __tablename__ = "rm_assignment"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    project_id: Mapped[int | None] = mapped_column(Integer, index=True)
    surveyor_id: Mapped[int | None] = mapped_column(Integer, index=True)
    # Tombstone: a delete that arrives before its create must not be undone by the create.
    deleted: Mapped[bool] = mapped_column(Boolean, default=False)


class CallView(Base):
    __tablename__ = "rm_call"

    call_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    project_id: Mapped[int | None] = mapped_column(Integer, index=True)
    visit_id: Mapped[int | None] = mapped_column(Integer)
    surveyor_id: Mapped[int | None] = mapped_column(Integer)
    released: Mapped[bool] = mapped_column(Boolean, default=False)
    # calling.call.expired: the hold ran out and the patient went to another surveyor (no save any more)
    expired: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # From calling.call.completed (tolerant: any may be absent).
    result: Mapped[int | None] = mapped_column(Integer)
    language_id: Mapped[int | None] = mapped_column(Integer)  # the patient's roster language
    survey_language_id: Mapped[int | None] = mapped_column(Integer)  # the language the survey was taken in
    provider: Mapped[str | None] = mapped_column(String(300))
    site: Mapped[str | None] = mapped_column(String(300))
    department: Mapped[str | None] = mapped_column(String(300))
    patient_full_name: Mapped[str | None] = mapped_column(String(300))
    dos: Mapped[str | None] = mapped_column(String(40))
    surveyed_on: Mapped[datetime | None] = mapped_column(DateTime, index=True)
    source_at: Mapped[str | None] = mapped_column(String(40))


class UserView(Base):
    """Surveyor names and emails for the survey export's surveyor select (from identity.user.*)."""

    __tablename__ = "rm_user"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    first_name: Mapped[str] = mapped_column(String(120), default="")
    last_name: Mapped[str] = mapped_column(String(120), default="")
    email: Mapped[str | None] = mapped_column(String(320))
    role: Mapped[int | None] = mapped_column(Integer)
