"""Surveyor earnings: project paymentRate × surveys, per project, summed per period (default Weekly), and the
pay stubs (invoices) of one period.

The rate is the project's current paymentRate from the projects events (no rate history is kept).
Who sees what is the call-stats scope; the CIMR roles have no earnings at all (refused at the route).
Invoice rules (spec §9): invoice date = the period's (week's) start + 1 day; invoice id = the surveyor's
contractor id (cid) followed by the invoice date as MMDDYYYY.
"""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy.orm import Session

from kit import periods
from kit.auth import Principal
from reporting.call_stats import figures as f
from reporting.call_stats import repository as repo
from reporting.call_stats import service as stats_service
from reporting.call_stats.schemas import StatsQuery
from reporting.constants import FREQUENCIES, WEEKLY
from reporting.earnings.schemas import PayStubQuery
from reporting.errors import Unprocessable
from reporting.readmodel import repository as rm


def surveyor_earnings(session: Session, principal: Principal, q: StatsQuery) -> dict:
    w, by_bucket = stats_service.tallies(session, principal, q, WEEKLY)
    rows, total = [], f.Tally()
    for b, t in by_bucket.items():
        rows.append({"weekOf": b, "surveys": t.surveys, "earnings": f.q2(t.earnings)})
        total.merge(t)
    earnings = [r["earnings"] for r in rows]
    chart = {
        "categories": [r["weekOf"] for r in rows],
        "series": [{"name": "Earnings", "type": "bar", "data": earnings},
                   {"name": "Surveys", "type": "line", "data": [r["surveys"] for r in rows]}],
        "max": f.chart_max(earnings),
    }
    return {"frequency": w.frequency, "earningAndCallData": rows,
            "totals": {"surveys": total.surveys, "earnings": f.q2(total.earnings)}, "chartData": chart}


def pay_stubs(session: Session, principal: Principal, q: PayStubQuery) -> list[dict]:
    if q.frequency not in FREQUENCIES:
        raise Unprocessable("frequency: must be 1 (Daily), 7 (Weekly) or 30 (Monthly)")
    try:
        tz = ZoneInfo(q.tz)
    except (ZoneInfoNotFoundError, ValueError):
        raise Unprocessable("tz: not a known time zone (e.g. America/Chicago)") from None
    if problem := periods.off_calendar("date", q.date):  # its period and invoice date stay on the calendar
        raise Unprocessable(problem)
    start = f.bucket_start(q.date, q.frequency)
    end = f.period_end(start, q.frequency)
    w = stats_service.Window(start, end, q.frequency)
    filters = stats_service.scope(session, principal, q, w)
    filters.utc_bounds = f.utc_range(start, end, tz)
    lines = repo.pay_stub_lines(session, filters)
    rates = repo.payment_rates(session, {p for _, p, _, _ in lines if p is not None})
    names = repo.project_names(session, set(rates))
    people = repo.users(session, {s for s, _, _, _ in lines})
    languages = rm.language_names(session)  # those an admin added (Hmong) by name too
    invoice_date = start + timedelta(days=1)
    stubs: dict[int, dict] = {}
    for surveyor_id, project_id, language_id, qty in lines:
        u = people.get(surveyor_id)
        cid = (u.cid if u and u.cid else str(surveyor_id))
        stub = stubs.setdefault(surveyor_id, {
            "surveyorId": surveyor_id,
            "surveyorName": f"{u.first_name} {u.last_name}".strip() if u else f"Surveyor {surveyor_id}",
            "surveyorCid": cid, "invoiceId": f"{cid}{invoice_date:%m%d%Y}", "invoiceDate": invoice_date,
            "periodStart": start, "periodEnd": end, "frequency": q.frequency, "projects": [],
            "totalQty": 0, "totalEarnings": Decimal(0)})
        rate = rates.get(project_id or 0, Decimal(0))
        amount = f.q2(rate * qty)
        stub["projects"].append({"projectId": project_id, "languageId": language_id,
                                 "language": languages.get(language_id or 0, ""),
                                 "projectAcronym": names.get(project_id or 0, f"Project {project_id}"),
                                 "QTY": qty, "unitPrice": f.q2(rate), "totalEarnings": amount})
        stub["totalQty"] += qty
        stub["totalEarnings"] += amount
    return list(stubs.values())
