"""The first-call scenario on the full topology: Traefik + one uvicorn per service + PostgreSQL + RabbitMQ.

Also the complete sign-in flow through Traefik (Ops and the surveyor sign in with the one-time code)."""

import sys
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scenario"))

from scenario import EXPECTED_OUTCOME, run  # noqa: E402


def test_first_call_end_to_end_full_topology(stack):
    with httpx.Client(base_url=stack.url, timeout=60) as client:
        outcome = run(client, Path(stack.var_dir))
    assert outcome == EXPECTED_OUTCOME
