"""Call Quality's GROUP BY queries over the call facts (one row per surveyor)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import and_, case, func, select
from sqlalchemy.orm import Session

from reporting.call_stats.repository import Filters, conditions
from reporting.constants import AGREED, REFUSAL_RESULTS
from reporting.models import CallFact, EscalationView


@dataclass
class SurveyorSums:
    surveyor_id: int
    attempts: int = 0
    surveys: int = 0
    agreed_us: int = 0
    short_surveys: int = 0
    partials: int = 0
    refusals: int = 0
    qa_removals: int = 0
    escalations: int = 0


def _count(cond):
    return func.sum(case((cond, 1), else_=0))


def surveyor_sums(session: Session, f: Filters, short_us: int) -> dict[int, SurveyorSums]:
    """The figures of each surveyor with calls (a result saved) in the filters. A completed survey is short when
    it lasted less than `short_us` (a call without an end time has no length and is never short)."""
    c = CallFact
    complete = and_(c.result == AGREED, c.is_partial.is_(False))
    q = (select(c.surveyor_id, func.count(), _count(complete), func.sum(case((complete, c.duration_us), else_=0)),
                _count(and_(complete, c.duration_us > 0, c.duration_us < short_us)),
                _count(and_(c.result == AGREED, c.is_partial.is_(True))),
                _count(c.result.in_(REFUSAL_RESULTS)), _count(c.is_qa_removal.is_(True)))
         .where(c.result.is_not(None), c.surveyor_id.is_not(None), *conditions(f))
         .group_by(c.surveyor_id))
    out = {int(s): SurveyorSums(int(s), *(int(v or 0) for v in rest)) for s, *rest in session.execute(q)}
    esc = (select(c.surveyor_id, func.count()).select_from(EscalationView)
           .join(c, c.call_id == EscalationView.call_id)
           .where(c.result.is_not(None), c.surveyor_id.is_not(None), *conditions(f)).group_by(c.surveyor_id))
    for s, n in session.execute(esc):
        out.setdefault(int(s), SurveyorSums(int(s))).escalations = int(n)
    return out
