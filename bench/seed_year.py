"""A year of data for the list screens: fills an embedded var-dir (SQLite) or PostgreSQL databases whose schema the
services' own migrations made, then (optionally) times every list call through the API.

    # 1. an embedded app made the var-dir (migrations + demo seed); stop it, then
    .venv/bin/python bench/seed_year.py --var-dir /tmp/soY
    # or PostgreSQL, one database per context ({ctx} is replaced by identity, projects, rosters, calling, reporting)
    .venv/bin/python bench/seed_year.py --pg-url 'postgresql+psycopg://user:pw@host/surveyops_{ctx}'
    # 2. start the app on that var-dir again, then time the lists (p50 over --runs calls per row of the table)
    .venv/bin/python bench/seed_year.py --time http://localhost:8022 --var-dir /tmp/soY

Volumes (defaults): 2,000 accounts (1,500 surveyors, 100 project managers), 300 clients, 600 projects, 6,000
assignments, 300 rosters with 100,000 visits, 200,000 calls over the past 365 days, 5,000 escalations. The rows are
written with SQLAlchemy Core on the reflected tables (the columns the migrations made), in batches, above the
ids the demo seed uses. Names mix case ("de la Cruz", "van Dyke") and some optional columns stay empty, so sorts
meet what real data has. Nothing here is patient data: names and phone numbers are generated.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from sqlalchemy import MetaData, create_engine, insert, text

BASE_ID = 100_000  # above the demo seed's ids
FIRST = ["Ada", "ben", "Carla", "Dmitri", "eva", "Farah", "Gus", "Hana", "Ivan", "Jo", "Kai", "Lena", "Maya", "Noor",
         "Omar", "Priya", "Quinn", "Rosa", "Sam", "Tariq", "Uma", "Vera", "Wes", "Xin", "Yara", "Zoe", "Émile"]
LAST = ["Adams", "de la Cruz", "Baker", "van Dyke", "Chen", "Diaz", "Evans", "Fischer", "Garcia", "Hughes", "Ito",
        "Jones", "Khan", "Lopez", "McBride", "Nguyen", "O'Neil", "Patel", "Quist", "Reyes", "Smith", "Tanaka",
        "Underwood", "Vega", "Walsh", "Young", "Zhang", "d'Amico"]
WORDS = ["Health", "clinic", "Medical", "Care", "Partners", "family", "Regional", "Community", "Valley", "Riverside",
         "North", "south", "Pediatric", "Heart", "Wellness", "United", "St. Mary's", "Mercy", "Summit", "Lakeview"]
CONTEXTS = ("identity", "projects", "rosters", "calling", "reporting")


def engines(args) -> dict:
    if args.pg_url:
        return {c: create_engine(args.pg_url.replace("{ctx}", c)) for c in CONTEXTS}
    var = Path(args.var_dir)
    return {c: create_engine(f"sqlite:///{var / (c + '.sqlite3')}") for c in CONTEXTS}


def put(engine, table: str, rows: list[dict], batch: int = 5000) -> None:
    md = MetaData()
    md.reflect(engine, only=[table])
    t = md.tables[table]
    with engine.begin() as con:
        for i in range(0, len(rows), batch):
            con.execute(insert(t), rows[i:i + batch])
    print(f"  {engine.url.database or engine.url}: {table} +{len(rows):,}")


def name(rnd: random.Random, n: int) -> str:
    return " ".join(rnd.choice(WORDS) for _ in range(n))


def seed(args) -> None:
    rnd = random.Random(7)
    eng = engines(args)
    now = datetime.now(UTC).replace(tzinfo=None)
    today = date.today()

    # --- accounts: surveyors, managers, others
    roles = [3] * 1500 + [7] * 100 + [9] * 50 + [1] * 100 + [8] * 20 + [2] * 80 + [4] * 60 + [5] * 40 + [6] * 30
    roles += [0] * max(0, args.accounts - len(roles))
    roles = roles[:args.accounts]
    users = []
    for i, role in enumerate(roles):
        uid = BASE_ID + i
        first, last = rnd.choice(FIRST), rnd.choice(LAST)
        users.append({"id": uid, "first_name": first, "last_name": last, "email": f"user{uid}@bench.test",
                      "phone_number": f"312555{uid % 10_000:04d}", "role": role,
                      "vonage_ext": None if i % 3 else str(1000 + i), "cid": None if i % 4 == 0 else f"C{i:05d}",
                      "is_deleted": i % 17 == 0, "created_at": now - timedelta(days=i % 365),
                      "updated_at": now - timedelta(days=i % 30)})
    pms = [u for u in users if u["role"] == 1]
    surveyors = [u for u in users if u["role"] in (3, 7, 9)]
    put(eng["identity"], "users", [{**u, "password_hash": None} for u in users])

    # --- clients, projects
    clients = [{"id": BASE_ID + i, "name": f"{name(rnd, 2)} {i}", "abbr": f"c{i}", "state_id": 1 + i % 56,
                "country_id": 1, "created_at": now - timedelta(days=i % 365), "updated_at": now,
                "deleted_at": now if i % 23 == 0 else None} for i in range(args.clients)]
    put(eng["projects"], "clients", clients)
    projects = []
    for i in range(args.projects):
        start = today - timedelta(days=rnd.randrange(365))
        projects.append({
            "id": BASE_ID + i, "name": f"{name(rnd, 2)} Survey {i}", "type_id": 1 + i % 16, "status_id": 1 + i % 6,
            "manager_id": pms[i % len(pms)]["id"], "report_freq_id": (1, 2, 3, 6, 12)[i % 5],
            "client_id": clients[i % len(clients)]["id"], "is_benchmarked": False, "start_date": start,
            "deadline": start + timedelta(days=365), "timezone": "America/Chicago", "associate_agreement": False,
            "lang_ids": [1, 2], "contacts": [], "billable_rate": 12.5, "payment_rate": 4, "billing_modifier": [],
            "payment_modifier": [], "line_items": [], "is_locked": i % 31 == 0, "created_at": now, "updated_at": now,
            "deleted_at": now if i % 29 == 0 else None, "visit_info": [], "comp_goals": 100, "req_goals": 120})
    put(eng["projects"], "projects", projects)
    put(eng["projects"], "users", [{"id": u["id"], "first_name": u["first_name"], "last_name": u["last_name"],
                                    "email": u["email"], "role": u["role"], "phone_number": u["phone_number"],
                                    "cid": u["cid"], "lang_ids": [1], "cimr_manager_ids": [],
                                    "is_deleted": u["is_deleted"], "updated_at": now} for u in users])
    assignments, seen = [], set()
    for i in range(args.assignments):
        p, sv = projects[i % len(projects)], surveyors[rnd.randrange(len(surveyors))]
        if (p["id"], sv["id"]) in seen:
            continue
        seen.add((p["id"], sv["id"]))
        assignments.append({"id": BASE_ID + i, "project_id": p["id"], "surveyor_id": sv["id"],
                            "manager_id": p["manager_id"], "type_id": i % 2, "priority": i % 5,
                            "surveyor_goals": 10 + i % 40, "surveyor_comp_goals": i % 30, "created_at": now})
    put(eng["projects"], "assignments", assignments)

    # --- rosters and visits
    # Ready; every 9th Removed
    rosters = [{"id": BASE_ID + i, "project_id": projects[i % len(projects)]["id"], "status": 1 if i % 9 else 4,
                "uploaded_by": pms[0]["id"], "uploaded_on": now - timedelta(hours=i * 29),
                "file_name": f"roster-{i}.csv", "range_start_date": today - timedelta(days=30),
                "range_end_date": today, "total_enc": args.visits // len(projects) or 1,
                "removed_at": None, "error": None} for i in range(args.rosters)]
    put(eng["rosters"], "rosters", rosters)
    put(eng["rosters"], "project_refs", [{"id": p["id"], "name": p["name"], "manager_id": p["manager_id"],
                                          "is_locked": p["is_locked"], "is_deleted": False} for p in projects])
    put(eng["rosters"], "sampling_settings", [{"project_id": p["id"], "look_back_days": 30, "max_calls": 3}
                                              for p in projects])
    visits = []
    for i in range(args.visits):
        r = rosters[i % len(rosters)]
        visits.append({"id": BASE_ID + i, "roster_id": r["id"], "project_id": r["project_id"], "visitor_id": BASE_ID + i,
                       "first_name": rnd.choice(FIRST), "last_name": rnd.choice(LAST),
                       "phone_cell": f"773555{i % 10_000:04d}",
                       "phone_home": None if i % 3 else f"847555{i % 10_000:04d}",
                       "dos": today - timedelta(days=i % 60), "provider_name": f"Dr. {rnd.choice(LAST)} {i % 50}",
                       "site_name": f"Site {i % 12}", "department_name": f"Dept {i % 6}", "language_id": 1 + i % 2})
    put(eng["rosters"], "visits", visits)
    put(eng["projects"], "roster_views", [{"roster_id": r["id"], "project_id": r["project_id"],
                                           "uploaded_on": r["uploaded_on"], "total_enc": r["total_enc"],
                                           "removed": r["status"] == 2} for r in rosters])

    # --- calls over the past year, escalations
    put(eng["calling"], "users", [{"id": u["id"], "first_name": u["first_name"], "last_name": u["last_name"],
                                   "role": u["role"], "lang_ids": [1], "is_active": True,
                                   "is_deleted": u["is_deleted"]} for u in users])
    put(eng["calling"], "projects", [{"id": p["id"], "name": p["name"], "client_id": p["client_id"],
                                      "manager_id": p["manager_id"], "type_id": p["type_id"],
                                      "status_id": p["status_id"], "timezone": p["timezone"], "is_locked": False,
                                      "is_deleted": False, "known": True, "report_freq_id": p["report_freq_id"],
                                      "start_date": p["start_date"]} for p in projects])
    put(eng["calling"], "visits", [{"id": v["id"], "project_id": v["project_id"], "roster_id": v["roster_id"],
                                    "visitor_id": str(v["visitor_id"]), "first_name": v["first_name"],
                                    "last_name": v["last_name"], "phone_cell": v["phone_cell"],
                                    "phone_home": v["phone_home"], "dos": v["dos"], "language_id": v["language_id"],
                                    "provider_name": v["provider_name"], "site_name": v["site_name"],
                                    "department_name": v["department_name"], "status": 0, "attempts": 1}
                                   for v in visits])
    calls, completed = [], []
    span = 365 * 86400
    for i in range(args.calls):
        v = visits[i % len(visits)]
        t = now - timedelta(seconds=span * i / args.calls)
        result = 1 + i % 7
        done = result == 1
        calls.append({"id": BASE_ID + i, "project_id": v["project_id"], "visit_id": v["id"],
                      "surveyor_id": surveyors[i % len(surveyors)]["id"], "lock_token": "bench", "status": "done",
                      "call_start": t - timedelta(minutes=5), "ended_at": t, "result": result,
                      "is_partial": False, "survey_language_id": 1, "surveyed_on": t,
                      "survey_completed_on": t if done else None})
        if done:
            completed.append({"call_id": BASE_ID + i, "project_id": v["project_id"],
                              "surveyor_id": calls[-1]["surveyor_id"], "result": 1, "is_partial": False,
                              "surveyed_on": t})
    put(eng["calling"], "calls", calls)
    put(eng["projects"], "completed_call_views", completed)
    escalations = [{"id": BASE_ID + j, "call_id": c["id"], "project_id": c["project_id"],
                    "surveyor_id": c["surveyor_id"], "surveyed_on": c["surveyed_on"], "status": j % 3 == 0,
                    "notes": None if j % 2 else f"note {j}", "resolved_at": None, "resolved_by": None}
                   for j, c in enumerate(calls[::max(1, len(calls) // args.escalations)][:args.escalations])]
    put(eng["calling"], "escalations", escalations)
    put(eng["projects"], "escalation_views", [{"id": e["id"], "project_id": e["project_id"],
                                               "surveyor_id": e["surveyor_id"], "resolved": e["status"]}
                                              for e in escalations])

    # --- reporting read models (users/surveyors)
    put(eng["reporting"], "rm_user", [{"id": u["id"], "first_name": u["first_name"], "last_name": u["last_name"],
                                       "role": u["role"], "cid": u["cid"], "cimr_manager_ids": [],
                                       "is_deleted": u["is_deleted"], "email": u["email"],
                                       "phone_number": u["phone_number"]} for u in users])
    put(eng["reporting"], "rm_project", [{"id": p["id"], "name": p["name"], "manager_id": p["manager_id"],
                                          "payment_rate": 4, "deleted_at": None, "client_id": p["client_id"],
                                          "timezone": p["timezone"], "status_id": p["status_id"],
                                          "report_freq_id": p["report_freq_id"], "start_date": p["start_date"]}
                                         for p in projects])
    put(eng["reporting"], "rm_assignment", [{"id": a["id"], "project_id": a["project_id"],
                                             "surveyor_id": a["surveyor_id"], "manager_id": a["manager_id"],
                                             "type_id": a["type_id"], "surveyor_goals": a["surveyor_goals"],
                                             "surveyor_comp_goals": a["surveyor_comp_goals"], "deleted": False,
                                             "weeks": []} for a in assignments])
    for e in eng.values():
        if e.dialect.name == "sqlite":
            with e.begin() as con:
                con.execute(text("ANALYZE"))


# --- timing ------------------------------------------------------------------------------------------------------

def sign_in(base: str, var_dir: str, email: str) -> str:
    import httpx

    c = httpx.Client(base_url=base, timeout=60)
    uid = c.post("/api/sessions", json={"email": email, "password": "Demo-pass-1"}).json()["data"]["user"]["id"]
    c.post("/api/sessions/send-otp", json={"id": uid}).raise_for_status()
    time.sleep(0.3)
    otp = Path(var_dir, "sms.log").read_text().strip().splitlines()[-1].split("\t")[2].split()[-1]
    r = c.post("/api/sessions/otp-verification", json={"email": email, "id": uid, "otp": otp})
    r.raise_for_status()
    return r.json()["data"]["accessToken"]


def lists(project_id: int) -> list[tuple[str, str, str, dict]]:
    """(label, account, path, params): first page, a deep page, a search and a sort of every list call."""
    deep = {"skip": 1500, "limit": 10}
    a, pm, ops = "admin@demo.test", "pm@demo.test", "ops@demo.test"
    rows = []
    for label, who, path, sort, search in [
        ("users", a, "/api/users", "lastName", "smi"),
        ("users/surveyors", ops, "/api/users/surveyors", "lastName", "ngu"),
        ("users/surveyors-info", ops, "/api/users/surveyors-info", None, None),
        ("users/external-user", a, "/api/users/external-user", "createdAt", None),
        ("clients", a, "/api/clients", "name", "heal"),
        ("language", a, "/api/language", "name", None),
        ("projects (admin)", a, "/api/projects", "name", "care"),
        ("projects lastRosterUpload", a, "/api/projects", "lastRosterUpload", None),
        ("projects uncleanedEscalation", a, "/api/projects", "uncleanedEscalation", None),
        ("projects/surveyors", ops, "/api/projects/surveyors", None, None),
        ("assignment", ops, "/api/assignment", "surveyorGoals", None),
        ("roster", a, "/api/roster", None, None),
        ("sampling/providers", a, "/api/sampling/providers", "surveys", "dr"),
        ("calls-log", a, "/api/calls-log", "surveyedOn", None),
        ("calls-log projectName", a, "/api/calls-log", "projectName", None),
        ("calls-log surveyorName", a, "/api/calls-log", "surveyorName", None),
        ("calls-log patientLastName", a, "/api/calls-log", "patientLastName", None),
        ("calls-log result", a, "/api/calls-log", "result", None),
        ("calls-log searchPhone", a, "/api/calls-log", None, None),
        ("escalations", ops, "/api/escalations", "surveyedOn", None),
        ("escalations projectName", ops, "/api/escalations", "projectName", None),
        ("escalations surveyorName", ops, "/api/escalations", "surveyorName", None),
    ]:
        extra: dict = {}
        if path in ("/api/assignment", "/api/roster", "/api/sampling/providers"):
            extra["projectId"] = project_id + 1  # its roster is Ready
        if path == "/api/sampling/providers":
            extra["type"] = 0
        if path == "/api/projects/surveyors":
            extra["surveyorId"] = BASE_ID + 1
        if label == "calls-log searchPhone":
            extra["searchPhone"] = "7735550"
        if path == "/api/calls-log":
            extra.update({"from": (date.today() - timedelta(days=365)).isoformat(), "to": date.today().isoformat()})
        if path == "/api/escalations":
            extra.update({"from": (date.today() - timedelta(days=365)).isoformat(), "to": date.today().isoformat()})
        rows.append((f"{label} p1", who, path, {**extra, "limit": 10}))
        if path not in ("/api/users/surveyors-info", "/api/projects/surveyors"):
            rows.append((f"{label} deep", who, path, {**extra, **deep}))
        if sort:
            rows.append((f"{label} sort {sort} DESC", who, path, {**extra, "limit": 10, "orderBy": sort,
                                                                   "orderDir": "DESC"}))
        if search:
            key = "searchPhone" if path == "/api/calls-log" else "search"
            rows.append((f"{label} search", who, path, {**extra, "limit": 10, key: search}))
    rows.append(("projects (PM) p1", pm, "/api/projects", {"limit": 10, "isWeekly": "true"}))
    return rows


def time_lists(args) -> None:
    import httpx

    tokens: dict[str, str] = {}
    c = httpx.Client(base_url=args.time, timeout=120)
    print(f"{'list call':<44}{'status':>7}{'count':>9}{'p50 ms':>9}{'max ms':>9}")
    for label, who, path, params in lists(BASE_ID):
        if who not in tokens:
            tokens[who] = sign_in(args.time, args.var_dir, who)
        h = {"Authorization": "Bearer " + tokens[who]}
        took, r = [], None
        for _ in range(args.runs):
            t0 = time.perf_counter()
            r = c.get(path, params=params, headers=h)
            took.append((time.perf_counter() - t0) * 1000)
        body = r.json() if r is not None and r.headers.get("content-type", "").startswith("application/json") else {}
        count = body.get("count", len(body.get("rows", []) or body.get("data", []) or []))
        print(f"{label:<44}{r.status_code:>7}{count!s:>9}{statistics.median(took):>9.1f}{max(took):>9.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--var-dir", help="embedded var-dir (SQLite files, and sms.log for --time)")
    ap.add_argument("--pg-url", help="SQLAlchemy URL with {ctx} for the context's database")
    ap.add_argument("--time", metavar="BASE_URL", help="time the list calls of a running app instead of seeding")
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--accounts", type=int, default=2000)
    ap.add_argument("--clients", type=int, default=300)
    ap.add_argument("--projects", type=int, default=600)
    ap.add_argument("--assignments", type=int, default=6000)
    ap.add_argument("--rosters", type=int, default=300)
    ap.add_argument("--visits", type=int, default=100_000)
    ap.add_argument("--calls", type=int, default=200_000)
    ap.add_argument("--escalations", type=int, default=5000)
    args = ap.parse_args()
    if args.time:
        time_lists(args)
    elif args.var_dir or args.pg_url:
        seed(args)
    else:
        ap.error("give --var-dir or --pg-url")


if __name__ == "__main__":
    main()
