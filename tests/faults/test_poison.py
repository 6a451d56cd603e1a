"""Case 5: an event its consumer cannot apply (here: reporting's database refuses the row, as a bug would) is
retried up to the queue's delivery limit, then lands in the consumer's dead-letter queue, visible in /metrics;
after the fix, `python -m kit.deadletters replay <queue>` puts it back and it is applied once."""

import re
import subprocess
import sys
import time
import uuid

import faults_support as fs
import pytest
from faults_support import ROOT, say

from kit.testing import AMQP_URL

REFUSE = """
CREATE OR REPLACE FUNCTION faults_refuse_client() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'faults: this client row is refused'; END $$;
CREATE TRIGGER faults_refuse_client BEFORE INSERT ON rm_client FOR EACH ROW
WHEN (NEW.name LIKE 'Poison Pill%%') EXECUTE FUNCTION faults_refuse_client();
"""
FIX = "DROP TRIGGER IF EXISTS faults_refuse_client ON rm_client; DROP FUNCTION IF EXISTS faults_refuse_client();"


@pytest.fixture
def refusing_reporting(stack):
    with fs.db(stack, "reporting") as conn:
        conn.execute(FIX)
        conn.execute(REFUSE)
    yield
    with fs.db(stack, "reporting") as conn:
        conn.execute(FIX)


def dead_letters(stack) -> float:
    return fs.metric_total(stack, "dead_letter_queue_depth", services=("reporting",), labels={"consumer": "reporting"})


def dlq_count(queue: str) -> int:
    out = subprocess.run([sys.executable, "-m", "kit.deadletters", "list", queue, "--broker-url", AMQP_URL],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return int(re.search(r": (\d+) dead letter", out.stdout).group(1))


def test_poison_event_is_dead_lettered_after_the_delivery_limit_and_replayed_after_the_fix(stack, client,
                                                                                        refusing_reporting):
    admin_token, _ = fs.sign_in(client, stack.var_dir, "admin@demo.test")  # Admins manage clients
    admin = {"Authorization": f"Bearer {admin_token}"}
    queue = f"{stack.info['queue_prefix']}.reporting"
    before = dlq_count(queue)  # the broker's own count (the /metrics figure is refreshed every 5 s)
    failures_before = stack.log("reporting").count("event handling failed, requeued")
    name = f"Poison Pill {uuid.uuid4().hex[:6]}"
    row = fs.data(client.post("/api/clients", headers=admin, json={"name": name, "abbr": "PP", "stateId": 14, "contacts": [
        {"typeId": 0, "firstName": "Pat", "lastName": "Pill", "email": "pat@poison.example"}]}))
    t0 = time.monotonic()
    fs.eventually(lambda: dead_letters(stack) >= before + 1, timeout=90, every=1)
    attempts = stack.log("reporting").count("event handling failed, requeued") - failures_before
    say(f"projects.client.created for client {row['id']} dead-lettered after {attempts} failed deliveries, "
        f"{time.monotonic() - t0:.1f}s; dead_letter_queue_depth{{consumer=reporting}} = {dead_letters(stack):.0f}")
    assert attempts >= 5  # the delivery limit of kit.events.RabbitBus
    assert fs.scalar(stack, "reporting", "SELECT count(*) FROM rm_client WHERE id = %s", (row["id"],)) == 0

    with fs.db(stack, "reporting") as conn:  # the fix
        conn.execute(FIX)
    out = subprocess.run([sys.executable, "-m", "kit.deadletters", "replay", queue, "--broker-url", AMQP_URL],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    say(f"kit.deadletters replay {queue}: {out.stdout.strip()} {out.stderr.strip()}")
    assert out.returncode == 0 and f"{queue}: {before + 1} dead letter(s) replayed" in out.stdout
    fs.eventually(lambda: fs.scalar(stack, "reporting", "SELECT name FROM rm_client WHERE id = %s", (row["id"],)) == name,
                  timeout=60, every=0.5)
    fs.eventually(lambda: dead_letters(stack) == 0, timeout=30, every=1)
    assert dlq_count(queue) == 0
    led, _ = fs.wait_delivered(stack, timeout=60)
    assert led.complete
    say(f"replayed and applied once; ledger {led.published} events, lost {led.lost_count}")
