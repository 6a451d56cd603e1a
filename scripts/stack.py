#!/usr/bin/env python3
"""The full topology as local processes: Traefik + one uvicorn per service + the web static server, against the
machine's PostgreSQL and RabbitMQ.

    .venv/bin/python scripts/stack.py up [--demo] [--port 8080] [--state-dir var/stack] [--base-port N]
                                         [--replicas calling=2 ...] ...
    .venv/bin/python scripts/stack.py status [--state-dir var/stack]
    .venv/bin/python scripts/stack.py down [--state-dir var/stack] [--purge]

`up` writes everything under the state dir: Traefik's config (generated from gateway/routes.yaml), the JWT key
pair (identity signs with the private key, every service verifies with the public one), each service's var dir
(identity's console `sms.log` and `mail.log` land in `var/identity/`), logs of every process in `logs/<name>.log`,
`pids.json` (the processes and process groups it started) and `stack.json` (ports, URL, databases, prefixes).
`down` stops exactly the processes in `pids.json` (TERM, then KILL) and nothing else; `--purge` also drops the
stack's databases and deletes its RabbitMQ queues and exchanges.

Replicas: `--replicas calling=2` or `CALLING_REPLICAS=2` (`make stack CALLING_REPLICAS=2`) runs that many uvicorn
processes of a service (`calling`, `calling-2`, ... on free ports) and Traefik balances across them. They share
the service's database: the outbox relays of all replicas take turns (kit.events.OutboxRelay), and the
consumers of all replicas compete on one queue per consumer, which hands its messages to one of them at a time.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # gateway package when run from a checkout without `pip install -e .`

from gateway.table import load as load_routes  # noqa: E402

VENV_BIN = Path(sys.executable).parent
PG_DEFAULT = os.environ.get("SURVEYOPS_PG", "postgresql://postgres@127.0.0.1:5432/postgres")
AMQP_DEFAULT = os.environ.get("SURVEYOPS_AMQP", "amqp://guest:guest@127.0.0.1:5672/")


def log(msg: str) -> None:
    print(f"[stack] {msg}", flush=True)


# ---------------------------------------------------------------- helpers

def service_names() -> list[str]:
    services, _ = load_routes()
    return list(services)


def plan_ports(base_port: int | None, web_port: int | None) -> tuple[dict[str, int], int]:
    services, _ = load_routes()
    names = list(services)
    if base_port:
        ports = {name: base_port + i for i, name in enumerate(names)}
        web = web_port or base_port + len(names)
    else:
        ports = {name: int(cfg["port"]) for name, cfg in services.items()}
        web = web_port or max(ports.values()) + 1
    return ports, web


def port_free(port: int) -> bool:
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
            return True
        except OSError:
            return False


def reachable(url: str, default_port: int) -> bool:
    u = urlparse(url)
    try:
        with socket.create_connection((u.hostname or "127.0.0.1", u.port or default_port), timeout=2):
            return True
    except OSError:
        return False


def db_url(pg: str, prefix: str, ctx: str) -> str:
    return pg.rsplit("/", 1)[0] + f"/{prefix}_{ctx}"


def http_status(url: str, timeout: float = 2) -> int | None:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code
    except (urllib.error.URLError, OSError):
        return None


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:  # a zombie child of ours is not alive
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True


def same_process(entry: dict) -> bool:
    """The pid still runs the command we started (pids get reused)."""
    pid = entry["pid"]
    if not alive(pid):
        return False
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return True  # no /proc: trust the recorded pid
    want = entry["argv"][-1].encode() if entry.get("argv") else None
    return want is None or want in cmdline


class State:
    def __init__(self, state_dir: Path):
        self.dir = state_dir.resolve()
        self.pids_file = self.dir / "pids.json"
        self.info_file = self.dir / "stack.json"

    def pids(self) -> list[dict]:
        if not self.pids_file.exists():
            return []
        return json.loads(self.pids_file.read_text())

    def record(self, entries: list[dict]) -> None:
        tmp = self.pids_file.with_suffix(".tmp")
        tmp.write_text(json.dumps(entries, indent=2))
        tmp.replace(self.pids_file)

    def info(self) -> dict:
        return json.loads(self.info_file.read_text()) if self.info_file.exists() else {}


# ---------------------------------------------------------------- up

def service_env(ctx: str, a, state: State, ports: dict[str, int], url: str, exchange: str) -> dict[str, str]:
    p = ctx.upper() + "_"
    keys = state.dir / "keys"
    env = {
        p + "DATABASE_URL": db_url(a.pg_url, a.db_prefix, ctx),
        p + "BROKER_URL": a.amqp_url,
        p + "EXCHANGE": exchange,
        p + "QUEUE_PREFIX": a.queue_prefix,
        p + "JWT_PUBLIC_KEY_FILE": str(keys / "jwt-public.pem"),
        p + "VAR_DIR": str(state.dir / "var" / ctx),
        p + "TRUSTED_PROXIES": '["127.0.0.1"]',  # Traefik, the only peer whose X-Forwarded-For is believed
        p + "ROOT_PATH": "",  # services mount the full public paths
        p + "ENVIRONMENT": a.environment,
        p + "DEMO": "true" if a.demo else "false",
        p + "LOG_LEVEL": a.log_level,
        # six services share the server's max_connections (100 by default)
        p + "DB_POOL_SIZE": str(a.db_pool[0]),
        p + "DB_MAX_OVERFLOW": str(a.db_pool[1]),
    }
    if ctx == "identity":
        env.update({
            p + "JWT_PRIVATE_KEY_FILE": str(keys / "jwt-private.pem"),
            p + "EXTERNAL_ATTEMPTS_KEY_FILE": str(keys / "external-attempts.key"),
            p + "PUBLIC_BASE_URL": url,
            p + "DEMO_MODE": "true" if a.demo else "false",
        })
    return env


def start(state: State, entries: list[dict], name: str, argv: list[str], env: dict[str, str]) -> None:
    logs = state.dir / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    out = open(logs / f"{name}.log", "ab")
    proc = subprocess.Popen(argv, cwd=ROOT, env={**os.environ, **env}, stdout=out, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, start_new_session=True)  # own process group
    out.close()
    entries.append({"name": name, "pid": proc.pid, "pgid": os.getpgid(proc.pid), "argv": argv,
                    "log": str(logs / f"{name}.log")})
    state.record(entries)  # recorded at once: a failed `up` can still be cleaned by `down`


def tail(path: str, lines: int = 25) -> str:
    try:
        return "\n".join(Path(path).read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def replica_counts(a) -> dict[str, int]:
    """Replicas per service: `--replicas ctx=N` wins over `<CTX>_REPLICAS`; 1 by default."""
    counts = {ctx: int(os.environ.get(f"{ctx.upper()}_REPLICAS", "1") or 1) for ctx in service_names()}
    for item in a.replicas:
        ctx, _, n = item.partition("=")
        if ctx not in counts or not n.isdigit() or int(n) < 1:
            raise SystemExit(f"--replicas {item}: expected <service>=<count >= 1>, services: {', '.join(counts)}")
        counts[ctx] = int(n)
    return counts


def free_ports(n: int, taken: set[int]) -> list[int]:
    out = []
    while len(out) < n:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        if port not in taken and port not in out:
            out.append(port)
    return out


def cmd_up(a) -> int:
    state = State(Path(a.state_dir))
    state.dir.mkdir(parents=True, exist_ok=True)
    running = [e for e in state.pids() if same_process(e)]
    if running:
        log(f"a stack is already running from {state.dir} ({len(running)} processes); run `down` first")
        return 1
    for name, url, port in (("PostgreSQL", a.pg_url, 5432), ("RabbitMQ", a.amqp_url, 5672)):
        if not reachable(url, port):
            log(f"{name} is not reachable at {url}: start it (or pass --pg-url/--amqp-url)")
            return 2
    ports, web_port = plan_ports(a.base_port, a.web_port)
    busy = [f"{n}:{p}" for n, p in [*ports.items(), ("web", web_port), ("traefik", a.port)] if not port_free(p)]
    if busy:
        log(f"ports already in use: {', '.join(busy)} (use --port/--base-port)")
        return 1
    counts = replica_counts(a)
    taken = {*ports.values(), web_port, a.port}
    # every process of a service: (name, port); the first keeps the service's own port
    replicas = {ctx: [(ctx, port)] + [(f"{ctx}-{i + 2}", p) for i, p in enumerate(free_ports(counts[ctx] - 1, taken))]
                for ctx, port in ports.items()}
    exchange = a.exchange or a.queue_prefix
    url = f"http://127.0.0.1:{a.port}"
    dist = Path(a.dist_dir or ROOT / "frontend" / "dist" / "web").resolve()

    # databases, keys, gateway config
    sys.path.insert(0, str(ROOT / "services" / "kit" / "src"))
    from kit.auth import generate_keypair
    from kit.db import ensure_postgres_database

    databases = {ctx: db_url(a.pg_url, a.db_prefix, ctx) for ctx in ports}
    for ctx, u in databases.items():
        ensure_postgres_database(u)
    generate_keypair(state.dir / "keys" / "jwt-private.pem", state.dir / "keys" / "jwt-public.pem")
    for ctx in ports:
        (state.dir / "var" / ctx).mkdir(parents=True, exist_ok=True)
    gen = [sys.executable, "-m", "gateway.generate", "--out", str(state.dir), "--entry-port", str(a.port),
           "--web-port", str(web_port), *[f"--port={k}={','.join(str(p) for _, p in replicas[k])}" for k in ports]]
    subprocess.run(gen, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    state.info_file.write_text(json.dumps({
        "url": url, "port": a.port, "web_port": web_port, "services": ports, "databases": databases,
        "replicas": {name: port for procs in replicas.values() for name, port in procs},
        "pg_url": a.pg_url, "amqp_url": a.amqp_url, "exchange": exchange, "queue_prefix": a.queue_prefix,
        "db_prefix": a.db_prefix, "var_dir": str(state.dir / "var"), "identity_var_dir": str(state.dir / "var" / "identity"),
        "demo": a.demo,
    }, indent=2))

    # The event topology (exchange, every consumer's queue and dead-letter queue) exists before any service
    # starts, so an event published before its consumer has connected is never dropped.
    declare = subprocess.run([sys.executable, "-m", "kit.declare", "--broker-url", a.amqp_url, "--exchange", exchange,
                              "--queue-prefix", a.queue_prefix, *ports], cwd=ROOT, capture_output=True, text=True)
    if declare.returncode != 0:
        log(f"declaring the event topology failed:\n{declare.stdout}{declare.stderr}")
        return 1

    entries: list[dict] = []
    uvicorn = [sys.executable, "-m", "uvicorn", "--host", "127.0.0.1", "--no-access-log", "--loop", "uvloop",
               "--http", "httptools",
               # kit.auth.client_ip alone decides whom to believe; uvicorn must not rewrite the peer address
               "--no-proxy-headers", "--timeout-graceful-shutdown", "5"]
    try:
        for ctx in ports:
            for name, port in replicas[ctx]:
                start(state, entries, name, [*uvicorn, "--port", str(port), "--factory", f"{ctx}.main:create_app"],
                      service_env(ctx, a, state, ports, url, exchange))
        start(state, entries, "web", [*uvicorn, "--port", str(web_port), "--factory", "embedded.web:create_web_app"],
              {"SURVEYOPS_WEB_DIST": str(dist)})
        start(state, entries, "traefik", [str(VENV_BIN / "traefik"), f"--configFile={state.dir / 'traefik.yml'}"], {})
        if not wait_ready(a, state, entries, {n: p for procs in replicas.values() for n, p in procs}, url):
            return 1
        if a.demo:  # demo data is seeded by a command, never by the services themselves
            seed_env = {k: v for ctx in ports for k, v in service_env(ctx, a, state, ports, url, exchange).items()}
            start(state, entries, "seed", [sys.executable, "-m", "kit.seed", *ports], seed_env)
    except BaseException:
        stop(state)
        raise
    log(f"SurveyOps full topology is up: {url}  (state {state.dir}; stop with `scripts/stack.py down"
        f"{'' if a.state_dir == 'var/stack' else ' --state-dir ' + a.state_dir}`)")
    print(url, flush=True)
    return 0


def wait_ready(a, state: State, entries: list[dict], ports: dict[str, int], url: str) -> bool:
    """Ready = a ROUTED URL answers through Traefik (its /ping answers before the file provider has loaded
    the routes) and every service's /healthz (database and broker) is 200."""
    deadline = time.monotonic() + a.timeout
    pending = {"gateway": f"{url}/api/docs/identity/openapi.json",
               **{ctx: f"http://127.0.0.1:{p}/healthz" for ctx, p in ports.items()}}
    while pending and time.monotonic() < deadline:
        dead = [e for e in entries if not alive(e["pid"])]
        if dead:
            for e in dead:
                log(f"{e['name']} exited during start; last lines of {e['log']}:\n{tail(e['log'])}")
            stop(state)
            return False
        for name, probe in list(pending.items()):
            if http_status(probe) == 200:
                del pending[name]
        time.sleep(0.3)
    if pending:
        log(f"not ready after {a.timeout}s: {', '.join(pending)}")
        for e in entries:
            if e["name"] in pending or (e["name"] == "traefik" and "gateway" in pending):
                log(f"last lines of {e['log']}:\n{tail(e['log'])}")
        stop(state)
        return False
    return True


# ---------------------------------------------------------------- down / status

def stop(state: State, grace: float = 10) -> None:
    entries = state.pids()
    targets = [e for e in entries if same_process(e)]
    for e in targets:
        try:
            os.killpg(e["pgid"], signal.SIGTERM)
        except ProcessLookupError:
            pass
        except PermissionError:
            os.kill(e["pid"], signal.SIGTERM)
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline and any(alive(e["pid"]) for e in targets):
        _reap()
        time.sleep(0.1)
    for e in targets:
        if alive(e["pid"]):
            log(f"{e['name']} (pid {e['pid']}) ignored TERM; killing its process group")
            try:
                os.killpg(e["pgid"], signal.SIGKILL)
            except ProcessLookupError:
                pass
    _reap()
    if state.pids_file.exists():
        state.pids_file.unlink()
    if targets:
        log(f"stopped {len(targets)} processes: {', '.join(e['name'] for e in targets)}")


def _reap() -> None:
    try:
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass
    except ChildProcessError:
        pass


def purge(state: State) -> None:
    """Drop the stack's databases and delete its queues and exchanges."""
    info = state.info()
    if not info:
        log("nothing to purge (no stack.json)")
        return
    sys.path.insert(0, str(ROOT / "services" / "kit" / "src"))
    from kit.db import drop_postgres_database

    for ctx, u in info["databases"].items():
        try:
            drop_postgres_database(u)
        except Exception as exc:  # noqa: BLE001
            log(f"could not drop the {ctx} database: {type(exc).__name__}: {exc}")
    queues = []
    for ctx in info["services"]:
        for consumer in consumer_names(ctx):
            q = f"{info['queue_prefix']}.{consumer}"
            queues += [q, q + ".dlq"]
    queues.append(f"{info['queue_prefix']}.session-revocations.stream")  # kit.revocation's broadcast stream
    try:
        delete_amqp(info["amqp_url"], queues, [info["exchange"], info["exchange"] + ".dlx"])
    except Exception as exc:  # noqa: BLE001
        log(f"could not delete the RabbitMQ queues: {type(exc).__name__}: {exc}")
    log(f"purged {len(info['databases'])} databases, {len(queues)} queues")


def consumer_names(ctx: str) -> list[str]:
    """The queue names a service declares: its consumers' names (queue = `<prefix>.<consumer>`)."""
    import importlib

    from kit.db import Database

    try:
        spec = importlib.import_module(f"{ctx}.main").SPEC
        db = Database("sqlite://", spec.base)
        names = [c.name for c in spec.consumers(db)]
        db.engine.dispose()
        return names
    except Exception as exc:  # noqa: BLE001
        log(f"could not list {ctx}'s consumers: {type(exc).__name__}: {exc}")
        return []


def delete_amqp(url: str, queues: list[str], exchanges: list[str]) -> None:
    import asyncio

    import aio_pika

    async def go():
        conn = await aio_pika.connect(url, timeout=5)
        try:
            ch = await conn.channel()
            for q in queues:
                await ch.queue_delete(q)  # deleting a missing queue is not an error in RabbitMQ
            for ex in exchanges:
                await ch.exchange_delete(ex)
        finally:
            await conn.close()

    asyncio.run(go())


def cmd_down(a) -> int:
    state = State(Path(a.state_dir))
    if not state.pids_file.exists():
        log(f"no stack recorded in {state.dir}")
    else:
        stop(state)
    if a.purge:
        purge(state)
    return 0


def cmd_status(a) -> int:
    state = State(Path(a.state_dir))
    entries, info = state.pids(), state.info()
    if not entries:
        log(f"no stack running from {state.dir}")
        return 3
    ports = info.get("replicas") or info.get("services", {})
    ok = True
    for e in entries:
        up = same_process(e)
        if e["name"] == "seed":  # one-shot: seeds the demo data, then exits
            print(f"{'seed':10} pid {e['pid']:>7}  {'seeding' if up else 'done'}")
            continue
        health = ""
        if e["name"] in ports:
            code = http_status(f"http://127.0.0.1:{ports[e['name']]}/healthz")
            health = f" healthz={code}"
            up = up and code == 200
        ok = ok and up
        print(f"{e['name']:10} pid {e['pid']:>7}  {'up' if up else 'DOWN'}{health}")
    routed = http_status(f"{info.get('url')}/api/docs/identity/openapi.json")
    print(f"gateway    {info.get('url')}  routed={routed}")
    return 0 if ok and routed == 200 else 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    up = sub.add_parser("up", help="start the topology and wait until it answers")
    down = sub.add_parser("down", help="stop exactly the processes `up` started")
    status = sub.add_parser("status", help="show the processes and their health")
    for p in (up, down, status):
        p.add_argument("--state-dir", default="var/stack")
    up.add_argument("--port", type=int, default=8080, help="Traefik's entry port (the embedded run uses 8000)")
    up.add_argument("--base-port", type=int, default=None,
                    help="service ports base, base+1, ... in routes.yaml order, web after them (default: routes.yaml)")
    up.add_argument("--web-port", type=int, default=None)
    up.add_argument("--db-prefix", default="surveyops", help="databases are named <prefix>_<service>")
    up.add_argument("--queue-prefix", default="surveyops", help="RabbitMQ queue prefix (and exchange by default)")
    up.add_argument("--exchange", default=None)
    up.add_argument("--pg-url", default=PG_DEFAULT, help="any database URL of the server (its name is replaced)")
    up.add_argument("--amqp-url", default=AMQP_DEFAULT)
    up.add_argument("--demo", action="store_true", help="seed demo data (<CTX>_DEMO=true)")
    up.add_argument("--environment", default="development")
    up.add_argument("--dist-dir", default=None, help="built frontend (default frontend/dist/web)")
    up.add_argument("--log-level", default="INFO")
    up.add_argument("--db-pool", type=lambda v: tuple(int(x) for x in v.split(",")), default=(3, 7),
                    help="POOL,OVERFLOW connections per service (default 3,7: at most 60 for the stack)")
    up.add_argument("--timeout", type=float, default=120)
    up.add_argument("--replicas", action="append", default=[],
                    help="service=N processes of a service behind Traefik (also <CTX>_REPLICAS=N); repeatable")
    down.add_argument("--purge", action="store_true", help="also drop the databases and delete queues/exchanges")
    a = ap.parse_args(argv)
    return {"up": cmd_up, "down": cmd_down, "status": cmd_status}[a.cmd](a)


if __name__ == "__main__":
    sys.exit(main())
