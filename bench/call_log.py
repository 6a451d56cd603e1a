"""The call log on PostgreSQL with 1,000,000 calls: GET /api/calls-log p50/p95 for each filter a user sends,
against the plain indexed query for the same page run through psycopg in the same process (the baseline);
and GET /api/calls-log/export rows/s and the server's peak RSS at 100k rows and at every row.

    .venv/bin/python bench/call_log.py [--calls 1000000] [--runs 40] [--export-small 100000]

A fresh database `bench_calllog_<random>` is created (the service's own migrations) and dropped. Its rows are
written with INSERT ... SELECT generate_series (read models: 20 project managers, 200 projects, 300 surveyors;
visits = calls / 2; calls spread over the past 365 days, results 1-7). The service runs under uvicorn (one
worker), requests go straight to it (no gateway) from one client, one at a time.

The baseline is the page query a person would write by hand on these indexes: one SELECT of the page's rows
joined to visits, users and projects, without the count (sorted by patient name: an inner join ordered by name,
visit, call, as the service does). The ratio shows the cost of everything around it: HTTP, auth, validation, the
count (exact up to 10,000 rows past the page; `rows` shows 10,011 where it stopped), the ORM, serialisation.

Goal (issue 11): p95 <= 50 ms for every filter.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import ROOT, free_port, percentile, scratch, start_uvicorn, timed, wait_up  # noqa: E402

MANAGERS, PROJECTS, SURVEYORS = 20, 200, 300
PM_ROLE, OPS_ROLE, SURVEYOR_ROLE = 1, 2, 3

SEED = [
    f"INSERT INTO users (id, first_name, last_name, role, lang_ids, is_active, is_deleted) "
    f"SELECT g, 'Manager', 'M' || g, {PM_ROLE}, '[]', true, false FROM generate_series(1, {MANAGERS}) g",
    f"INSERT INTO users (id, first_name, last_name, role, lang_ids, is_active, is_deleted) "
    f"SELECT 100 + g, 'Surveyor', 'S' || g, {SURVEYOR_ROLE}, '[1]', true, false FROM generate_series(0, {SURVEYORS - 1}) g",
    f"INSERT INTO projects (id, name, manager_id, type_id, status_id, is_locked, is_deleted, known) "
    f"SELECT g, 'Project ' || g, 1 + g % {MANAGERS}, 1, 2, false, false, true FROM generate_series(1, {PROJECTS}) g",
    "INSERT INTO visits (id, project_id, roster_id, visitor_id, first_name, last_name, phone_cell, phone_home, dos, "
    "language_id, status, attempts, provider_name, site_name, department_name) "
    "SELECT g, 1 + g % {projects}, 1, 'V' || g, 'Pat', 'Name' || lpad((g::bigint * 7919 % {visits})::text, 7, '0'), "
    "'555' || lpad(g::text, 7, '0'), NULL, date '2026-01-05', 1, 0, 1, 'Provider ' || g % 40, 'Site ' || g % 7, "
    "'Dept ' || g % 5 FROM generate_series(1, {visits}) g",
    "INSERT INTO calls (project_id, visit_id, surveyor_id, lock_token, status, call_start, ended_at, result, "
    "is_partial, survey_language_id, surveyed_on, survey_completed_on) "
    "SELECT 1 + v % {projects}, v, 100 + g % {surveyors}, 'bench', 'partial', t - interval '5 minutes', t, "
    "1 + g % 7, g % 7 <> 0, 1, t, CASE WHEN g % 7 = 0 THEN t END "
    "FROM (SELECT g, 1 + g % {visits} AS v, timestamp '2026-11-01' - (g::float8 * 31536000 / {calls}) * interval '1 second' AS t "
    "      FROM generate_series(1, {calls}) g) s",
]

BASE_SELECT = ("SELECT c.*, v.first_name, v.last_name, v.phone_cell, u.first_name, u.last_name, p.name FROM calls c "
               "LEFT JOIN visits v ON v.id = c.visit_id LEFT JOIN users u ON u.id = c.surveyor_id "
               "LEFT JOIN projects p ON p.id = c.project_id ")


def scenarios(calls: int) -> list[tuple[str, int, int, dict, str]]:
    """(name, role, user id, query parameters, the plain query for the same page)."""
    deep = min(calls // 10, 100_000)
    return [
        ("no filter", OPS_ROLE, 9001, {},
         BASE_SELECT + "WHERE c.result IS NOT NULL ORDER BY c.surveyed_on DESC, c.id DESC LIMIT 10"),
        ("project + 7 days", OPS_ROLE, 9001, {"projectId": 7, "from": "2026-10-01", "to": "2026-10-07", "tz": "UTC"},
         BASE_SELECT + "WHERE c.project_id = 7 AND c.surveyed_on >= '2026-10-01' AND c.surveyed_on < '2026-10-08' "
                       "AND c.result IS NOT NULL ORDER BY c.surveyed_on DESC, c.id DESC LIMIT 10"),
        ("surveyor", OPS_ROLE, 9001, {"surveyorId": 142},
         BASE_SELECT + "WHERE c.surveyor_id = 142 AND c.result IS NOT NULL ORDER BY c.surveyed_on DESC, c.id DESC LIMIT 10"),
        ("a surveyor's own log", SURVEYOR_ROLE, 142, {},
         BASE_SELECT + "WHERE c.surveyor_id = 142 AND c.result IS NOT NULL ORDER BY c.surveyed_on DESC, c.id DESC LIMIT 10"),
        ("manager's projects", PM_ROLE, 3, {},
         BASE_SELECT + "WHERE p.manager_id = 3 AND c.result IS NOT NULL ORDER BY c.surveyed_on DESC, c.id DESC LIMIT 10"),
        ("phone search", OPS_ROLE, 9001, {"searchPhone": "0012345"},
         BASE_SELECT + "WHERE (v.phone_cell LIKE '%0012345%' OR v.phone_home LIKE '%0012345%') AND c.result IS NOT NULL "
                       "ORDER BY c.surveyed_on DESC, c.id DESC LIMIT 10"),
        ("sorted by patient name", OPS_ROLE, 9001, {"orderBy": "patientLastName", "orderDir": "ASC"},
         BASE_SELECT.replace("LEFT JOIN visits", "JOIN visits")
         + "WHERE c.result IS NOT NULL ORDER BY v.last_name, v.id, c.id LIMIT 10"),
        (f"deep page (skip {deep:,})", OPS_ROLE, 9001, {"skip": deep},
         BASE_SELECT + f"WHERE c.result IS NOT NULL ORDER BY c.surveyed_on DESC, c.id DESC OFFSET {deep} LIMIT 10"),
    ]


def seed(url: str, calls: int) -> float:
    import psycopg

    from kit import migrations

    migrations.upgrade("calling", url)
    t0 = time.perf_counter()
    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://"), autocommit=True) as conn:
        for stmt in SEED:
            conn.execute(stmt.format(projects=PROJECTS, surveyors=SURVEYORS, visits=max(calls // 2, 1), calls=calls))
        conn.execute("VACUUM ANALYZE")
    return time.perf_counter() - t0


def summary(ms: list[float]) -> tuple[float, float]:
    s = sorted(ms)
    return statistics.median(s), percentile(s, 0.95)


def time_service(client: httpx.Client, headers: dict, params: dict, runs: int) -> tuple[list[float], int]:
    count = [-1]

    def call():
        r = client.get("/api/calls-log", headers=headers, params={"limit": 10, **params})
        r.raise_for_status()
        count[0] = r.json()["count"]

    return timed(call, runs), count[0]


def peak_rss_mb(pid: int) -> float:
    """The process's peak resident set (VmHWM)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def export(client: httpx.Client, headers: dict, params: dict, server_pid: int) -> tuple[int, float, float]:
    """(rows, seconds, the server's largest RSS sampled while it streamed, MB)."""
    peak, rows, stop_flag = [rss_mb(server_pid)], 0, threading.Event()

    def sample():
        while not stop_flag.is_set():
            peak.append(rss_mb(server_pid))
            time.sleep(0.05)

    t = threading.Thread(target=sample, daemon=True)
    t.start()
    t0 = time.perf_counter()
    with client.stream("GET", "/api/calls-log/export", headers=headers, params=params, timeout=600) as r:
        r.raise_for_status()
        for chunk in r.iter_bytes():
            rows += chunk.count(b"\n")
    dt = time.perf_counter() - t0
    stop_flag.set()
    t.join()
    return rows - 1, dt, max(peak)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--calls", type=int, default=1_000_000)
    ap.add_argument("--runs", type=int, default=40)
    ap.add_argument("--export-small", type=int, default=100_000)
    a = ap.parse_args()

    import psycopg

    with scratch("bench_calllog") as run:
        seed_s = seed(run.url, a.calls)
        print(f"seeded {a.calls:,} calls and {a.calls // 2:,} visits in {seed_s:.1f} s; database {run.name}")

        port = free_port()
        env = {"CALLING_DATABASE_URL": run.url, "CALLING_JWT_PUBLIC_KEY_FILE": str(run.public_key),
               "CALLING_LOG_LEVEL": "WARNING", "CALLING_VAR_DIR": str(run.tmp / "var"), "PYTHONPATH": str(ROOT)}
        server = start_uvicorn("calling.main:create_app", port, env, run.tmp / "calling.log", factory=True)
        run.procs.append(server)
        base = f"http://127.0.0.1:{port}"
        headers = run.bearer

        wait_up(f"{base}/api/calls-log", headers=headers(OPS_ROLE, 9001))
        print(f"\nGET /api/calls-log, limit 10, {a.runs} timed runs each (after 3 warm-up), cpus={os.cpu_count()}")
        print(f"{'filter':<28}{'rows':>10}{'p50 ms':>9}{'p95 ms':>9}{'plain p50':>11}{'plain p95':>11}{'ratio p50':>11}  goal p95<=50")
        with httpx.Client(base_url=base, timeout=120) as client, psycopg.connect(run.plain_url, autocommit=True) as conn:
            for label, role, uid, params, sql in scenarios(a.calls):
                ms, count = time_service(client, headers(role, uid), params, a.runs)
                plain = timed(lambda: conn.execute(sql).fetchall(), a.runs)
                (p50, p95), (b50, b95) = summary(ms), summary(plain)
                print(f"{label:<28}{count:>10,}{p50:>9.1f}{p95:>9.1f}{b50:>11.1f}{b95:>11.1f}{p50 / b50:>11.2f}  "
                      f"{'met' if p95 <= 50 else 'MISSED'}")

            # export: a date range holding about `export_small` rows, then every row; the server's RSS as it streams
            ops = headers(OPS_ROLE, 9001)
            days = max(1, round(365 * a.export_small / a.calls))
            small = {"from": f"{_minus_days('2026-11-01', days)}", "to": "2026-10-31", "tz": "UTC"}
            print(f"\nGET /api/calls-log/export (CSV, streamed); server RSS before: {rss_mb(server.pid):.0f} MB")
            for label, params in ((f"~{a.export_small:,} rows ({days} days)", small), ("every row", {})):
                rows, secs, peak = export(client, ops, params, server.pid)
                print(f"{label:<28}{rows:>10,} rows in {secs:6.1f} s = {rows / secs:>9,.0f} rows/s; "
                      f"server RSS peak while streaming {peak:.0f} MB (process VmHWM {peak_rss_mb(server.pid):.0f} MB)")
    return 0


def _minus_days(day: str, n: int) -> str:
    from datetime import date, timedelta

    return (date.fromisoformat(day) - timedelta(days=n)).isoformat()


if __name__ == "__main__":
    raise SystemExit(main())
