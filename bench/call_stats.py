"""Call stats and earnings over a large call table, through the service: p95 of `GET /api/call-stats` and
`GET /api/surveyor-earnings` (uvicorn, HTTP, a signed token per role) against the plain aggregate SQL of the same
case in the same run, and the service's resident memory before and after.

A fresh PostgreSQL database (dropped afterwards) is migrated by the service at start-up; then one
`INSERT ... SELECT generate_series` writes N call facts (default 1,000,000) over one year across 40 projects
(5 Project Managers) and 200 surveyors, as the calling events would have. Each case runs as Admin, a Project
Manager (8 of the 40 projects) and a Surveyor: call stats Daily / Weekly / Monthly and earnings Weekly, over a
month and over a year; the service's totals are first checked against the SQL's. The baseline is the bare `GROUP BY` bucket over the same rows with the same scope, sent
by psycopg without the service. Memory: the service process's VmRSS (it must not grow with the calls: the
figures are aggregated in the database).

    .venv/bin/python bench/call_stats.py [--calls 1000000] [--runs 20] [--sql-runs 10]

Goal (issue 13): p95 <= 100 ms for a year of weekly stats, at constant service memory.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

import httpx
import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import free_port, start_uvicorn, stop, wait_up  # noqa: E402

from kit.auth import Role, TokenSigner, generate_keypair  # noqa: E402
from kit.testing import AUDIENCE, ISSUER  # noqa: E402

ADMIN_DSN = "postgresql://postgres@127.0.0.1:5432/postgres"
YEAR_START, YEAR_END = date(2025, 3, 1), date(2026, 2, 28)
MONTH_START, MONTH_END = date(2026, 1, 1), date(2026, 1, 31)
GOAL_MS = 100
PROJECTS, MANAGERS, SURVEYORS = 40, 5, 200
MANAGER_ID, SURVEYOR_ID = 101, 7

# One statement: the call facts as the consumers store them (call_day is the America/Chicago day of the start;
# results drawn 30 % agreed (a tenth of them partial), 10 % do-not-call, 10 % refused, 20 % no answer, 10 % each
# unavailable, scheduled, incorrect roster).
FILL = """
INSERT INTO call_fact (call_id, project_id, visit_id, surveyor_id, result, is_partial, is_agree_complete, released,
                       site, provider, call_start, call_day, ended_at, duration_us)
SELECT g, p, g, s, r, r = 1 AND random() < 0.1, false, false, 'Site ' || mod(p, 7), 'Provider ' || mod(g, 97),
       st, (st AT TIME ZONE 'UTC' AT TIME ZONE 'America/Chicago')::date, st + make_interval(secs => secs),
       secs::bigint * 1000000
FROM (SELECT g, 1 + (random() * (%(projects)s - 1))::int AS p, 1 + (random() * (%(surveyors)s - 1))::int AS s,
             (ARRAY[1, 1, 1, 2, 3, 4, 4, 5, 6, 7])[1 + floor(random() * 10)::int] AS r,
             timestamp '2025-03-01 06:00' + random() * interval '364 days' AS st,
             30 + floor(random() * 1470)::int AS secs
      FROM generate_series(1, %(n)s) AS g) AS x
"""

# The per-day rollup the call handlers keep alongside (the same statement as its migration's backfill).
ROLLUP = """
INSERT INTO call_day_project (call_day, project_id, attempts, surveys, signed, duration_us, agreed_duration_us)
SELECT call_day, coalesce(project_id, 0), count(*), sum(CASE WHEN result = 1 AND NOT is_partial THEN 1 ELSE 0 END),
       sum(CASE WHEN result = 1 THEN 1 ELSE 0 END), sum(duration_us),
       sum(CASE WHEN result = 1 AND NOT is_partial THEN duration_us ELSE 0 END)
FROM call_fact WHERE result IS NOT NULL AND call_day IS NOT NULL GROUP BY call_day, coalesce(project_id, 0)
"""

BUCKET = {"daily": "c.call_day", "weekly": "date_trunc('week', c.call_day)::date",
          "monthly": "date_trunc('month', c.call_day)::date"}
AGREED = "c.result = 1 AND NOT c.is_partial"


def plain_sql(frequency: str, role: str) -> str:
    """The same figures as the service's query, written by hand."""
    scope = {"Admin": "", "Manager": f"AND c.project_id IN (SELECT id FROM rm_project WHERE manager_id = {MANAGER_ID})",
             "Surveyor": f"AND c.surveyor_id = {SURVEYOR_ID}"}[role]
    return (f"SELECT {BUCKET[frequency]} AS b, count(*), sum(CASE WHEN {AGREED} THEN 1 ELSE 0 END), "
            f"sum(CASE WHEN c.result = 1 THEN 1 ELSE 0 END), sum(c.duration_us), "
            f"sum(CASE WHEN {AGREED} THEN c.duration_us ELSE 0 END), "
            f"sum(CASE WHEN {AGREED} THEN round(coalesce(p.payment_rate, 0) * 10000)::bigint ELSE 0 END) "
            f"FROM call_fact c LEFT JOIN rm_project p ON p.id = c.project_id "
            f"WHERE c.result IS NOT NULL AND c.call_day >= %(lo)s AND c.call_day <= %(hi)s {scope} GROUP BY b")


def p95(xs: list[float]) -> float:
    return statistics.quantiles(xs, n=20, method="inclusive")[-1] if len(xs) >= 2 else xs[0]


def timed(fn, runs: int) -> tuple[float, float]:
    fn()  # warm
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return p95(times), statistics.median(times)


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--calls", type=int, default=1_000_000)
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--sql-runs", type=int, default=10, help="runs of the plain SQL baseline")
    a = ap.parse_args()
    name = f"reporting_bench_{os.getpid()}"
    dsn = ADMIN_DSN.rsplit("/", 1)[0] + f"/{name}"
    with psycopg.connect(ADMIN_DSN, autocommit=True) as c:
        c.execute(f'CREATE DATABASE "{name}"')
    procs = []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            tmp_path = Path(tmp)
            priv, pub = tmp_path / "jwt-private.pem", tmp_path / "jwt-public.pem"
            generate_keypair(priv, pub)
            signer = TokenSigner(priv, ISSUER, AUDIENCE)
            port = free_port()
            env = {"REPORTING_DATABASE_URL": dsn.replace("postgresql://", "postgresql+psycopg://"),
                   "REPORTING_VAR_DIR": str(tmp_path / "var"), "REPORTING_JWT_PUBLIC_KEY_FILE": str(pub),
                   "REPORTING_JWT_ISSUER": ISSUER, "REPORTING_JWT_AUDIENCE": AUDIENCE, "REPORTING_LOG_LEVEL": "WARNING"}
            service = start_uvicorn("reporting.main:create_app", port, env, tmp_path / "uvicorn.log", factory=True)
            procs.append(service)
            base = f"http://127.0.0.1:{port}"
            wait_up(f"{base}/api/call-stats")  # 401 without a token: the app is up and migrated

            with psycopg.connect(dsn, autocommit=True) as db:
                for pid in range(1, PROJECTS + 1):
                    db.execute("INSERT INTO rm_project (id, name, manager_id, payment_rate) VALUES (%s, %s, %s, %s)",
                               (pid, f"Project {pid}", 100 + pid % MANAGERS, f"{5 + pid % 7}.25"))
                t = time.perf_counter()
                db.execute("SELECT setseed(0.13)")
                db.execute(FILL, {"n": a.calls, "projects": PROJECTS, "surveyors": SURVEYORS})
                db.execute(ROLLUP)
                db.execute("ANALYZE call_fact")
                db.execute("ANALYZE rm_project")
                print(f"loaded {a.calls:,} calls in {time.perf_counter() - t:.1f} s (one INSERT ... SELECT)")

                who = {"Admin": (1, Role.ADMIN), "Manager": (MANAGER_ID, Role.PROJECT_MANAGER),
                       "Surveyor": (SURVEYOR_ID, Role.SURVEYOR)}
                client = httpx.Client(base_url=base, timeout=120)
                rss_before = rss_mb(service.pid)
                print(f"load average {os.getloadavg()[0]:.1f}; service RSS before: {rss_before:.0f} MB")
                print(f"{'case':46} {'p95 ms':>8} {'median':>8} {'SQL p95':>8} {'ratio':>6}")
                goal_p95 = None
                for span_name, lo, hi in (("month", MONTH_START, MONTH_END), ("year", YEAR_START, YEAR_END)):
                    for role, (uid, r) in who.items():
                        headers = {"Authorization": "Bearer " + signer.sign(sub=uid, role=int(r), sid="bench",
                                                                            name="Bench", ttl_seconds=3600)}
                        params = {"from": lo.isoformat(), "to": hi.isoformat()}
                        cases = [("stats daily", "/api/call-stats", "daily", {}),
                                 ("stats weekly", "/api/call-stats", "weekly", {"weekly": "true"}),
                                 ("stats monthly", "/api/call-stats", "monthly", {"monthly": "true"}),
                                 ("earnings weekly", "/api/surveyor-earnings", "weekly", {})]
                        for label, path, freq, extra in cases:
                            def call(path=path, extra=extra, headers=headers):
                                resp = client.get(path, params={**params, **extra}, headers=headers)
                                if resp.status_code != 200:
                                    raise SystemExit(f"{path} as {role}: {resp.status_code} {resp.text[:300]}")
                                return resp.json()["data"]["totals"]

                            sql = plain_sql(freq, role)

                            def baseline(sql=sql):
                                return db.execute(sql, {"lo": lo, "hi": hi}).fetchall()

                            # the service's totals must be the plain SQL's, or the timing means nothing
                            totals, rows = call(), baseline()
                            want = {"surveys": sum(r[2] for r in rows)}
                            if path == "/api/call-stats":
                                want["attempts"] = sum(r[1] for r in rows)
                            got = {k: totals.get(k) for k in want}
                            if got != want:
                                raise SystemExit(f"{span_name} {label} as {role}: service {got} != SQL {want}")
                            p, med = timed(call, a.runs)
                            bp, _ = timed(baseline, a.sql_runs)
                            goal = (span_name, label, role) == ("year", "stats weekly", "Admin")
                            if goal:
                                goal_p95 = p
                            print(f"{span_name + ' ' + label + ' as ' + role:46} {p:8.1f} {med:8.1f} {bp:8.1f} "
                                  f"{p / bp:6.2f}{'  <- goal' if goal else ''}")
                client.close()
                rss_after = rss_mb(service.pid)
                print(f"service RSS after: {rss_after:.0f} MB ({rss_after - rss_before:+.0f} MB); "
                      f"load average {os.getloadavg()[0]:.1f}")
                verdict = "met" if goal_p95 is not None and goal_p95 <= GOAL_MS else "MISSED"
                print(f"goal: a year of weekly stats as Admin p95 <= {GOAL_MS} ms: {goal_p95:.1f} ms, {verdict}")
    finally:
        stop(procs)
        with psycopg.connect(ADMIN_DSN, autocommit=True) as c:
            c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


if __name__ == "__main__":
    main()
