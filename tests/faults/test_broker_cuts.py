"""Case 1: the broker connection of every service is cut and restored several times while real work runs (a
roster import, call results from several surveyors, questionnaire saves); afterwards every consumer has applied
every event owed to it exactly once, and its read model equals the publisher's source of truth."""

import os
import threading
import time

import faults_support as fs
from faults_support import say, scalar

# The roster's patients travel 2 per event in this suite (conftest: ROSTERS_VISITS_PER_EVENT): 6,000 rows are
# 3,000 events, each applied by calling and by reporting. What the case proves is that cuts meet events in flight
# (outbox rows not yet confirmed, deliveries not yet acknowledged) in each phase of the work, and it asserts that
# cuts landed while the visits were still arriving and while the surveyors were calling; a bigger roster only
# makes the visits' phase longer (FAULTS_ROSTER_ROWS=20000 for a long run). The 5 surveyors make at least
# CALLS_EACH calls each and go on calling until UP_SECONDS after the last cut's restore, so the calls' events (call
# started / completed, results, questionnaire saves, each reaching every consumer bound to it) meet every cut of
# their phase and the reconnection after it, however fast the machine is.
ROSTER_ROWS = int(os.environ.get("FAULTS_ROSTER_ROWS", "6000"))
CALLS_EACH = int(os.environ.get("FAULTS_CALLS_EACH", "40"))
# the phase of the work each cut waits for (the first one at once after the roster's commit, then UP_SECONDS
# after the previous restore): a cut while the services still reconnect from the previous one would drop nothing
PHASES = ("import", "visits", "calls", "over")
CUT_PLAN = ("visits", "visits", "visits", "calls", "calls")
CUT_SECONDS, UP_SECONDS = 3.0, 5.0
BUDGET = 420  # seconds: the case stops by itself


_said = [0.0]


def visits_in_calling(stack, project_id: int) -> bool:
    """True once calling holds the whole roster; else says how far it got (a failed wait tells slow from stuck)."""
    n = scalar(stack, "calling", "SELECT count(*) FROM visits WHERE project_id = %s", (project_id,))
    if n == ROSTER_ROWS:
        return True
    if time.monotonic() - _said[0] >= 10:
        _said[0] = time.monotonic()
        say(f"calling holds {n} of {ROSTER_ROWS} visits")
    return False


def test_broker_cut_and_restored_under_load_loses_and_duplicates_nothing(stack, proxy, client):
    started = time.monotonic()
    deadline = started + BUDGET
    project = fs.set_up_project(stack, client, "Broker Cuts")
    dup_before = fs.metric_total(stack, "consumer_duplicates_absorbed")
    from kit.events import utcnow
    since = utcnow()

    imported = threading.Event()  # the roster is committed: its events are being published
    work_over = threading.Event()  # set when the work is over (or failed): no more cuts
    cutting = threading.Event()  # the surveyors go on past CALLS_EACH while it is set
    cutting.set()
    phase = ["import"]  # what the work is doing now: import, visits (arriving in calling), calls, over
    cut_phases: list[str] = []  # the phase each cut landed in
    last_restore = [time.monotonic()]

    def chaos():
        try:
            cut_as_planned()
            work_over.wait(UP_SECONDS)  # the calls go on a while after the last restore
        finally:
            cutting.clear()

    def cut_as_planned():
        imported.wait(BUDGET)
        for at in CUT_PLAN:  # 3 cuts while the visits arrive, 2 while the surveyors call
            while PHASES.index(phase[0]) < PHASES.index(at):  # (a phase over before its cuts: in the next one)
                if work_over.wait(0.2):
                    return
            if work_over.wait(0.5 if at == "visits" and not cut_phases else UP_SECONDS):
                return
            cut_phases.append(phase[0])
            n = proxy.cut()
            say(f"broker cut #{proxy.cuts} ({phase[0]}): {n} service connections dropped")
            time.sleep(CUT_SECONDS)
            proxy.restore()
            last_restore[0] = time.monotonic()

    cutter = threading.Thread(target=chaos, name="chaos")
    cutter.start()
    try:
        import_s = fs.import_roster(stack, client, project, ROSTER_ROWS)
        say(f"roster of {ROSTER_ROWS} rows committed in {import_s:.1f}s")
        # the patients reach calling by event (delayed while the broker is cut)
        phase[0] = "visits"
        imported.set()
        fs.eventually(lambda: visits_in_calling(stack, project.id), timeout=180, every=0.5)
        phase[0] = "calls"
        tally, done = fs.run_surveyors(stack, project, CALLS_EACH, deadline, busy=cutting)
        phase[0] = "over"
    finally:
        imported.set()
        work_over.set()
        cutter.join()
        proxy.restore()
    restored_at = max(last_restore[0], time.monotonic())  # the last restore, or the end of the work if later

    led, _ = fs.wait_delivered(stack, since, timeout=max(30.0, deadline - time.monotonic()))
    recover_s = time.monotonic() - restored_at
    dup = fs.metric_total(stack, "consumer_duplicates_absorbed") - dup_before
    say(f"cuts: {proxy.cuts} (in phases {cut_phases}), connections dropped: {proxy.dropped}; calls claimed "
        f"{tally.claims}, results {tally.results}, questionnaire saves {tally.surveys}, lock expired "
        f"{tally.expired}, client resends {tally.retries}, statuses {dict(tally.statuses)}")
    say(f"events published {led.published}, deliveries owed {led.expected}, applied {led.applied}, lost "
        f"{led.lost_count}, unsent {led.unsent}, duplicates absorbed by inboxes {dup:.0f}; time to recover after the "
        f"last restore and the end of the work {recover_s:.1f}s; case took {time.monotonic() - started:.0f}s")

    assert led.unsent == 0, f"{led.unsent} events never left their outbox"
    assert not led.lost, {k: len(v) for k, v in led.lost.items()}
    assert not led.extra, {k: len(v) for k, v in led.extra.items()}
    assert proxy.cuts >= 3 and proxy.dropped > 0
    # the cuts met the work in flight: while the roster's visits travelled and while the surveyors called
    assert {"visits", "calls"} <= set(cut_phases), cut_phases

    # read models against their sources of truth, row for row (a duplicate effect would show as a difference)
    pid = (project.id,)
    assert scalar(stack, "rosters", "SELECT count(*) FROM visits WHERE project_id = %s", pid) == ROSTER_ROWS
    assert scalar(stack, "calling", "SELECT count(*) FROM visits WHERE project_id = %s", pid) == ROSTER_ROWS
    calls = dict(fs.sql(stack, "calling", "SELECT id, result FROM calls WHERE project_id = %s", pid))
    facts = dict(fs.sql(stack, "reporting", "SELECT call_id, result FROM call_fact WHERE project_id = %s", pid))
    assert facts == calls, "reporting's call facts differ from calling's calls"
    assert len(calls) == tally.claims
    saved = sorted(fs.sql(stack, "surveys", "SELECT call_id, ques_id, ans_id FROM survey_answer WHERE project_id = %s", pid))
    copied = sorted(fs.sql(stack, "reporting", "SELECT call_id, ques_id, ans_id FROM rm_survey_answer WHERE project_id = %s", pid))
    assert copied == saved and len(saved) == tally.surveys
    # each patient's attempts in calling equal the calls made on it (a call.started applied twice would not show
    # here, but an attempt counted twice by a resent claim would)
    attempts = scalar(stack, "calling", "SELECT coalesce(sum(attempts), 0) FROM visits WHERE project_id = %s", pid)
    assert attempts == len(calls)
    assert len(done) == tally.results
