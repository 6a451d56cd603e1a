"""Surveyor earnings: project paymentRate × surveys, per project, summed per period (default Weekly).

The rate is the project's current paymentRate from the projects events (no rate history is kept).
Who sees what is the call-stats scope; the CIMR roles have no earnings at all (refused at the route).
"""

from zoneinfo import ZoneInfo

from sqlalchemy.orm import Session

from kit.auth import Principal
from reporting.call_stats import figures as f
from reporting.call_stats import service as stats_service
from reporting.call_stats.schemas import StatsQuery


def surveyor_earnings(session: Session, principal: Principal, q: StatsQuery, tz: ZoneInfo) -> dict:
    w, by_bucket = stats_service.tallies(session, principal, q, tz, f.WEEKLY)
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
