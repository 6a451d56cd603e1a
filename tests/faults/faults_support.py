"""Tools of the fault suite: a TCP proxy we can cut between the services and RabbitMQ, service restarts, SQL on
every service's database, the event ledger (what was published, what each consumer applied), /metrics figures,
and the real work the cases drive (sign-in, a project with surveyors and a questionnaire, a roster import, calls).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import importlib.util
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

import httpx
import psycopg

ROOT = Path(__file__).resolve().parents[2]
SERVICES = ("identity", "projects", "rosters", "calling", "surveys", "reporting")
SURVEYORS = ("surveyor@demo.test", "maria.lopez@demo.test", "james.chen@demo.test", "aisha.khan@demo.test",
             "minh.nguyen@demo.test")  # the demo surveyors (role 3)
LOCK_TTL_SECONDS = 15  # calling's patient lock in the fault stack (CALLING_LOCK_TTL_MINUTES)


def say(msg: str) -> None:
    print(f"[faults] {msg}", flush=True)


# ------------------------------------------------------------------------------------------------ the proxy

class CuttableProxy:
    """A TCP proxy on loopback (asyncio streams, in a thread of its own). `cut()` drops every open connection
    and refuses new ones, as a broker that died; `restore()` accepts again on the same port."""

    def __init__(self, target_port: int, target_host: str = "127.0.0.1", port: int = 0):
        self.target = (target_host, target_port)
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="faults-proxy", daemon=True)
        self._server: asyncio.AbstractServer | None = None
        self._writers: set[asyncio.StreamWriter] = set()
        self.port = port
        self.accepted = 0
        self.cuts = 0
        self.dropped = 0

    def _call(self, coro, timeout: float = 10):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def start(self) -> None:
        self._thread.start()
        self._call(self._listen())

    async def _listen(self) -> None:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", self.port)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.close()
            return
        self.accepted += 1
        self._writers |= {writer, up_writer}

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            try:
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                dst.close()
                self._writers.discard(dst)

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    def open_connections(self) -> int:
        return len(self._writers) // 2

    def cut(self) -> int:
        """Refuse new connections and abort the open ones; returns how many client connections were dropped."""
        async def go() -> int:
            if self._server is not None:
                self._server.close()
                self._server = None
            n = len(self._writers) // 2
            for w in list(self._writers):
                w.transport.abort()
            self._writers.clear()
            return n

        n = self._call(go())
        self.cuts += 1
        self.dropped += n
        return n

    def restore(self) -> None:
        if self._server is None:
            self._call(self._listen())

    def stop(self) -> None:
        self.cut()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=5)


# ------------------------------------------------------------------------------------------------ the stack

def _load(name: str, path: Path):
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


stack_script = _load("surveyops_stack_script", ROOT / "scripts" / "stack.py")


def reuse_stack(state_dir: Path, env: dict):
    """A stack started beforehand with scripts/stack.py (developing this suite)."""
    TopologyStack = _load("surveyops_topology_stack", ROOT / "tests" / "topology" / "stack.py").TopologyStack
    s = TopologyStack(state_dir=state_dir.resolve(), run_id="reused", env=env)
    s.info = json.loads((s.state_dir / "stack.json").read_text())
    s.url = s.info["url"]
    return s


def db(stack, ctx: str):
    """A psycopg connection (autocommit) to a service's database of this stack."""
    return psycopg.connect(stack.info["databases"][ctx], autocommit=True)


def sql(stack, ctx: str, query: str, params=()) -> list[tuple]:
    with db(stack, ctx) as conn:
        return conn.execute(query, params).fetchall()


def scalar(stack, ctx: str, query: str, params=()):
    rows = sql(stack, ctx, query, params)
    return rows[0][0] if rows else None


def service_env(stack, ctx: str) -> dict[str, str]:
    """The environment scripts/stack.py gave the service (rebuilt from stack.json), plus the stack's extras."""
    info = stack.info
    a = argparse.Namespace(pg_url=info["pg_url"], amqp_url=info["amqp_url"], db_prefix=info["db_prefix"],
                           queue_prefix=info["queue_prefix"], environment="development", demo=info["demo"],
                           log_level="INFO", db_pool=(3, 7))
    state = stack_script.State(stack.state_dir)
    return {**stack.env, **stack_script.service_env(ctx, a, state, info["services"], info["url"], info["exchange"])}


def _entry(stack, name: str) -> dict:
    return next(e for e in stack_script.State(stack.state_dir).pids() if e["name"] == name)


def kill_service(stack, ctx: str, sig: int = signal.SIGKILL) -> int:
    """Signal the service's process group (uvicorn and its children); returns the pid that was killed."""
    e = _entry(stack, ctx)
    try:
        os.killpg(e["pgid"], sig)
    except ProcessLookupError:
        pass
    deadline = time.monotonic() + 15
    while stack_script.alive(e["pid"]) and time.monotonic() < deadline:
        stack_script._reap()
        time.sleep(0.05)
    return e["pid"]


def start_service(stack, ctx: str, wrapper: list[str] | None = None, extra_env: dict | None = None,
                  wait: bool = True) -> int:
    """Start the service again with its recorded command line (optionally run through `wrapper`, e.g. a fault
    hook), record it in pids.json so `stack.py down` stops it, and wait until its /healthz is 200."""
    state = stack_script.State(stack.state_dir)
    entries = state.pids()
    old = next(e for e in entries if e["name"] == ctx)
    base = old.get("base_argv", old["argv"])  # the command stack.py started, without a previous run's wrapper
    argv = [*(wrapper or []), *base]
    log = open(old["log"], "ab")
    proc = subprocess.Popen(argv, cwd=ROOT, env={**os.environ, **service_env(stack, ctx), **(extra_env or {})},
                            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
    log.close()
    # keep the original argv's last element (the app factory) so stack.py recognises the process
    entries = [e for e in entries if e["name"] != ctx] + [{**old, "pid": proc.pid, "pgid": proc.pid, "argv": argv,
                                                            "base_argv": base}]
    state.record(entries)
    if wait:
        wait_healthy(stack, ctx)
    return proc.pid


def wait_healthy(stack, ctx: str, timeout: float = 90) -> float:
    t0 = time.monotonic()
    stack.wait_for(lambda: stack_script.http_status(f"{stack.service_url(ctx)}/healthz") == 200, timeout=timeout,
                   every=0.2, what=f"{ctx} healthy")
    return time.monotonic() - t0


def service_alive(stack, ctx: str) -> bool:
    return stack_script.alive(_entry(stack, ctx)["pid"])


# ------------------------------------------------------------------------------------------------ events

def consumers() -> dict[str, list[tuple[str, list[str]]]]:
    """Every service's consumers: (name, routing-key patterns), as the services build them."""
    from kit.db import Database

    out = {}
    for ctx in SERVICES:
        spec = importlib.import_module(f"{ctx}.main").SPEC
        d = Database("sqlite://", spec.base)
        out[ctx] = [(c.name, c.patterns) for c in spec.consumers(d)]
        d.engine.dispose()
    return out


@dataclass
class Ledger:
    published: int = 0  # events in the outboxes
    unsent: int = 0  # ... not yet confirmed by the broker
    expected: int = 0  # deliveries owed: event x consumer whose patterns match it
    applied: int = 0  # inbox rows
    lost: dict = field(default_factory=dict)  # consumer -> ids owed but not applied
    extra: dict = field(default_factory=dict)  # consumer -> ids applied that no outbox holds

    @property
    def lost_count(self) -> int:
        return sum(len(v) for v in self.lost.values())

    @property
    def complete(self) -> bool:
        return self.unsent == 0 and self.lost_count == 0


def ledger(stack, since=None) -> Ledger:
    """Compare every outbox (the publishers' record) with every consumer's inbox (exactly-once record).
    `since`: only events created at or after this (naive UTC) time."""
    from kit.events import topic_matches

    events: list[tuple[str, str]] = []
    led = Ledger()
    for ctx in SERVICES:
        q = "SELECT id, routing_key, sent_at IS NULL FROM outbox" + (" WHERE created_at >= %s" if since else "")
        rows = sql(stack, ctx, q, (since,) if since else ())
        events += [(r[0], r[1]) for r in rows]
        led.unsent += sum(1 for r in rows if r[2])
    led.published = len(events)
    all_ids = {e[0] for e in events}
    for ctx, cs in consumers().items():
        for name, patterns in cs:
            owed = {eid for eid, key in events if any(topic_matches(p, key) for p in patterns)}
            q = "SELECT event_id FROM inbox WHERE consumer = %s" + (" AND processed_at >= %s" if since else "")
            got = {r[0] for r in sql(stack, ctx, q, (name, since) if since else (name,))}
            led.expected += len(owed)
            led.applied += len(got & owed)
            if owed - got:
                led.lost[name] = owed - got
            # the inbox keeps ids of events older than `since` too; only ids no outbox has are suspicious
            if not since and got - all_ids:
                led.extra[name] = got - all_ids
    return led


def wait_delivered(stack, since=None, timeout: float = 240) -> tuple[Ledger, float]:
    """Poll the ledger until every event is sent and applied; returns it and the seconds it took."""
    t0 = time.monotonic()
    deadline = t0 + timeout
    led = ledger(stack, since)
    while not led.complete and time.monotonic() < deadline:
        time.sleep(1)
        led = ledger(stack, since)
    return led, time.monotonic() - t0


def metric_total(stack, name: str, services=SERVICES, labels: dict | None = None) -> float:
    """Sum of a /metrics sample over the services (e.g. consumer_duplicates_absorbed)."""
    total = 0.0
    for ctx in services:
        try:
            text = httpx.get(f"{stack.service_url(ctx)}/metrics", timeout=10).text
        except httpx.HTTPError:
            continue
        for line in text.splitlines():
            m = re.match(rf"^{name}(?:\{{(.*)\}})? ([0-9.eE+-]+)$", line)
            if not m:
                continue
            found = dict(re.findall(r'(\w+)="([^"]*)"', m.group(1) or ""))
            if labels and any(found.get(k) != v for k, v in labels.items()):
                continue
            total += float(m.group(2))
    return total


# ------------------------------------------------------------------------------------------------ the work

_scenario = _load("surveyops_faults_scenario", ROOT / "tests" / "scenario" / "scenario.py")
eventually, data, body = _scenario.eventually, _scenario.data, _scenario.body
_signed: dict[str, tuple[float, str, dict]] = {}


def sign_in(client: httpx.Client, var_dir: Path, email: str) -> tuple[str, dict]:
    """The scenario's sign-in (password, then the one-time code from sms.log); a token is reused for 5 minutes
    (it lives 10)."""
    at, token, user = _signed.get(email, (0.0, "", {}))
    if time.monotonic() - at > 300:
        token, user = _scenario.sign_in(client, var_dir, email)
        _signed[email] = (time.monotonic(), token, user)
    return token, user


@dataclass
class Project:
    id: int
    ops: dict
    surveyors: list[tuple[dict, dict]]  # (headers, user)
    questions: list[int]
    answers: list[int]


def set_up_project(stack, client: httpx.Client, name: str, surveyors=SURVEYORS) -> Project:
    """The Admin creates a client (Admins manage clients, spec platform §6); Ops creates a project, assigns the
    surveyors and builds a one-question questionnaire."""
    var_dir = Path(stack.var_dir)
    ops_token, _ = sign_in(client, var_dir, "ops@demo.test")
    ops = {"Authorization": f"Bearer {ops_token}"}
    admin_token, _ = sign_in(client, var_dir, "admin@demo.test")
    admin = {"Authorization": f"Bearer {admin_token}"}
    users = body(client.get("/api/users", params={"limit": 100}, headers=ops))["rows"]
    pm = next(u for u in users if u["email"] == "pm@demo.test")
    tag = uuid.uuid4().hex[:6]
    client_row = data(client.post("/api/clients", headers=admin, json={"name": f"{name} Clinics {tag}", "abbr": "FLT",
                                                                     "stateId": 14, "contacts": [{"typeId": 0, "firstName": "Fay", "lastName": "Ults",
                                                                                  "email": "fay@faults.example"}]}))
    project = data(client.post("/api/projects", headers=ops, json={
        "name": f"{name} {tag}", "typeId": 1, "statusId": 2, "managerId": pm["id"], "reportFreqId": 1,
        "startDate": date.today().isoformat(), "billableRate": "9.00", "paymentRate": "2.50",
        "clientId": client_row["id"], "langIds": [1]}))
    pid = project["id"]
    signed = []
    for email in surveyors:
        token, user = sign_in(client, var_dir, email)
        eventually(lambda u=user: client.post("/api/assignment", headers=ops, json={
            "projectId": pid, "surveyorId": u["id"]}).status_code in (200, 201), timeout=90)
        signed.append(({"Authorization": f"Bearer {token}"}, user))
    q = data(client.post("/api/question", headers=ops, json={"title": f"{name} {tag} care rating", "category": "Care",
             "langQuestions": [{"langId": 1, "quesText": "How would you rate the care you received?"}]}))
    answers = [data(client.post("/api/answer", headers=ops, json={"title": f"{name} {tag} {t}",
                                                                  "langAnswers": [{"langId": 1, "ansText": t}]}))["id"]
               for t in ("Excellent", "Good", "Poor")]
    eventually(lambda: client.post("/api/questionnaire", headers=ops, json={
        "projectId": pid, "quesId": q["id"], "type": 1, "answers": [{"ansId": a} for a in answers]}).status_code
        in (200, 201), timeout=90)
    return Project(pid, ops, signed, [q["id"]], answers)


def import_roster(stack, client: httpx.Client, project: Project, rows: int, seed: int = 16) -> float:
    """Upload and commit a roster of `rows` generated patients; returns the seconds until it was committed."""
    from rosters.demo import fake_roster

    csv_bytes = fake_roster(rows, seed=seed, languages=["English"])
    t0 = time.monotonic()
    preview = data(client.post(f"/api/roster/{project.id}", headers=project.ops, params={"onlyParse": "true"},
                               files={"file": ("faults.csv", csv_bytes, "text/csv")}, timeout=300))
    assert preview["rowCount"] == rows and not preview["errors"], preview
    body(client.post(f"/api/roster/{project.id}", headers=project.ops,
                     params={"onlyParse": "false", "uploadId": preview["uploadId"]}, timeout=300))
    return time.monotonic() - t0


RETRYABLE = (502, 503, 504)


@dataclass
class Tally:
    claims: int = 0
    results: int = 0
    surveys: int = 0
    retries: int = 0
    expired: int = 0  # the lock expired before the save landed (the patient went back to the queue)
    statuses: Counter = field(default_factory=Counter)
    errors: list = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, **kw) -> None:
        with self.lock:
            for k, v in kw.items():
                setattr(self, k, getattr(self, k) + v)


def send(client: httpx.Client, tally: Tally, method: str, url: str, *, deadline: float, ok=(200, 201), **kw):
    """A request as the call screen's offline queue makes it: resent as it was (same body, same
    Idempotency-Key) while the server is unreachable or answers 502/503/504, until `deadline`."""
    while True:
        try:
            r = client.request(method, url, **kw)
            with tally.lock:
                tally.statuses[r.status_code] += 1
            if r.status_code not in RETRYABLE:
                return r
        except httpx.TransportError:
            with tally.lock:
                tally.statuses["unreachable"] += 1
        if time.monotonic() > deadline:
            raise AssertionError(f"{method} {url}: still failing at the deadline")
        tally.add(retries=1)
        time.sleep(0.3)


def surveyor_calls(client: httpx.Client, project: Project, headers: dict, user: dict, n: int, tally: Tally,
                   deadline: float, plan=(1, 4, 3, 5, 1, 4), busy: threading.Event | None = None) -> list[int]:
    """Take n calls (and more while `busy` is set, so a fault injected meanwhile meets the load however fast the
    service is); Agreed ones save an interim result, the questionnaire's answers, then the final result.
    Returns the call ids whose final result was stored."""
    done = []
    i = -1
    while True:
        i += 1
        if i >= n and not (busy is not None and busy.is_set() and time.monotonic() < deadline):
            break
        r = send(client, tally, "POST", "/api/calls", headers=headers, deadline=deadline,
                 json={"projectId": project.id, "surveyorId": user["id"]})
        if r.status_code == 404 and "No more patients" in r.text:
            break
        assert r.status_code == 200, f"claim -> {r.status_code} {r.text[:200]}"
        tally.add(claims=1)
        call = r.json()["data"]
        result = plan[i % len(plan)]
        payload = {"id": call["callId"], "projectId": project.id, "visitId": call["visitId"],
                   "visitorId": call["visitorId"], "result": result, "isPartial": result != 1, "surveyLanguageId": 1}
        key = {"Idempotency-Key": uuid.uuid4().hex}
        if result == 1:
            r = send(client, tally, "PUT", "/api/calls", headers={**headers, **key}, deadline=deadline,
                     json={**payload, "isPartial": True})
            if r.status_code == 409:
                tally.add(expired=1)
                continue
            assert r.status_code == 200, f"interim save -> {r.status_code} {r.text[:200]}"
            survey = [{"quesId": project.questions[0], "ansId": project.answers[i % len(project.answers)]}]
            # surveys learns of the call from calling's event (late while the broker is cut): resend as the UI does
            while True:
                r = send(client, tally, "POST", "/api/call-survey", headers=headers, deadline=deadline, json={
                    "projectId": project.id, "callId": call["callId"], "isPut": False, "survey": survey})
                if r.status_code != 404 or time.monotonic() > deadline:
                    break
                tally.add(retries=1)
                time.sleep(0.5)
            assert r.status_code in (200, 201), f"survey save -> {r.status_code} {r.text[:200]}"
            tally.add(surveys=1)
            key = {"Idempotency-Key": uuid.uuid4().hex}
        r = send(client, tally, "PUT", "/api/calls", headers={**headers, **key}, deadline=deadline, json=payload)
        if r.status_code == 409 and "no longer held" in r.text:
            tally.add(expired=1)
            continue
        assert r.status_code == 200, f"result save -> {r.status_code} {r.text[:200]}"
        tally.add(results=1)
        done.append(call["callId"])
    return done


def run_surveyors(stack, project: Project, calls_each: int, deadline: float,
                  busy: threading.Event | None = None) -> tuple[Tally, list[int]]:
    tally = Tally()
    done: list[int] = []
    errors: list[BaseException] = []

    def work(headers, user):
        try:
            with stack.client() as c:
                done.extend(surveyor_calls(c, project, headers, user, calls_each, tally, deadline, busy=busy))
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            errors.append(exc)

    threads = [threading.Thread(target=work, args=s) for s in project.surveyors]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return tally, done
