"""Runs a service with a fault hook: its consumer <name> exits the process (as a SIGKILL would, no cleanup) right
after it applied its first event and committed the effect, before the broker's acknowledgement. The broker
redelivers the message to the restarted service, whose inbox must absorb it.

    python tests/faults/crash_after_effect.py <consumer> -- <python> -m uvicorn <uvicorn args...>
"""

import os
import sys

from kit import events

consumer, rest = sys.argv[1], sys.argv[sys.argv.index("--") + 1:]
assert rest[1:3] == ["-m", "uvicorn"], rest
_handle = events.EventConsumer.handle


def handle_then_die(self, envelope, headers=None):
    applied = _handle(self, envelope, headers)
    if applied and self.name == consumer:
        print(f"[faults] {consumer} applied {envelope['type']} {envelope['id']}: exiting before the ack", flush=True)
        os._exit(137)
    return applied


events.EventConsumer.handle = handle_then_die
sys.argv = ["uvicorn", *rest[3:]]
from uvicorn.main import main  # noqa: E402

main()
