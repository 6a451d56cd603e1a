"""Every query of the call engine. The claim is one UPDATE ... WHERE id = (SELECT ... FOR UPDATE SKIP LOCKED
LIMIT 1) RETURNING on PostgreSQL; on SQLite the same statement runs inside BEGIN IMMEDIATE (SQLite has one
writer at a time, so nothing can slip between the pick and the update)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import (JSON, BigInteger, DateTime, Integer, SmallInteger, String, and_, bindparam, case, cast, delete,
                        func, insert, literal, literal_column, select, true, update)
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import ColumnElement

from calling.models import (AssignmentView, Call, CallStatus, GuidelineStatusView, IdempotencyKey, LanguageSamplingView, ProjectView,
                            ProjectGuidelineView, ProjectSamplingView, QuotaCellView, SamplingParameterView, UserView, Visit, VisitStatus)

QUOTA_COLUMNS = {0: Visit.provider_name, 1: Visit.site_name, 2: Visit.department_name}


def is_postgres(session: Session) -> bool:
    return session.get_bind().dialect.name == "postgresql"


def begin_write(session: Session) -> None:
    """SQLite: take the write lock before reading, so the claim cannot fail half-way with SQLITE_BUSY."""
    if is_postgres(session):
        return
    conn = session.connection()
    if not conn.connection.dbapi_connection.in_transaction:
        conn.exec_driver_sql("BEGIN IMMEDIATE")


# what a claim needs to know ------------------------------------------------------------------------------


def get_sampling(session: Session, project_id: int) -> ProjectSamplingView | None:
    return session.get(ProjectSamplingView, project_id)


@dataclass(frozen=True)
class ClaimContext:
    project_found: bool
    is_locked: bool
    is_deleted: bool
    max_calls: int | None
    look_back_days: int | None
    assignment_id: int | None
    surveyor_goals: int | None
    surveyor_comp_goals: int | None
    user_found: bool
    user_active: bool
    lang_ids: list | None
    held_call_id: int | None
    quota_types: set[int]   # parameter types (Provider 0, Site 1, Department 2) with a cell that has a required count
    closed: dict[int, list[str]]  # cells whose required count is reached, per type: they give no more patients
    params: list[tuple]     # sampling parameters (id, typeId, priority), by priority
    languages: list[tuple]  # language sampling (languageId, mode, allowedSamples, completed)
    guideline_id: int | None      # the project's latest guideline
    guideline_status: str | None  # this surveyor's answer to it ("confirmed" / "remind")
    visit_info_fields: list | None = None  # the project's Additional Info selection (None: none saved)


def _claim_context_stmt():
    """Built once: the statement only takes bound parameters (cc_pid, cc_sid, cc_now), so neither the construct
    nor its cache key is rebuilt per request."""
    project_id, surveyor_id = bindparam("cc_pid", type_=BigInteger), bindparam("cc_sid", type_=BigInteger)
    now = bindparam("cc_now", type_=DateTime)
    a = (select(AssignmentView.id, AssignmentView.surveyor_goals, AssignmentView.surveyor_comp_goals)
         .where(AssignmentView.project_id == project_id, AssignmentView.surveyor_id == surveyor_id)
         .order_by(AssignmentView.id).limit(1).subquery())
    held = (select(Call.id).join(Visit, and_(Visit.id == Call.visit_id, Visit.lock_token == Call.lock_token))
            .where(Call.surveyor_id == surveyor_id, Call.status == CallStatus.OPEN, Call.project_id == project_id,
                   Visit.locked_until > now).order_by(Call.id.desc()).limit(1).scalar_subquery())
    qc = QuotaCellView
    with_required = (select(qc.type_id).where(qc.project_id == project_id, qc.required.is_not(None)).distinct()
                     .subquery())
    quota_types = select(func.aggregate_strings(cast(with_required.c.type_id, String), ",")).scalar_subquery()
    # reached cells as "<type>:<length>:<value>" run together: a value may hold any character, its length says
    # where it ends (character counts in both databases)
    closed = (select(func.aggregate_strings(cast(qc.type_id, String) + ":" + cast(func.length(qc.value), String) + ":"
                                            + qc.value, ""))
              .where(qc.project_id == project_id, qc.required.is_not(None), qc.completed >= qc.required)
              .scalar_subquery())
    sp, ls = SamplingParameterView, LanguageSamplingView

    def packed(*cols):  # one "a:b:c" string per row, comma separated (string_agg / group_concat)
        text_ = cast(cols[0], String)
        for col in cols[1:]:
            text_ = text_ + ":" + func.coalesce(cast(col, String), "")
        return func.aggregate_strings(text_, ",")

    params = select(packed(sp.id, sp.type_id, sp.priority)).where(sp.project_id == project_id).scalar_subquery()
    langs = (select(packed(ls.language_id, ls.mode, ls.allowed_samples, ls.completed))
             .where(ls.project_id == project_id).scalar_subquery())
    one = select(literal_column("1").label("one")).subquery()
    return (select(ProjectView.id, ProjectView.is_locked, ProjectView.is_deleted, ProjectSamplingView.max_calls,
                   ProjectSamplingView.look_back_days, a.c.id, a.c.surveyor_goals, a.c.surveyor_comp_goals,
                   UserView.id, UserView.is_active, UserView.is_deleted, UserView.lang_ids, held, quota_types, closed,
                   params, langs,
                   ProjectGuidelineView.guideline_id, GuidelineStatusView.status, ProjectView.visit_info_fields)
            .select_from(one)
            .join(ProjectView, ProjectView.id == project_id, isouter=True)
            .join(ProjectSamplingView, ProjectSamplingView.project_id == project_id, isouter=True)
            .join(a, true(), isouter=True)
            .join(UserView, UserView.id == surveyor_id, isouter=True)
            .join(ProjectGuidelineView, ProjectGuidelineView.project_id == project_id, isouter=True)
            .join(GuidelineStatusView, and_(GuidelineStatusView.guideline_id == ProjectGuidelineView.guideline_id,
                                        GuidelineStatusView.surveyor_id == surveyor_id), isouter=True))


_CLAIM_CONTEXT = _claim_context_stmt()


def claim_context(session: Session, project_id: int, surveyor_id: int, now: datetime) -> ClaimContext:
    """Everything a claim checks first, the quota figures included, in one round trip."""
    row = session.execute(_CLAIM_CONTEXT, {"cc_pid": project_id, "cc_sid": surveyor_id, "cc_now": now}).one()
    return ClaimContext(project_found=row[0] is not None, is_locked=bool(row[1]), is_deleted=bool(row[2]),
                        max_calls=row[3], look_back_days=row[4], assignment_id=row[5], surveyor_goals=row[6],
                        surveyor_comp_goals=row[7], user_found=row[8] is not None,
                        user_active=bool(row[9]) and not row[10], lang_ids=row[11], held_call_id=row[12],
                        quota_types={int(t) for t in row[13].split(",")} if row[13] else set(),
                        closed=_unpack_cells(row[14]),
                        params=sorted(_unpack(row[15]), key=lambda t: (t[2], t[0])), languages=_unpack(row[16]),
                        guideline_id=row[17], guideline_status=row[18], visit_info_fields=row[19])


def _unpack_cells(packed: str | None) -> dict[int, list[str]]:
    closed: dict[int, list[str]] = {}
    i = 0
    while packed and i < len(packed):
        t_end = packed.index(":", i)
        n_end = packed.index(":", t_end + 1)
        n = int(packed[t_end + 1:n_end])
        closed.setdefault(int(packed[i:t_end]), []).append(packed[n_end + 1:n_end + 1 + n])
        i = n_end + 1 + n
    return closed


def _unpack(packed: str | None) -> list[tuple]:
    return [tuple(int(x) if x != "" else None for x in item.split(":")) for item in packed.split(",")] if packed else []


def get_held(session: Session, call_id: int) -> tuple[Call, Visit]:
    call = session.get(Call, call_id)
    return call, session.get(Visit, call.visit_id)


# the claim -----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class ClaimFilter:
    project_id: int
    languages: list[int]
    max_calls: int
    now: datetime
    look_back_cutoff: datetime | None  # patients contacted after this are not called again
    quota_type: int | None             # claim through open quota cells of this parameter type (highest priority)
    callbacks_open_before: datetime | None = None  # a callback due before this is anyone's (else its scheduler's)
    closed: dict[int, list[str]] = field(default_factory=dict)  # reached cells of the other quota types


# The claim statements are built once per shape (dialect, look-back on/off, quota type, one cell or not, which
# types have reached cells) and take everything else as bound parameters; `_params` turns a ClaimFilter into them.
_P = {name: bindparam(f"c_{name}", type_=t) for name, t in (
    ("pid", BigInteger), ("max", Integer), ("now", DateTime), ("cutoff", DateTime), ("qt", SmallInteger),
    ("cell", String), ("sid", BigInteger), ("until", DateTime), ("tok", String), ("cbopen", DateTime))}
_LANGS = bindparam("c_langs", expanding=True, type_=Integer)
_CLOSED = {t: bindparam(f"c_closed{t}", expanding=True, type_=String) for t in QUOTA_COLUMNS}


def _params(f: ClaimFilter, **extra) -> dict:
    p = {"c_pid": f.project_id, "c_langs": list(f.languages), "c_max": f.max_calls, "c_now": f.now,
         "c_cutoff": f.look_back_cutoff, "c_qt": f.quota_type, "c_cbopen": f.callbacks_open_before or f.now}
    p.update({f"c_closed{t}": list(values) for t, values in f.closed.items() if values})
    p.update({f"c_{k}": v for k, v in extra.items()})
    return p


def _closed_types(f: ClaimFilter) -> tuple[int, ...]:
    return tuple(sorted(t for t, values in f.closed.items() if values))


def _not_closed(closed_types: tuple[int, ...], v=Visit) -> list:
    """A visit in a reached cell of any quota type gives no more patients."""
    conds = []
    for t in closed_types:
        col = getattr(v, QUOTA_COLUMNS[t].key)
        conds.append(col.is_(None) | col.not_in(_CLOSED[t]))
    return conds


def _callable(v=Visit) -> list:
    return [v.project_id == _P["pid"], v.status == VisitStatus.OPEN, v.language_id.in_(_LANGS),
            (v.locked_until.is_(None)) | (v.locked_until < _P["now"])]


def _eligible(look_back: bool, closed_types: tuple[int, ...] = (), v=Visit) -> list:
    conds = [*_callable(v), v.attempts < _P["max"], v.callback_at.is_(None), *_not_closed(closed_types, v)]
    if look_back:
        # a lock that expired without a result (the surveyor's screen or the service died) returns the patient
        # to the queue: the claim's own stamp of the clock does not keep them out for the look-back days
        conds.append(v.patient_last_called.is_(None) | (v.patient_last_called < _P["cutoff"])
                     | (v.lock_token.is_not(None) & (v.locked_until < _P["now"])))
    return conds


def _claim_order(pg: bool, v=Visit) -> list:
    # never called first, then the oldest call, then id; the expression matches ix_visits_claim
    if pg:
        return [func.coalesce(v.last_called, literal_column("'-infinity'::timestamp")), v.id]
    return [v.last_called, v.id]  # SQLite sorts NULL first


_OPEN_CELLS = (select(QuotaCellView.value.label("value"))
               .where(QuotaCellView.project_id == _P["pid"], QuotaCellView.type_id == _P["qt"],
                      QuotaCellView.required.is_(None) | (QuotaCellView.completed < QuotaCellView.required))
               .order_by(case((QuotaCellView.required.is_(None), 1), else_=0),
                         (QuotaCellView.completed * 1.0 / func.nullif(QuotaCellView.required, 0)), QuotaCellView.value))
"""Open quota cells, least filled first; cells without a quota come last."""


def _callback_pick(closed_types: tuple[int, ...]):
    """A due callback (result 6 whose time has come): the scheduling surveyor's own first; once it has been due
    for the grace period, anyone assigned may take it. Callbacks keep their appointment: look-back and the
    attempts limit do not hold them back; every other rule (status, languages, reached quota cells, locks) does."""
    v = Visit
    return (select(v.id).where(*_callable(), v.callback_at.is_not(None), v.callback_at <= _P["now"],
                               (v.callback_by == _P["sid"]) | (v.callback_at <= _P["cbopen"]),
                               *_not_closed(closed_types))
            .order_by(case((v.callback_by == _P["sid"], 0), else_=1), v.callback_at, v.id)
            .limit(1).with_for_update(skip_locked=True).scalar_subquery())


def _pg_pick(look_back: bool, closed_types: tuple[int, ...], *in_cell, cells=None) -> ColumnElement:
    """The first eligible visit in claim order (PostgreSQL), as a scalar sub-select.

    With the look-back on, in two scans that each stop early. A visit's `last_called` is never later than its
    patient's clock (`patient_last_called`: a claim stamps both, a release restores both), so past the cutoff in
    claim order only a stale hold (a lock that ran out without a result) can still be eligible. The first scan
    reads the claim index only up to the cutoff; the second looks at held visits alone (`ix_visits_held`). One
    scan over the whole order read every recently called visit of an exhausted cell or project on every claim:
    the claim grew slower the more patients had been called (calls 0 -> 8,000 of 100,000 visits: 55 -> 250
    buffers a claim)."""
    def first(*conds):
        return _first_in_claim_order(True, *conds, *in_cell, correlate=cells)

    conds = _eligible(look_back, closed_types)
    if not look_back:
        return first(*conds)
    last = _claim_order(True)[0]
    stale_hold = [*_eligible(False, closed_types), Visit.lock_token.is_not(None), Visit.locked_until < _P["now"],
                  last >= _P["cutoff"]]
    # COALESCE evaluates its sub-selects lazily: the held visits are looked at only when the first scan found none
    return func.coalesce(first(*conds, last < _P["cutoff"]), first(*stale_hold))


def _first_in_claim_order(pg: bool, *conds, correlate=None):
    """The first visit meeting conds in claim order, locked (skipping rows other claims hold), as a sub-select."""
    sel = select(Visit.id).where(*conds).order_by(*_claim_order(pg)).limit(1)
    return (sel if correlate is None else sel.correlate(correlate)).with_for_update(skip_locked=True).scalar_subquery()


def _pick(pg: bool, look_back: bool, quota_type: int | None, cell: bool, closed_types: tuple[int, ...]):
    if pg:
        if quota_type is None:
            return _pg_pick(look_back, closed_types)
        # Sorted open cells first, then LATERAL into the visits: the first open cell with a free patient wins
        # and only that one row is locked (a join + sort would lock one row per cell on every claim).
        cells = _OPEN_CELLS.subquery("cells")
        # (LIMIT keeps the planner from pulling the sub-select up, which evaluated the pick twice per cell: once in
        # the WHERE, once for the answer)
        inner = select(_pg_pick(look_back, closed_types, QUOTA_COLUMNS[quota_type] == cells.c.value, cells=cells)
                       .label("id")).limit(1).lateral("pick")
        return (select(inner.c.id).select_from(cells.join(inner, true())).where(inner.c.id.is_not(None)).limit(1)
                .scalar_subquery())
    # SQLite: one cell at a time (it has no LATERAL; claim_next walks the open cells)
    in_cell = [QUOTA_COLUMNS[quota_type] == _P["cell"]] if cell else []
    return _first_in_claim_order(pg, *_eligible(look_back, closed_types), *in_cell)


def open_cells(session: Session, f: ClaimFilter) -> list[str]:
    return list(session.scalars(_OPEN_CELLS, _params(f)))


_statements: dict[tuple, object] = {}


def _claimed_values(v) -> dict:
    now = _P["now"]
    return dict(locked_by=_P["sid"], locked_until=_P["until"], lock_token=_P["tok"], attempts=v.c.attempts + 1,
                last_called=now, patient_last_called=now, callback_at=None, callback_by=None)


def _claim_stmt(kind: str, look_back: bool, quota_type: int | None, cell: bool, closed_types: tuple[int, ...]):
    key = ("plain", kind, look_back, quota_type, cell, closed_types)
    stmt = _statements.get(key)
    if stmt is None:
        v = Visit.__table__
        pick = (_callback_pick(closed_types) if kind == "callback"
                else _pick(False, look_back, quota_type, cell, closed_types))
        stmt = _statements[key] = (update(v).where(v.c.id == pick).values(**_claimed_values(v)).returning(*v.c))
    return stmt


def _claim(session: Session, f: ClaimFilter, cell: str | None, surveyor_id: int, lock_until: datetime, token: str,
           kind: str = "new"):
    stmt = _claim_stmt(kind, f.look_back_cutoff is not None, f.quota_type, cell is not None, _closed_types(f))
    return session.execute(stmt, _params(f, cell=cell, sid=surveyor_id, until=lock_until, tok=token)).first()


def has_visits(session: Session, project_id: int) -> bool:
    """Whether any visit of the project has reached calling (asked only when a claim found none)."""
    return session.scalar(select(Visit.id).where(Visit.project_id == project_id).limit(1)) is not None


def claim_next(session: Session, f: ClaimFilter, *, surveyor_id: int, lock_until: datetime, token: str):
    """Atomically take the next eligible visit (a due callback before any new patient); returns the claimed
    visits row (new values) or None. On PostgreSQL it is one statement, bookkeeping included (`call_id` in the
    row): the patient's other visits share the look-back clock, a stale call on the visit is closed, and the
    call row is inserted."""
    if is_postgres(session):
        return _claim_pg(session, f, surveyor_id, lock_until, token)
    # SQLite (one writer at a time under begin_write): the same rules, step by step.
    row = _claim(session, f, None, surveyor_id, lock_until, token, kind="callback")
    if row is not None or f.quota_type is None:
        return row if row is not None else _claim(session, f, None, surveyor_id, lock_until, token)
    # SQLite has no LATERAL: walk the open cells in order.
    for cell in open_cells(session, f):
        row = _claim(session, f, cell, surveyor_id, lock_until, token)
        if row is not None:
            return row
    return None


def _claim_pg_stmt(look_back: bool, quota_type: int | None, closed_types: tuple[int, ...]):
    key = ("pg", look_back, quota_type, closed_types)
    stmt = _statements.get(key)
    if stmt is not None:
        return stmt
    v, c = Visit.__table__, Call.__table__
    now = _P["now"]
    # COALESCE evaluates its sub-selects lazily: the new-patient pick runs (and locks) only when no callback is due.
    pick = func.coalesce(_callback_pick(closed_types), _pick(True, look_back, quota_type, False, closed_types))
    claimed = (update(v).where(v.c.id == pick).values(**_claimed_values(v)).returning(*v.c).cte("claimed"))
    touched = (update(v).where(v.c.project_id == claimed.c.project_id, v.c.visitor_id == claimed.c.visitor_id,
                               v.c.id != claimed.c.id).values(patient_last_called=now)
               .returning(v.c.id).cte("touched"))
    expired = (update(c).where(c.c.visit_id == claimed.c.id, c.c.status == CallStatus.OPEN)
               .values(status=case((c.c.result.is_(None), CallStatus.EXPIRED), else_=CallStatus.PARTIAL), ended_at=now)
               .returning(c.c.id, c.c.surveyor_id, c.c.status).cte("expired"))
    # the calls it ended, for calling.call.expired: null on the common claim (no stale call on the visit)
    expired_calls = (select(func.json_agg(func.json_build_array(expired.c.id, expired.c.surveyor_id, expired.c.status),
                                          type_=JSON))
                     .scalar_subquery().label("expired_calls"))
    inserted = (insert(c).from_select(
        ["project_id", "visit_id", "surveyor_id", "lock_token", "status", "call_start"],
        select(claimed.c.project_id, claimed.c.id, _P["sid"], _P["tok"],
               literal(CallStatus.OPEN, String), now).select_from(claimed))
        .returning(c.c.id).cte("inserted"))
    stmt = _statements[key] = (select(claimed, inserted.c.id.label("call_id"), expired_calls)
                               .select_from(claimed.join(inserted, true())).add_cte(touched, expired))
    return stmt


def _claim_pg(session: Session, f: ClaimFilter, surveyor_id: int, lock_until: datetime, token: str):
    stmt = _claim_pg_stmt(f.look_back_cutoff is not None, f.quota_type, _closed_types(f))
    return session.execute(stmt, _params(f, sid=surveyor_id, until=lock_until, tok=token)).first()


def touch_patient(session: Session, project_id: int, visitor_id: str, visit_id: int, now: datetime) -> None:
    """The patient was just contacted: their other visits share the look-back clock."""
    session.execute(update(Visit).where(Visit.project_id == project_id, Visit.visitor_id == visitor_id,
                                        Visit.id != visit_id).values(patient_last_called=now)
                    .execution_options(synchronize_session=False))


def expire_stale_calls(session: Session, visit_id: int, now: datetime) -> list[tuple[int, int | None, str]]:
    """A call whose lock ran out and whose patient was taken again can no longer save a result. Returns the calls
    it ended: (id, surveyor, the status it ended with)."""
    # (one that saved an Agreed-to-Survey interim result ends partial, the attempt stands)
    return [tuple(r) for r in session.execute(
        update(Call).where(Call.visit_id == visit_id, Call.status == CallStatus.OPEN)
        .values(status=case((Call.result.is_(None), CallStatus.EXPIRED), else_=CallStatus.PARTIAL), ended_at=now)
        .returning(Call.id, Call.surveyor_id, Call.status)
        .execution_options(synchronize_session=False))]


def add_call(session: Session, call: Call) -> Call:
    session.add(call)
    session.flush()
    return call


# results and releases ------------------------------------------------------------------------------------

# The statements of a result or release are built once, their values bound per request: building them per
# request (and their cache keys) was a tenth of the request's CPU.
_CALL_FOR_UPDATE = (select(Call, Visit, ProjectSamplingView).outerjoin(Visit, Visit.id == Call.visit_id)
                    .outerjoin(ProjectSamplingView, ProjectSamplingView.project_id == Call.project_id)
                    .where(Call.id == bindparam("cu_id")).with_for_update(of=Call.__table__))


def get_call_for_update(session: Session, call_id: int) -> Call | None:
    """The call, locked (FOR UPDATE OF calls), with its visit and its project's sampling read in the same round
    trip: they are then in the session, so `get_visit` and `get_sampling` for them cost no query. Every change
    to a held visit's lock also changes its call (a claim closes the open call on the visit it takes), so the
    lock on the call orders them."""
    row = session.execute(_CALL_FOR_UPDATE, {"cu_id": call_id}).first()
    if row is None:
        return None
    # the identity map holds objects weakly: keep the visit and sampling referenced for the unit of work (the
    # request's session), or they are collected at once and read again
    session.info.setdefault("loaded_with_call", []).extend(o for o in row[1:] if o is not None)
    return row[0]


def get_visit(session: Session, visit_id: int) -> Visit | None:
    return session.get(Visit, visit_id)


def open_call_ids_of(session: Session, surveyor_id: int) -> list[int]:
    """The surveyor's calls still open (holding a patient): ix_calls_surveyor_status."""
    return list(session.scalars(select(Call.id).where(Call.surveyor_id == surveyor_id, Call.status == CallStatus.OPEN)))


def release_visit(session: Session, visit: Visit) -> None:
    visit.locked_by = None
    visit.locked_until = None
    visit.lock_token = None


def _set_patient_status(surveyed: bool):
    values = {"status": bindparam("ps_status"), **({"surveyed_on": bindparam("ps_on")} if surveyed else {})}
    return (update(Visit).where(Visit.project_id == bindparam("ps_pid"), Visit.visitor_id == bindparam("ps_vis"),
                                Visit.status.in_((VisitStatus.OPEN, VisitStatus.MAX_CALLS)))
            .values(**values).execution_options(synchronize_session="fetch"))


_SET_PATIENT_STATUS = {False: _set_patient_status(False), True: _set_patient_status(True)}


def set_patient_status(session: Session, project_id: int, visitor_id: str, status: int, now: datetime | None = None) -> None:
    """Do Not Call / surveyed apply to the patient: every visit of theirs in the project leaves the queue."""
    surveyed = status == VisitStatus.SURVEYED
    session.execute(_SET_PATIENT_STATUS[surveyed], {"ps_pid": project_id, "ps_vis": visitor_id, "ps_status": status,
                                                    **({"ps_on": now} if surveyed else {})})


def _at_least_0(expr):
    return case((expr < 0, 0), else_=expr)


_COUNT_CELL = (update(QuotaCellView).where(QuotaCellView.project_id == bindparam("cc_pid"),
                                          QuotaCellView.type_id == bindparam("cc_type"),
                                          QuotaCellView.value == bindparam("cc_value"))
               .values(completed=_at_least_0(QuotaCellView.completed + bindparam("cc_by")))
               .execution_options(synchronize_session=False))
_COUNT_LANGUAGE = (update(LanguageSamplingView).where(LanguageSamplingView.project_id == bindparam("cl_pid"),
                                                      LanguageSamplingView.language_id == bindparam("cl_lang"))
                   .values(completed=_at_least_0(LanguageSamplingView.completed + bindparam("cl_by")))
                   .execution_options(synchronize_session=False))


def count_completed(session: Session, project_id: int, visit: Visit, language_id: int, by: int = 1) -> None:
    """A completed survey counts in its visit's quota cells and its language; `by` -1 takes one back (Quality
    removed it: the sampling figures leave QA-removed surveys out)."""
    for type_id, col in QUOTA_COLUMNS.items():
        value = getattr(visit, col.key)
        if value:
            session.execute(_COUNT_CELL, {"cc_pid": project_id, "cc_type": type_id, "cc_value": value, "cc_by": by})
    session.execute(_COUNT_LANGUAGE, {"cl_pid": project_id, "cl_lang": language_id, "cl_by": by})


_LAST_CONTACTS = (select(func.max(case((Call.visit_id == bindparam("lc_vid"), Call.call_start))),
                         func.max(Call.call_start))
                  .join(Visit, Visit.id == Call.visit_id)
                  .where(Visit.project_id == bindparam("lc_pid"), Visit.visitor_id == bindparam("lc_vis"),
                         Call.id != bindparam("lc_call"), Call.status != CallStatus.RELEASED))


def last_contacts(session: Session, *, visit_id: int, project_id: int, visitor_id: str,
                  excluding_call: int) -> tuple[datetime | None, datetime | None]:
    """When the visit, and the patient (any of their visits in the project), were last really called, not
    counting released claims; one round trip."""
    visit_last, patient_last = session.execute(_LAST_CONTACTS, {"lc_vid": visit_id, "lc_pid": project_id,
                                                                "lc_vis": visitor_id, "lc_call": excluding_call}).one()
    return visit_last, patient_last


_RESTORE_PATIENT_CLOCK = (update(Visit).where(Visit.project_id == bindparam("rp_pid"),
                                              Visit.visitor_id == bindparam("rp_vis"),
                                              Visit.patient_last_called == bindparam("rp_at"))
                          .values(patient_last_called=bindparam("rp_prev"))
                          .execution_options(synchronize_session="fetch"))


def restore_patient_clock(session: Session, project_id: int, visitor_id: str, claimed_at: datetime,
                          previous: datetime | None) -> None:
    session.execute(_RESTORE_PATIENT_CLOCK, {"rp_pid": project_id, "rp_vis": visitor_id, "rp_at": claimed_at,
                                             "rp_prev": previous})


# Idempotency-Key ----------------------------------------------------------------------------------------

def get_idempotency_key(session: Session, key: str, user_id: int, route: str) -> IdempotencyKey | None:
    return session.get(IdempotencyKey, (key, user_id, route))


def add_idempotency_key(session: Session, *, key: str, user_id: int, route: str, body_hash: str, status_code: int,
                        response: dict, now: datetime, ttl) -> None:
    session.execute(delete(IdempotencyKey).where(IdempotencyKey.created_at < now - ttl))
    session.add(IdempotencyKey(key=key, user_id=user_id, route=route, body_hash=body_hash, status_code=status_code,
                               response=response, created_at=now))
