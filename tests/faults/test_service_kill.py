"""Case 2: the calling service is killed with SIGKILL at random moments under the claim load and restarted: no
patient is held forever (the lock expires and the patient returns to the queue), no result is stored twice, the
relay resumes from the outbox."""

import random
import threading
import time

import faults_support as fs
from faults_support import LOCK_TTL_SECONDS, say, scalar

KILLS = 3
CALLS_EACH = 12
PATIENTS = 600
BUDGET = 300


def test_calling_killed_under_claim_load_holds_no_patient_and_stores_nothing_twice(stack, client):
    started = time.monotonic()
    deadline = started + BUDGET
    from kit.events import utcnow
    since = utcnow()
    project = fs.set_up_project(stack, client, "Calling Killed")
    fs.import_roster(stack, client, project, PATIENTS, seed=21)
    fs.eventually(lambda: scalar(stack, "calling", "SELECT count(*) FROM visits WHERE project_id = %s",
                                 (project.id,)) == PATIENTS, timeout=120, every=1)

    downtimes: list[float] = []
    stop = threading.Event()
    killing = threading.Event()  # the surveyors go on past CALLS_EACH until the last kill is over
    killing.set()
    rng = random.Random()

    def killer():
        try:
            _kill_a_few_times()
        finally:
            killing.clear()

    def _kill_a_few_times():
        for _ in range(KILLS):
            if stop.wait(rng.uniform(0.5, 3.0)):
                return
            pid = fs.kill_service(stack, "calling")
            t0 = time.monotonic()
            fs.start_service(stack, "calling")
            downtimes.append(time.monotonic() - t0)
            say(f"calling (pid {pid}) killed with SIGKILL, back in {downtimes[-1]:.1f}s")

    k = threading.Thread(target=killer, name="killer")
    k.start()
    try:
        tally, done = fs.run_surveyors(stack, project, CALLS_EACH, deadline, busy=killing)
    finally:
        stop.set()
        k.join()
    assert len(downtimes) >= 1, "the work ended before calling was killed once"

    # A patient claimed just before a kill and never saved: held by the lock only until it expires.
    pid = (project.id,)
    held, left = fs.sql(stack, "calling", "SELECT count(*), extract(epoch FROM max(locked_until) - now() AT TIME ZONE "
                        "'utc') FROM visits WHERE project_id = %s AND locked_until > now() AT TIME ZONE 'utc'", pid)[0]
    # the load is over: nothing extends a lock now; wait until the latest one ends, never longer than the lock time
    # (a lock stored beyond it is then still held and fails the case)
    waited = min(float(left or 0), LOCK_TTL_SECONDS) + 1
    time.sleep(waited)
    still = scalar(stack, "calling", "SELECT count(*) FROM visits WHERE project_id = %s AND locked_until > now() AT TIME ZONE 'utc'", pid)

    led, recover_s = fs.wait_delivered(stack, since, timeout=120)
    say(f"kills {len(downtimes)}, restart times {[round(d, 1) for d in downtimes]}s; calls claimed {tally.claims}, "
        f"results {tally.results}, questionnaire saves {tally.surveys}, lock expired before the save "
        f"{tally.expired}, client resends {tally.retries}, statuses {dict(tally.statuses)}; patients held at the "
        f"end {held}, after the lock time ({waited:.1f} s later) {still}; events {led.published}, lost "
        f"{led.lost_count}, unsent {led.unsent}; outbox drained {recover_s:.1f}s after the load")
    assert still == 0, "a patient is still held after the lock time"
    assert led.unsent == 0 and not led.lost, (led.unsent, {c: len(v) for c, v in led.lost.items()})

    # no result stored twice: one call row per claim, one completion event per finished call, attempts == calls
    calls = fs.sql(stack, "calling", "SELECT id, status, result FROM calls WHERE project_id = %s", pid)
    finished = [c for c in calls if c[1] in ("completed", "partial")]
    completions = fs.sql(stack, "calling", "SELECT envelope->'data'->>'callId', count(*) FROM outbox WHERE routing_key ="
                         " 'calling.call.completed' AND (envelope->'data'->>'projectId')::int = %s GROUP BY 1", pid)
    interim = {str(c[0]) for c in calls if c[2] == 1}  # Agreed: the interim save and the final one both publish
    over = {cid: n for cid, n in completions if n > (2 if cid in interim else 1)}
    assert not over, f"results published more than once: {over}"
    assert {int(c) for c in done} <= {c[0] for c in finished}
    attempts = scalar(stack, "calling", "SELECT coalesce(sum(attempts), 0) FROM visits WHERE project_id = %s", pid)
    assert attempts == len(calls) - sum(1 for c in calls if c[1] == "released")
    facts = dict(fs.sql(stack, "reporting", "SELECT call_id, result FROM call_fact WHERE project_id = %s", pid))
    assert facts == {c[0]: c[2] for c in calls}


def test_a_patient_claimed_before_a_crash_returns_to_the_queue_when_the_lock_expires(stack, client):
    """Two patients; one is claimed, calling dies before the result is saved: the other surveyor gets the second
    patient, then none, then the first once its lock has expired (never before)."""
    project = fs.set_up_project(stack, client, "Held Patient", surveyors=fs.SURVEYORS[:2])
    fs.import_roster(stack, client, project, 2, seed=5)
    fs.eventually(lambda: scalar(stack, "calling", "SELECT count(*) FROM visits WHERE project_id = %s",
                                 (project.id,)) == 2, timeout=120, every=1)
    # The claim counts as a contact (the attempt stands when a lock expires), so the project's look-back days
    # would keep the patient out for that long: look-back 0 isolates the lock rule.
    r = client.put("/api/sampling", headers=project.ops, json={"projectId": project.id, "lookBackDays": 0})
    assert r.status_code == 200, r.text
    fs.eventually(lambda: scalar(stack, "calling", "SELECT look_back_days FROM project_sampling WHERE project_id = %s",
                                 (project.id,)) == 0, timeout=60, every=0.5)
    (a_headers, a), (b_headers, b) = project.surveyors
    claim = lambda h, u: client.post("/api/calls", headers=h, json={"projectId": project.id, "surveyorId": u["id"]})  # noqa: E731
    first = claim(a_headers, a)
    assert first.status_code == 200, first.text
    fs.kill_service(stack, "calling")
    t0 = time.monotonic()
    fs.start_service(stack, "calling")
    second = claim(b_headers, b)
    assert second.status_code == 200, second.status_code
    if second.json()["data"]["visitId"] == first.json()["data"]["visitId"]:
        back = second  # the restart outlasted the lock: A's patient is already back in the queue
    else:
        # B's patient asks not to be called again (leaves the queue); the only one left is held by A's dead call
        call = second.json()["data"]
        r = client.put("/api/calls", headers=b_headers, json={"id": call["callId"], "projectId": project.id,
                       "visitId": call["visitId"], "visitorId": call["visitorId"], "result": 2, "isPartial": True})
        assert r.status_code == 200, r.text

        def a_patient_again():  # not handed out before its lock expires, then it is
            r = claim(b_headers, b)
            assert r.status_code in (200, 404), r.status_code  # 404: No more patients (still held)
            return r.status_code == 200 and r
        back = fs.eventually(a_patient_again, timeout=LOCK_TTL_SECONDS + 60, every=1)
    say(f"the patient held at the crash was handed out again {time.monotonic() - t0:.1f}s after the kill "
        f"(lock time {LOCK_TTL_SECONDS}s)")
    assert fs._scenario.instant(back.json()["data"]["callStart"]) >= fs._scenario.instant(first.json()["data"]["lockExpiresAt"])
    assert back.json()["data"]["visitId"] == first.json()["data"]["visitId"]
