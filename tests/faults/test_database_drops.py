"""Case 4: PostgreSQL connections of every service are terminated (pg_terminate_backend) under load: requests
that lose their connection answer a clear 503 "Database unavailable, try again" (never a 500), the call
screen's resend lands once, and the pools recover without a restart."""

import threading
import time
from collections import Counter

import faults_support as fs
from faults_support import say

ROUNDS = 6


def test_terminated_database_connections_answer_503_and_the_pools_recover(stack, client):
    project = fs.set_up_project(stack, client, "Database Drops")
    fs.import_roster(stack, client, project, 300, seed=11)
    fs.eventually(lambda: fs.scalar(stack, "calling", "SELECT count(*) FROM visits WHERE project_id = %s",
                                    (project.id,)) == 300, timeout=120, every=1)
    pids_before = {ctx: fs._entry(stack, ctx)["pid"] for ctx in fs.SERVICES}
    databases = [u.rsplit("/", 1)[1] for u in stack.info["databases"].values()]
    stop = threading.Event()
    raw = Counter()  # every answer the readers got, resends included
    messages: Counter = Counter()
    lock = threading.Lock()

    def reader():  # Ops pages through the call log and the projects while the drops happen
        with stack.client() as c:
            while not stop.is_set():
                for url in (f"/api/calls-log?projectId={project.id}&limit=50", "/api/projects?limit=20",
                            "/api/users?limit=20"):
                    try:
                        r = c.get(url, headers=project.ops)
                    except Exception:  # noqa: BLE001 - counted
                        with lock:
                            raw["unreachable"] += 1
                        continue
                    with lock:
                        raw[r.status_code] += 1
                        if r.status_code >= 500:
                            messages[(r.status_code, r.json().get("message") if r.headers.get(
                                "content-type", "").startswith("application/json") else r.text[:80])] += 1

    terminated = []

    def terminator():
        with fs.db(stack, "identity") as conn:
            for _ in range(ROUNDS):
                if stop.wait(1.5):
                    return
                n = conn.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = "
                                 "ANY(%s) AND pid <> pg_backend_pid()", (databases,)).fetchone()[0]
                terminated.append(n)
                say(f"terminated {n} backends of the stack's databases")

    readers = [threading.Thread(target=reader) for _ in range(3)]
    killer = threading.Thread(target=terminator)
    for t in (*readers, killer):
        t.start()
    deadline = time.monotonic() + 240
    try:
        tally, done = fs.run_surveyors(stack, project, 8, deadline)
        killer.join()
    finally:
        stop.set()
        killer.join()
        for t in readers:
            t.join()
    t_end = time.monotonic()

    # the pools recover by themselves: every service healthy again, same processes, work goes through
    for ctx in fs.SERVICES:
        fs.wait_healthy(stack, ctx, timeout=60)
    recovered_s = time.monotonic() - t_end
    assert {ctx: fs._entry(stack, ctx)["pid"] for ctx in fs.SERVICES} == pids_before, "a service was restarted"
    led, _ = fs.wait_delivered(stack, timeout=120)
    statuses = tally.statuses + raw
    say(f"backends terminated per round {terminated}; answers {dict(statuses)}; 5xx messages {dict(messages)}; "
        f"calls {tally.claims}, results {tally.results}, resends {tally.retries}; healthy again {recovered_s:.1f}s "
        f"after the last drop; events {led.published}, lost {led.lost_count}, unsent {led.unsent}")
    assert sum(terminated) > 0
    assert not [s for s in statuses if isinstance(s, int) and s >= 500 and s != 503], dict(statuses)
    assert all(m == "Database unavailable, try again" for (_, m) in messages), dict(messages)
    assert led.complete
    pid = (project.id,)
    calls = dict(fs.sql(stack, "calling", "SELECT id, result FROM calls WHERE project_id = %s", pid))
    assert len(calls) == tally.claims and len(done) == tally.results
    facts = dict(fs.sql(stack, "reporting", "SELECT call_id, result FROM call_fact WHERE project_id = %s", pid))
    assert facts == calls
