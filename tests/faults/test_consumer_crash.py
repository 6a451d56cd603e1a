"""Case 3: a consumer dies between its effect (committed with its inbox row) and the broker acknowledgement; the
broker redelivers the message to the restarted service and the inbox absorbs it: the effect stays single."""

import re
import sys
import time

import faults_support as fs
import pytest
from faults_support import ROOT, say

HOOK = [sys.executable, str(ROOT / "tests" / "faults" / "crash_after_effect.py"), "reporting", "--"]


@pytest.fixture
def reporting_restored(stack):
    """Whatever happens in the case, reporting runs without the hook afterwards."""
    yield
    if not fs.service_alive(stack, "reporting") or "--" in fs._entry(stack, "reporting")["argv"]:
        fs.kill_service(stack, "reporting")
        fs.start_service(stack, "reporting")


def test_redelivery_after_a_crash_before_the_ack_is_absorbed_by_the_inbox(stack, client, reporting_restored):
    project = fs.set_up_project(stack, client, "Consumer Crash", surveyors=fs.SURVEYORS[:1])
    fs.import_roster(stack, client, project, 20, seed=3)
    fs.eventually(lambda: fs.scalar(stack, "calling", "SELECT count(*) FROM visits WHERE project_id = %s",
                                    (project.id,)) == 20, timeout=120, every=1)
    led, _ = fs.wait_delivered(stack, timeout=120)  # reporting has applied everything before the hook goes in
    assert led.complete, (led.unsent, {c: len(v) for c, v in led.lost.items()})
    fs.kill_service(stack, "reporting")
    pid = fs.start_service(stack, "reporting", wrapper=HOOK)
    say(f"reporting restarted with the crash hook (pid {pid})")

    headers, user = project.surveyors[0]
    r = client.post("/api/calls", headers=headers, json={"projectId": project.id, "surveyorId": user["id"]})
    assert r.status_code == 200, r.status_code
    call_id = r.json()["data"]["callId"]
    t0 = time.monotonic()
    fs.eventually(lambda: not fs.service_alive(stack, "reporting"), timeout=60, every=0.2)
    say(f"reporting exited {time.monotonic() - t0:.1f}s after the claim, after applying an event and "
        "before acknowledging it")
    m = re.findall(r"\[faults\] reporting applied (\S+) (\S+): exiting before the ack", stack.log("reporting"))
    assert m, "the hook did not fire"
    event_type, event_id = m[-1]
    say(f"the event applied before the crash: {event_type} {event_id}")
    committed = fs.scalar(stack, "reporting", "SELECT count(*) FROM inbox WHERE event_id = %s AND consumer = 'reporting'",
                          (event_id,))
    assert committed == 1, "the effect was not committed before the crash"

    fs.start_service(stack, "reporting")
    fs.eventually(lambda: fs.metric_total(stack, "consumer_duplicates_absorbed", services=("reporting",)) >= 1,
                  timeout=60, every=0.5)
    absorbed = fs.metric_total(stack, "consumer_duplicates_absorbed", services=("reporting",))
    led, _ = fs.wait_delivered(stack, timeout=120)
    say(f"redelivered and absorbed by reporting's inbox: {absorbed:.0f}; ledger: {led.published} events, lost "
        f"{led.lost_count}, unsent {led.unsent}")
    assert led.complete and not led.extra
    assert fs.service_alive(stack, "reporting")
    assert fs.scalar(stack, "reporting", "SELECT count(*) FROM call_fact WHERE call_id = %s", (call_id,)) == 1
