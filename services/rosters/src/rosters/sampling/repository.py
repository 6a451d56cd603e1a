"""Sampling settings, parameters, language sampling, cell quotas, and the figures computed from the roster
(visits of Ready rosters) and the calls read model."""

from datetime import datetime

from sqlalchemy import and_, case, delete, false, func, or_, select
from sqlalchemy.orm import Session

from rosters.constants import AGREED_TO_SURVEY, DEPARTMENT, DO_NOT_CALL, PROVIDER, READY, SITE
from rosters.models import CallView, Roster, SamplingLanguage, SamplingParameter, SamplingQuota, SamplingSetting, Visit

CELL_COLUMN = {PROVIDER: Visit.provider_name, SITE: Visit.site_name, DEPARTMENT: Visit.department_name}


def get_settings(s: Session, project_id: int) -> SamplingSetting | None:
    return s.get(SamplingSetting, project_id)


def add_settings(s: Session, project_id: int, look_back_days: int, max_calls: int) -> SamplingSetting:
    row = SamplingSetting(project_id=project_id, look_back_days=look_back_days, max_calls=max_calls)
    s.add(row)
    s.flush()
    return row


def parameters(s: Session, project_id: int) -> list[SamplingParameter]:
    return list(s.scalars(select(SamplingParameter).where(SamplingParameter.project_id == project_id)
                          .order_by(SamplingParameter.priority, SamplingParameter.id)))


def get_parameter(s: Session, parameter_id: int) -> SamplingParameter | None:
    return s.get(SamplingParameter, parameter_id)


def replace_parameters(s: Session, project_id: int, items: list[tuple[int | None, int, int]]) -> None:
    """items: (id or None, typeId, priority). Existing ids are kept, others deleted, new ones added."""
    current = {p.id: p for p in parameters(s, project_id)}
    keep = set()
    for pid, type_id, priority in items:
        p = current.get(pid) if pid is not None else None
        if p is None:
            p = SamplingParameter(project_id=project_id)
            s.add(p)
        p.type_id, p.priority = type_id, priority
        if p.id is not None:
            keep.add(p.id)
    gone = [pid for pid in current if pid not in keep]
    if gone:
        s.execute(delete(SamplingParameter).where(SamplingParameter.id.in_(gone)))
    s.flush()


def add_parameter(s: Session, project_id: int, type_id: int, priority: int) -> SamplingParameter:
    p = SamplingParameter(project_id=project_id, type_id=type_id, priority=priority)
    s.add(p)
    s.flush()
    return p


def remove_parameter(s: Session, p: SamplingParameter) -> None:
    s.delete(p)
    s.flush()


# Language sampling ------------------------------------------------------------------------------------------

def languages(s: Session, project_id: int) -> list[SamplingLanguage]:
    return list(s.scalars(select(SamplingLanguage).where(SamplingLanguage.project_id == project_id)
                          .order_by(SamplingLanguage.language_id)))


def set_language(s: Session, project_id: int, language_id: int, mode: int, allowed_samples: int | None) -> None:
    row = s.get(SamplingLanguage, (project_id, language_id))
    if row is None:
        row = SamplingLanguage(project_id=project_id, language_id=language_id)
        s.add(row)
    row.mode, row.allowed_samples = mode, allowed_samples
    s.flush()


# Cell quotas ------------------------------------------------------------------------------------------------

def quotas(s: Session, project_id: int, type_id: int | None = None) -> list[SamplingQuota]:
    q = select(SamplingQuota).where(SamplingQuota.project_id == project_id)
    if type_id is not None:
        q = q.where(SamplingQuota.type_id == type_id)
    return list(s.scalars(q.order_by(SamplingQuota.type_id, SamplingQuota.value)))


def set_quota(s: Session, project_id: int, type_id: int, value: str, required: int | None) -> None:
    row = s.scalar(select(SamplingQuota).where(SamplingQuota.project_id == project_id, SamplingQuota.type_id == type_id,
                                               SamplingQuota.value == value))
    if row is None:
        row = SamplingQuota(project_id=project_id, type_id=type_id, value=value)
        s.add(row)
    row.required = required
    s.flush()


# Figures ----------------------------------------------------------------------------------------------------

def _completed(project_id: int):
    """Calls that count as a survey: Agreed to Survey, not partial, not removed by QA."""
    return and_(CallView.project_id == project_id, CallView.result == AGREED_TO_SURVEY,
                func.coalesce(CallView.is_partial, false()) == false(),
                func.coalesce(CallView.is_qa_removal, false()) == false())


def cell_figures(s: Session, project_id: int, column, *, contacted_since: datetime | None, max_calls: int) -> list[tuple]:
    """(value, encounters, lastEncounter, eligibleEnc, surveys) per distinct value of `column` (a Visit column).
    Encounters count visits of the project's Ready rosters; eligible ones are those calling's queue would still hand
    out: below max calls, their patient (`visitorId`) neither surveyed nor Do Not Call (both take every visit of the
    patient out; a partial survey leaves it in) nor given a result since `contacted_since` (the look-back days:
    a patient contacted in the last N days is not called again through any visit; None = no look-back); surveys
    count completed calls of any visit of that value."""
    per_visit = (select(CallView.visit_id.label("visit_id"), func.count().label("attempts"))
                 .where(CallView.project_id == project_id, CallView.result.is_not(None))
                 .group_by(CallView.visit_id).subquery())
    closed_patients = (select(Visit.visitor_id).select_from(CallView).join(Visit, Visit.id == CallView.visit_id)
                       .where(CallView.project_id == project_id,
                              or_(and_(CallView.result == AGREED_TO_SURVEY,
                                       func.coalesce(CallView.is_partial, false()) == false()),
                                  CallView.result == DO_NOT_CALL)))
    due = [Visit.visitor_id.not_in(closed_patients), func.coalesce(per_visit.c.attempts, 0) < max_calls]
    if contacted_since is not None:
        due.append(Visit.visitor_id.not_in(
            select(Visit.visitor_id).select_from(CallView).join(Visit, Visit.id == CallView.visit_id)
            .where(CallView.project_id == project_id, CallView.result.is_not(None),
                   CallView.surveyed_on >= contacted_since)))
    eligible = case((and_(*due), 1), else_=0)
    live = select(Roster.id).where(Roster.project_id == project_id, Roster.status == READY)
    roster_rows = s.execute(
        select(column, func.count(), func.max(Visit.dos), func.sum(eligible))
        .select_from(Visit).outerjoin(per_visit, per_visit.c.visit_id == Visit.id)
        .where(Visit.project_id == project_id, Visit.roster_id.in_(live), column.is_not(None))
        .group_by(column)).all()
    surveys = dict(s.execute(
        select(column, func.count(func.distinct(CallView.call_id)))
        .select_from(CallView).join(Visit, Visit.id == CallView.visit_id)
        .where(_completed(project_id), column.is_not(None)).group_by(column)).all())
    seen = {r[0] for r in roster_rows}
    out = [(v, int(n), last, int(elig or 0), int(surveys.get(v, 0))) for v, n, last, elig in roster_rows]
    out += [(v, 0, None, 0, int(n)) for v, n in surveys.items() if v not in seen]
    return out


def undefined_cells(s: Session, project_id: int, column, type_id: int) -> int:
    """Values in the project's Ready rosters with no required count set."""
    live = select(Roster.id).where(Roster.project_id == project_id, Roster.status == READY)
    defined = select(SamplingQuota.value).where(SamplingQuota.project_id == project_id, SamplingQuota.type_id == type_id,
                                                SamplingQuota.required.is_not(None))
    return int(s.scalar(select(func.count(func.distinct(column))).where(
        Visit.project_id == project_id, Visit.roster_id.in_(live), column.is_not(None),
        or_(column.not_in(defined)))) or 0)


def roster_languages(s: Session, project_id: int) -> set[int]:
    """The languages of the patients in the project's Ready rosters (a blank Language is stored as English)."""
    live = select(Roster.id).where(Roster.project_id == project_id, Roster.status == READY)
    return set(s.scalars(select(Visit.language_id).distinct().where(
        Visit.project_id == project_id, Visit.roster_id.in_(live), Visit.language_id.is_not(None))))


def language_surveys(s: Session, project_id: int) -> dict[int, int]:
    """Completed surveys per language they were taken in (the call's survey language, else the visit's), as calling
    counts a Set-mode language's completions."""
    language = func.coalesce(CallView.survey_language_id, Visit.language_id)
    return {lid: int(n) for lid, n in s.execute(
        select(language, func.count(func.distinct(CallView.call_id)))
        .select_from(CallView).join(Visit, Visit.id == CallView.visit_id)
        .where(_completed(project_id), language.is_not(None)).group_by(language))}
