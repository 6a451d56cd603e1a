"""PostgreSQL: many surveyors claiming at once never get the same patient (FOR UPDATE SKIP LOCKED)."""

import threading

import pytest
from fastapi.testclient import TestClient

from kit.testing import base_settings, new_postgres_url

from calling.config import Settings
from calling.main import create_app
from calling_testkit import World


@pytest.fixture(params=[1, 2], ids=["one replica", "two replicas"])
def pg_world(request, tmp_path, keypair, tokens):
    """One calling app, or two on the same database (two replicas: each its own engine, pool, relay and
    consumer); `w.replicas` are the clients of those apps the surveyors' requests are spread over. A client is
    shared by the surveyors' threads: its app serves them on one event loop, as a server process does (the hot
    endpoints' async connections belong to that loop)."""
    from kit.db import drop_postgres_database

    url = new_postgres_url("calling_conc")
    # Pools far smaller than the surveyors (10 connections an engine, each app has a sync and an event-loop
    # engine): the requests still overlap in the database, and two replicas hold at most 40 of PostgreSQL's 100
    # connections, so the suite's other workers keep theirs (the service's default pools took up to 65 here).
    settings = Settings(**base_settings(tmp_path, url, keypair, db_pool_size=5, db_max_overflow=5))
    with TestClient(create_app(settings)) as c:
        w = World(c, tokens)
        w.replicas = [c]
        if request.param == 2:
            with TestClient(create_app(settings)) as c2:
                w.replicas.append(c2)
                yield w
        else:
            yield w
    drop_postgres_database(url)


def test_twenty_surveyors_at_once_never_share_a_patient(pg_world):
    w = pg_world
    pid = w.project()
    surveyors = [w.user() for _ in range(20)]
    for s in surveyors:
        w.assign(pid, s)
    w.sampling(pid, max_calls=5)
    w.visits(pid, 200)
    rounds, results, errors = 5, {s: [] for s in surveyors}, []
    barrier = threading.Barrier(len(surveyors))

    def work(sid):
        # the surveyors spread over the replicas; each request its own session and connection
        client = w.replicas[sid % len(w.replicas)]
        try:
            barrier.wait()
            for n in range(rounds):
                r = client.post("/api/calls", headers=w.h(3, sid), json={"projectId": pid, "surveyorId": sid})
                if r.status_code != 200:
                    errors.append(r.text)
                    return
                c = r.json()["data"]
                results[sid].append(c["visitId"])
                body = {"callId": c["callId"], "projectId": pid}
                if n % 2:  # half give the patient back, half record No Answer
                    client.put("/api/call-lock", headers=w.h(3, sid), json=body)
                else:
                    client.put("/api/calls", headers=w.h(3, sid), json={
                        "id": c["callId"], "projectId": pid, "visitId": c["visitId"], "visitorId": c["visitorId"],
                        "result": 4, "isPartial": True})
        except Exception as exc:  # noqa: BLE001
            errors.append(repr(exc))

    threads = [threading.Thread(target=work, args=(s,)) for s in surveyors]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[:3]
    # A patient taken while someone still held it would have closed that holder's call as `expired` (the claim
    # closes any open call on the visit it takes); with a 30-minute hold none may exist, and no visit may have
    # two open calls. (Timestamps are app-clock and cannot order claims against releases across requests.)
    assert w.sql("SELECT count(*) FROM calls WHERE status = 'expired'")[0][0] == 0
    assert w.sql("SELECT count(*) FROM (SELECT visit_id FROM calls WHERE status = 'open' "
                 "GROUP BY visit_id HAVING count(*) > 1) x")[0][0] == 0
    assert sum(len(v) for v in results.values()) == 20 * rounds
    firsts = [v[0] for v in results.values()]
    assert len(set(firsts)) == 20  # the first simultaneous claims: 20 different patients
    # the released patients came back to the queue (attempts uncounted), the No Answer ones counted
    released = w.sql("SELECT count(*) FROM calls WHERE status = 'released'")[0][0]
    assert released == 20 * (rounds // 2)
    total_attempts = w.sql("SELECT sum(attempts) FROM visits")[0][0]
    assert total_attempts == 20 * rounds - released


def test_fifty_surveyors_with_quotas_on_never_share_a_patient(pg_world):
    """Quotas by provider and a Set language on: 50 surveyors claim and complete surveys at once."""
    w = pg_world
    pid = w.project()
    surveyors = [w.user(lang_ids=[1, 2]) for _ in range(50)]
    for s in surveyors:
        w.assign(pid, s)
    for provider in ("Dr A", "Dr B", "Dr C", "Dr D"):
        w.visits(pid, 60, provider=provider)
    w.visits(pid, 60, provider="Dr E", language_id=2)
    w.sampling(pid, parameters=[(0, 1), (999, 2)],
               quotas=[{"typeId": 0, "value": "Dr A", "required": 10}, {"typeId": 0, "value": "Dr B", "required": 20},
                       {"typeId": 0, "value": "Dr C", "required": 30}],  # Dr D and Dr E: no quota
               languages=[{"languageId": 2, "mode": 3, "allowedSamples": 5}])
    rounds, claimed, errors = 3, [], []
    lock = threading.Lock()
    barrier = threading.Barrier(len(surveyors))

    def work(sid):
        client = w.replicas[sid % len(w.replicas)]
        try:
            barrier.wait()
            for _ in range(rounds):
                r = client.post("/api/calls", headers=w.h(3, sid), json={"projectId": pid, "surveyorId": sid})
                if r.status_code != 200:
                    errors.append(r.text)
                    return
                c = r.json()["data"]
                with lock:
                    claimed.append((c["visitId"], c["provider"]))
                r = client.put("/api/calls", headers=w.h(3, sid), json={
                    "id": c["callId"], "projectId": pid, "visitId": c["visitId"], "visitorId": c["visitorId"],
                    "result": 1, "isPartial": False})
                if r.status_code != 200:
                    errors.append(r.text)
        except Exception as exc:  # noqa: BLE001
            errors.append(repr(exc))

    threads = [threading.Thread(target=work, args=(s,)) for s in surveyors]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[:3]
    visit_ids = [v for v, _ in claimed]
    assert len(visit_ids) == 50 * rounds and len(set(visit_ids)) == len(visit_ids)  # never shared
    assert w.sql("SELECT count(*) FROM calls WHERE status = 'expired'")[0][0] == 0
    # Every cell is reached or was open when its patients were handed out; a reached cell gives no more:
    cells = dict(w.sql("SELECT value, completed FROM quota_cells WHERE project_id = :p AND type_id = 0", p=pid))
    assert sum(cells.values()) == 50 * rounds
    # (surveys already in progress when a cell filled may finish it: at most one per other surveyor)
    assert cells["Dr A"] <= 10 + 49 and cells["Dr B"] <= 20 + 49 and cells["Dr C"] <= 30 + 49
    reached = [p for p, req in (("Dr A", 10), ("Dr B", 20), ("Dr C", 30)) if cells[p] >= req]
    assert reached  # 150 surveys over 4 quota-free or open cells of 60: the least-filled-first order fills them
    for sid in surveyors[:10]:
        r = w.claim(pid, sid)
        if r.status_code == 200:
            assert r.json()["data"]["provider"] not in reached
            assert w.release(r.json()["data"], sid).status_code == 200
