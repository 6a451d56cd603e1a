"""Call Quality: per surveyor, for a range of business days, the figures a quality reviewer looks at first.

Definitions (the call-stats ones where they overlap, see call_stats.figures):
- attempts: calls with a result saved; surveys: Agreed to Survey and not partial;
  completionRate = surveys / attempts; averageSurveyLength = the surveys' call time / surveys, in minutes.
- shortSurveys: surveys that lasted less than SHORT_SURVEY_MINUTES; shortSurveyShare = shortSurveys / surveys.
- partials: Agreed to Survey, partial; refusals: Respondent Refused and Do Not Call (AAPOR refusals).
- qaRemovals: calls Quality marked as removed; escalations: escalations raised on the calls.
QA-removed calls still count in attempts and surveys, as in Surveyor Call Stats.
Who sees whom is the call-stats scope (a surveyor themselves, a PM their projects, a CIMR Manager their CIMR
Surveyors, Operations, Quality and Admin everyone). Rows are one per surveyor with calls, sorted and paged here.
"""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy.orm import Session

from kit.auth import Principal
from kit.errors import BadRequest
from kit.paging import Page
from reporting.call_quality import repository as repo
from reporting.call_quality.repository import SurveyorSums
from reporting.call_quality.schemas import QualityQuery
from reporting.call_stats import repository as stats_repo
from reporting.call_stats import service as stats_service
from reporting.call_stats.figures import ZERO, q2
from reporting.constants import DAILY, SHORT_SURVEY_MINUTES
from reporting.readmodel import repository as rm

SHORT_US = SHORT_SURVEY_MINUTES * 60_000_000
ORDER_KEYS = ("surveyorName", "attempts", "surveys", "completionRate", "averageSurveyLength", "shortSurveys",
              "shortSurveyShare", "partials", "refusals", "qaRemovals", "escalations")


def _ratio(n: int, d: int) -> Decimal:
    return q2(Decimal(n) / Decimal(d)) if d else q2(ZERO)


def figures(s: SurveyorSums) -> dict:
    return {"attempts": s.attempts, "surveys": s.surveys, "completionRate": _ratio(s.surveys, s.attempts),
            "averageSurveyLength": q2(Decimal(s.agreed_us) / Decimal(60_000_000) / s.surveys) if s.surveys else q2(ZERO),
            "shortSurveys": s.short_surveys, "shortSurveyShare": _ratio(s.short_surveys, s.surveys),
            "partials": s.partials, "refusals": s.refusals, "qaRemovals": s.qa_removals, "escalations": s.escalations}


def _total(sums: list[SurveyorSums]) -> SurveyorSums:
    t = SurveyorSums(0)
    for s in sums:
        for k in ("attempts", "surveys", "agreed_us", "short_surveys", "partials", "refusals", "qa_removals",
                  "escalations"):
            setattr(t, k, getattr(t, k) + getattr(s, k))
    return t


def _sorted(rows: list[dict], page: Page) -> list[dict]:
    key = page.order_by or "surveyorName"
    if key not in ORDER_KEYS:
        raise BadRequest(f"orderBy: must be one of {', '.join(ORDER_KEYS)}")
    by_name = sorted(rows, key=lambda r: (r["surveyorName"].lower(), r["surveyorId"]))
    if key == "surveyorName":
        return list(reversed(by_name)) if page.descending else by_name
    return sorted(by_name, key=lambda r: r[key], reverse=page.descending)  # stable: ties stay by name


def call_quality(session: Session, principal: Principal, q: QualityQuery, page: Page) -> dict:
    w = stats_service.window(q, DAILY)
    if q.project_id is not None and rm.get_project(session, q.project_id) is None:
        raise stats_service.not_known(q.project_id)
    sums = repo.surveyor_sums(session, stats_service.scope(session, principal, q, w), SHORT_US)
    names = stats_repo.user_names(session, set(sums))
    rows = [{"surveyorId": sid, "surveyorName": names.get(sid) or f"Surveyor #{sid}", **figures(s)}
            for sid, s in sums.items()]
    rows = _sorted(rows, page)
    return {"rows": rows[page.skip:page.skip + page.limit], "count": len(rows),
            "totals": figures(_total(list(sums.values()))), "from": w.start, "to": w.end,
            "shortSurveyMinutes": SHORT_SURVEY_MINUTES}
