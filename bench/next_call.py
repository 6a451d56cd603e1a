"""Next-call claim throughput on PostgreSQL: the calling service under N concurrent surveyors (default 50), against
the service's own claim SQL run directly through psycopg by the same number of threads (the baseline), in one run.

    .venv/bin/python bench/next_call.py [--seconds 15] [--visits 100000] [--surveyors 50] [--workers 2]

A fresh database `bench_call_<random>` is created and dropped. The roster (100,000 visits) and the read models
(project, surveyors, assignments, sampling) are fed through the service's own event consumer, in batches of
2,000 visits as rosters publishes them. The service runs under uvicorn behind Traefik configured from the route
table (bench/harness.py); with `--direct` the same load also runs straight against uvicorn.

Each surveyor loops: POST /api/calls (timed: the claim), then alternately PUT /api/call-lock (give the patient
back) or PUT /api/calls (No Answer, which ends the call and releases the patient).

The baseline is like for like at the database: each thread executes the very statement the service executes on
PostgreSQL (compiled from `calling.call.repository`, so it cannot drift: claim the row with FOR UPDATE SKIP
LOCKED, stamp the patient's other visits, close a stale open call, insert the call row) with prepared
parameters, then gives the patient back with one UPDATE, and counts only claims that returned a patient. What
the ratio shows is the cost of everything around the SQL: HTTP, the gateway, auth, validation, the ORM, the
outbox and the extra round trips of the service's checks.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import ROOT, free_port, percentile, start_traefik, start_uvicorn, stop, wait_up  # noqa: E402

PG_BASE = os.environ.get("SURVEYOPS_BENCH_PG", os.environ.get("SURVEYOPS_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres"))

# Give the patient back (the baseline's stand-in for PUT /api/call-lock): unlock the visit, close the call.
RAW_RELEASE = """
WITH v AS (UPDATE visits SET locked_by = NULL, locked_until = NULL, lock_token = NULL WHERE id = %(visit)s)
UPDATE calls SET status = 'released', ended_at = %(now)s WHERE id = %(call)s
"""


def claim_sql() -> tuple[str, dict]:
    """The service's PostgreSQL claim statement as psycopg SQL text, and its fixed parameters (the literals the
    statement carries); the per-claim ones (c_*) are filled in by the caller."""
    from sqlalchemy.dialects import postgresql

    from calling.call import repository

    compiled = repository._claim_pg_stmt(look_back=False, quota_type=None).compile(dialect=postgresql.psycopg.dialect())
    params = compiled.construct_params(_check=False)
    # the language list is an expanding parameter: one language (English), as for an English-only surveyor
    sql = str(compiled).replace("__[POSTCOMPILE_c_langs]", "%(c_langs)s")
    params["c_langs"] = 1
    return sql, params


# seeding ------------------------------------------------------------------------------------------------------

def seed(url: str, n_visits: int, n_surveyors: int) -> tuple[int, list[int], float]:
    from kit import migrations
    from kit.db import Database
    from kit.events import bind_event_tables

    from calling.config import Settings
    from calling.events.consumed import consumers
    from calling.models import Base

    migrations.upgrade("calling", url)
    db = Database(url, Base)
    bind_event_tables(db)
    [consumer] = consumers(Settings(database_url=url))(db)

    def feed(event_type: str, data: dict) -> None:
        consumer.handle({"id": str(uuid.uuid4()), "type": event_type, "occurredAt": "", "version": 1, "data": data})

    pid = 1
    feed("projects.project.created", {"id": pid, "name": "Bench project", "managerId": 9000, "isLocked": False,
                                      "langIds": [1], "deletedAt": None})
    surveyors = list(range(100, 100 + n_surveyors))
    for i, sid in enumerate(surveyors):
        feed("identity.user.created", {"id": sid, "firstName": "S", "lastName": str(sid), "role": 3, "langIds": [1],
                                       "cimrManagerIds": [], "isDeleted": False})
        feed("projects.assignment.created", {"id": 1000 + i, "projectId": pid, "surveyorId": sid, "surveyorGoals": 10})
    feed("rosters.sampling.updated", {"projectId": pid, "lookBackDays": 0, "maxCalls": 1000,
                                      "parameters": [{"id": 1, "typeId": 0, "priority": 1}], "languages": []})
    providers = [f"Provider {k}" for k in range(40)]
    t0 = time.perf_counter()
    for start in range(0, n_visits, 2000):
        feed("rosters.visits.imported", {"projectId": pid, "rosterId": 1, "visits": [
            {"visitId": i + 1, "visitorId": f"V{i + 1}", "firstName": "Pat", "lastName": f"N{i}",
             "phoneCell": f"555{i:07d}", "dos": "2026-01-05", "dob": "1970-01-01", "age": 56, "gender": "F",
             "providerName": providers[i % len(providers)], "providerType": "MD", "siteName": f"Site {i % 7}",
             "departmentName": f"Dept {i % 5}", "languageId": 1, "payerType": "Medicare"}
            for i in range(start, min(start + 2000, n_visits))]})
    seed_s = time.perf_counter() - t0
    db.engine.dispose()
    return pid, surveyors, seed_s


# the service under load ---------------------------------------------------------------------------------------

async def http_load(base: str, pid: int, surveyors: list[int], tokens: dict[int, str], seconds: float) -> dict:
    # aiohttp rather than httpx for the load: on a 2-core machine the load generator shares the CPUs with the
    # service, and httpx spent more CPU per request (~5.5 ms) than the service itself.
    import aiohttp

    latencies: list[float] = []
    counts = {"claims": 0, "cycles": 0, "empty": 0, "errors": 0}
    connector = aiohttp.TCPConnector(limit=len(surveyors) + 5)
    async with aiohttp.ClientSession(base_url=base, connector=connector,
                                     timeout=aiohttp.ClientTimeout(total=30)) as client:
        stop_at = 0.0
        measuring = False

        async def surveyor(sid: int) -> None:
            h = {"Authorization": f"Bearer {tokens[sid]}"}
            n = 0
            while time.perf_counter() < stop_at:
                t0 = time.perf_counter()
                try:
                    async with client.post("/api/calls", headers=h, json={"projectId": pid, "surveyorId": sid}) as r:
                        body = await r.json() if r.status == 200 else None
                        status = r.status
                except (aiohttp.ClientError, asyncio.TimeoutError):
                    counts["errors"] += 1
                    continue
                dt = time.perf_counter() - t0
                if status != 200:
                    counts["empty" if status == 404 else "errors"] += 1
                    continue
                if measuring:
                    latencies.append(dt)
                    counts["claims"] += 1
                c = body["data"]
                n += 1
                try:
                    if n % 2:
                        req = client.put("/api/call-lock", headers=h, json={"callId": c["callId"], "projectId": pid})
                    else:
                        req = client.put("/api/calls", headers=h, json={
                            "id": c["callId"], "projectId": pid, "visitId": c["visitId"], "visitorId": c["visitorId"],
                            "result": 4, "isPartial": True})
                    async with req as r:
                        await r.read()
                        ok = r.status == 200
                except (aiohttp.ClientError, asyncio.TimeoutError):
                    ok = False
                if not ok:
                    counts["errors"] += 1
                elif measuring:
                    counts["cycles"] += 1

        # warm-up, then the measured window
        stop_at = time.perf_counter() + 2
        await asyncio.gather(*(surveyor(s) for s in surveyors))
        measuring = True
        t0 = time.perf_counter()
        stop_at = t0 + seconds
        await asyncio.gather(*(surveyor(s) for s in surveyors))
        elapsed = time.perf_counter() - t0
    return {"elapsed": elapsed, "latencies": latencies, **counts}


# the baseline -------------------------------------------------------------------------------------------------

def raw_load(url: str, pid: int, surveyors: list[int], seconds: float) -> dict:
    from datetime import UTC, datetime, timedelta

    import psycopg

    sql, fixed = claim_sql()
    conn_url = url.replace("postgresql+psycopg://", "postgresql://")
    latencies: list[list[float]] = [[] for _ in surveyors]
    empty = [0]
    barrier = threading.Barrier(len(surveyors) + 1)
    stop_event = threading.Event()

    def connect():
        for _ in range(50):  # the service's connections may still be closing
            try:
                return psycopg.connect(conn_url, autocommit=True)
            except psycopg.OperationalError:
                time.sleep(0.2)
        raise RuntimeError("cannot connect to PostgreSQL")

    def worker(k: int, sid: int) -> None:
        try:
            conn = connect()
        except Exception:
            barrier.abort()
            raise
        with conn:
            cur = conn.cursor()
            barrier.wait(timeout=60)
            while not stop_event.is_set():
                now = datetime.now(UTC).replace(tzinfo=None)
                params = {**fixed, "c_pid": pid, "c_max": 1000, "c_now": now, "c_sid": sid,
                          "c_until": now + timedelta(minutes=30), "c_tok": uuid.uuid4().hex}
                t0 = time.perf_counter()
                cur.execute(sql, params, prepare=True)
                row = cur.fetchone()
                dt = time.perf_counter() - t0
                if row is None:
                    empty[0] += 1
                    continue
                latencies[k].append(dt)
                cols = [d.name for d in cur.description]
                cur.execute(RAW_RELEASE, {"visit": row[cols.index("id")], "call": row[cols.index("call_id")],
                                          "now": now}, prepare=True)

    threads = [threading.Thread(target=worker, args=(k, s)) for k, s in enumerate(surveyors)]
    for t in threads:
        t.start()
    barrier.wait(timeout=60)
    t0 = time.perf_counter()
    time.sleep(seconds)
    stop_event.set()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - t0
    flat = [x for lst in latencies for x in lst]
    return {"elapsed": elapsed, "latencies": flat, "claims": len(flat), "empty": empty[0]}


def report(name: str, r: dict) -> float:
    rate = r["claims"] / r["elapsed"]
    lat = sorted(x * 1000 for x in r["latencies"])
    extra = ""
    if "cycles" in r:
        extra = f", full cycles {r['cycles'] / r['elapsed']:.0f}/s, errors {r['errors']}"
    print(f"{name:<48} {rate:8.0f} claims/s   p50 {percentile(lat, 0.50):6.1f} ms   p99 {percentile(lat, 0.99):6.1f} ms"
          f"   ({r['claims']} claims in {r['elapsed']:.1f} s{extra}, no-patient answers {r['empty']})")
    return rate


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=15)
    ap.add_argument("--visits", type=int, default=100_000)
    ap.add_argument("--surveyors", type=int, default=50)
    ap.add_argument("--workers", type=int, default=min(4, os.cpu_count() or 1))
    ap.add_argument("--direct", action="store_true", help="also run the load straight against uvicorn")
    a = ap.parse_args()

    from kit.auth import TokenSigner, generate_keypair
    from kit.db import drop_postgres_database, ensure_postgres_database

    name = f"bench_call_{uuid.uuid4().hex[:8]}"
    url = PG_BASE.rsplit("/", 1)[0] + "/" + name
    tmp = Path(tempfile.mkdtemp(prefix="bench_call_"))
    procs = []
    ensure_postgres_database(url)
    try:
        priv, pub = tmp / "jwt-private.pem", tmp / "jwt-public.pem"
        generate_keypair(priv, pub)
        signer = TokenSigner(priv, "surveyops-identity", "surveyops")
        pid, surveyors, seed_s = seed(url, a.visits, a.surveyors)
        print(f"seeded {a.visits} visits through the consumer in {seed_s:.2f} s ({a.visits / seed_s:,.0f} rows/s), "
              f"{len(surveyors)} assigned surveyors; database {name}")
        tokens = {s: signer.sign(sub=s, role=3, sid=f"bench-{s}", name="bench", ttl_seconds=3600) for s in surveyors}

        port = free_port()
        env = {"CALLING_DATABASE_URL": url, "CALLING_JWT_PUBLIC_KEY_FILE": str(pub), "CALLING_LOG_LEVEL": "WARNING",
               "CALLING_THREADPOOL_SIZE": os.environ.get("CALLING_THREADPOOL_SIZE", "8"),
               "CALLING_VAR_DIR": str(tmp / "var"), "PYTHONPATH": str(ROOT)}
        procs.append(start_uvicorn("calling.main:create_app", port, env, tmp / "calling.log", factory=True,
                                   workers=a.workers,
                                   # on a starved machine a busy worker misses uvicorn's 5 s health check and is
                                   # restarted mid-run
                                   args=("--timeout-worker-healthcheck", "60", "--timeout-keep-alive", "30")))
        direct = f"http://127.0.0.1:{port}"
        h0 = {"Authorization": f"Bearer {tokens[surveyors[0]]}"}
        wait_up(f"{direct}/api/calls-log", headers=h0)
        traefik, gateway = start_traefik(tmp / "traefik", {"calling": port})
        procs.append(traefik)
        wait_up(f"{gateway}/api/calls-log", headers=h0)
        targets = [("service through the Traefik gateway", gateway)]
        if a.direct:
            targets.append(("service direct (uvicorn, no gateway)", direct))

        print(f"\n{a.surveyors} concurrent surveyors, {a.seconds:.0f} s each, uvicorn workers={a.workers}, "
              f"cpus={os.cpu_count()}")
        rates = {}
        for label, base in targets:
            rates[label] = report(label, asyncio.run(http_load(base, pid, surveyors, tokens, a.seconds)))
        stop(procs)  # free the CPUs for the baseline
        procs.clear()
        baseline = report(f"baseline: the claim SQL, {a.surveyors} psycopg threads",
                          raw_load(url, pid, surveyors, a.seconds))
        print()
        for label, rate in rates.items():
            print(f"ratio {label} / claim SQL baseline: {rate / baseline:.3f}  ({baseline / rate:.1f}x slower)")
    finally:
        stop(procs)
        drop_postgres_database(url)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
