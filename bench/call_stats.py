"""Call stats and earnings over a large call table: p95 of the service's figures against the plain aggregate SQL
in the same run, and the Python heap the service uses per request.

A fresh PostgreSQL database (dropped afterwards) gets N calls (default 1,000,000) over one year across 40
projects (5 managers) and 200 surveyors, loaded with COPY. Each case calls the reporting service layer as
Admin, a Project Manager and a Surveyor: call stats Daily / Weekly / Monthly and earnings Weekly, over a month
and over a year; the baseline is the bare `GROUP BY call_day` over the same rows. Memory: tracemalloc's peak
during one request (the rows are aggregated in the database, so it does not grow with the calls).

    .venv/bin/python bench/call_stats.py [--calls 1000000] [--runs 20] [--url postgresql+psycopg://...]

Goal (issue 13): p95 <= 100 ms for a year of weekly stats, at constant service memory.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import time
import tracemalloc
from datetime import date, datetime, timedelta

from sqlalchemy import create_engine, text

from kit.auth import Principal, Role
from kit.db import Database
from reporting.call_stats import service as stats
from reporting.call_stats.schemas import StatsQuery
from reporting.constants import business_day
from reporting.earnings import service as earnings
from reporting.models import Base

ADMIN_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
YEAR_START, YEAR_END = date(2025, 3, 1), date(2026, 2, 28)
GOAL_MS = 100


def q(**kw) -> StatsQuery:
    base = dict(from_=None, to=None, managerId=None, projectId=None, surveyorId=None, weekly=False, monthly=False,
                type=None)
    base.update(kw)
    return StatsQuery(**base)


def load(db: Database, n: int) -> None:
    rnd = random.Random(13)
    with db.session() as s:
        for pid in range(1, 41):
            s.execute(text("INSERT INTO rm_project (id, name, manager_id, payment_rate) VALUES (:i, :n, :m, :r)"),
                      {"i": pid, "n": f"Project {pid}", "m": 100 + pid % 5, "r": f"{5 + pid % 7}.25"})
    span = int((datetime.combine(YEAR_END, datetime.min.time()) - datetime.combine(YEAR_START, datetime.min.time()))
               .total_seconds())
    raw = db.engine.raw_connection()
    try:
        cur = raw.cursor()
        with cur.copy("COPY call_fact (call_id, project_id, visit_id, surveyor_id, result, is_partial, "
                      "is_agree_complete, released, call_start, call_day, ended_at, duration_us) FROM STDIN") as copy:
            buf = io.StringIO()
            for i in range(1, n + 1):
                start = datetime(2025, 3, 1, 6) + timedelta(seconds=rnd.randrange(span))
                secs = rnd.randrange(30, 1500)
                result = rnd.choice((1, 1, 1, 2, 3, 4, 4, 5, 6, 7))
                partial = "t" if result == 1 and rnd.random() < 0.1 else "f"
                buf.write(f"{i}\t{rnd.randrange(1, 41)}\t{i}\t{rnd.randrange(1, 201)}\t{result}\t{partial}\tf\tf\t"
                          f"{start.isoformat()}\t{business_day(start).isoformat()}\t"
                          f"{(start + timedelta(seconds=secs)).isoformat()}\t{secs * 1_000_000}\n")
                if i % 50_000 == 0:
                    copy.write(buf.getvalue())
                    buf = io.StringIO()
            copy.write(buf.getvalue())
        raw.commit()
        cur.execute("ANALYZE call_fact")
        raw.commit()
    finally:
        raw.close()


def p95(xs: list[float]) -> float:
    return statistics.quantiles(xs, n=20)[-1] if len(xs) >= 2 else xs[0]


def timed(fn, runs: int) -> tuple[float, float, int]:
    fn()  # warm
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    tracemalloc.start()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return p95(times), statistics.median(times), peak


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--calls", type=int, default=1_000_000)
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--url", default=None, help="an existing empty PostgreSQL database (default: a fresh one)")
    a = ap.parse_args()
    name = f"reporting_bench_{os.getpid()}"
    admin = create_engine(ADMIN_URL, isolation_level="AUTOCOMMIT")
    url = a.url
    if url is None:
        with admin.connect() as c:
            c.execute(text(f'CREATE DATABASE "{name}"'))
        url = ADMIN_URL.rsplit("/", 1)[0] + f"/{name}"
    db = Database(url, Base)
    try:
        Base.metadata.create_all(db.engine)
        t = time.perf_counter()
        load(db, a.calls)
        print(f"loaded {a.calls:,} calls in {time.perf_counter() - t:.1f} s")
        who = {"Admin": Principal(1, Role.ADMIN, "b"), "Manager": Principal(101, Role.PROJECT_MANAGER, "b"),
               "Surveyor": Principal(7, Role.SURVEYOR, "b")}
        month = dict(from_=date(2026, 1, 1), to=date(2026, 1, 31))
        year = dict(from_=YEAR_START, to=YEAR_END)

        def baseline(lo: date, hi: date):
            def run():
                with db.session() as s:
                    s.execute(text("SELECT call_day, count(*), sum(duration_us) FROM call_fact WHERE call_day "
                                   "BETWEEN :lo AND :hi AND result IS NOT NULL GROUP BY call_day"),
                              {"lo": lo, "hi": hi}).all()
            return run

        print(f"{'case':44} {'p95 ms':>8} {'median':>8} {'baseline p95':>13} {'ratio':>6} {'peak heap':>10}")
        for span_name, span in (("month", month), ("year", year)):
            base_p95, _, _ = timed(baseline(span["from_"], span["to"]), a.runs)
            for role, principal in who.items():
                cases = [("stats daily", lambda: stats.call_stats(s_, principal, q(**span))),
                         ("stats weekly", lambda: stats.call_stats(s_, principal, q(weekly=True, **span))),
                         ("stats monthly", lambda: stats.call_stats(s_, principal, q(monthly=True, **span)))]
                cases.append(("earnings weekly", lambda: earnings.surveyor_earnings(s_, principal, q(**span))))
                for label, fn in cases:
                    with db.session() as s_:
                        p, med, peak = timed(fn, a.runs)
                    flag = "  <- goal" if (span_name, label, role) == ("year", "stats weekly", "Admin") else ""
                    print(f"{span_name + ' ' + label + ' as ' + role:44} {p:8.1f} {med:8.1f} {base_p95:13.1f} "
                          f"{p / base_p95:6.2f} {peak / 1024:8.0f} kB{flag}")
        print(f"goal: a year of weekly stats as Admin p95 <= {GOAL_MS} ms")
    finally:
        db.engine.dispose()
        if a.url is None:
            with admin.connect() as c:
                c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


if __name__ == "__main__":
    main()
