"""Runs `scripts/stack.py` for full-topology tests: a stack of its own (state dir, ports, databases, queues)
beside whatever a developer runs, torn down and purged afterwards."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
STACK = ROOT / "scripts" / "stack.py"
N_PORTS = 7  # six services + the web static server
DEMO_PASSWORD = "Demo-pass-1"  # demo accounts of --demo runs (README)


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
            return True
        except OSError:
            return False


def free_port_block(n: int, start: int = 20000, end: int = 60000) -> int:
    """A base port with n consecutive free ports (tests run beside a developer's stack)."""
    import random

    for _ in range(200):
        base = random.randrange(start, end - n)
        if all(_free(base + i) for i in range(n)):
            return base
    raise RuntimeError("no block of free ports")


@dataclass
class TopologyStack:
    state_dir: Path
    run_id: str
    demo: bool = True
    amqp_url: str | None = None  # the services' broker (default: scripts/stack.py's); tests/faults puts a proxy here
    env: dict = field(default_factory=dict)  # extra environment of every process (e.g. CALLING_LOCK_TTL_MINUTES)
    url: str = ""
    info: dict = field(default_factory=dict)
    output: str = ""

    @property
    def db_prefix(self) -> str:
        return f"t_{self.run_id}"

    @property
    def queue_prefix(self) -> str:
        return f"t-{self.run_id}"

    @property
    def var_dir(self) -> Path:
        """Identity's var dir: its console `sms.log` and `mail.log` land here."""
        return Path(self.info["identity_var_dir"])

    @property
    def logs_dir(self) -> Path:
        return self.state_dir / "logs"

    def service_url(self, ctx: str) -> str:
        return f"http://127.0.0.1:{self.info['services'][ctx]}"

    def client(self, **kw) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=30, **kw)

    def up(self, timeout: float = 180) -> None:
        base = free_port_block(N_PORTS + 1)
        argv = [sys.executable, str(STACK), "up", "--state-dir", str(self.state_dir), "--port", str(base + N_PORTS),
                "--base-port", str(base), "--db-prefix", self.db_prefix, "--queue-prefix", self.queue_prefix,
                "--timeout", str(timeout - 10),
                # calling runs as two replicas behind Traefik: every topology test (the first call end to end
                # included) crosses a scaled-out service, its relays taking turns and its consumers sharing a queue
                "--replicas", "calling=2"]
        if self.demo:
            argv.append("--demo")
        if self.amqp_url:
            argv += ["--amqp-url", self.amqp_url]
        proc = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=timeout,
                              env={**os.environ, **self.env})
        self.output = proc.stdout + proc.stderr
        if proc.returncode != 0:
            self.down()
            raise RuntimeError(f"scripts/stack.py up failed ({proc.returncode}):\n{self.output}")
        self.info = json.loads((self.state_dir / "stack.json").read_text())
        self.url = self.info["url"]

    def down(self) -> str:
        proc = subprocess.run([sys.executable, str(STACK), "down", "--state-dir", str(self.state_dir), "--purge"],
                              cwd=ROOT, capture_output=True, text=True, timeout=120)
        return proc.stdout + proc.stderr

    def sms_codes(self) -> list[str]:
        """One-time codes identity wrote to its console SMS log (`<var_dir>/sms.log`), oldest first."""
        p = self.var_dir / "sms.log"
        return re.findall(r"\b(\d{6})\s*$", p.read_text(), re.M) if p.exists() else []

    def sign_in(self, email: str, password: str = DEMO_PASSWORD) -> dict:
        """Signs in through the gateway as a user would (password, then the one-time code from sms.log);
        returns {"token", "user", "headers"}."""
        with self.client() as c:
            r = c.post("/api/sessions?jwt=1", json={"email": email, "password": password})
            r.raise_for_status()
            user = r.json()["data"]["user"]
            before = len(self.sms_codes())
            r = c.post("/api/sessions/send-otp", json={"id": user["id"]})
            r.raise_for_status()
            codes = self.wait_for(lambda: self.sms_codes()[before:], timeout=10, what="the one-time code in sms.log")
            r = c.post("/api/sessions/otp-verification?jwt=1", json={"email": email, "id": user["id"], "otp": codes[-1]})
            r.raise_for_status()
            data = r.json()["data"]
        token = data["accessToken"]
        return {"token": token, "user": data["user"], "headers": {"Authorization": f"Bearer {token}"}}

    def log(self, name: str) -> str:
        p = self.logs_dir / f"{name}.log"
        return p.read_text(errors="replace") if p.exists() else ""

    def wait_for(self, fn, timeout: float = 30, every: float = 0.2, what: str = "condition"):
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            last = fn()
            if last:
                return last
            time.sleep(every)
        raise AssertionError(f"timed out after {timeout}s waiting for {what} (last value {last!r})")
