"""The project list on PostgreSQL with 5,000 projects and their sort-key figures: GET /api/projects p50/p95 sorted
by each sort key, against a plain indexed SELECT of the same page run through psycopg in the same process.

    .venv/bin/python bench/project_list.py [--projects 5000] [--runs 40]

A fresh database `bench_projects_<random>` is created (the service's own migrations) and dropped. Its rows are
written with INSERT ... SELECT generate_series: 500 clients, 20 project managers, the projects, and the read
models other contexts feed (five roster uploads per project, escalations, the sampling/comment figures, and
40 completed calls per project this week and last). The service runs under uvicorn (one worker); requests go
straight to it from one client, one at a time: as the Admin (the management list, every project) and as a
project manager (own projects), page size 10, Current Week.

The baseline is the page query a person would write by hand: one SELECT of the page's projects ordered by the
same key (for a figure, the projects joined to that figure's aggregate only), without the count. The ratio shows
the cost of everything around it: HTTP, auth, the count, the other figures' joins, the ORM, serialisation.

Goal (issue 9): print both and the ratio for every sort key.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import ROOT, free_port, percentile, scratch, start_uvicorn, timed, wait_up  # noqa: E402

CLIENTS, MANAGERS = 500, 20
ADMIN_ROLE, PM_ROLE = 0, 1

SEED = [
    f"INSERT INTO users (id, first_name, last_name, email, role, lang_ids, cimr_manager_ids, is_deleted, updated_at) "
    f"SELECT g, 'Manager', 'M' || g, 'pm' || g || '@bench.test', {PM_ROLE}, '[]', '[]', false, now() "
    f"FROM generate_series(1, {MANAGERS}) g",
    f"INSERT INTO clients (id, name, abbr, state_id, created_at, updated_at) "
    f"SELECT g, 'Client ' || lpad(g::text, 4, '0'), 'C' || g, 1, now(), now() FROM generate_series(1, {CLIENTS}) g",
    "INSERT INTO projects (id, name, type_id, status_id, manager_id, report_freq_id, client_id, is_benchmarked, "
    "start_date, deadline, timezone, lang_ids, contacts, billable_rate, payment_rate, billing_modifier, "
    "payment_modifier, line_items, is_locked, associate_agreement, created_at, updated_at, visit_info) "
    "SELECT g, 'Project ' || lpad((g * 7919 % {projects})::text, 5, '0'), 1 + g % 5, 1 + g % 6, 1 + g % {managers}, "
    "1 + g % 3, 1 + g % {clients}, false, date '2026-01-05' + (g % 300), date '2027-01-05' + (g % 300), "
    "'America/Chicago', '[1]', '[]', 12.50, 4.00, '[]', '[]', '[]', false, false, now(), now(), '[]' "
    "FROM generate_series(1, {projects}) g",
    "INSERT INTO roster_views (roster_id, project_id, uploaded_on, total_enc, removed) "
    "SELECT g, 1 + g % {projects}, timestamp '2026-11-01' - (g % 997) * interval '1 hour', 100, g % 11 = 0 "
    "FROM generate_series(1, {projects} * 5) g",
    "INSERT INTO escalation_views (id, project_id, surveyor_id, resolved) "
    "SELECT g, 1 + (g * 31) % {projects}, 100 + g % 50, g % 3 = 0 FROM generate_series(1, {projects}) g",
    "INSERT INTO project_figures_views (project_id, undefined_providers, comments_cleaned, comments_total, "
    "oldest_uncleaned_surveyed_on) SELECT g, g % 13, g % 40, 40, timestamp '2026-10-01' + (g % 500) * interval '1 hour' "
    "FROM generate_series(1, {projects}) g",
    "INSERT INTO completed_call_views (call_id, project_id, surveyor_id, result, is_partial, surveyed_on) "
    "SELECT g, 1 + g % {projects}, 100 + g % 50, 1 + g % 3, false, now() - (g % 14) * interval '1 day' "
    "FROM generate_series(1, {projects} * 40) g",
]

# (query parameter orderBy, direction, the plain page query for the Admin)
KEYS = [
    ("name", "ASC", "SELECT p.id, p.name FROM projects p ORDER BY p.name, p.id LIMIT 10"),
    ("deadline", "DESC", "SELECT p.id, p.name FROM projects p ORDER BY p.deadline DESC, p.id LIMIT 10"),
    ("statusId", "ASC", "SELECT p.id, p.name FROM projects p ORDER BY p.status_id, p.id LIMIT 10"),
    ("clientName", "ASC", "SELECT p.id, p.name FROM projects p LEFT JOIN clients c ON c.id = p.client_id "
                          "ORDER BY c.name, p.id LIMIT 10"),
    ("lastRosterUpload", "DESC", "SELECT p.id, p.name, r.v FROM projects p LEFT JOIN (SELECT project_id, "
                                 "max(uploaded_on) v FROM roster_views WHERE NOT removed GROUP BY project_id) r "
                                 "ON r.project_id = p.id ORDER BY r.v DESC NULLS LAST, p.id LIMIT 10"),
    ("oldestUncleanedSurveyedOn", "DESC", "SELECT p.id, p.name FROM projects p LEFT JOIN project_figures_views f "
                                          "ON f.project_id = p.id ORDER BY f.oldest_uncleaned_surveyed_on DESC "
                                          "NULLS LAST, p.id LIMIT 10"),
    ("undefinedProviders", "DESC", "SELECT p.id, p.name FROM projects p LEFT JOIN project_figures_views f "
                                   "ON f.project_id = p.id ORDER BY f.undefined_providers DESC NULLS LAST, p.id LIMIT 10"),
    ("uncleanedEscalation", "DESC", "SELECT p.id, p.name FROM projects p LEFT JOIN (SELECT project_id, count(*) v "
                                    "FROM escalation_views WHERE NOT resolved GROUP BY project_id) e "
                                    "ON e.project_id = p.id ORDER BY coalesce(e.v, 0) DESC, p.id LIMIT 10"),
    ("surveysRP", "DESC", "SELECT p.id, p.name FROM projects p LEFT JOIN (SELECT project_id, count(*) v "
                          "FROM completed_call_views WHERE result = 1 AND NOT is_partial "
                          "AND surveyed_on >= date_trunc('week', now()) GROUP BY project_id) s "
                          "ON s.project_id = p.id ORDER BY coalesce(s.v, 0) DESC, p.id LIMIT 10"),
]


def seed(url: str, projects: int) -> float:
    import psycopg

    from kit import migrations

    migrations.upgrade("projects", url)
    t0 = time.perf_counter()
    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://"), autocommit=True) as conn:
        for stmt in SEED:
            conn.execute(stmt.format(projects=projects, clients=CLIENTS, managers=MANAGERS))
        conn.execute("VACUUM ANALYZE")
    return time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--projects", type=int, default=5000)
    ap.add_argument("--runs", type=int, default=40)
    a = ap.parse_args()

    import psycopg

    with scratch("bench_projects") as run:
        print(f"seeded {a.projects:,} projects with their figures in {seed(run.url, a.projects):.1f} s; database {run.name}")

        port = free_port()
        env = {"PROJECTS_DATABASE_URL": run.url, "PROJECTS_JWT_PUBLIC_KEY_FILE": str(run.public_key),
               "PROJECTS_LOG_LEVEL": "WARNING", "PROJECTS_VAR_DIR": str(run.tmp / "var"), "PYTHONPATH": str(ROOT)}
        run.procs.append(start_uvicorn("projects.main:create_app", port, env, run.tmp / "projects.log", factory=True))

        admin, pm = run.bearer(ADMIN_ROLE, 9001), run.bearer(PM_ROLE, 3)
        wait_up(f"http://127.0.0.1:{port}/api/projects", headers=admin)
        print(f"\nGET /api/projects, limit 10, Current Week, {a.runs} timed runs each (after 3 warm-up), cpus={os.cpu_count()}")
        print(f"{'sort key':<28}{'who':<7}{'rows':>7}{'p50 ms':>9}{'p95 ms':>9}{'plain p50':>11}{'plain p95':>11}{'ratio p95':>11}")
        worst = 0.0
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60) as client, \
                psycopg.connect(run.plain_url, autocommit=True) as conn:
            for key, direction, sql in KEYS:
                for who, h, extra in (("admin", admin, {"isAdmin": "true"}), ("pm", pm, {})):
                    count = [0]

                    def call():
                        r = client.get("/api/projects", headers=h, params={"limit": 10, "orderBy": key,
                                                                           "orderDir": direction, "isWeekly": "true", **extra})
                        r.raise_for_status()
                        count[0] = r.json()["count"]

                    ms = timed(call, a.runs)
                    plain = timed(lambda: conn.execute(sql).fetchall(), a.runs)
                    p50, p95 = statistics.median(ms), percentile(ms, 0.95)
                    b50, b95 = statistics.median(plain), percentile(plain, 0.95)
                    worst = max(worst, p95)
                    print(f"{key:<28}{who:<7}{count[0]:>7,}{p50:>9.1f}{p95:>9.1f}{b50:>11.1f}{b95:>11.1f}{p95 / b95:>11.1f}")
        print(f"\nworst service p95 {worst:.1f} ms over {len(KEYS)} sort keys x 2 readers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
