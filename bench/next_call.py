"""Next-call claims on PostgreSQL with quotas on: the calling service under load through Traefik, against the
service's own claim SQL run directly through psycopg by the same number of threads (the baseline), in one run.

    .venv/bin/python bench/next_call.py [--seconds 60] [--open-seconds 20] [--rate 100] [--visits 100000]
                                        [--surveyors 50] [--workers 1] [--replicas 1,2] [--direct] [--floor]

A fresh database `bench_call_<random>` is created and dropped. The roster (100,000 visits) and the read models
(project, 200 surveyors, assignments, guidelines, sampling) are fed through the service's own event consumer,
the roster in batches of 2,000 visits as rosters publishes them. The sampling is what a manager would set
(`sampling_event`): Provider quotas first with two cells already reached, Site second, a 30-day look-back, a
maximum of calls, English with a Set number of samples and Spanish not called, and a confirmed guideline.

For each replica count, that many uvicorn processes (`--workers` each) run behind Traefik configured from the
route table (bench/harness.py; Traefik balances across the replicas), and the bench prints:
- closed loop: `--surveyors` surveyors claiming back to back: claims/s, p50/p99 (bound by Little's law: the
  surveyors / the rate), flatness (the last 10 s against the first 10 s) and the service's CPU time per request
  (user + system of the uvicorn processes over the window, from /proc);
- open loop: a fixed arrival rate (`--rate`), each arrival a surveyor who holds no patient: the line
  `open loop 100 claims/s through the Traefik gateway: p50 X ms p99 Y ms`, latency from the scheduled arrival.
Each surveyor cycle is POST /api/calls (timed: the claim), then alternately PUT /api/call-lock (give the
patient back) or PUT /api/calls (No Answer, which ends the call and releases the patient).

The baseline is like for like at the database: each thread executes the very statement the service executes on
PostgreSQL, captured at the driver while the service's claim code runs once (so it cannot drift: the quota
type, the reached cells, the languages, claim the row with FOR UPDATE SKIP LOCKED, stamp the patient's other
visits, close a stale open call, insert the call row) with prepared parameters, then gives the patient back
with one UPDATE, and counts only claims that returned a patient. What the ratio shows is the cost of everything
around the SQL: HTTP, the gateway, auth, validation, the ORM, the outbox and the extra round trips of the
service's checks. After the run, the database is checked for patients handed to two surveyors.

`--floor` also runs the closed loop against bench/claim_floor.py (bench only) behind the same gateway: the same
claim statement, outbox and audit rows on psycopg's async driver as a bare ASGI app, then as a FastAPI app with
no middleware. Their CPU per request is what a rewrite of the request path could reach at best.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import ROOT, free_port, percentile, proc_cpu_seconds, start_traefik, scratch, start_uvicorn, stop, wait_up  # noqa: E402


# Give the patient back (the baseline's stand-in for PUT /api/call-lock): unlock the visit, close the call.
RAW_RELEASE = """
WITH v AS (UPDATE visits SET locked_by = NULL, locked_until = NULL, lock_token = NULL WHERE id = %(visit)s)
UPDATE calls SET status = 'released', ended_at = %(now)s WHERE id = %(call)s
"""


# seeding ------------------------------------------------------------------------------------------------------

PROVIDERS = [f"Provider {k}" for k in range(40)]
REACHED = PROVIDERS[:2]  # two provider cells whose required count is already reached: they give no patients
ENGLISH, SPANISH = 1, 2


def sampling_event(pid: int) -> dict:
    """What a manager sets on the sampling screen (rosters.sampling.updated): Provider quotas (priority 1) with a
    required count per provider, two of them already reached, Site as the second parameter, a 30-day look-back,
    at most 1,000 calls per visit, English with a Set number of samples and Spanish not called (Don't)."""
    return {"projectId": pid, "lookBackDays": 30, "maxCalls": 1000,
            "parameters": [{"id": 1, "typeId": 0, "priority": 1}, {"id": 2, "typeId": 1, "priority": 2}],
            "languages": [{"languageId": ENGLISH, "mode": 3, "allowedSamples": 50_000},
                          {"languageId": SPANISH, "mode": 2}],
            "quotas": [{"typeId": 0, "value": p, "required": 0 if p in REACHED else 2_000} for p in PROVIDERS]
            + [{"typeId": 1, "value": f"Site {k}", "required": 20_000} for k in range(7)]}


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
                                      "langIds": [ENGLISH, SPANISH], "deletedAt": None})
    # the guidelines gate is on: the project has a guideline every surveyor has confirmed
    feed("projects.guideline.uploaded", {"projectId": pid, "guidelineId": 1, "fileName": "guide.pdf",
                                         "uploadedAt": "2026-01-01T00:00:00Z"})
    surveyors = list(range(100, 100 + n_surveyors))
    for i, sid in enumerate(surveyors):
        feed("identity.user.created", {"id": sid, "firstName": "S", "lastName": str(sid), "role": 3,
                                       "langIds": [ENGLISH, SPANISH], "cimrManagerIds": [], "isDeleted": False})
        feed("projects.assignment.created", {"id": 1000 + i, "projectId": pid, "surveyorId": sid, "surveyorGoals": 10})
        feed("projects.guideline.status_changed", {"projectId": pid, "surveyorId": sid, "guidelineId": 1,
                                                   "status": "confirmed"})
    t0 = time.perf_counter()
    for start in range(0, n_visits, 2000):
        feed("rosters.visits.imported", {"projectId": pid, "rosterId": 1, "visits": [
            {"visitId": i + 1, "visitorId": f"V{i + 1}", "firstName": "Pat", "lastName": f"N{i}",
             "phoneCell": f"555{i:07d}", "dos": "2026-01-05", "dob": "1970-01-01", "age": 56, "gender": "F",
             "providerName": PROVIDERS[i % len(PROVIDERS)], "providerType": "MD", "siteName": f"Site {i % 7}",
             "departmentName": f"Dept {i % 5}", "languageId": SPANISH if i % 10 == 9 else ENGLISH,
             "payerType": "Medicare"}
            for i in range(start, min(start + 2000, n_visits))]})
    seed_s = time.perf_counter() - t0
    feed("rosters.sampling.updated", sampling_event(pid))  # after the roster: the quota cells exist
    db.engine.dispose()
    return pid, surveyors, seed_s


def claim_sql(url: str, pid: int, sids: list[int]) -> tuple[str, dict]:
    """The very statement and parameters the service executes for a claim on PostgreSQL, captured at the driver
    while the service's own claim code runs once (rolled back): the same quota type, reached cells, languages
    and look-back the service derives from the sampling set above, so the baseline cannot drift from it."""
    from sqlalchemy import event

    from kit.auth import Principal, Role
    from kit.db import Database
    from kit.events import bind_event_tables

    from calling.call import service
    from calling.call.schemas import CallClaim
    from calling.config import Settings
    from calling.models import Base

    db = Database(url, Base)
    bind_event_tables(db)
    seen: list[tuple[str, dict]] = []

    def capture(conn, cursor, statement, parameters, context, executemany):
        if statement.lstrip().upper().startswith("WITH") and "FOR UPDATE SKIP LOCKED" in statement:
            seen.append((statement, dict(parameters)))

    event.listen(db.engine, "before_cursor_execute", capture)
    try:
        for sid in sids:  # a surveyor who still holds a patient gets it back without a claim: try the next one
            s = db.sessionmaker()
            try:
                service.claim(s, Principal(id=sid, role=Role.SURVEYOR, sid="bench"),
                              CallClaim(project_id=pid, surveyor_id=sid), Settings(database_url=url))
            finally:
                s.rollback()
                s.close()
            if seen:
                return seen[0]
    finally:
        db.engine.dispose()
    raise RuntimeError("no claim statement seen")


# the service under load ---------------------------------------------------------------------------------------

class Holds:
    """Which surveyor holds which patient, as the load generator sees it: a claim that returns a patient someone
    else still holds is a patient handed to two surveyors (counted; the database check after the run too)."""

    def __init__(self):
        self.by_visit: dict[int, int] = {}
        self.double = 0

    def take(self, visit: int, sid: int) -> None:
        if self.by_visit.get(visit, sid) != sid:
            self.double += 1
        self.by_visit[visit] = sid

    def give_back(self, visit: int) -> None:
        self.by_visit.pop(visit, None)


async def one_cycle(client, h: dict, pid: int, sid: int, n: int, holds: Holds, counts: dict) -> tuple[int, float, float]:
    """POST /api/calls (the claim, timed), then PUT /api/call-lock (give the patient back) on odd n or PUT
    /api/calls (No Answer, which ends the call and releases the patient) on even n. Returns (status, when the
    claim was sent, when its answer arrived)."""
    import aiohttp

    t0 = time.perf_counter()
    try:
        async with client.post("/api/calls", headers=h, json={"projectId": pid, "surveyorId": sid}) as r:
            body = await r.json() if r.status == 200 else None
            status = r.status
    except (aiohttp.ClientError, asyncio.TimeoutError) as exc:
        counts["errors"] += 1
        counts["why"][type(exc).__name__] = counts["why"].get(type(exc).__name__, 0) + 1
        return 0, t0, time.perf_counter()
    t1 = time.perf_counter()
    if status != 200:
        counts["empty" if status == 404 else "errors"] += 1
        counts["why"][status] = counts["why"].get(status, 0) + 1
        return status, t0, t1
    c = body["data"]
    holds.take(c["visitId"], sid)
    try:
        if n % 2:
            req = client.put("/api/call-lock", headers=h, json={"callId": c["callId"], "projectId": pid})
        else:
            req = client.put("/api/calls", headers=h, json={
                "id": c["callId"], "projectId": pid, "visitId": c["visitId"], "visitorId": c["visitorId"],
                "result": 4, "isPartial": True})
        holds.give_back(c["visitId"])  # before the answer: from here on the service may hand it out again
        async with req as r:
            await r.read()
            ok = r.status == 200
            if not ok:
                counts["why"][f"release {r.status}"] = counts["why"].get(f"release {r.status}", 0) + 1
    except (aiohttp.ClientError, asyncio.TimeoutError) as exc:
        ok = False
        counts["why"][f"release {type(exc).__name__}"] = counts["why"].get(f"release {type(exc).__name__}", 0) + 1
    if not ok:
        counts["errors"] += 1
    else:
        counts["cycles"] += 1
    return status, t0, t1


def http_client(base: str, limit: int):
    # aiohttp rather than httpx for the load: on a 2-core machine the load generator shares the CPUs with the
    # service, and httpx spent more CPU per request (~5.5 ms) than the service itself.
    import aiohttp

    return aiohttp.ClientSession(base_url=base, connector=aiohttp.TCPConnector(limit=limit + 5),
                                 timeout=aiohttp.ClientTimeout(total=30))


async def closed_loop(base: str, pid: int, surveyors: list[int], tokens: dict[int, str], seconds: float,
                      service_pids: list[int], holds: Holds) -> dict:
    """N surveyors claiming back to back (each waits for its answer before the next claim)."""
    latencies: list[float] = []
    done_at: list[float] = []
    counts = {"claims": 0, "cycles": 0, "empty": 0, "errors": 0, "why": {}}
    async with http_client(base, len(surveyors)) as client:
        stop_at, measuring, t0 = 0.0, False, 0.0

        async def surveyor(sid: int) -> None:
            h = {"Authorization": f"Bearer {tokens[sid]}"}
            n = 0
            while time.perf_counter() < stop_at:
                status, sent, answered = await one_cycle(client, h, pid, sid, n, holds, counts)
                if status == 200:
                    n += 1
                    if measuring:
                        latencies.append(answered - sent)
                        done_at.append(answered - t0)

        stop_at = time.perf_counter() + 3  # warm-up
        await asyncio.gather(*(surveyor(s) for s in surveyors))
        counts.update(claims=0, cycles=0, empty=0, errors=0, why={})
        measuring = True
        cpu0 = sum(proc_cpu_seconds(p) for p in service_pids)
        t0 = time.perf_counter()
        stop_at = t0 + seconds
        await asyncio.gather(*(surveyor(s) for s in surveyors))
        elapsed = time.perf_counter() - t0
        cpu = sum(proc_cpu_seconds(p) for p in service_pids) - cpu0
    counts["claims"] = len(latencies)
    return {"elapsed": elapsed, "latencies": latencies, "done_at": done_at, "cpu": cpu, **counts}


async def open_loop(base: str, pid: int, surveyors: list[int], tokens: dict[int, str], seconds: float, rate: float,
                    service_pids: list[int], holds: Holds) -> dict:
    """A fixed arrival rate: a claim every 1/rate s whether or not earlier ones have been answered, each by a
    surveyor who holds no patient at that moment. Latency counts from the scheduled arrival (so a stalled
    service is not hidden by a load generator that waits for it)."""
    latencies: list[float] = []
    counts = {"claims": 0, "cycles": 0, "empty": 0, "errors": 0, "no_free_surveyor": 0, "why": {}}
    free = list(surveyors)
    n_of = {s: 0 for s in surveyors}
    async with http_client(base, len(surveyors)) as client:
        async def arrival(sid: int, scheduled: float) -> None:
            status, _, answered = await one_cycle(client, {"Authorization": f"Bearer {tokens[sid]}"}, pid, sid,
                                                  n_of[sid], holds, counts)
            if status == 200:
                latencies.append(answered - scheduled)
                n_of[sid] += 1
            free.append(sid)

        tasks = []
        cpu0 = sum(proc_cpu_seconds(p) for p in service_pids)
        t0 = time.perf_counter()
        total = int(seconds * rate)
        for i in range(total):
            scheduled = t0 + i / rate
            delay = scheduled - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            if not free:
                counts["no_free_surveyor"] += 1
                continue
            tasks.append(asyncio.create_task(arrival(free.pop(0), scheduled)))
        await asyncio.gather(*tasks)
        elapsed = time.perf_counter() - t0
        cpu = sum(proc_cpu_seconds(p) for p in service_pids) - cpu0
    counts["claims"] = len(latencies)
    return {"elapsed": elapsed, "latencies": latencies, "cpu": cpu, **counts}


# the baseline -------------------------------------------------------------------------------------------------

def raw_load(url: str, pid: int, surveyors: list[int], seconds: float) -> dict:
    from datetime import UTC, datetime, timedelta

    import psycopg

    sql, captured = claim_sql(url, pid, surveyors)
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
                # the per-claim parameters, as the service computes them (the rest is what it derived above)
                params = {**captured, "c_now": now, "c_sid": sid, "c_until": now + timedelta(minutes=30),
                          "c_tok": uuid.uuid4().hex, "c_cutoff": now - timedelta(days=30),
                          "c_cbopen": now - (captured["c_now"] - captured["c_cbopen"])}
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


def double_handouts(url: str) -> tuple[int, int]:
    """From the database after the run: calls closed as `expired` (a claim closes any open call on the visit it
    takes, so with a 30-minute hold each one is a patient taken from a surveyor who still held it) and visits
    with more than one open call."""
    import psycopg

    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://")) as conn:
        expired = conn.execute("SELECT count(*) FROM calls WHERE status = 'expired'").fetchone()[0]
        two_open = conn.execute("SELECT count(*) FROM (SELECT visit_id FROM calls WHERE status = 'open' "
                                "GROUP BY visit_id HAVING count(*) > 1) x").fetchone()[0]
    return expired, two_open


def start_profile(pid: int, out: Path, seconds: float):
    """py-spy (PyPI) samples the service and its workers over the closed-loop window, as collapsed stacks; only
    samples holding the GIL (--gil), so the profile is where the CPU goes, not threads waiting for I/O."""
    import subprocess

    spy = Path(sys.executable).parent / "py-spy"
    return subprocess.Popen([str(spy), "record", "--pid", str(pid), "--subprocesses", "--format", "raw", "--rate", "100", "--gil",
                             "--duration", str(int(seconds) + 30), "-o", str(out)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def print_profile(collapsed: Path, top: int = 25) -> None:
    """The top frames of a collapsed-stack profile: inclusive share (the frame anywhere on the stack) and
    self share (the frame on top), each frame as function (file:line stripped to file)."""
    incl: dict[str, int] = {}
    own: dict[str, int] = {}
    total = 0
    for line in collapsed.read_text().splitlines():
        stack, _, n = line.rpartition(" ")
        if not n.isdigit():
            continue
        count = int(n)
        total += count
        frames = [f.split(" (")[0] + " (" + f.split(" (")[-1].split(":")[0].rsplit("/", 1)[-1] + ")"
                  for f in stack.split(";") if not f.startswith("process ")]
        for f in set(frames):
            incl[f] = incl.get(f, 0) + count
        if frames:
            own[frames[-1]] = own.get(frames[-1], 0) + count
    if not total:
        print("(no samples)")
        return
    print(f"{'inclusive':>9}  {'self':>6}  frame   ({total} samples)")
    for f, n in sorted(incl.items(), key=lambda kv: -kv[1])[:top]:
        print(f"{n / total:9.1%}  {own.get(f, 0) / total:6.1%}  {f}")
    print("top self frames:")
    for f, n in sorted(own.items(), key=lambda kv: -kv[1])[:top]:
        print(f"{n / total:9.1%}  {f}")


def report(name: str, r: dict) -> float:
    rate = r["claims"] / r["elapsed"]
    lat = sorted(x * 1000 for x in r["latencies"])
    extra = ""
    if "cycles" in r:
        extra = f", full cycles {r['cycles'] / r['elapsed']:.0f}/s, errors {r['errors']}"
        if r["why"]:
            extra += f" {r['why']}"
    print(f"{name:<52} {rate:8.0f} claims/s   p50 {percentile(lat, 0.50):6.1f} ms   p99 {percentile(lat, 0.99):6.1f} ms"
          f"   ({r['claims']} claims in {r['elapsed']:.1f} s{extra}, no-patient answers {r['empty']})", flush=True)
    if "cpu" in r and r["claims"]:
        requests = r["claims"] + r["cycles"]  # each cycle is a claim and its release or result
        print(f"{'':<52} service CPU {r['cpu']:.1f} s: {r['cpu'] / requests * 1000:.2f} ms per request, "
              f"{r['cpu'] / r['claims'] * 1000:.2f} ms per claim cycle (claim + release/result)", flush=True)
    if "done_at" in r and r["elapsed"] >= 20:
        first = sum(1 for t in r["done_at"] if t < 10) / 10
        last = sum(1 for t in r["done_at"] if t >= r["elapsed"] - 10) / 10
        print(f"{'':<52} flatness: first 10 s {first:.0f} claims/s, last 10 s {last:.0f} claims/s "
              f"({last / first:.0%} of the first; goal >= 80%)", flush=True)
        per_second = [0] * int(r["elapsed"])
        for t in r["done_at"]:
            if int(t) < len(per_second):
                per_second[int(t)] += 1
        print(f"{'':<52} claims in each second of the run: {' '.join(map(str, per_second))}", flush=True)
    return rate


def run_floor(a, run, pid: int, surveyors: list[int], closed: list[int], tokens: dict[int, str], holds: Holds,
              target: str) -> float:
    """The closed loop against bench/claim_floor.py behind the same Traefik: the same claim statement, outbox and
    audit rows with no framework, ORM or middleware around them (`app`), or with FastAPI alone (`with_fastapi`)."""
    from claim_floor import write_claim

    sql, params = claim_sql(run.url, pid, surveyors)
    claim_file = run.tmp / "floor-claim.json"
    write_claim(claim_file, sql, params)
    port = free_port()
    env = {"FLOOR_DATABASE_URL": run.url, "FLOOR_PUBLIC_KEY": str(run.public_key), "FLOOR_CLAIM": str(claim_file),
           "PYTHONPATH": str(ROOT)}
    floor = start_uvicorn(f"claim_floor:{target}", port, env, run.tmp / f"floor-{target}.log", factory=False,
                          app_dir=ROOT / "bench", args=("--timeout-keep-alive", "30"))
    run.procs.append(floor)
    try:
        h0 = {"Authorization": f"Bearer {tokens[surveyors[0]]}"}
        wait_up(f"http://127.0.0.1:{port}/api/call-lock", headers=h0)
        traefik, gateway = start_traefik(run.tmp / f"traefik-floor-{target}", {"calling": [port]})
        run.procs.append(traefik)
        wait_up(f"{gateway}/api/call-lock", headers=h0)
        what = ("bare ASGI, no framework" if target == "app" else "FastAPI routes and pydantic models, no middleware")
        print(f"\nfloor (bench/claim_floor.py:{target}: {what}; psycopg async, the same claim statement + outbox + "
              f"audit rows, no SQLAlchemy): closed loop, {a.surveyors} surveyors, {a.seconds:.0f} s", flush=True)
        rate = report(f"floor ({target}), through the Traefik gateway",
                      asyncio.run(closed_loop(gateway, pid, closed, tokens, a.seconds, [floor.pid], holds)))
    finally:
        stop(run.procs)
        run.procs.clear()
    return rate


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=60, help="closed-loop and baseline duration")
    ap.add_argument("--open-seconds", type=float, default=20, help="open-loop duration")
    ap.add_argument("--rate", type=float, default=100, help="open-loop arrivals per second")
    ap.add_argument("--visits", type=int, default=100_000)
    ap.add_argument("--surveyors", type=int, default=50, help="closed-loop concurrency")
    ap.add_argument("--workers", type=int, default=int(os.environ.get("CALLING_WORKERS", "1")),
                    help="uvicorn workers per replica")
    ap.add_argument("--replicas", default="1", help="comma-separated replica counts to measure, e.g. 1,2")
    ap.add_argument("--direct", action="store_true", help="also run the closed loop straight against uvicorn")
    ap.add_argument("--floor", action="store_true",
                    help="also run the closed loop against bench/claim_floor.py (the same statements on a bare ASGI "
                         "app with psycopg async): the CPU per request no rewrite of the request path could beat")
    ap.add_argument("--profile", type=Path, default=None,
                    help="py-spy the service during the closed loop; write collapsed stacks here, print top frames")
    a = ap.parse_args()
    replica_counts = [int(x) for x in a.replicas.split(",")]

    with scratch("bench_call") as run:
        name, url, tmp, pub, signer = run.name, run.url, run.tmp, run.public_key, run.signer
        procs = run.procs
        # the open loop needs surveyors who hold no patient at each arrival: more of them than the closed loop
        pid, surveyors, seed_s = seed(url, a.visits, max(a.surveyors, 200))
        print(f"seeded {a.visits} visits through the consumer in {seed_s:.2f} s ({a.visits / seed_s:,.0f} rows/s), "
              f"{len(surveyors)} assigned surveyors; quotas on (Provider quotas, 2 cells reached, Site second, "
              f"30-day look-back, English Set / Spanish Don't, guidelines gate); database {name}", flush=True)
        tokens = {s: signer.sign(sub=s, role=3, sid=f"bench-{s}", name="bench", ttl_seconds=3600) for s in surveyors}
        closed_surveyors = surveyors[:a.surveyors]
        holds = Holds()
        rates: dict[str, float] = {}
        print(f"\nload average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, cpus={os.cpu_count()}, "
              f"uvicorn workers per replica={a.workers}", flush=True)
        for replicas in replica_counts:
            env = {"CALLING_DATABASE_URL": url, "CALLING_JWT_PUBLIC_KEY_FILE": str(pub), "CALLING_LOG_LEVEL": "WARNING",
                   "CALLING_THREADPOOL_SIZE": os.environ.get("CALLING_THREADPOOL_SIZE", "8"),
                   # the server's max_connections (100) is shared with everything else on it: a replica's pool
                   # stays well inside it (the default 20 + 40 per replica ran PostgreSQL out of connections)
                   "CALLING_DB_POOL_SIZE": os.environ.get("CALLING_DB_POOL_SIZE", "10"),
                   "CALLING_DB_MAX_OVERFLOW": os.environ.get("CALLING_DB_MAX_OVERFLOW", "10"),
                   "CALLING_VAR_DIR": str(tmp / "var"), "PYTHONPATH": str(ROOT)}
            ports = [free_port() for _ in range(replicas)]
            for port in ports:
                procs.append(start_uvicorn("calling.main:create_app", port, env, tmp / f"calling-{port}.log",
                                           factory=True, workers=a.workers,
                                           # on a starved machine a busy worker misses uvicorn's 5 s health check
                                           # and is restarted mid-run
                                           args=("--timeout-worker-healthcheck", "60", "--timeout-keep-alive", "30")))
            service_pids = [p.pid for p in procs]
            h0 = {"Authorization": f"Bearer {tokens[surveyors[0]]}"}
            for port in ports:
                wait_up(f"http://127.0.0.1:{port}/api/calls-log", headers=h0)
            traefik, gateway = start_traefik(tmp / f"traefik-{replicas}", {"calling": ports})
            procs.append(traefik)
            wait_up(f"{gateway}/api/calls-log", headers=h0)
            targets = [(f"{replicas} replica(s), through the Traefik gateway", gateway)]
            if a.direct and replicas == 1:
                targets.append(("1 replica, direct (uvicorn, no gateway)", f"http://127.0.0.1:{ports[0]}"))
            print(f"\n{replicas} calling replica(s): closed loop, {a.surveyors} surveyors claiming back to back, "
                  f"{a.seconds:.0f} s", flush=True)
            spy = start_profile(procs[0].pid, a.profile, a.seconds) if a.profile and replicas == 1 else None
            for label, base in targets:
                rates[label] = report(label, asyncio.run(closed_loop(base, pid, closed_surveyors, tokens, a.seconds,
                                                                     service_pids, holds)))
            if spy is not None:  # py-spy writes its output when interrupted
                import signal

                spy.send_signal(signal.SIGINT)
                spy.wait(timeout=60)
            r = asyncio.run(open_loop(gateway, pid, surveyors, tokens, a.open_seconds, a.rate, service_pids, holds))
            report(f"open loop {a.rate:.0f}/s, {replicas} replica(s)", r)
            lat = sorted(x * 1000 for x in r["latencies"])
            print(f"open loop {a.rate:.0f} claims/s through the Traefik gateway: p50 {percentile(lat, 0.5):.1f} ms "
                  f"p99 {percentile(lat, 0.99):.1f} ms  ({replicas} replica(s); goal p99 <= 50 ms; "
                  f"arrivals without a free surveyor {r['no_free_surveyor']})", flush=True)
            stop(procs)  # free the CPUs for the next run and the baseline
            procs.clear()
            for port in ports:  # what the service said about failures (the kit logs no patient data)
                lines = [ln for ln in (tmp / f"calling-{port}.log").read_text(errors="replace").splitlines()
                         if '"level": "ERROR"' in ln or "Error" in ln]
                if lines:
                    print(f"calling replica on port {port}: {len(lines)} error lines, the last:", *lines[-5:],
                          sep="\n  ", flush=True)
        if a.floor:
            for target in ("app", "with_fastapi"):
                rates[f"floor ({target})"] = run_floor(a, run, pid, surveyors, closed_surveyors, tokens, holds, target)
        print(flush=True)
        baseline = report(f"baseline: the claim SQL, {a.surveyors} psycopg threads",
                          raw_load(url, pid, closed_surveyors, a.seconds))
        print()
        for label, rate in rates.items():
            print(f"ratio {label} / claim SQL baseline: {rate / baseline:.3f}  ({baseline / rate:.1f}x slower; "
                  f"goal >= 0.35)")
        if a.profile and a.profile.exists():
            print(f"\nprofile of the service under the closed loop (py-spy, {a.profile}):")
            print_profile(a.profile)
        expired, two_open = double_handouts(url)
        print(f"patients handed to two surveyors: {holds.double} seen by the load generator; in the database "
              f"{expired} calls closed as taken over, {two_open} visits with two open calls (goal: 0 each)")


if __name__ == "__main__":
    main()
