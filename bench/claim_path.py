"""The claim path's own cost, without the machine's other load in the figure: database round trips and CPU time
per request of the calling service, in one process, one request at a time, on PostgreSQL with quotas on
(the sampling of bench/next_call.py).

    .venv/bin/python bench/claim_path.py [--cycles 300] [--visits 5000]

Each cycle is what a surveyor does in bench/next_call.py: POST /api/calls, then PUT /api/call-lock (give the
patient back) or PUT /api/calls (No Answer). The app runs in this process (the kit's app factory, lifespan,
middleware, auth, validation, outbox relay); requests go through Starlette's TestClient. Printed per kind of
request: statements sent to PostgreSQL (every cursor execute, BEGIN and COMMIT included: each is a round trip)
and the process CPU time (user + system) per request.

Baseline in the same run: the service's claim statement (captured at the driver, as bench/next_call.py does)
and the one-statement give-back, executed through psycopg by this process, the same number of cycles: the CPU a
client spends on the bare SQL. CPU time is far steadier than throughput on a shared machine, but it still
grows when the CPUs are oversubscribed (caches, frequency): compare figures of one run, and note the load
average printed with them.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import scratch  # noqa: E402
from next_call import RAW_RELEASE, claim_sql, seed  # noqa: E402


async def _async_engine(db):
    return db.async_sessionmaker().kw["bind"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cycles", type=int, default=300)
    ap.add_argument("--visits", type=int, default=5000)
    ap.add_argument("--show", action="store_true", help="print the statements of one request of each kind")
    a = ap.parse_args()

    from datetime import UTC, datetime, timedelta

    import psycopg
    from fastapi.testclient import TestClient
    from sqlalchemy import event

    from calling.config import Settings
    from calling.main import create_app

    with scratch("bench_path") as run:
        url, tmp, pub, signer = run.url, run.tmp, run.public_key, run.signer
        pid, surveyors, _ = seed(url, a.visits, 2)
        sid = surveyors[0]
        h = {"Authorization": f"Bearer {signer.sign(sub=sid, role=3, sid='bench', name='bench', ttl_seconds=3600)}"}
        settings = Settings(database_url=url, jwt_public_key_file=pub, log_level="WARNING", var_dir=tmp / "var")
        app = create_app(settings)
        counts = {"n": 0}

        shown: dict[str, list[str]] = {}

        def count(*args):
            # the outbox relay's statements run in its own thread on the same engine: not the request's
            if threading.current_thread().name != "outbox-relay":
                counts["n"] += 1
                if a.show and counts.get("kind"):
                    text = args[2] if len(args) > 2 else "COMMIT"
                    shown.setdefault(counts["kind"], []).append(" ".join(text.split())[:110])

        with TestClient(app) as client:
            # the hot endpoints run on the async driver's engine (kit.app.on_event_loop), the rest on the sync one
            engines = [app.state.db.engine,
                       client.portal.call(_async_engine, app.state.db).sync_engine]
            for engine in engines:
                event.listen(engine, "before_cursor_execute", count)
                # BEGIN and COMMIT are round trips too (psycopg sends BEGIN with the first statement's execute,
                # SQLAlchemy's commit is one)
                event.listen(engine, "commit", count)
            stats = {k: [0, 0.0, 0] for k in ("claim", "release", "no answer")}  # statements, cpu s, requests

            def timed(kind, fn):
                n0, c0 = counts["n"], time.process_time()
                counts["kind"] = kind if kind not in shown else None
                r = fn()
                counts["kind"] = None
                st = stats[kind]
                st[0] += counts["n"] - n0
                st[1] += time.process_time() - c0
                st[2] += 1
                assert r.status_code == 200, r.text
                return r

            for k in range(a.cycles + 20):
                if k == 20:  # warm-up done
                    stats = {kk: [0, 0.0, 0] for kk in stats}
                c = timed("claim", lambda: client.post("/api/calls", headers=h, json={"projectId": pid, "surveyorId": sid})
                          ).json()["data"]
                if k % 2:
                    timed("release", lambda: client.put("/api/call-lock", headers=h,
                                                        json={"callId": c["callId"], "projectId": pid}))
                else:
                    timed("no answer", lambda: client.put("/api/calls", headers=h, json={
                        "id": c["callId"], "projectId": pid, "visitId": c["visitId"], "visitorId": c["visitorId"],
                        "result": 4, "isPartial": True}))
            for engine in engines:
                event.remove(engine, "before_cursor_execute", count)
                event.remove(engine, "commit", count)

        print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {a.cycles} cycles, one at a time, "
              f"in process (TestClient), quotas on")
        for kind, texts in shown.items():
            print(f"{kind}:", *texts, sep="\n    ")
        total_cpu = total_req = 0
        for kind, (n, cpu, reqs) in stats.items():
            total_cpu += cpu
            total_req += reqs
            print(f"{kind:<10} {n / reqs:5.1f} statements per request   CPU {cpu / reqs * 1000:6.2f} ms per request")
        service_cycle = total_cpu / a.cycles

        # baseline: the bare SQL of a cycle through psycopg, in this process
        sql, captured = claim_sql(url, pid, surveyors)
        with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://"), autocommit=True) as conn:
            cur = conn.cursor()
            c0 = time.process_time()
            for _ in range(a.cycles):
                now = datetime.now(UTC).replace(tzinfo=None)
                cur.execute(sql, {**captured, "c_now": now, "c_sid": sid, "c_until": now + timedelta(minutes=30),
                                  "c_tok": uuid.uuid4().hex, "c_cutoff": now - timedelta(days=30),
                                  "c_cbopen": now - (captured["c_now"] - captured["c_cbopen"])}, prepare=True)
                row = cur.fetchone()
                cols = [d.name for d in cur.description]
                cur.execute(RAW_RELEASE, {"visit": row[cols.index("id")], "call": row[cols.index("call_id")],
                                          "now": now}, prepare=True)
            raw_cycle = (time.process_time() - c0) / a.cycles
        print(f"baseline: the claim SQL + give-back through psycopg: 2 statements, CPU {raw_cycle * 1000:.2f} ms per cycle")
        print(f"service CPU per cycle (claim + release/result) {service_cycle * 1000:.2f} ms = "
              f"{service_cycle / raw_cycle:.1f}x the bare SQL's client CPU")


if __name__ == "__main__":
    main()
